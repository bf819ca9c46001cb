import type { CaseDetails } from '@caseport/domain/cases/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('issue 35: a document of the case is sent for signature: only its PDFs can be chosen (a Word letter says to fill it as PDF first), and the signers go in order to send-document', async () => {
    const SIGNER = '6a1f2c9e-3333-4c3b-9a55-0000000000b1';
    const withSigner = {
      ...details,
      accounts: [{ userId: SIGNER, roleId: 12, name: 'Sara Singh', email: 'sara@petitioner.test' }],
    } as unknown as CaseDetails;
    const doc = (id: string, name: string, extn: string) => ({
      _id: id,
      caseId: 'c-1',
      kind: 'letter',
      name,
      extn,
      mimetype: extn === 'pdf' ? 'application/pdf' : 'application/msword',
      size: 1000,
      formAndLetterId: null,
      createdBy: null,
      createdOn: '2026-11-29T15:00:00.000Z',
    });
    const api = mockApi({
      'POST /api/cases/envelopes/list': () => ({ list: [] }),
      'POST /api/pdf-sign/esign-template-list': () => ({ list: [], totalCount: 0 }),
      'POST /api/cases/documents/list': () => ({
        list: [doc('d-pdf', 'Support letter.pdf', 'pdf'), doc('d-word', 'Support letter.docx', 'docx')],
      }),
      'POST /api/cases/envelopes/send-document': () => ({ message: 'Sent for signature', envelopeId: 'e-9' }),
    });
    renderWithProviders(<CaseEnvelopes caseId="c-1" details={withSigner} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send for signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send for signature' });
    await userEvent.click(within(dialog).getByText('A document of this case'));
    await userEvent.click(within(dialog).getAllByLabelText('Document of this case')[0] as HTMLElement);
    const word = await screen.findByRole('option', {
      name: 'Support letter.docx (Word: fill it as PDF first)',
      hidden: true,
    });
    expect(word.getAttribute('data-combobox-disabled') ?? word.getAttribute('aria-disabled')).toBeTruthy();
    await userEvent.click(await screen.findByRole('option', { name: 'Support letter.pdf', hidden: true }));
    expect(within(dialog).getByText(/A page of signatures is added at its end/)).toBeTruthy();
    await userEvent.click(within(dialog).getAllByLabelText('1. Authorized Signatory')[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: /Sara Singh/, hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/cases/envelopes/send-document')?.body).toEqual({
        caseId: 'c-1',
        documentId: 'd-pdf',
        signers: [{ role: 'signatory', userId: SIGNER }],
      }),
    );
  });
});
