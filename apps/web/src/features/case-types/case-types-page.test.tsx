import type { CaseTypeConfig, CaseTypeSubType } from '@caseport/domain/case-types/contracts';
import { CUSTOM_CODES_OFF_MESSAGE } from '@caseport/domain/case-types/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../test/render';
import CaseTypesPage from './case-types-page';

const sub = (id: number, name: string, over: Partial<CaseTypeSubType> = {}): CaseTypeSubType => ({
  id,
  name,
  code: `S${id}`,
  isCaseTypeSelected: false,
  configDetails: null,
  workflowConfigDetails: null,
  casenoConfigDetails: null,
  ...over,
});
const h1b = (over: Partial<CaseTypeConfig> = {}): CaseTypeConfig => ({
  id: 1,
  name: 'H-1B Specialty Occupation',
  code: 'H1B',
  category: 'employment',
  isCaseTypeSelected: true,
  casenoConfigDetails: null,
  subTypes: [
    sub(1, 'Cap - New Petition'),
    sub(4, 'Change of Employer', {
      isCaseTypeSelected: true,
      configDetails: {
        _id: 'cfg-4',
        questionnaireTplId: 'q-1',
        questionnaireName: 'H-1B Beneficiary Questionnaire',
        formAndLetterIds: ['f-1'],
        linkedCases: 1,
      },
    }),
  ],
  ...over,
});
const l1: CaseTypeConfig = {
  id: 2,
  name: 'L-1 Intracompany Transferee',
  code: 'L1',
  category: 'employment',
  isCaseTypeSelected: false,
  casenoConfigDetails: null,
  subTypes: [sub(7, 'L-1A New Office')],
};
const questionnaires = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    _id: `q-${i + 1}`,
    name: `Questionnaire ${String(i + 1).padStart(2, '0')}`,
    entityType: 'beneficiary',
    tenantId: 't',
  }));

const setup = (
  opts: { types?: CaseTypeConfig[]; questionnaireCount?: number; allow?: boolean; save?: () => unknown } = {},
) => {
  const qs = questionnaires(opts.questionnaireCount ?? 30);
  const api = mockApi({
    'POST /api/petition-config/list': () => ({
      list: opts.types ?? [h1b(), l1],
      totalCount: 2,
      allowCustonCaseNo: opts.allow ?? true,
    }),
    'POST /api/form-letter/list': () => ({
      list: [
        {
          _id: 'f-1',
          name: 'G-28 Cover Sheet',
          type: 'Form',
          document: { path: 'private/a.pdf', name: 'G-28.pdf' },
          tenantId: 't',
        },
        {
          _id: 'f-2',
          name: 'Engagement Letter',
          type: 'Letter',
          document: { path: 'private/b.docx', name: 'E.docx' },
          tenantId: 't',
        },
      ],
      totalCount: 2,
    }),
    'POST /api/questionnaire/list': (body) => {
      const { page, perpage } = body as { page: number; perpage: number };
      return { list: qs.slice((page - 1) * perpage, page * perpage), totalCount: qs.length };
    },
    'POST /api/workflow/list': () => ({
      list: [
        { _id: 'w-1', name: 'H-1B Standard', workflowType: 'Sequential', configCompleted: true, active: true },
        { _id: 'w-2', name: 'Default Workflow', workflowType: 'Free-Flow', configCompleted: false, active: false },
      ],
      totalCount: 2,
    }),
    'POST /api/petition-config/manage-case-types': () => ({ message: 'Case types updated successfully' }),
    'POST /api/petition-config/manage-case-sub-types': () => ({ message: 'Case subtypes updated successfully' }),
    'POST /api/petition-config/update': opts.save ?? (() => ({ message: 'ok', petitionConfigId: 'cfg-4' })),
    'POST /api/petition-config/create': () => ({ message: 'ok', petitionConfigId: 'cfg-new' }),
    'POST /api/workflow/config-save': () => ({ message: 'Workflow configured successfully' }),
    'POST /api/case-type-config/save-custom-code': () => ({ message: 'Custom code saved successfully' }),
  });
  renderWithProviders(
    <MemoryRouter>
      <CaseTypesPage tabKey="questionnarie" subTab={null} onSubTabChange={() => undefined} inSetup={false} />
    </MemoryRouter>,
  );
  return api;
};
const callsTo = (api: ReturnType<typeof mockApi>, path: string) => api.calls.filter((c) => c.path === path);
const card = (name: string) => screen.getByText(name).closest('.mantine-Paper-root') as HTMLElement;

