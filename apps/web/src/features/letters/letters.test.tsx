import type { FormLetter } from '@caseport/domain/letters/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../components/notify';
import { CurrentUserContext } from '../../lib/current-user';
import { buildMe } from '../../test/factories';
import { mockApi, renderWithProviders } from '../../test/render';
import HeaderTemplatesPage from './header-templates-page';
import LettersPage from './letters-page';

const LIST = '/api/form-letter/list';
const letter = (n: number, patch: Partial<FormLetter> = {}): FormLetter => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Offer Letter ${n}`,
  type: 'Letter',
  docTypeId: null,
  description: null,
  edition: null,
  tenantId: '00000000-0000-4000-8000-0000000000aa',
  fromTenant: true,
  caseTypeDetails: null,
  caseSubTypeDetails: null,
  docTypeDetails: { name: 'Letter' },
  createdOn: '2026-11-01T10:00:00.000Z',
  document: { path: `private/${String(n).padStart(32, 'a')}.docx`, name: `offer-${n}.docx` },
  prepareTemplateId: `private/${String(n).padStart(32, 'a')}.docx`,
  tplType: 'Letter',
  ...patch,
});
const header = letter(5, {
  name: 'H-1B Letterhead',
  docTypeId: 'header_template',
  caseTypeDetails: { id: 1, name: 'H-1B' },
  caseSubTypeDetails: { id: 2, name: 'Cap Petition' },
  docTypeDetails: { name: 'Header Template' },
  tplType: 'header_template',
});

const show = (page: ReactElement) =>
  renderWithProviders(<CurrentUserContext.Provider value={buildMe(3)}>{page}</CurrentUserContext.Provider>);
const callsTo = (api: ReturnType<typeof mockApi>, path: string) => api.calls.filter((c) => c.path === path);

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('Letter Templates and Header Templates', { timeout: 20_000 }, () => {
  it("R-LETTER-001, R-LETTER-012, R-LETTER-013: the letters list searches 'Search by Name/Type' as filters.title and sends page, perpage, filters {title, statusIds, typeIds ['Letter'], createdDateRange}, sorting, timezone and today", async () => {
    const api = mockApi({ [`POST ${LIST}`]: () => ({ list: [letter(1)], totalCount: 1 }) });
    show(<LettersPage />);
    await screen.findByText('Offer Letter 1');
    const first = callsTo(api, LIST)[0]?.body as Record<string, unknown>;
    expect(first).toMatchObject({
      page: 1,
      perpage: 25,
      filters: { statusIds: [], typeIds: ['Letter'], createdDateRange: [] },
      sorting: { path: 'createdOn', order: -1 },
      timezone: expect.any(String),
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    await userEvent.type(screen.getByPlaceholderText('Search by Name/Type'), 'offer');
    await waitFor(() =>
      expect(callsTo(api, LIST).at(-1)?.body).toMatchObject({ filters: { title: 'offer', typeIds: ['Letter'] } }),
    );
  });

  it('R-LETTER-002, R-LETTER-003, R-LETTER-004: columns Name, Type, Created On, Actions; row actions Edit, View, Download, Delete; an Add button', async () => {
    mockApi({ [`POST ${LIST}`]: () => ({ list: [letter(1)], totalCount: 1 }) });
    show(<LettersPage />);
    await screen.findByText('Offer Letter 1');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toEqual(['Name', 'Type', 'Created On', 'Actions']);
    for (const action of ['Edit', 'View', 'Download', 'Delete'])
      expect(screen.getByRole('button', { name: `${action} Offer Letter 1` })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
  });

  it("R-LETTER-005, R-LETTER-006: Delete asks 'Are you sure you want to Delete?' with No and Yes; Yes posts form-letter/delete {formAndLetterId}", async () => {
    const api = mockApi({
      [`POST ${LIST}`]: () => ({ list: [letter(1)], totalCount: 1 }),
      'POST /api/form-letter/delete': () => ({ message: 'Form or letter deleted successfully' }),
    });
    show(<LettersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Offer Letter 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to Delete?')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'No' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(callsTo(api, '/api/form-letter/delete')[0]?.body).toEqual({ formAndLetterId: letter(1)._id }),
    );
  });

  it('R-LETTER-007, R-LETTER-008: Edit and View open the editor page of our own origin in a frame (View read-only)', async () => {
    mockApi({ [`POST ${LIST}`]: () => ({ list: [letter(1)], totalCount: 1 }) });
    show(<LettersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Offer Letter 1' }));
    const edit = (await screen.findByTitle('Edit Letter: Offer Letter 1')) as HTMLIFrameElement;
    const editUrl = new URL(edit.src, window.location.origin);
    expect(editUrl.origin).toBe(window.location.origin);
    expect(editUrl.pathname).toBe('/letter-editor');
    expect(Object.fromEntries(editUrl.searchParams)).toMatchObject({
      mode: 'edit',
      id: letter(1)._id,
      path: letter(1).document.path,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Close the editor' }));
    await waitFor(() => expect(screen.queryByTitle('Edit Letter: Offer Letter 1')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'View Offer Letter 1' }));
    const view = (await screen.findByTitle('View Letter: Offer Letter 1')) as HTMLIFrameElement;
    expect(new URL(view.src, window.location.origin).searchParams.get('mode')).toBe('view');
  });

  it("R-LETTER-009: a 'closePopup' from the frame shows a toast, closes it and refreshes the list; one from another origin or window is ignored", async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue('');
    const api = mockApi({ [`POST ${LIST}`]: () => ({ list: [letter(1)], totalCount: 1 }) });
    show(<LettersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const frame = (await screen.findByTitle('Add Letter')) as HTMLIFrameElement;
    const loads = callsTo(api, LIST).length;
    const closePopup = { type: 'closePopup', saved: true, message: 'Letter created successfully' };
    // Another origin, then another window: ignored.
    fireEvent(
      window,
      new MessageEvent('message', { data: closePopup, origin: 'https://evil.example', source: frame.contentWindow }),
    );
    fireEvent(
      window,
      new MessageEvent('message', { data: closePopup, origin: window.location.origin, source: window }),
    );
    expect(screen.getByTitle('Add Letter')).toBeTruthy();
    expect(success).not.toHaveBeenCalled();
    fireEvent(
      window,
      new MessageEvent('message', { data: closePopup, origin: window.location.origin, source: frame.contentWindow }),
    );
    await waitFor(() => expect(screen.queryByTitle('Add Letter')).toBeNull());
    expect(success).toHaveBeenCalledWith('Letter created successfully');
    await waitFor(() => expect(callsTo(api, LIST).length).toBeGreaterThan(loads));
  });

  it("R-LETTER-014, R-LETTER-016: the header list sends docTypeIds ['header_template']; its columns are Name, Case Type (the sub-type below it), Type, Created On", async () => {
    const api = mockApi({ [`POST ${LIST}`]: () => ({ list: [header], totalCount: 1 }) });
    show(<HeaderTemplatesPage />);
    await screen.findByText('H-1B Letterhead');
    expect(callsTo(api, LIST)[0]?.body).toMatchObject({ filters: { docTypeIds: ['header_template'] } });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers.slice(0, 4)).toEqual(['Name', 'Case Type', 'Type', 'Created On']);
    const row = screen.getByRole('row', { name: /H-1B Letterhead/ });
    const caseType = within(row).getByText('H-1B').closest('div') as HTMLElement;
    expect(within(caseType).getByText('Cap Petition')).toBeTruthy();
    expect(within(row).getByText('Header Template')).toBeTruthy();
  });

  it("R-LETTER-017, R-LETTER-018, R-LETTER-019, R-LETTER-020, R-LETTER-021, R-LETTER-022, R-LETTER-023, R-LETTER-024: Add opens 'Add Letter Header'; '+ Letter' with an empty name toasts 'Please Enter Letter Name'; Name, Case Type and Template Document are required, Case Subtype is not; the type lists load 25 per page", async () => {
    const error = vi.spyOn(notify, 'error').mockResolvedValue('');
    const api = mockApi({
      [`POST ${LIST}`]: () => ({ list: [], totalCount: 0 }),
      'POST /api/masterdata/list': (body: unknown) =>
        (body as { category: string }).category === 'petition_types'
          ? { list: [{ id: 1, name: 'H-1B' }] }
          : { list: [{ id: 2, name: 'Cap Petition' }] },
    });
    show(<HeaderTemplatesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const modal = await screen.findByRole('dialog', { name: 'Add Letter Header' });
    await userEvent.click(within(modal).getByRole('button', { name: '+ Letter' }));
    expect(error).toHaveBeenCalledWith('Please Enter Letter Name');
    expect(screen.queryByTitle(/Add Letter/)).toBeNull();
    await userEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Name is required')).toBeTruthy();
    expect(within(modal).getByText('Case Type is required')).toBeTruthy();
    expect(within(modal).getByText('Template Document is required')).toBeTruthy();
    expect(within(modal).queryByText(/Case Subtype is required/)).toBeNull();
    const typeCalls = api.calls.filter((c) => c.path === '/api/masterdata/list');
    expect(typeCalls[0]?.body).toMatchObject({ category: 'petition_types', perpage: 25 });
    // With a name, '+ Letter' opens the editor frame for a new header.
    await userEvent.type(within(modal).getByLabelText(/Name/), 'Firm header');
    await userEvent.click(within(modal).getByRole('button', { name: '+ Letter' }));
    const frame = (await screen.findByTitle('Add Letter: Firm header')) as HTMLIFrameElement;
    expect(new URL(frame.src, window.location.origin).searchParams.get('docTypeId')).toBe('header_template');
  });
});
