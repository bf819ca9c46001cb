import type { CaseIdConfig } from '@caseport/domain/case-codes/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CurrentUserContext } from '../../lib/current-user';
import { buildMe } from '../../test/factories';
import { mockApi, renderWithProviders } from '../../test/render';
import CaseCodesPage from './case-codes-page';

const sub = (id: number, name: string) => ({
  id,
  name,
  code: `S${id}`,
  typeId: 1,
  typeName: 'H-1B Specialty Occupation',
  typeCode: 'H1B',
  numberCode: `S${id}`,
  typeNumberCode: 'H1B',
});

const buildConfig = (overrides: Partial<CaseIdConfig> = {}): CaseIdConfig => ({
  _id: 'cfg-1',
  tenantId: 't-1',
  tenantDetails: { name: 'Lawfirm LLP', customId: null },
  subTypeIds: [1, 2, 3, 4],
  subTypeDetails: [
    sub(1, 'Cap - New Petition'),
    sub(2, "Cap - Master's Exemption"),
    sub(3, 'Extension of Stay'),
    sub(4, 'Change of Employer'),
  ],
  config: [
    { id: 'CASE_TYPE_CODE', name: 'Case Type Code' },
    { id: 'CASE_SUBTYPE_CODE', name: 'Case Subtype Code' },
    { id: 'SI_NO', name: 'SI. No.' },
  ],
  groupCode: 'GRP-1',
  sNoStartsFrom: 10001,
  resetIdBy: null,
  createdByName: 'Ada Lovelace',
  createdByRoleName: 'Admin',
  createdOn: '2026-03-01T10:00:00.000Z',
  updatedOn: '2026-03-02T10:00:00.000Z',
  ...overrides,
});

const setup = (roleId: number, list: CaseIdConfig[] = [buildConfig()]) => {
  const api = mockApi({
    'POST /api/case-id-config/list': () => ({ list, totalCount: list.length }),
    'POST /api/case-id-config/details': () => ({ caseIdConfig: list[0] }),
    'POST /api/petition-config/list': () => ({
      list: [
        {
          id: 1,
          name: 'H-1B Specialty Occupation',
          code: 'H1B',
          isCaseTypeSelected: true,
          casenoConfigDetails: null,
          subTypes: [
            {
              id: 1,
              name: 'Cap - New Petition',
              code: 'H1BCAP',
              isCaseTypeSelected: true,
              configDetails: null,
              workflowConfigDetails: null,
              casenoConfigDetails: null,
            },
          ],
        },
      ],
      totalCount: 1,
      allowCustonCaseNo: true,
    }),
    'POST /api/tenant/list': () => ({
      list: [{ _id: 't-1', name: 'Lawfirm LLP', tenantType: 1, idPrefix: null, createdOn: '' }],
      totalCount: 1,
    }),
  });
  const me = roleId === 1 ? buildMe(1, null) : buildMe(roleId);
  renderWithProviders(
    <CurrentUserContext.Provider value={me}>
      <CaseCodesPage tabKey="caseCodeConfig" subTab={null} onSubTabChange={() => undefined} inSetup={false} />
    </CurrentUserContext.Provider>,
  );
  return api;
};

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
const listCalls = (api: ReturnType<typeof mockApi>) => api.calls.filter((c) => c.path === '/api/case-id-config/list');

