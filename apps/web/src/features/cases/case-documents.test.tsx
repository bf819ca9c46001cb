import type { CaseDetails } from '@caseport/domain/cases/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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

const letterDoc = {
  _id: 'd-1',
  caseId: 'c-1',
  kind: 'letter',
  name: 'Support Letter - DLF-H1B-2030-10001.docx',
  extn: 'docx',
  mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  size: 1234,
  formAndLetterId: 'l-1',
  createdBy: { id: 'u-1', name: 'Dana Admin' },
  createdOn: '2026-11-29T03:00:00.000Z',
};

describe('the Documents tab of a case (issue 34)', { timeout: 30_000 }, () => {
  it("issue 34: lists the pinned configuration's forms with editions and its letters; 'Filled' comes from the case's documents", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { pathname: '/cases/c-1', search: '', hash: '', origin: 'http://localhost', assign });
    let documents: unknown[] = [];
    const api = mockApi({
      'POST /api/cases/form-editions': () => editions,
      'POST /api/cases/documents/list': () => ({ list: documents, totalCount: documents.length }),
      'POST /api/form-letter/fill': (body) => {
        const anyway = (body as { anyway?: boolean }).anyway === true;
        if (anyway) documents = [letterDoc];
        return {
          message: anyway ? 'Letter filled; some values are missing' : 'Some values are missing',
          document: anyway ? { path: 'p/support.docx', name: letterDoc.name } : null,
          missing: ['{jobTitle}'],
          missingFields: [{ tag: '{jobTitle}', label: 'Job title', field: 'fact.jobTitle' }],
        };
      },
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
    expect(await within(rows[0]!).findByText('Not filled yet')).toBeTruthy();
    expect(await screen.findByText(/No documents yet/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Fill Support Letter' }));
    expect((await screen.findByRole('link', { name: 'Job title' })).getAttribute('href')).toBe(
      '/cases/c-1?field=fact.jobTitle',
    );
    expect(api.calls.find((c) => c.path === '/api/form-letter/fill')?.body).toEqual({
      formAndLetterId: 'l-1',
      caseId: 'c-1',
      format: 'docx',
    });
    // Listing the missing tags stored nothing: still not filled.
    expect(within(rows[0]!).getByText('Not filled yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Download anyway' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(rows[0]!).getByText('Filled')).toBeTruthy());
    expect(within(rows[1]!).getByText('Not filled yet')).toBeTruthy();
    // The filled letter is in the case's documents, with Download and Delete.
    const list = screen.getByRole('table', { name: 'Case documents' });
    expect(within(list).getByText(letterDoc.name)).toBeTruthy();
    expect(within(list).getByText('Filled letter')).toBeTruthy();
    expect(within(list).getByRole('button', { name: `Download ${letterDoc.name}` })).toBeTruthy();
    expect(within(list).getByRole('button', { name: `Delete ${letterDoc.name}` })).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('issue 34: Delete asks first, then deletes the document and reads the list again', async () => {
    let documents: unknown[] = [letterDoc];
    const api = mockApi({
      'POST /api/cases/form-editions': () => ({ questionnaire: null, list: [] }),
      'POST /api/cases/documents/list': () => ({ list: documents, totalCount: documents.length }),
      'POST /api/cases/documents/delete': () => {
        documents = [];
        return { message: 'Document deleted successfully' };
      },
    });
    renderWithProviders(<CaseDocuments caseId="c-1" details={detailsWith({})} />);
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${letterDoc.name}` }));
    expect(await screen.findByText('Are you sure to continue?')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/cases/documents/delete')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(/No documents yet/)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/cases/documents/delete')?.body).toEqual({ caseDocumentId: 'd-1' });
  });

  it('issue 34: a configuration without letters, and a case without a configuration, say so', async () => {
    mockApi({
      'POST /api/cases/form-editions': () => ({ questionnaire: null, list: [] }),
      'POST /api/cases/documents/list': () => ({ list: [], totalCount: 0 }),
    });
    const { unmount } = renderWithProviders(<CaseDocuments caseId="c-1" details={detailsWith({})} />);
    expect(await screen.findByText(/configuration names no letters/)).toBeTruthy();
    unmount();
    renderWithProviders(<CaseDocuments caseId="c-1" details={detailsWith({ petitionConfigId: null })} />);
    expect(await screen.findByText(/opened before its subtype had a case configuration/)).toBeTruthy();
    expect(screen.getByText(/no configuration is pinned on this case/i)).toBeTruthy();
  });
});
