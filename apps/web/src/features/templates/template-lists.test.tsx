import { nextSort } from '@caseport/domain/list/list-query';
import {
  type AgreementItem,
  type ContractTemplateItem,
  type EsignTemplateItem,
  TEMPLATE_DESCENDING_PATHS,
} from '@caseport/domain/templates/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../components/notify';
import { CurrentUserContext } from '../../lib/current-user';
import { buildMe } from '../../test/factories';
import { mockApi, renderWithProviders } from '../../test/render';
import AgreementsPage from './agreements-page';
import ContractTemplatesPage from './contract-templates-page';
import EsignTemplatesPage from './esign-templates-page';

const doc = (n: number) => ({ path: `private/${String(n).padStart(32, 'a')}.pdf`, name: `template-${n}.pdf` });
const stamp = { createdOn: '2026-11-01T10:00:00.000Z', updatedOn: '2026-11-02T10:00:00.000Z' };

const contract = (n: number, name = `Contract ${n}`): ContractTemplateItem => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  templateId: doc(n).path,
  document: doc(n),
  ...stamp,
});
const esign = (n: number): EsignTemplateItem => ({
  _id: `00000000-0000-4000-8000-00000000001${n}`,
  name: `LCA notice ${n}`,
  tplType: 1,
  tplTypeName: 'LCA Posting Notice',
  prepareTemplateId: doc(n).path,
  noOfWorkLocations: 2,
  templateId: `00000000-0000-4000-8000-00000000001${n}`,
  document: doc(n),
  ...stamp,
});
const agreement = (n: number): AgreementItem => ({
  _id: `00000000-0000-4000-8000-00000000002${n}`,
  name: 'Standard services agreement',
  serviceType: 1,
  serviceTypeName: 'Immigration Legal Services Agreement',
  templateId: doc(n).path,
  document: doc(n),
  ...stamp,
});

const show = (roleId: number, page: ReactElement) =>
  renderWithProviders(
    <CurrentUserContext.Provider value={roleId === 1 || roleId === 2 ? buildMe(roleId, null) : buildMe(roleId)}>
      {page}
    </CurrentUserContext.Provider>,
  );

const callsTo = (api: ReturnType<typeof mockApi>, path: string) => api.calls.filter((c) => c.path === path);
const lastSorting = (api: ReturnType<typeof mockApi>, path: string) =>
  (callsTo(api, path).at(-1)?.body as { sorting?: object } | undefined)?.sorting;
