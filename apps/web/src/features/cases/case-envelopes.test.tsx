import type { CaseDetails } from '@caseport/domain/cases/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../test/render';
import { CaseEnvelopes } from './case-envelopes';

const details = { case: { _id: 'c-1', caseNumber: 'DPC-H1B-10001' }, accounts: [] } as unknown as CaseDetails;

const envelope = (overrides: Record<string, unknown>) => ({
  _id: 'e-1',
  name: 'Employer Support Letter',
  status: 'signed',
  createdOn: '2026-11-29T15:00:00.000Z',
  closedOn: '2026-11-29T16:00:00.000Z',
  signers: [
    {
      name: 'Sara Singh',
      role: 'signatory',
      status: 'signed',
      signedOn: '2026-11-29T16:00:00.000Z',
      declineReason: null,
    },
  ],
  sha256: 'a'.repeat(64),
  intact: true,
  ...overrides,
});

describe('the Signatures of a case (issue 35 item 3)', { timeout: 30_000 }, () => {
  it('issue 35: a signed file that still matches its recorded SHA-256 raises nothing; one that no longer matches is named in a red alert on the case page', async () => {
    let list = [envelope({})];
    mockApi({ 'POST /api/cases/envelopes/list': () => ({ list }) });
    const first = renderWithProviders(<CaseEnvelopes caseId="c-1" details={details} />);
    const table = await screen.findByRole('table', { name: 'Documents sent for signature' });
    await within(table).findByText('Sara Singh ✓');
    expect(within(table).getByRole('button', { name: /Download signed PDF/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    first.unmount();

    list = [envelope({ intact: false })];
    renderWithProviders(<CaseEnvelopes caseId="c-1" details={details} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('A signed file has changed');
    expect(alert.textContent).toContain(
      'Employer Support Letter: the stored file no longer matches the SHA-256 recorded when it was signed.',
    );
  });
});
