import type { CaseActivity, CaseActivities as Run } from '@caseport/domain/cases/run-contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext } from '../../lib/current-user';
import { buildMe } from '../../test/factories';
import { mockApi, renderWithProviders } from '../../test/render';
import { CaseActivities } from './case-activities';

const notified = vi.hoisted(() => ({ success: [] as string[], error: [] as unknown[] }));
vi.mock('../../components/notify', () => ({
  notify: {
    success: async (m: string) => {
      notified.success.push(m);
      return '';
    },
    error: async (e: unknown) => {
      notified.error.push(e instanceof Error ? e.message : e);
      return '';
    },
  },
}));
beforeEach(() => {
  notified.success.length = 0;
  notified.error.length = 0;
});

let n = 0;
const activity = (over: Partial<CaseActivity>): CaseActivity => ({
  _id: `a-${++n}`,
  code: 'MANAGER_LIST',
  name: 'Case Manager',
  step: 1,
  seq: n,
  status: 'open',
  optional: false,
  kind: 'step',
  ownerRoles: [{ roleId: 3, roleName: 'Admin' }],
  owner: null,
  assigns: null,
  dueOn: '2030-01-08',
  data: {},
  version: 0,
  doneBy: null,
  doneOn: null,
  waitsFor: null,
  dependsOn: [],
  uscisResponses: [],
  ...over,
});

const runOf = (list: CaseActivity[], over: Partial<Run> = {}): Run => ({
  caseId: 'c-1',
  caseStatus: 'open',
  hasWorkflow: true,
  openedOn: '2030-01-01',
  list,
  totalCount: list.length,
  allowedUscisOutcomes: [],
  ...over,
});

/** The panel as the signed-in user of `roleId` (the Admin unless told) sees it. */
const renderPanel = (roleId = 3) =>
  renderWithProviders(
    <CurrentUserContext.Provider value={buildMe(roleId)}>
      <CaseActivities caseId="c-1" />
    </CurrentUserContext.Provider>,
  );

const card = (name: string) => screen.getByRole('article', { name });
const buttonsOf = (name: string) =>
  within(card(name))
    .queryAllByRole('button')
    .filter((b) => !b.getAttribute('aria-label')?.startsWith('Change due date'))
    .map((b) => b.textContent);