const CONTRACT_LIST = '/api/contract-template/list';
const ESIGN_LIST = '/api/pdf-sign/esign-template-list';
const PREPARE = '/api/pdf-sign/get-tpl-prepare-iframe-url';
const masterData = {
  'POST /api/masterdata/list': (body: unknown) =>
    (body as { category: string }).category === 'sign_doc_tpl'
      ? { list: [{ id: 1, name: 'LCA Posting Notice' }] }
      : { list: [{ id: 1, name: 'Immigration Legal Services Agreement' }] },
};

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('Template lists (contract, e-sign, agreements)', { timeout: 20_000 }, () => {
  it('R-LIST-010, R-API-013: a failed template list load shows the empty state and no message', async () => {
    const error = vi.spyOn(notify, 'error');
    mockApi({ [`POST ${CONTRACT_LIST}`]: () => [500, { code: 'INTERNAL', message: 'Something went wrong' }] });
    show(3, <ContractTemplatesPage />);
    expect(await screen.findByText('No Results Found')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('R-LIST-012: the Add button is shown to roles 1, 2 and 3, not to the Branch Manager (role 4)', async () => {
    for (const roleId of [1, 2, 3, 4]) {
      mockApi({ [`POST ${ESIGN_LIST}`]: () => ({ list: [esign(1)], totalCount: 1 }) });
      const view = show(roleId, <EsignTemplatesPage />);
      await screen.findByText('LCA notice 1');
      expect(screen.queryByRole('button', { name: 'Add' }) !== null).toBe(roleId !== 4);
      // Role 4 may look at the list and preview documents, not change them.
      expect(screen.queryByRole('button', { name: 'Edit LCA notice 1' }) !== null).toBe(roleId !== 4);
      expect(screen.getByRole('button', { name: `Preview ${doc(1).name}` })).toBeTruthy();
      view.unmount();
    }
  });

  it('R-LIST-013: the template search reloads the list on each change (no debounce), sent as filters.title', async () => {
    const api = mockApi({ [`POST ${CONTRACT_LIST}`]: () => ({ list: [contract(1)], totalCount: 1 }) });
    show(3, <ContractTemplatesPage />);
    await screen.findByText('Contract 1');
    await userEvent.type(screen.getByPlaceholderText('Search by Name'), 'nd');
    await waitFor(() => expect(callsTo(api, CONTRACT_LIST).map((c) => c.body)).toHaveLength(3));
    expect(callsTo(api, CONTRACT_LIST).map((c) => (c.body as { filters: object }).filters)).toEqual([
      {},
      { title: 'n' },
      { title: 'nd' },
    ]);
  });

  it('R-LIST-005, R-LIST-008: headers are sort buttons; the list starts on createdOn descending and a header starts ascending', async () => {
    const api = mockApi({ [`POST ${ESIGN_LIST}`]: () => ({ list: [esign(1)], totalCount: 1 }) });
    show(3, <EsignTemplatesPage />);
    await screen.findByText('LCA notice 1');
    expect(lastSorting(api, ESIGN_LIST)).toEqual({ path: 'createdOn', order: -1 });
    for (const [header, path] of [
      ['Name', 'name'],
      ['Type', 'tplTypeName'],
      ['No of Work Locations', 'noOfWorkLocations'],
    ] as const) {
      await userEvent.click(screen.getByRole('button', { name: header }));
      await waitFor(() => expect(lastSorting(api, ESIGN_LIST)).toEqual({ path, order: 1 }));
    }
    await userEvent.click(screen.getByRole('button', { name: 'No of Work Locations' }));
    await waitFor(() => expect(lastSorting(api, ESIGN_LIST)).toEqual({ path: 'noOfWorkLocations', order: -1 }));
    // Unlike the other lists, updatedOn also starts ascending here: only createdOn starts descending.
    expect(nextSort(null, 'updatedOn', TEMPLATE_DESCENDING_PATHS)).toEqual({ path: 'updatedOn', order: 1 });
    expect(nextSort(null, 'createdOn', TEMPLATE_DESCENDING_PATHS)).toEqual({ path: 'createdOn', order: -1 });
  });

  it('R-LIST-011, R-CONTRACT-009, R-API-015: Delete asks "Are you sure to continue?" with No and Yes; Yes deletes and toasts the server message', async () => {
    const success = vi.spyOn(notify, 'success');
    const api = mockApi({
      [`POST ${CONTRACT_LIST}`]: () => ({ list: [contract(1)], totalCount: 1 }),
      'POST /api/contract-template/delete': () => ({ message: 'Template deleted successfully' }),
    });
    show(3, <ContractTemplatesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Contract 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure to continue?')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(expect.arrayContaining(['No', 'Yes']));
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(api, '/api/contract-template/delete')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Contract 1' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Template deleted successfully'));
    expect(callsTo(api, '/api/contract-template/delete')[0]?.body).toEqual({ contractTemplateId: contract(1)._id });
    await waitFor(() => expect(callsTo(api, CONTRACT_LIST).length).toBeGreaterThan(1));
  });

  it('R-API-016: a failed template delete shows the server text in a warning alert inside the dialog and Yes is usable again', async () => {
    mockApi({
      [`POST ${CONTRACT_LIST}`]: () => ({ list: [contract(1)], totalCount: 1 }),
      'POST /api/contract-template/delete': () => [404, { code: 'NOT_FOUND', message: 'Contract template not found' }],
    });
    show(3, <ContractTemplatesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Contract 1' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Contract template not found');
    expect(within(dialog).getByRole('button', { name: 'Yes' }).hasAttribute('data-loading')).toBe(false);
  });

  it('R-API-015, R-API-016, R-CONTRACT-008: Update sends name, templateId and contractTemplateId; a refusal shows inside the dialog, a success toasts', async () => {
    const success = vi.spyOn(notify, 'success');
    let refuse = true;
    const api = mockApi({
      [`POST ${CONTRACT_LIST}`]: () => ({ list: [contract(1), contract(2, 'Offer')], totalCount: 2 }),
      'POST /api/contract-template/update': () =>
        refuse
          ? [
              409,
              {
                code: 'DUPLICATE',
                message: 'Template name already exists',
                fields: [{ name: 'name', message: 'Template name already exists' }],
              },
            ]
          : { message: 'Template updated successfully' },
    });
    show(3, <ContractTemplatesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Contract 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Template' });
    const name = within(dialog).getByLabelText(/Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Offer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Template name already exists');
    expect(within(dialog).getByRole('button', { name: 'Update' }).hasAttribute('data-loading')).toBe(false);
    expect(callsTo(api, '/api/contract-template/update')[0]?.body).toEqual({
      name: 'Offer',
      templateId: doc(1).path,
      contractTemplateId: contract(1)._id,
    });
    refuse = false;
    await userEvent.clear(name);
    await userEvent.type(name, 'Offer letter');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Template updated successfully'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('R-API-017: a failed preview url fetch is silently ignored; a good one shows the document in a frame', async () => {
    const error = vi.spyOn(notify, 'error');
    let fail = true;
    const api = mockApi({
      [`POST ${CONTRACT_LIST}`]: () => ({ list: [contract(1)], totalCount: 1 }),
      [`POST ${PREPARE}`]: () =>
        fail
          ? [502, { code: 'INTERNAL', message: 'Document service unavailable' }]
          : { url: '/api/common/viewfile?path=x&inline=1', templateId: doc(1).path },
    });
    show(3, <ContractTemplatesPage />);
    const preview = await screen.findByRole('button', { name: `Preview ${doc(1).name}` });
    await userEvent.click(preview);
    await waitFor(() => expect(callsTo(api, PREPARE)).toHaveLength(1));
    expect(callsTo(api, PREPARE)[0]?.body).toEqual({ type: 'contract', editing: true, templateId: doc(1).path });
    await waitFor(() => expect(preview.hasAttribute('data-loading')).toBe(false));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(error).not.toHaveBeenCalled();

    fail = false;
    await userEvent.click(preview);
    const frame = await screen.findByTitle(`Document preview: ${doc(1).name}`);
    expect(frame.getAttribute('src')).toBe('/api/common/viewfile?path=x&inline=1');
  });

  it("issue 20: the e-sign preview frames the preparation page; its 'closePopup' (our origin, our frame only) toasts, closes and reloads the list", async () => {
    const success = vi.spyOn(notify, 'success');
    const api = mockApi({
      [`POST ${ESIGN_LIST}`]: () => ({ list: [esign(1)], totalCount: 1 }),
      [`POST ${PREPARE}`]: () => ({ url: `/esign/prepare?templateId=${doc(1).path}`, templateId: doc(1).path }),
    });
    show(3, <EsignTemplatesPage />);
    const row = (await screen.findByText('LCA notice 1')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: `Preview ${doc(1).name}` }));
    const frame = (await screen.findByTitle(`Document preview: ${doc(1).name}`)) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(`/esign/prepare?templateId=${doc(1).path}`);
    const lists = callsTo(api, ESIGN_LIST).length;
    const post = (origin: string, source: Window | null, data = 'closePopup') =>
      window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
    // Another origin, another window, another message: ignored.
    post('https://evil.example', frame.contentWindow);
    post(window.location.origin, window);
    post(window.location.origin, frame.contentWindow, 'somethingElse');
    expect(screen.getByTitle(`Document preview: ${doc(1).name}`)).toBeTruthy();
    expect(success).not.toHaveBeenCalled();
    post(window.location.origin, frame.contentWindow);
    await waitFor(() => expect(screen.queryByTitle(`Document preview: ${doc(1).name}`)).toBeNull());
    expect(success).toHaveBeenCalledWith('Signature fields saved successfully');
    await waitFor(() => expect(callsTo(api, ESIGN_LIST).length).toBeGreaterThan(lists));
  });

  it('R-ESIGN-003, R-ESIGN-004, R-ESIGN-005, R-ESIGN-006, R-ESIGN-007, R-ESIGN-008: Add opens "Add Template"; Name, Type, No of Work Locations (1, 2, 3) and Template Document are required', async () => {
    const api = mockApi({ [`POST ${ESIGN_LIST}`]: () => ({ list: [], totalCount: 0 }), ...masterData });
    show(3, <EsignTemplatesPage />);
    await screen.findByText('No Results Found');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Template' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const message of [
      'Name is required',
      'Type is required',
      'No of Work Locations is required',
      'Template Document is required',
    ]) {
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
    expect(callsTo(api, '/api/pdf-sign/save-esign-template')).toHaveLength(0);
    // R-ESIGN-010: the types come from sign_doc_tpl with a page size of 10000.
    expect(callsTo(api, '/api/masterdata/list')[0]?.body).toMatchObject({ category: 'sign_doc_tpl', perpage: 10000 });
    const locations = within(dialog)
      .getAllByLabelText(/No of Work Locations/)
      .find((e) => e.tagName === 'INPUT') as HTMLElement;
    await userEvent.click(locations);
    const listbox = document.getElementById(locations.getAttribute('aria-controls') ?? '') as HTMLElement;
    const options = await within(listbox).findAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['1', '2', '3']);
  });

  it('R-AGREE-002, R-AGREE-003, R-AGREE-004, R-AGREE-005, R-AGREE-008: Add opens "Add Agreement"; Type, Name and Agreement Document are required', async () => {
    const api = mockApi({ 'POST /api/agreement/list': () => ({ list: [], totalCount: 0 }), ...masterData });
    show(1, <AgreementsPage />);
    await screen.findByText('No Results Found');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Agreement' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const message of ['Type is required', 'Name is required', 'Agreement Document is required']) {
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
    expect(callsTo(api, '/api/agreement/create')).toHaveLength(0);
    expect(callsTo(api, '/api/masterdata/list')[0]?.body).toMatchObject({
      category: 'agreement_types',
      perpage: 10000,
    });
  });

  it('R-AGREE-006: with a service agreement listed, Add is refused with the toast "Already One Service Agreement Present"', async () => {
    const error = vi.spyOn(notify, 'error');
    mockApi({ 'POST /api/agreement/list': () => ({ list: [agreement(1)], totalCount: 1 }), ...masterData });
    show(3, <AgreementsPage />);
    await screen.findByText('Standard services agreement');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(error).toHaveBeenCalledWith('Already One Service Agreement Present');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('R-ESIGN-001, R-CONTRACT-001, R-AGREE-001, R-ESIGN-002, R-CONTRACT-002: the list columns; e-sign and contract rows have Edit and Delete', async () => {
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    mockApi({
      [`POST ${ESIGN_LIST}`]: () => ({ list: [esign(1)], totalCount: 1 }),
      [`POST ${CONTRACT_LIST}`]: () => ({ list: [contract(1)], totalCount: 1 }),
      'POST /api/agreement/list': () => ({ list: [agreement(1)], totalCount: 1 }),
    });
    let view = show(4, <EsignTemplatesPage />);
    await screen.findByText('LCA notice 1');
    expect(headers()).toEqual(['Name', 'Type', 'No of Work Locations', 'Document preview']);
    view.unmount();
    view = show(4, <AgreementsPage />);
    await screen.findByText('Standard services agreement');
    expect(headers()).toEqual(['Type', 'Name', 'Document preview']);
    view.unmount();
    view = show(3, <EsignTemplatesPage />);
    const esignRow = (await screen.findByText('LCA notice 1')).closest('tr') as HTMLElement;
    expect(
      within(esignRow)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([`Preview ${doc(1).name}`, 'Edit LCA notice 1', 'Delete LCA notice 1']);
    view.unmount();
    show(3, <ContractTemplatesPage />);
    await screen.findByText('Contract 1');
    // Roles 1-3 also get the Actions column.
    expect(headers()).toEqual(['Name', 'Document preview', 'Actions']);
    const row = screen.getByText('Contract 1').closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Edit Contract 1' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Delete Contract 1' })).toBeTruthy();
  });
});
