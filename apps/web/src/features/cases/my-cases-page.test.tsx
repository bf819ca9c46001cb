import { MY_CASE_NOTHING_WAITING, MY_CASES_EMPTY, type MyCase } from '@caseport/domain/cases/my-cases';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildMe } from '../../test/factories';
import { mockApi, renderApp } from '../../test/render';

const myCase = (overrides: Partial<MyCase> = {}): MyCase => ({
  _id: 'c-1',
  caseNumber: 'DLF-H1B-2026-10001',
  typeName: 'H-1B',
  subTypeName: 'Cap new petition',
  status: 'open',
  openedOn: '2026-11-02T15:00:00.000Z',
  closedOn: null,
  firmName: 'Demo Law Firm',
  beneficiaryName: 'Ana Silva',
  applicantName: null,
  petitionerName: 'Priya Patel',
  sponsorName: null,
  myRoles: [{ roleId: 11, name: 'Beneficiary' }],
  waiting: [{ name: 'Submit Questionnaire' }],
  ...overrides,
});

const serverFor = (roleId: number, handlers: Parameters<typeof mockApi>[0]) =>
  mockApi({
    'POST /api/auth/session': () => ({ me: buildMe(roleId) }),
    'POST /api/reminders/bell-count': () => ({ unread: 0 }),
    ...handlers,
  });

describe('My cases (issue 35 item 1)', { timeout: 30_000 }, () => {
  it('issue 35: a beneficiary lands on My cases: each case with who handles it, its names and what waits on them', async () => {
    const api = serverFor(11, {
      'POST /api/my-cases/list': () => ({
        list: [myCase(), myCase({ _id: 'c-2', caseNumber: 'DLF-H1B-2026-10002', waiting: [], status: 'closed' })],
        totalCount: 2,
      }),
    });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cases'));
    expect(await screen.findByRole('heading', { name: 'My cases', level: 2 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'My cases' });
    await within(table).findByText('DLF-H1B-2026-10001');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent?.trim()),
      ),
    ).toEqual([
      [
        'DLF-H1B-2026-10001',
        'H-1B · Cap new petition',
        'Ana Silva · Priya Patel',
        'Demo Law Firm',
        'Submit Questionnaire',
        'Open',
        'Nov 2, 2026',
      ],
      [
        'DLF-H1B-2026-10002',
        'H-1B · Cap new petition',
        'Ana Silva · Priya Patel',
        'Demo Law Firm',
        'Nothing',
        'Closed',
        'Nov 2, 2026',
      ],
    ]);
    // The header leads back here from every page.
    expect(screen.getAllByRole('link', { name: 'My cases' }).length).toBeGreaterThan(0);
    expect(api.calls.find((c) => c.path === '/api/my-cases/list')?.body).toMatchObject({ page: 1, filters: {} });
  });

  it('issue 35: says how a case comes to be listed while none is linked yet', async () => {
    serverFor(51, { 'POST /api/my-cases/list': () => ({ list: [], totalCount: 0 }) });
    renderApp('/my-cases');
    expect(await screen.findByText(MY_CASES_EMPTY)).toBeTruthy();
  });

  it('issue 35: a petitioner contact opens one case: what waits on them, the case, and the invoices addressed to them', async () => {
    const api = serverFor(50, {
      'POST /api/my-cases/details': () => ({
        case: myCase({
          myRoles: [{ roleId: 50, name: 'Petitioner contact' }],
          waiting: [{ name: 'Request Petitioner Sign' }],
        }),
        invoices: [
          {
            _id: 'i-1',
            invoiceNumber: 'DLF-H1B-2026-10001-INV1',
            issuedOn: '2026-11-20',
            total: 1250,
            status: 'issued',
          },
        ],
      }),
      'POST /api/my-cases/invoice-pdf': () => [404, { code: 'NOT_FOUND', message: 'Invoice not found', fields: [] }],
      // What waits on them here links to where it is done; another case's does not show.
      'POST /api/signing/list': () => ({
        list: [
          { _id: 'e-1', name: 'LCA Posting Notice', caseNumber: 'DLF-H1B-2026-10001', yourTurn: true },
          { _id: 'e-2', name: 'Other letter', caseNumber: 'DLF-H1B-2026-10002', yourTurn: true },
        ],
      }),
      'POST /api/answering/list': () => ({
        list: [{ _id: 'r-1', caseId: 'c-1', name: 'H-1B Employer (Petitioner) Questionnaire', status: 'returned' }],
      }),
    });
    renderApp('/my-cases/c-1');
    expect(await screen.findByRole('heading', { name: 'DLF-H1B-2026-10001' })).toBeTruthy();
    expect(screen.getByText('Request Petitioner Sign')).toBeTruthy();
    expect(
      (
        await screen.findByRole('link', { name: 'Answer the questionnaire: H-1B Employer (Petitioner) Questionnaire' })
      ).getAttribute('href'),
    ).toBe('/to-answer/r-1');
    expect(screen.getByRole('link', { name: 'Sign: LCA Posting Notice' }).getAttribute('href')).toBe('/to-sign');
    expect(screen.queryByText('Sign: Other letter')).toBeNull();
    expect(screen.getByText('Petitioner contact')).toBeTruthy();
    const invoices = screen.getByRole('table', { name: 'Your invoices' });
    expect(within(invoices).getByText('$1,250.00')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF DLF-H1B-2026-10001-INV1' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/my-cases/invoice-pdf')?.body).toEqual({
        caseId: 'c-1',
        invoiceId: 'i-1',
      }),
    );
  });

  it('issue 35: with nothing waiting and no invoice the page says so and shows no fee; a case not theirs says not found', async () => {
    serverFor(11, {
      'POST /api/my-cases/details': (body) =>
        (body as { caseId: string }).caseId === 'c-1'
          ? { case: myCase({ waiting: [] }), invoices: [] }
          : [404, { code: 'NOT_FOUND', message: 'Case not found', fields: [] }],
    });
    const { unmount } = renderApp('/my-cases/c-1');
    expect(await screen.findByText(MY_CASE_NOTHING_WAITING)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Your invoices' })).toBeNull();
    unmount();
    renderApp('/my-cases/c-9');
    expect(await screen.findByText('Case not found')).toBeTruthy();
  });

  it('issue 35: the firm’s own roles have no My cases: the page sends them home', async () => {
    serverFor(3, { 'POST /api/my-cases/list': () => ({ list: [], totalCount: 0 }) });
    const { router } = renderApp('/my-cases');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/my-cases'));
  });
});
