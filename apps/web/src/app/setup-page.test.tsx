import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '../test/factories';
import { mockApi, renderApp } from '../test/render';

const NOTE =
  "The platform's defaults switched on 1 case type (N-400 Application for Naturalization) with 3 sub-types, each " +
  'with its questionnaire; nobody in your firm has changed them yet. Left to do: check that these are the case ' +
  "types your firm files (switch on the others it files, switch off any it does not) and review each sub-type's " +
  'questionnaire, forms and letters.';

/** A brand-new tenant: Company Details and Workflows done, Case Configuration done by the platform's defaults. */
const serverFor = (note: string | undefined) =>
  mockApi({
    'POST /api/auth/session': () => ({ me: buildMe(3) }),
    'POST /api/workflow/details': () => ({
      workflow: { _id: 'wf-1', name: 'Default', configCompleted: true, active: true },
    }),
    'POST /api/tenant/details': () => ({ tenant: { name: 'Fresh Start Immigration' } }),
    'POST /api/billing/selected-plan': () => ({ plan: { name: 'Standard' } }),
    'POST /api/tenant/setup-progress': () => ({
      steps: [
        { key: 'profile', label: 'Company Details', done: true },
        { key: 'workflow', label: 'Workflows', done: true },
        { key: 'questionnarie', label: 'Case Configuration', done: true, ...(note ? { note } : {}) },
      ],
      complete: true,
    }),
  });

describe('first-time setup: what a step has so far (issue 38 finding 6)', () => {
  it("the Case Configuration step shows the server's note in an Alert titled 'Case Configuration so far'", async () => {
    serverFor(NOTE);
    renderApp('/basic-settings/questionnarie');
    const alert = await screen.findByRole('alert', { name: 'Case Configuration so far' });
    expect(alert.textContent).toContain(NOTE);
    // The step is still marked done (the defaults made it so); the note says how.
    const steps = screen.getByRole('list', { name: 'Setup steps' });
    await waitFor(() => expect(within(steps).getAllByRole('listitem').at(-1)?.textContent).toMatch(/done$/));
  });

  it('a step without a note shows no such Alert', async () => {
    serverFor(undefined);
    renderApp('/basic-settings/questionnarie');
    expect(await screen.findByRole('list', { name: 'Setup steps' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Finish' }).hasAttribute('disabled')).toBe(false));
    expect(screen.queryByRole('alert', { name: 'Case Configuration so far' })).toBeNull();
  });
});