describe('the Activities panel of a case (issue 34 item 5)', { timeout: 30_000 }, () => {
  it('issue 34: shows each status with the actions it allows, grouped by step, and who an outside activity waits for', async () => {
    const run = runOf(
      [
        activity({
          code: 'CREATE_PETITION',
          name: 'Create Petition',
          status: 'done',
          doneBy: { id: 'u', name: 'Ann Admin' },
        }),
        activity({
          code: 'MANAGER_LIST',
          name: 'Case Manager',
          status: 'done',
          doneBy: { id: 'u', name: 'Ann Admin' },
        }),
        activity({
          code: 'SUBMIT_BY_BENEFICIARY',
          name: 'Submit by Beneficiary',
          status: 'open',
          waitsFor: { who: 'beneficiary', label: 'Beneficiary', name: null },
        }),
        activity({
          code: 'ASSIGN_PARALEGAL',
          name: 'Assign Paralegal',
          kind: 'assign',
          status: 'open',
          assigns: { roleId: 6, roleName: 'Paralegal' },
        }),
        activity({ code: 'LCA_SUBMIT', name: 'LCA Submit', step: 2, kind: 'lca', status: 'waiting', dueOn: null }),
        activity({ code: 'FILE_AFTER_INVOICE', name: 'File after Invoice', step: 3, optional: true, status: 'open' }),
        activity({ code: 'FILING_FEE', name: 'Filing Fee', step: 3, kind: 'fee', status: 'skipped', optional: true }),
        activity({
          code: 'UPDATE_USCIS_RESPONSE',
          name: 'Update USCIS Response',
          step: 3,
          kind: 'uscis',
          status: 'open',
          uscisResponses: ['receipt'],
          data: { receipt: { receiptNumber: 'IOE0912345678' } },
        }),
      ],
      { allowedUscisOutcomes: ['rfe', 'approved', 'denied'] },
    );
    mockApi({ 'POST /api/cases/activities/list': () => run });
    renderPanel();

    expect(await screen.findByRole('region', { name: 'Step 1: Case intake and team' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Step 3: Billing, filing and decision' })).toBeTruthy();
    expect(buttonsOf('Create Petition')).toEqual([]); // opening the case cannot be undone
    expect(buttonsOf('Case Manager')).toEqual(['Undo']);
    expect(buttonsOf('Submit by Beneficiary')).toEqual(['Mark done']);
    expect(within(card('Submit by Beneficiary')).getByText('Waits for Beneficiary: not linked yet')).toBeTruthy();
    expect(buttonsOf('Assign Paralegal')).toEqual(['Assign']);
    expect(buttonsOf('LCA Submit')).toEqual([]);
    expect(within(card('LCA Submit')).getByText('Waiting')).toBeTruthy();
    expect(buttonsOf('File after Invoice')).toEqual(['Mark done', 'Skip']);
    expect(buttonsOf('Filing Fee')).toEqual(['Undo']);
    expect(buttonsOf('Update USCIS Response')).toEqual(['Record USCIS response']);
    expect(within(card('Update USCIS Response')).getByText('Receipt IOE0912345678')).toBeTruthy();
    expect(within(card('Case Manager')).getByText('Done by Ann Admin')).toBeTruthy();
  });

  it('issue 34: a closed case offers no action', async () => {
    mockApi({
      'POST /api/cases/activities/list': () =>
        runOf([activity({ name: 'Case Approved', code: 'CASE_APPROVED', status: 'done' })], { caseStatus: 'closed' }),
    });
    renderPanel();
    expect(await screen.findByText('Case closed')).toBeTruthy();
    expect(buttonsOf('Case Approved')).toEqual([]);
  });

  it('issue 34: a completion someone else made first (409) says so and shows the run read again', async () => {
    const open = activity({ code: 'MANAGER_LIST', name: 'Case Manager', status: 'open', version: 3 });
    let reads = 0;
    const api = mockApi({
      'POST /api/cases/activities/list': () => {
        reads += 1;
        return reads === 1
          ? runOf([open])
          : runOf([{ ...open, status: 'done', version: 4, doneBy: { id: 'u2', name: 'Bo Manager' } }]);
      },
      'POST /api/cases/activities/act': () => [
        409,
        { code: 'CONFLICT', message: 'This activity was just changed by someone else', fields: [] },
      ],
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark done: Case Manager' }));
    await waitFor(() => expect(notified.error).toEqual(['This activity was just changed by someone else']));
    expect(await screen.findByText('Done by Bo Manager')).toBeTruthy();
    expect(buttonsOf('Case Manager')).toEqual(['Undo']);
    expect(api.calls.find((c) => c.path === '/api/cases/activities/act')?.body).toEqual({
      caseId: 'c-1',
      code: 'MANAGER_LIST',
      version: 3,
      action: 'complete',
    });
    expect(reads).toBe(2);
  });

  it('issue 34: assigning checks the pick, sends the user, and a 409 in the form closes it and reads again', async () => {
    const assign = activity({
      code: 'ASSIGN_PARALEGAL',
      name: 'Assign Paralegal',
      kind: 'assign',
      assigns: { roleId: 6, roleName: 'Paralegal' },
    });
    const userId = '00000000-0000-4000-8000-000000000006';
    const api = mockApi({
      'POST /api/cases/activities/list': () => runOf([assign]),
      'POST /api/users/list': () => ({
        list: [
          {
            _id: userId,
            email: 'p@x.test',
            firstName: 'Pat',
            lastName: 'Legal',
            roleId: 6,
            roleName: 'Paralegal',
            status: 'active',
            branchId: null,
            branchName: null,
            mfaEnabled: false,
            createdOn: '2030-01-01T00:00:00.000Z',
          },
        ],
        totalCount: 1,
      }),
      'POST /api/cases/activities/act': () => [
        409,
        { code: 'CONFLICT', message: 'This activity was just changed by someone else', fields: [] },
      ],
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Assign: Assign Paralegal' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose a user')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/cases/activities/act')).toBe(false);
    expect(api.calls.find((c) => c.path === '/api/users/list')?.body).toMatchObject({
      filters: { roleIds: [6], statuses: ['active'] },
    });
    await userEvent.click(within(dialog).getAllByLabelText(/^Paralegal/)[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'Pat Legal', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notified.error).toEqual(['This activity was just changed by someone else']));
    expect(api.calls.find((c) => c.path === '/api/cases/activities/act')?.body).toMatchObject({
      code: 'ASSIGN_PARALEGAL',
      action: 'complete',
      data: { userId },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('issue 34: a case whose workflow has not started offers to start it; loading errors show', async () => {
    const api = mockApi({
      'POST /api/cases/activities/list': () => runOf([]),
      'POST /api/cases/activities/start': () => ({
        ...runOf([activity({ name: 'Case Manager' })]),
        message: 'Activities of case X started',
      }),
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Start the workflow' }));
    expect(await screen.findByRole('article', { name: 'Case Manager' })).toBeTruthy();
    expect(notified.success).toEqual(['Activities of case X started']);
    expect(api.calls.find((c) => c.path === '/api/cases/activities/start')?.body).toEqual({ caseId: 'c-1' });
  });
  it("issue 34: a user whose role is not among an activity's editors sees its actions disabled and why; an editor acts", async () => {
    mockApi({
      'POST /api/cases/activities/list': () =>
        runOf([
          activity({ code: 'MANAGER_LIST', name: 'Case Manager' }),
          activity({
            code: 'PARALEGAL_LIST',
            name: 'Paralegal',
            ownerRoles: [
              { roleId: 3, roleName: 'Admin' },
              { roleId: 4, roleName: 'Branch Manager' },
            ],
          }),
        ]),
    });
    renderPanel(4);
    const done = await screen.findByRole('button', { name: 'Mark done: Case Manager' });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    expect(within(card('Case Manager')).getByText('Only Admin or its owner can act on this activity')).toBeTruthy();
    expect(within(card('Case Manager')).queryByRole('button', { name: 'Change due date: Case Manager' })).toBeNull();
    expect(within(card('Case Manager')).getByText('Due 2030-01-08')).toBeTruthy();
    const editor = within(card('Paralegal')).getByRole('button', { name: 'Mark done: Paralegal' });
    expect((editor as HTMLButtonElement).disabled).toBe(false);
    expect(within(card('Paralegal')).queryByText(/can act on this activity/)).toBeNull();
  });

  it("issue 34: an open activity's due date is changed with the date input, checked first, and a 409 reads the run again", async () => {
    const open = activity({ code: 'MANAGER_LIST', name: 'Case Manager', version: 2, dueOn: '2030-01-08' });
    let reads = 0;
    let answer: 'saved' | 'conflict' = 'saved';
    const api = mockApi({
      'POST /api/cases/activities/list': () => {
        reads += 1;
        return runOf([open]);
      },
      'POST /api/cases/activities/set-due': (body) =>
        answer === 'conflict'
          ? [409, { code: 'CONFLICT', message: 'This activity was just changed by someone else', fields: [] }]
          : {
              ...runOf([{ ...open, dueOn: (body as { dueOn: string }).dueOn, version: 3 }]),
              message: 'Case Manager: due 2030-02-14',
            },
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Change due date: Case Manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Due date' });
    const input = within(dialog).getByLabelText(/Due on/) as HTMLInputElement;
    expect(input.value).toBe('2030-01-08');
    expect(input.min).toBe('2030-01-01');
    // Before the case was opened: refused here, nothing sent.
    await userEvent.clear(input);
    await userEvent.type(input, '2029-12-31');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The due date cannot be before the case was opened')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/cases/activities/set-due')).toBe(false);

    await userEvent.clear(input);
    await userEvent.type(input, '2030-02-14');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notified.success).toEqual(['Case Manager: due 2030-02-14']));
    expect(api.calls.find((c) => c.path === '/api/cases/activities/set-due')?.body).toEqual({
      caseId: 'c-1',
      code: 'MANAGER_LIST',
      version: 2,
      dueOn: '2030-02-14',
    });
    expect(await screen.findByRole('button', { name: 'Change due date: Case Manager' })).toHaveProperty(
      'textContent',
      'Due 2030-02-14',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    answer = 'conflict';
    await userEvent.click(screen.getByRole('button', { name: 'Change due date: Case Manager' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notified.error).toEqual(['This activity was just changed by someone else']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(reads).toBe(2));
  });
});
