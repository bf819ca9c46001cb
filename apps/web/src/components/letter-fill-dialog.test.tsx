import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../test/render';
import { LetterFillDialog } from './letter-fill-dialog';

const CASE = '11111111-1111-4111-8111-111111111111';
const request = { formAndLetterId: '22222222-2222-4222-8222-222222222222', caseId: CASE, format: 'docx' as const };
const document = { path: 'abc.docx', name: 'Support - DLF-1.docx' };

describe('LetterFillDialog (issue 34)', { timeout: 30_000 }, () => {
  const assign = vi.fn();
  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockReset();
  });
  const stubLocation = () =>
    vi.stubGlobal('location', { pathname: '/settings', search: '', hash: '', origin: 'http://localhost', assign });

  it('issue 34: lists each missing tag as a link to the case field and downloads only on Download anyway', async () => {
    stubLocation();
    const missingFields = [
      { tag: '{jobTitle}', label: 'Job title offered', field: 'fact.jobTitle' },
      { tag: '{todayX}', label: 'todayX', field: '' },
    ];
    // The server makes (and records) the file only when asked for it anyway.
    const api = mockApi({
      'POST /api/form-letter/fill': (body) => ({
        message: (body as { anyway?: boolean }).anyway
          ? 'Letter filled; some values are missing'
          : 'Some values are missing',
        document: (body as { anyway?: boolean }).anyway ? document : null,
        missing: ['{jobTitle}', '{todayX}'],
        missingFields,
      }),
    });
    renderWithProviders(<LetterFillDialog request={request} title="Support" onClose={() => {}} />);
    const link = await screen.findByRole('link', { name: 'Job title offered' });
    expect(link.getAttribute('href')).toBe(`/cases/${CASE}?field=fact.jobTitle`);
    expect(screen.getByText('todayX', { selector: 'li *, li' })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Download anyway' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(String(assign.mock.calls[0]?.[0])).toContain('abc.docx');
    expect(api.calls.filter((c) => c.path === '/api/form-letter/fill').map((c) => c.body)).toEqual([
      request,
      { ...request, anyway: true },
    ]);
    expect(await screen.findByRole('link', { name: document.name })).toBeTruthy();
  });

  it('issue 34: a letter with nothing missing downloads at once', async () => {
    stubLocation();
    const api = mockApi({
      'POST /api/form-letter/fill': () => ({
        message: 'Letter filled successfully',
        document,
        missing: [],
        missingFields: [],
      }),
    });
    renderWithProviders(<LetterFillDialog request={request} title="Support" onClose={() => {}} />);
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(api.calls.filter((c) => c.path === '/api/form-letter/fill')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Download anyway' })).toBeNull();
  });
});