// Mantine comboboxes render slowly under jsdom on a loaded machine: generous per-test time.
describe('Case Code Configuration list', { timeout: 20_000 }, () => {
  it('R-CASECODE-006: the columns are SI. No. Starts From, Case Subtypes, Created On, Updated On and Actions for a tenant admin', async () => {
    setup(3);
    await screen.findByText('10001');
    expect(headers()).toEqual(['SI. No. Starts From', 'Case Subtypes', 'Created On', 'Updated On', 'Actions']);
  });

  it('R-CASECODE-024: case types and subtypes are loaded with /petition-config/list, page 1, a very large perpage, getAll, getByPetitionType', async () => {
    const api = setup(3);
    await screen.findByText('10001');
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/petition-config/list')).toBe(true));
    expect(api.calls.find((c) => c.path === '/api/petition-config/list')?.body).toEqual({
      filters: {},
      page: 1,
      perpage: 100000000,
      getAll: true,
      getByPetitionType: true,
    });
    expect(api.calls.some((c) => c.path === '/api/masterdata/list')).toBe(false);
  });

  it('R-CASECODE-007: the Customer column is shown to role 1 only', async () => {
    setup(1);
    await screen.findByText('10001');
    expect(headers()).toEqual([
      'SI. No. Starts From',
      'Customer',
      'Case Subtypes',
      'Created On',
      'Updated On',
      'Actions',
    ]);
    expect(screen.getByRole('cell', { name: 'Lawfirm LLP' })).toBeTruthy();
  });

  it('R-CASECODE-008: the Case Subtypes column shows the first two subtypes and +N for the rest', async () => {
    setup(4);
    const row = (await screen.findByText('10001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Cap - New Petition')).toBeTruthy();
    expect(within(row).getByText("Cap - Master's Exemption")).toBeTruthy();
    expect(within(row).queryByText('Extension of Stay')).toBeNull();
    expect(within(row).getByText('+2')).toBeTruthy();
  });

  it('R-CASECODE-010: the row actions are Edit, Delete and View', async () => {
    setup(3);
    const row = (await screen.findByText('10001')).closest('tr') as HTMLElement;
    const actions = within(row)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(actions).toEqual(['Edit configuration GRP-1', 'Delete configuration GRP-1', 'View configuration GRP-1']);
  });

  it("D-23: the details' Example Case ID carries the tenant's custom codes, not the master codes", async () => {
    const custom = { ...sub(1, 'Cap - New Petition'), numberCode: 'CAP', typeNumberCode: 'HB' };
    setup(3, [buildConfig({ subTypeDetails: [custom] })]);
    await userEvent.click(await screen.findByRole('button', { name: 'View configuration GRP-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Case Code Details' });
    expect(within(dialog).getByTestId('details-example-case-id').textContent).toBe('HB-CAP-10001');
  });

  it('R-CASECODE-009: Created On and Updated On are sortable, each click toggling the order', async () => {
    const api = setup(3);
    await screen.findByText('10001');
    expect(listCalls(api).at(-1)?.body).toMatchObject({ sorting: { path: 'createdOn', order: -1 } });
    await userEvent.click(screen.getByRole('button', { name: /Created On/ }));
    await waitFor(() =>
      expect(listCalls(api).at(-1)?.body).toMatchObject({ sorting: { path: 'createdOn', order: 1 } }),
    );
    await userEvent.click(screen.getByRole('button', { name: /Updated On/ }));
    await waitFor(() =>
      expect(listCalls(api).at(-1)?.body).toMatchObject({ sorting: { path: 'updatedOn', order: -1 } }),
    );
    await userEvent.click(screen.getByRole('button', { name: /Updated On/ }));
    await waitFor(() =>
      expect(listCalls(api).at(-1)?.body).toMatchObject({ sorting: { path: 'updatedOn', order: 1 } }),
    );
  });

  it('R-CASECODE-016: an empty list reads No Case Code Configuration Found; a role 3 sees no Customer filter (R-CASECODE-002)', async () => {
    setup(3, []);
    expect(await screen.findByText('No Case Code Configuration Found')).toBeTruthy();
    const filters = screen.getByRole('search', { name: 'Filters' });
    expect(within(filters).queryByText('Customer')).toBeNull();
    expect(within(filters).getByText('Case Subtypes')).toBeTruthy();
  });

  it('R-LIST-015: choosing a case subtype filter reloads the list at once, sending filters.subTypeIds (R-CASECODE-001)', async () => {
    const api = setup(3);
    await screen.findByText('10001');
    const before = listCalls(api).length;
    const filters = screen.getByRole('search', { name: 'Filters' });
    await userEvent.click(within(filters).getAllByLabelText(/^Case Subtypes/)[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'Cap - New Petition', hidden: true }));
    // Within 150 ms: well under the 500 and 900 ms debounces of the other lists' searches.
    await waitFor(() => expect(listCalls(api).length).toBeGreaterThan(before), { timeout: 150 });
    expect(listCalls(api).at(-1)?.body).toMatchObject({ page: 1, filters: { subTypeIds: [1] } });
    // No Apply button: the case code list searches immediately.
    expect(within(filters).queryByRole('button', { name: 'Apply' })).toBeNull();
  });
});

describe('Case code form (side panel)', { timeout: 30_000 }, () => {
  const openForm = async () => {
    setup(3, []);
    await screen.findByText('No Case Code Configuration Found');
    await userEvent.click(screen.getByRole('button', { name: 'Add Configuration' }));
    return screen.findByRole('dialog', { name: 'Add Configuration' });
  };
  const pickOption = async (input: HTMLElement, name: string) => {
    await userEvent.click(input);
    // Each combobox keeps its own list in the document: pick from the one this input opened.
    const list = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement);
    await userEvent.click(within(list).getByRole('option', { name, hidden: true }));
  };

  it("R-CASECODE-023: 'Case Subtypes is required' shows on save and goes once a sub-type is picked", async () => {
    const panel = await openForm();
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Case Subtypes is required')).toBeTruthy();
    await pickOption(within(panel).getAllByLabelText(/^Case Subtypes/)[0] as HTMLElement, 'Cap - New Petition');
    await waitFor(() => expect(within(panel).queryByText('Case Subtypes is required')).toBeNull());
  });

  it('R-CASECODE-037: with YYYY the only reset option, Year, is already chosen', async () => {
    const panel = await openForm();
    await userEvent.click(within(panel).getByRole('button', { name: 'Add Part' }));
    await pickOption(within(panel).getAllByLabelText('Part 3')[0] as HTMLElement, 'YYYY');
    await waitFor(() => expect(within(panel).getAllByLabelText('SI. No. Reset On')[0]).toHaveProperty('value', 'Year'));
  });
});
