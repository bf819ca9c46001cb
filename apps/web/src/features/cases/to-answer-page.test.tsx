import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildMe } from '../../test/factories';
import { mockApi, renderApp } from '../../test/render';

const RESPONSE_ID = '9b3c1a55-0000-4000-8000-0000000000a1';
const definition = {
  sections: [
    {
      key: 'job',
      title: 'Your job',
      questions: [
        { key: 'title', label: 'Job title', type: 'text', required: true, fills: 'case.jobTitle' },
        { key: 'city', label: 'City of work', type: 'text' },
      ],
    },
  ],
};
const item = (overrides: Record<string, unknown> = {}) => ({
  _id: RESPONSE_ID,
  caseId: 'c-1',
  caseNumber: 'DPC-H1B-10001',
  firmName: 'Demo Law Firm',
  name: 'H-1B intake',
  status: 'sent',
  comment: null,
  sentOn: '2026-11-02T15:00:00.000Z',
  ...overrides,
});

const serverFor = (handlers: Parameters<typeof mockApi>[0]) =>
  mockApi({
    'POST /api/auth/session': () => ({ me: buildMe(11) }),
    'POST /api/reminders/bell-count': () => ({ unread: 0 }),
    'POST /api/master-data/countries': () => ({ list: [] }),
    ...handlers,
  });

describe('To answer (issue 35 item 2)', { timeout: 30_000 }, () => {
  it('issue 35: with nothing sent, the page says where questionnaires come from; a sent one offers Answer', async () => {
    serverFor({ 'POST /api/answering/list': () => ({ list: [] }) });
    const first = renderApp('/to-answer');
    expect(
      await screen.findByText('No questionnaires yet. Your law firm sends one here when it needs your answers.'),
    ).toBeTruthy();
    first.unmount();
    serverFor({ 'POST /api/answering/list': () => ({ list: [item(), item({ _id: 'x', status: 'accepted' })] }) });
    renderApp('/to-answer');
    const table = await screen.findByRole('table', { name: 'Questionnaires to answer' });
    await within(table).findByText('Waiting for answers');
    expect(within(table).getAllByRole('button', { name: /^Answer/ })).toHaveLength(1);
    expect(within(table).getAllByRole('button', { name: /View answers/ })).toHaveLength(1);
  });

  it('issue 35: answers sent back show the firm’s comment; a draft saves what was typed; an unanswered required question stops the submit; the submit sends the answers', async () => {
    const api = serverFor({
      'POST /api/answering/list': () => ({ list: [item({ status: 'returned', comment: 'Use your official title' })] }),
      'POST /api/answering/open': () => ({
        ...item({ status: 'returned', comment: 'Use your official title' }),
        definition,
        answers: { city: 'Austin' },
        files: [],
      }),
      'POST /api/answering/save': () => ({ message: 'Draft saved' }),
      'POST /api/answering/submit': () => ({ message: 'Answers sent to your law firm' }),
    });
    const user = userEvent.setup();
    renderApp(`/to-answer/${RESPONSE_ID}`);
    const alert = await screen.findByText('Use your official title');
    expect(alert.closest('[role="alert"]') ?? alert).toBeTruthy();
    expect(screen.getByText('Your law firm sent your answers back')).toBeTruthy();
    const city = (await screen.findByLabelText('City of work')) as HTMLInputElement;
    expect(city.value).toBe('Austin');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This answer is required')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/answering/submit')).toBe(false);
    await user.type(screen.getByLabelText(/Job title/), 'Data Engineer');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/answering/save')?.body).toEqual({
        responseId: RESPONSE_ID,
        answers: { city: 'Austin', title: 'Data Engineer' },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/answering/submit')?.body).toEqual({
        responseId: RESPONSE_ID,
        answers: { city: 'Austin', title: 'Data Engineer' },
      }),
    );
  });

  it('issue 35: a server refusal is shown on the question it names', async () => {
    serverFor({
      'POST /api/answering/open': () => ({ ...item(), definition, answers: { title: 'x' }, files: [] }),
      'POST /api/answering/submit': () => [
        400,
        {
          code: 'VALIDATION_ERROR',
          message: 'Job title is too short',
          fields: [{ name: 'answers.title', message: 'Job title is too short' }],
        },
      ],
    });
    const user = userEvent.setup();
    renderApp(`/to-answer/${RESPONSE_ID}`);
    await screen.findByLabelText(/Job title/);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const input = screen.getByLabelText(/Job title/);
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
  });
});