describe('Case Configuration tab', { timeout: 30_000 }, () => {
  it('R-CASETYPE-001: main case types appear as tabs, each with a Yes/No switch', async () => {
    const api = setup();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['H-1B Specialty OccupationYes', 'L-1 Intracompany TransfereeNo']);
    const sw = screen.getByRole('switch', { name: 'H-1B Specialty Occupation enabled' }) as HTMLInputElement;
    expect(sw.checked).toBe(true);
    await userEvent.click(tabs[1]!);
    await userEvent.click(await screen.findByRole('switch', { name: 'L-1 Intracompany Transferee enabled' }));
    await waitFor(() => expect(callsTo(api, '/api/petition-config/manage-case-types')).toHaveLength(1));
    expect(callsTo(api, '/api/petition-config/manage-case-types')[0]!.body).toEqual({
      selList: [{ id: 2, selected: true, isCaseTypeSelected: true }],
    });
  });

  it('R-CASETYPE-002: sub-types appear as a list, each with a Yes/No switch that saves the sub-type', async () => {
    const api = setup();
    const sw = (await screen.findByRole('switch', { name: 'Cap - New Petition enabled' })) as HTMLInputElement;
    expect(sw.checked).toBe(false);
    expect((screen.getByRole('switch', { name: 'Change of Employer enabled' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(sw);
    await waitFor(() => expect(callsTo(api, '/api/petition-config/manage-case-sub-types')).toHaveLength(1));
    expect(callsTo(api, '/api/petition-config/manage-case-sub-types')[0]!.body).toEqual({
      selList: [{ id: 1, selected: true, isCaseTypeSelected: true }],
    });
  });

  it('R-CASETYPE-003: sub-type switches are disabled while the case type is off', async () => {
    setup();
    await userEvent.click((await screen.findAllByRole('tab'))[1]!);
    const sw = (await screen.findByRole('switch', { name: 'L-1A New Office enabled' })) as HTMLInputElement;
    expect(sw.disabled).toBe(true);
  });

  it('R-CASETYPE-012: the Forms and Letters checklist shows each form or letter with a Download link', async () => {
    setup();
    const c = card(await screen.findByText('Change of Employer').then((e) => e.textContent!));
    expect((within(c).getByRole('checkbox', { name: 'G-28 Cover Sheet' }) as HTMLInputElement).checked).toBe(true);
    expect((within(c).getByRole('checkbox', { name: 'Engagement Letter' }) as HTMLInputElement).checked).toBe(false);
    expect(within(c).getByRole('link', { name: 'Download Engagement Letter' }).getAttribute('href')).toBe(
      '/api/common/viewfile?path=private%2Fb.docx&filename=E.docx',
    );
  });

  it("R-CASETYPE-013: the checklist's Update button saves the checked forms with the configuration", async () => {
    const api = setup();
    await screen.findByText('Change of Employer');
    const c = card('Change of Employer');
    await userEvent.click(within(c).getByRole('checkbox', { name: 'Engagement Letter' }));
    await userEvent.click(within(c).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(callsTo(api, '/api/petition-config/update')).toHaveLength(1));
    expect(callsTo(api, '/api/petition-config/update')[0]!.body).toEqual({
      typeId: 1,
      subTypeId: 4,
      questionnaireTplId: 'q-1',
      formAndLetterIds: ['f-1', 'f-2'],
      insertTo: null,
      showPetitionAlert: false,
      active: true,
      updateAction: null,
      petitionConfigId: 'cfg-4',
    });
  });

  it('R-CASETYPE-011: Update without a questionnaire shows the required message and sends nothing', async () => {
    const api = setup({
      types: [h1b({ subTypes: [sub(4, 'Change of Employer', { isCaseTypeSelected: true })] })],
    });
    await screen.findByText('Change of Employer');
    await userEvent.click(within(card('Change of Employer')).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Please select a Questionnaire')).toBeTruthy();
    expect(callsTo(api, '/api/petition-config/create')).toHaveLength(0);
  });

  it("R-CASETYPE-007: 'Change Questionnaire' opens a radio list with Preview links", async () => {
    setup();
    await screen.findByText('Change of Employer');
    await userEvent.click(within(card('Change of Employer')).getByRole('button', { name: 'Change Questionnaire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Questionnaire' });
    expect(await within(dialog).findByRole('radio', { name: 'Questionnaire 01' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview Questionnaire 02' }));
    expect(await screen.findByRole('dialog', { name: 'Questionnaire Preview' })).toBeTruthy();
  });

  it('R-CASETYPE-008: the picker modals list 25 entries per page', async () => {
    const api = setup({ questionnaireCount: 30 });
    await screen.findByText('Change of Employer');
    await userEvent.click(within(card('Change of Employer')).getByRole('button', { name: 'Change Questionnaire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Questionnaire' });
    await within(dialog).findByRole('radio', { name: 'Questionnaire 01' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(25);
    expect(callsTo(api, '/api/questionnaire/list')[0]!.body).toEqual({ page: 1, perpage: 25 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Page 2' }));
    await within(dialog).findByRole('radio', { name: 'Questionnaire 26' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(5);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(card('Change of Employer')).getByRole('button', { name: 'Change Workflow' }));
    await screen.findByRole('dialog', { name: 'Change Workflow' });
    expect(callsTo(api, '/api/workflow/list')[0]!.body).toMatchObject({ page: 1, perpage: 25 });
  });

  it('R-CASETYPE-010: with one questionnaire available the notice is shown verbatim', async () => {
    setup({ questionnaireCount: 1 });
    await screen.findByText('Change of Employer');
    await userEvent.click(within(card('Change of Employer')).getByRole('button', { name: 'Change Questionnaire' }));
    expect(
      await screen.findByText(
        "You have one Questionnaire available at the moment, if you need a new Questionnaire contact the product's support team",
      ),
    ).toBeTruthy();
  });

  it("R-CASETYPE-006: 'Change Workflow' opens a radio list with Preview links and saves the sub-type's workflow", async () => {
    const api = setup();
    await screen.findByText('Change of Employer');
    await userEvent.click(within(card('Change of Employer')).getByRole('button', { name: 'Change Workflow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Workflow' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: /H-1B Standard/ }));
    expect(within(dialog).getByRole('button', { name: 'Preview H-1B Standard' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(api, '/api/workflow/config-save')).toHaveLength(1));
    expect(callsTo(api, '/api/workflow/config-save')[0]!.body).toEqual({
      workflowId: 'w-1',
      petitionTypeId: 1,
      petitionSubTypeId: 4,
      active: true,
    });
  });

  it("'Change Workflow' names the sub-type it chooses for and asks only for active, fully set-up workflows", async () => {
    const api = setup();
    await screen.findByText('Change of Employer');
    await userEvent.click(within(card('Change of Employer')).getByRole('button', { name: 'Change Workflow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Workflow' });
    expect(dialog.textContent).toContain('For H-1B Specialty Occupation · Change of Employer');
    await waitFor(() => expect(callsTo(api, '/api/workflow/list')).toHaveLength(1));
    expect(callsTo(api, '/api/workflow/list')[0]!.body).toMatchObject({
      filters: { activeList: ['Active'], configList: ['Complete'] },
    });
  });

  it('long case-type names are shown whole, so the two I-485 entries can be told apart', async () => {
    const i485 = (id: number, name: string) => h1b({ id, name, code: `I485${id}` });
    setup({
      types: [
        i485(6, 'I-485 Adjustment of Status (Employment-Based)'),
        i485(15, 'I-485 Adjustment of Status (Family-Based)'),
      ],
    });
    const family = await screen.findByRole('tab', { name: /I-485 Adjustment of Status \(Family-Based\)/ });
    const label = family.querySelector('.mantine-Tabs-tabLabel') as HTMLElement;
    expect(label.textContent).toBe('I-485 Adjustment of Status (Family-Based)');
    expect(getComputedStyle(label).whiteSpace).not.toBe('nowrap');
    expect(getComputedStyle(label).textOverflow).not.toBe('ellipsis');
  });

  it("R-CASETYPE-023: LINKED_WITH_PETITION opens 'Configuration is already linked with Case(s)' with Update Existing and Create New", async () => {
    let n = 0;
    const api = setup({
      save: () =>
        n++ === 0
          ? [409, { code: 'LINKED_WITH_PETITION', message: 'Configuration is already linked with Case(s)' }]
          : { message: 'Configuration updated successfully', petitionConfigId: 'cfg-4' },
    });
    await screen.findByText('Change of Employer');
    await userEvent.click(within(card('Change of Employer')).getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configuration is already linked with Case(s)' });
    expect(within(dialog).getByRole('button', { name: 'Update Existing' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Create New' })).toBeTruthy();
    expect(callsTo(api, '/api/petition-config/update')).toHaveLength(1);
  });

  it("R-CASETYPE-024: 'Update Existing' resends the save with updateAction 'update'", async () => {
    let n = 0;
    const api = setup({
      save: () =>
        n++ === 0
          ? [409, { code: 'LINKED_WITH_PETITION', message: 'x' }]
          : { message: 'ok', petitionConfigId: 'cfg-4' },
    });
    await screen.findByText('Change of Employer');
    await userEvent.click(within(card('Change of Employer')).getByRole('button', { name: 'Update' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Update Existing' }));
    await waitFor(() => expect(callsTo(api, '/api/petition-config/update')).toHaveLength(2));
    expect(callsTo(api, '/api/petition-config/update')[1]!.body).toMatchObject({
      updateAction: 'update',
      petitionConfigId: 'cfg-4',
    });
  });

  it("R-CASETYPE-025: 'Create New' resends the save with updateAction 'create'", async () => {
    let n = 0;
    const api = setup({
      save: () =>
        n++ === 0
          ? [409, { code: 'LINKED_WITH_PETITION', message: 'x' }]
          : { message: 'ok', petitionConfigId: 'cfg-5' },
    });
    await screen.findByText('Change of Employer');
    await userEvent.click(within(card('Change of Employer')).getByRole('button', { name: 'Update' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create New' }));
    await waitFor(() => expect(callsTo(api, '/api/petition-config/update')).toHaveLength(2));
    expect(callsTo(api, '/api/petition-config/update')[1]!.body).toMatchObject({ updateAction: 'create' });
  });

  it("R-CASETYPE-026: the Custom Code popup is titled 'Add Custom Code' plus the sub-type name and saves {casenoConfigId, typeId, subTypeId, code}", async () => {
    const api = setup();
    await screen.findByText('Change of Employer');
    await userEvent.click(within(card('Change of Employer')).getByRole('button', { name: 'Add Custom Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Custom Code Change of Employer' });
    const input = within(dialog).getByRole('textbox', { name: /Custom Code/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Custom Code is required')).toBeTruthy();
    await userEvent.type(input, 'A');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Custom Code must be 2 to 6 characters')).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, 'C_E');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Only letters, digits, spaces and hyphens are allowed')).toBeTruthy();
    expect(callsTo(api, '/api/case-type-config/save-custom-code')).toHaveLength(0);
    await userEvent.clear(input);
    await userEvent.type(input, 'COE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(api, '/api/case-type-config/save-custom-code')).toHaveLength(1));
    expect(callsTo(api, '/api/case-type-config/save-custom-code')[0]!.body).toEqual({
      casenoConfigId: null,
      typeId: 1,
      subTypeId: 4,
      code: 'COE',
    });
  });

  it('D-23: with allowCustonCaseNo off no Custom Code button is offered and the page says why and where to switch it on', async () => {
    setup({ allow: false });
    await screen.findByText('Change of Employer');
    expect(screen.queryByRole('button', { name: /Custom Code/ })).toBeNull();
    expect(screen.getByTestId('custom-codes-off').textContent).toContain(CUSTOM_CODES_OFF_MESSAGE);
    expect(screen.getByRole('link', { name: 'Open Reminders' }).getAttribute('href')).toBe('/settings/configReminders');
  });

  it('D-23: with allowCustonCaseNo on the page says nothing of it', async () => {
    setup({ allow: true });
    await screen.findByText('Change of Employer');
    expect(screen.queryByTestId('custom-codes-off')).toBeNull();
  });
});
