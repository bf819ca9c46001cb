import type { CaseDetails } from '@caseport/domain/cases/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../test/render';
import { CaseDocuments } from './case-documents';

const detailsWith = (pinned: Partial<CaseDetails['pinned']>) =>
  ({
    case: { _id: 'c-1', caseNumber: 'DLF-H1B-2030-10001' },
    pinned: { petitionConfigId: 'cfg-1', workflow: null, questionnaire: null, letters: [], ...pinned },
  }) as unknown as CaseDetails;

const editions = {
  questionnaire: { questionnaireId: 'q-1', name: 'H-1B intake', version: 3 },
  list: [
    {
      formId: 'f-1',
      formNumber: 'I-129',
      title: 'Petition for a Nonimmigrant Worker',
      editionId: 'e-1',
      editionDate: '2025-01-17',
    },
  ],
};

describe('the Documents tab of a case (issue 34)', { timeout: 30_000 }, () => {
  it("issue 34: lists the pinned configuration's forms with editions and its letters, and marks a letter filled after Fill", async () => {
    const api = mockApi({
      'POST /api/cases/form-editions': () => editions,
      'POST /api/form-letter/fill': () => ({
        message: 'Letter filled; some values are missing',
        document: { path: 'p/support.docx', name: 'Support - DLF.docx' },
        missing: ['{jobTitle}'],
        missingFields: [{ tag: '{jobTitle}', label: 'Job title', field: 'fact.jobTitle' }],
      }),
    });
    renderWithProviders(
      <CaseDocuments
        caseId="c-1"
        details={detailsWith({
          letters: [
            { id: 'l-1', name: 'Support Letter', type: 'Letter' },
            { id: 'l-2', name: 'Offer Letter', type: 'Letter' },
            { id: 'f-9', name: 'Firm Checklist', type: 'Form' },
          ],
        })}
      />,
    );
    expect(await screen.findByText('I-129 Petition for a Nonimmigrant Worker')).toBeTruthy();
    expect(screen.getByText('H-1B intake, version 3')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Firm forms' })).getByText('Firm Checklist')).toBeTruthy();
    const letters = screen.getByRole('table', { name: 'Letters' });
    const rows = within(letters).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Support Letter'),
      expect.stringContaining('Offer Letter'),
    ]);
    expect(within(letters).queryByText('Firm Checklist')).toBeNull();
    expect(within(rows[0]!).getByText('Not filled yet')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Fill Support Letter' }));
    expect((await screen.findByRole('link', { name: 'Job title' })).getAttribute('href')).toBe(
      '/cases/c-1?field=fact.jobTitle',
    );
    expect(api.calls.find((c) => c.path === '/api/form-letter/fill')?.body).toEqual({
      formAndLetterId: 'l-1',
      caseId: 'c-1',
      format: 'docx',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(rows[0]!).getByText('Filled')).toBeTruthy());
    expect(within(rows[1]!).getByText('Not filled yet')).toBeTruthy();
  });

  it('issue 34: a configuration without letters, and a case without a configuration, say so', async () => {
    mockApi({ 'POST /api/cases/form-editions': () => ({ questionnaire: null, list: [] }) });
    const { unmount } = renderWithProviders(<CaseDocuments caseId="c-1" details={detailsWith({})} />);
    expect(await screen.findByText(/configuration names no letters/)).toBeTruthy();
    unmount();
    renderWithProviders(<CaseDocuments caseId="c-1" details={detailsWith({ petitionConfigId: null })} />);
    expect(await screen.findByText(/opened before its subtype had a case configuration/)).toBeTruthy();
    expect(screen.getByText(/no configuration is pinned on this case/i)).toBeTruthy();
  });
});
