import type { CaseActivity, CaseActivities as Run } from '@caseport/domain/cases/run-contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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
  list,
  totalCount: list.length,
  allowedUscisOutcomes: [],
  ...over,
});

const card = (name: string) => screen.getByRole('article', { name });
const buttonsOf = (name: string) =>
  within(card(name))
    .queryAllByRole('button')
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
    renderWithProviders(<CaseActivities caseId="c-1" />);

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
    renderWithProviders(<CaseActivities caseId="c-1" />);
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
    renderWithProviders(<CaseActivities caseId="c-1" />);
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
    renderWithProviders(<CaseActivities caseId="c-1" />);
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
    renderWithProviders(<CaseActivities caseId="c-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Start the workflow' }));
    expect(await screen.findByRole('article', { name: 'Case Manager' })).toBeTruthy();
    expect(notified.success).toEqual(['Activities of case X started']);
    expect(api.calls.find((c) => c.path === '/api/cases/activities/start')?.body).toEqual({ caseId: 'c-1' });
  });
});
