import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../test/render';
import { CaseQuestionnaire } from './case-questionnaire';

const definition = {
  sections: [
    {
      key: 'you',
      title: 'About you',
      questions: [
        { key: 'passportNo', label: 'Passport number', type: 'text', fills: 'person.passportNumber' },
        { key: 'title', label: 'Your job title', type: 'text', fills: 'case.jobTitle' },
        { key: 'scan', label: 'Passport scan', type: 'file' },
      ],
    },
  ],
};
const status = (response: Record<string, unknown> | null, recipients = [{ userId: 'u-1', name: 'Ana Silva' }]) => ({
  questionnaire: { name: 'Beneficiary intake', version: 2, entityType: 'beneficiary' },
  recipients,
  response: response && {
    _id: 'r-1',
    name: 'Beneficiary intake',
    questionnaireVersion: 2,
    respondent: { userId: 'u-1', name: 'Ana Silva' },
    definition,
    answers: { passportNo: 'X1234567', title: 'Data Engineer', scan: 'd-1' },
    comment: null,
    sentOn: '2026-11-02T15:00:00.000Z',
    submittedOn: '2026-11-03T15:00:00.000Z',
    reviewedOn: null,
    files: [{ _id: 'd-1', name: 'passport.jpg' }],
    ...response,
  },
  current: { 'person.passportNumber': 'X1234567', 'case.jobTitle': 'Senior Data Engineer' },
});

describe('the questionnaire of a case (issue 35 item 2)', { timeout: 30_000 }, () => {
  it('issue 35: nobody of the audience linked: the tab says to link the portal account; once linked, Send questionnaire sends to that person', async () => {
    let recipients: { userId: string; name: string }[] = [];
    const api = mockApi({
      'POST /api/cases/questionnaire/status': () => status(null, recipients),
      'POST /api/cases/questionnaire/send': () => ({ message: 'Questionnaire sent' }),
    });
    const first = renderWithProviders(<CaseQuestionnaire caseId="c-1" />);
    expect(await screen.findByText(/Link the beneficiary’s portal account to the case/)).toBeTruthy();
    first.unmount();
    recipients = [{ userId: 'u-1', name: 'Ana Silva' }];
    const user = userEvent.setup();
    renderWithProviders(<CaseQuestionnaire caseId="c-1" />);
    await user.click(await screen.findByRole('button', { name: 'Send questionnaire' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/cases/questionnaire/send')?.body).toEqual({
        caseId: 'c-1',
        userId: 'u-1',
      }),
    );
  });

  it('issue 35: submitted answers are read beside the facts they filled (a fact changed since is marked); Send back asks what needs to change; Accept accepts', async () => {
    const api = mockApi({
      'POST /api/cases/questionnaire/status': () => status({ status: 'submitted' }),
      'POST /api/cases/questionnaire/review': (raw) => {
        const body = raw as { decision: string; comment?: string };
        return body.decision === 'return' && !body.comment
          ? [
              400,
              {
                code: 'VALIDATION_ERROR',
                message: 'x',
                fields: [{ name: 'comment', message: 'Say what needs to change' }],
              },
            ]
          : { message: body.decision === 'accept' ? 'Answers accepted' : 'Answers sent back' };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CaseQuestionnaire caseId="c-1" />);
    const table = await screen.findByRole('table', { name: 'Answers beside the facts they fill' });
    const title = within(table).getByText('Your job title').closest('tr') as HTMLElement;
    expect(within(title).getByText('Data Engineer')).toBeTruthy();
    expect(within(title).getByText('Job title')).toBeTruthy();
    expect(within(title).getByTitle('Changed since the answer').textContent).toBe('Senior Data Engineer');
    const scan = within(table).getByText('Passport scan').closest('tr') as HTMLElement;
    expect(within(scan).getByText('passport.jpg')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the answers back' });
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await within(dialog).findByText('Say what needs to change')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Accept answers' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/api/cases/questionnaire/review').at(-1)?.body).toEqual({
        caseId: 'c-1',
        responseId: 'r-1',
        decision: 'accept',
      }),
    );
  });
});
