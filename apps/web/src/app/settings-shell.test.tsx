import { PROFILE_INCOMPLETE_NOTICE } from '@caseport/domain/settings/tab-activation';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '../test/factories';
import { mockApi, renderApp } from '../test/render';
import { HELP_TEXT } from './help-text';

const configured = { workflow: { _id: 'wf-1', name: 'Default', configCompleted: true, active: true } };
const notConfigured = { workflow: { _id: 'wf-1', name: 'Default', configCompleted: false, active: true } };

type Done = { profile?: boolean; workflow?: boolean; questionnarie?: boolean };
/** The server's answer to /api/tenant/setup-progress for the given done steps. */
const progressOf = (done: Done) => {
  const steps = [
    { key: 'profile', label: 'Company Details', done: !!done.profile },
    { key: 'workflow', label: 'Workflows', done: !!done.workflow },
    { key: 'questionnarie', label: 'Case Configuration', done: !!done.questionnarie },
  ];
  return { steps, complete: steps.every((x) => x.done) };
};

const serverFor = (me: ReturnType<typeof buildMe> | null, workflow = configured, done: () => Done = () => ({})) =>
  mockApi({
    'POST /api/auth/session': () => ({ me: me ?? null }),
    'POST /api/workflow/details': () => workflow,
    'POST /api/tenant/details': () => ({ tenant: { name: 'Lawfirm LLP' } }),
    'POST /api/billing/selected-plan': () => ({ plan: { name: 'Standard' } }),
    'POST /api/tenant/setup-progress': () => progressOf(done()),
    'POST /api/subscription/cards': () => ({ list: [], totalCount: 0 }),
    'POST /api/subscription/plans': () => ({ list: [], totalCount: 0 }),
    'POST /api/signing/list': () => ({ list: [] }),
  });

/** The held tab's own heading, its explanation and the link to the step that lifts the hold (issue 15). */
const expectHold = async (heading: string, message: string, link?: { name: string; href: string }) => {
  expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  const status = screen.getByRole('status', { name: `${heading} is not open yet` });
  expect(status.textContent).toContain(message);
  if (link) expect(within(status).getByRole('link', { name: link.name }).getAttribute('href')).toBe(link.href);
  else expect(within(status).queryByRole('link')).toBeNull();
};

const path = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname;

describe('settings shell', () => {
  it('sends a signed-out visitor to /login, keeping the intended URL', async () => {
    serverFor(null);
    const { router } = renderApp('/settings/labelsList');
    await waitFor(() => expect(path(router)).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fsettings%2FlabelsList');
  });

  it('issue 35: an attorney (role 5) has no settings: it lands on To sign, its header link', async () => {
    serverFor(buildMe(5));
    const { router } = renderApp('/');
    await waitFor(() => expect(path(router)).toBe('/to-sign'));
    expect((await screen.findAllByRole('link', { name: /To sign/ }))[0]?.getAttribute('href')).toBe('/to-sign');
  });

  it('R-SHELL-007/013: role 3 lands on Company Details, highlighted in the sidebar', async () => {
    serverFor(buildMe(3));
    const { router } = renderApp('/');
    await waitFor(() => expect(path(router)).toBe('/settings/profile'));
    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: 'Company Details' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { name: 'Company Details' })).toBeTruthy();
  });

  it('issue 38: an unknown tab in the URL lands on Company Details and says so, with a way to dismiss it', async () => {
    serverFor(buildMe(3));
    const { router } = renderApp('/settings/nope');
    await waitFor(() => expect(path(router)).toBe('/settings/profile'));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain("There is no settings tab 'nope'. You are on Company Details");
    within(notice).getByRole('button', { name: 'Dismiss' }).click();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(path(router)).toBe('/settings/profile');
  });

  it("issue 38: Fees asked for by a petitioner company's admin says it is not part of a petitioner company's settings", async () => {
    serverFor(buildMe(3, { tenantType: 2 }));
    const { router } = renderApp('/settings/fillingFeeSettings');
    await waitFor(() => expect(path(router)).toBe('/settings/profile'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Fees is not part of the settings of a petitioner company. You are on Company Details',
    );
  });

  it('issue 38: a tab the role may not open says so (role 4 asking for Company Details)', async () => {
    serverFor(buildMe(4));
    renderApp('/settings/profile');
    expect((await screen.findByRole('alert')).textContent).toContain('Company Details is not open to your role.');
  });

  it('lists me.menu in order in the sidebar', async () => {
    const me = buildMe(4);
    serverFor(me);
    renderApp('/settings/labelsList');
    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(me.menu.map((m) => m.label));
  });

  it('R-SHELL-042: role 3 with an incomplete profile gets no other tab: the tab says why and links to Company Details', async () => {
    const api = serverFor(buildMe(3, { profComplted: 'no' }));
    const { router } = renderApp('/settings/labelsList');
    await expectHold('Labels', 'Labels opens once Company Details are complete.', {
      name: 'Complete Company Details',
      href: '/basic-settings/profile',
    });
    // The tab asked for stays in the URL and the sidebar; none of its content (or another tab's) is shown.
    expect(path(router)).toBe('/settings/labelsList');
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: 'Labels' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('heading', { name: 'Company Details' })).toBeNull();
    expect(api.calls.some((c) => c.path === '/api/message-label/list')).toBe(false);
  });

  it('R-SHELL-042: R-SHELL-007: role 3 with an incomplete profile asking for no tab opens Company Details', async () => {
    serverFor(buildMe(3, { profComplted: 'no' }));
    const { router } = renderApp('/settings');
    await waitFor(() => expect(path(router)).toBe('/settings/profile'));
    expect(await screen.findByRole('heading', { name: 'Company Details' })).toBeTruthy();
  });

  it('D-01: a new tenant administrator signing in starts in first-time setup on Company Details', async () => {
    serverFor(buildMe(3, { profComplted: 'no' }));
    const { router } = renderApp('/');
    await waitFor(() => expect(path(router)).toBe('/basic-settings/profile'));
  });

  it('D-03: role 4 with an incomplete profile sees the notice instead of the tab', async () => {
    const api = serverFor(buildMe(4, { profComplted: 'no' }));
    renderApp('/settings/labelsList');
    await expectHold('Labels', PROFILE_INCOMPLETE_NOTICE);
    expect(screen.queryByText(/this area is being built/)).toBeNull();
    expect(api.calls.some((c) => c.path === '/api/tenant/details')).toBe(false);
  });

  it('R-SHELL-043: role 3 without a card or plan gets no other tab: the tab says why and links to Company Details', async () => {
    const api = serverFor(buildMe(3, { hasCard: false }));
    const { router } = renderApp('/settings/labelsList');
    await expectHold('Labels', 'Labels opens once your company has a plan and a payment card on file.', {
      name: 'Go to Company Details',
      href: '/settings/profile',
    });
    expect(path(router)).toBe('/settings/labelsList');
    expect(api.calls.some((c) => c.path === '/api/message-label/list')).toBe(false);
  });

  it('D-27: role 3 without a card or plan, Company Details complete, meets the Plan & payment step (plans and card form) on its profile tab', async () => {
    const api = serverFor(buildMe(3, { hasCard: false, hasPlan: false }));
    api.calls.length = 0;
    const { router } = renderApp('/settings/profile');
    const step = await screen.findByRole('region', { name: 'Plan & payment step' }, { timeout: 10_000 });
    expect(within(step).getByRole('status').textContent).toContain('A plan and a payment card are needed');
    expect(await within(step).findByRole('form', { name: 'Update card' })).toBeTruthy();
    expect(path(router)).toBe('/settings/profile');
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/subscription/plans')).toBe(true));
  }, 30_000);

  it('D-01: an unknown or forbidden tab falls back to the tab the rules choose', async () => {
    serverFor(buildMe(4));
    const { router } = renderApp('/settings/profile'); // role 4 cannot open Company Details
    await waitFor(() => expect(path(router)).toBe('/settings/workflow'));
  });

  it('R-SHELL-045: the workflow tab opens only when the default workflow is configured and active', async () => {
    const api = serverFor(buildMe(3), notConfigured);
    const { router } = renderApp('/settings/workflow');
    await expectHold('Workflows', 'The workflow list opens once your default workflow is set up and active.', {
      name: 'Set up the workflow',
      href: '/basic-settings/workflow',
    });
    expect(path(router)).toBe('/settings/workflow');
    expect(api.calls.find((c) => c.path === '/api/workflow/details')?.body).toEqual({ workflowId: 'wf-1' });
    expect(api.calls.some((c) => c.path === '/api/workflow/list')).toBe(false);
  });

  it('R-SHELL-045: a configured, active workflow opens the workflow tab', async () => {
    serverFor(buildMe(3));
    const { router } = renderApp('/settings/workflow');
    // The workflows panel is a real (lazy) screen now: its chunk takes longer to load than the placeholder.
    expect(await screen.findByRole('heading', { name: 'Workflows' }, { timeout: 8000 })).toBeTruthy();
    expect(path(router)).toBe('/settings/workflow');
  });

  it('R-SHELL-044/047/048: roles 3 and 4 open the requested tab and load tenant details and the selected plan', async () => {
    const manager = serverFor(buildMe(4));
    const asManager = renderApp('/settings/labelsList');
    await waitFor(() => expect(manager.calls.some((c) => c.path === '/api/billing/selected-plan')).toBe(true));
    await waitFor(() => expect(manager.calls.some((c) => c.path === '/api/tenant/details')).toBe(true));
    expect(path(asManager.router)).toBe('/settings/labelsList');
    asManager.unmount();
    const admin = buildMe(3);
    const api = serverFor({ ...admin, user: { ...admin.user, phone: '2025550123', phoneCode: '1' } });
    const { router } = renderApp('/settings/labelsList');
    await waitFor(() => expect(path(router)).toBe('/settings/labelsList'));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/billing/selected-plan')).toBe(true));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/tenant/details')).toBe(true));
    expect(api.calls.find((c) => c.path === '/api/tenant/details')?.body).toEqual({ tenantId: 't-1' });
    const plan = api.calls.find((c) => c.path === '/api/billing/selected-plan')?.body as Record<string, unknown>;
    expect(plan).toMatchObject({
      subscriber: { name: 'Ada Lovelace', email: 'user3@example.test', phone: '2025550123', phoneCode: '1' },
      plans: [],
      serviceTypeId: 1,
      methodTypeId: 1,
    });
    expect(plan.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(typeof plan.timezone).toBe('string');
  });

  it('R-SHELL-041/046: roles 1 and 2 land on the workflow tab, may open any tab, and skip the workflow and plan checks', async () => {
    const api = serverFor(buildMe(1, null));
    const landing = renderApp('/settings');
    await waitFor(() => expect(path(landing.router)).toBe('/settings/workflow'));
    expect(landing.router.state.location.state).toMatchObject({ tour: true });
    landing.unmount();
    const deepLink = renderApp('/settings/servicesCenters');
    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Service Centers' }).getAttribute('aria-current')).toBe('page'),
    );
    expect(path(deepLink.router)).toBe('/settings/servicesCenters');
    expect(api.calls.some((c) => c.path === '/api/workflow/details')).toBe(false);
    expect(api.calls.some((c) => c.path === '/api/billing/selected-plan')).toBe(false);
  });

  it('R-SHELL-005: ?tab= reaches the panel as its sub-tab', async () => {
    // Every tab has its screen now (stop 29): User Roles' ?tab=audit opens its Audit trail view.
    serverFor(buildMe(3));
    renderApp('/settings/usersRoles?tab=audit');
    const audit = (await screen.findByRole('radio', { name: 'Audit trail' })) as HTMLInputElement;
    await waitFor(() => expect(audit.checked).toBe(true));
    expect((screen.getByRole('radio', { name: 'Roles' }) as HTMLInputElement).checked).toBe(false);
  });

  it('R-SHELL-002/D-04: role 50 gets the petitioner profile screen, never settings', async () => {
    serverFor(buildMe(50, { tenantType: 2, hasPlan: false }));
    const { router } = renderApp('/settings/workflow');
    await waitFor(() => expect(path(router)).toBe('/petitioner-profile'));
    expect(await screen.findByRole('heading', { name: 'Petitioner Profile' })).toBeTruthy();
    expect(screen.getByText(/A plan and a payment card are needed/)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Settings' })).toBeNull();
  });

  it('R-SHELL-008/009: basic-settings hides the sidebar and shows the setup steps with Back / Continue', async () => {
    serverFor(buildMe(3, { profComplted: 'no' }));
    renderApp('/basic-settings/workflow');
    const steps = await screen.findByRole('list', { name: 'Setup steps' });
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.replace(/^\d|(not )?done$/g, ''))).toEqual([
      'Company Details',
      'Workflows',
      'Case Configuration',
    ]);
    expect(items[1]?.getAttribute('aria-current')).toBe('step');
    expect(screen.queryByRole('navigation', { name: 'Settings' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('D-01: a step shows done only when the server finds its condition met, and Continue waits for it', async () => {
    serverFor(buildMe(3, { profComplted: 'no' }));
    const { default: userEvent } = await import('@testing-library/user-event');
    const { router } = renderApp('/basic-settings/workflow');
    const steps = await screen.findByRole('list', { name: 'Setup steps' });
    const marks = () =>
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.endsWith('not done'));
    await waitFor(() => expect(marks()).toEqual([true, true, true]));
    // The step is held (Company Details first) and not done: Continue says what is missing and does not move.
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByText('Walk through the three workflow steps and press Complete Setup to finish this step.'),
    ).toBeTruthy();
    // Back leads to the step before.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(path(router)).toBe('/basic-settings/profile'));
  });

  it('D-01: the step marks follow the server: Company Details and Workflows done, Case Configuration not', async () => {
    serverFor(buildMe(3), configured, () => ({ profile: true, workflow: true }));
    renderApp('/basic-settings/questionnarie');
    const steps = await screen.findByRole('list', { name: 'Setup steps' });
    await waitFor(() =>
      expect(
        within(steps)
          .getAllByRole('listitem')
          .map((li) => li.textContent?.endsWith('not done')),
      ).toEqual([false, false, true]),
    );
  });

  it('issue 15: inside setup the Company Details form drives the footer: its save is the one way on', async () => {
    serverFor(buildMe(3, { profComplted: 'no' }));
    renderApp('/basic-settings/profile');
    expect(await screen.findByRole('button', { name: 'Save and continue' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Back' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  }, 30_000);

  it('R-SHELL-042: inside setup a later step waits for Company Details and links back to it', async () => {
    serverFor(buildMe(3, { profComplted: 'no' }));
    const { router } = renderApp('/basic-settings/questionnarie');
    await expectHold('Case Configuration', 'Case Configuration opens once Company Details are complete.', {
      name: 'Complete Company Details',
      href: '/basic-settings/profile',
    });
    expect(path(router)).toBe('/basic-settings/questionnarie');
    expect(screen.getByRole('button', { name: 'Finish' }).hasAttribute('disabled')).toBe(true);
  });

  it('R-SHELL-011: basic-configuration shows only the first 2 steps', async () => {
    serverFor(buildMe(3));
    const { router } = renderApp('/basic-configuration');
    await waitFor(() => expect(path(router)).toBe('/basic-configuration/profile'));
    const steps = await screen.findByRole('list', { name: 'Setup steps' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('R-SHELL-051: Finish is refused while a step is undone, and says which', async () => {
    serverFor(buildMe(3), configured, () => ({ profile: true, questionnarie: true }));
    renderApp('/basic-settings/questionnarie');
    const steps = await screen.findByRole('list', { name: 'Setup steps' });
    expect(within(steps).getAllByRole('listitem').at(-1)?.getAttribute('aria-current')).toBe('step');
    expect(await screen.findByText('Still to do: Workflows.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finish' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('dialog', { name: 'Congratulations' })).toBeNull();
  });

  it('R-SHELL-051: finishing the last setup step opens the Congratulations popup over settings', async () => {
    const api = serverFor(buildMe(3), configured, () => ({ profile: true, workflow: true, questionnarie: true }));
    const { default: userEvent } = await import('@testing-library/user-event');
    const { router } = renderApp('/basic-settings/questionnarie');
    const steps = await screen.findByRole('list', { name: 'Setup steps' });
    expect(within(steps).getAllByRole('listitem').at(-1)?.getAttribute('aria-current')).toBe('step');
    const finish = await screen.findByRole('button', { name: 'Finish' });
    await waitFor(() => expect(finish.hasAttribute('disabled')).toBe(false));
    const asked = api.calls.filter((c) => c.path === '/api/tenant/setup-progress').length;
    await userEvent.click(finish);
    expect(await screen.findByRole('dialog', { name: 'Congratulations' })).toBeTruthy();
    await waitFor(() => expect(path(router)).toMatch(/^\/settings/));
    // Finishing asks the server once more rather than trusting what the page last saw.
    expect(api.calls.filter((c) => c.path === '/api/tenant/setup-progress').length).toBeGreaterThan(asked);
  });

  it('R-SHELL-003: one wrapper screen holds the petitioner profile (role 50) and the settings shell (others)', async () => {
    serverFor(buildMe(50, { tenantType: 2 }));
    const first = renderApp('/petitioner-profile');
    expect(await screen.findByRole('heading', { name: 'Petitioner Profile' })).toBeTruthy();
    // The same chrome (brand link home + account menu) wraps both screens.
    expect(screen.getByRole('link', { name: 'Caseport home' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Account menu for/ })).toBeTruthy();
    first.unmount();
    serverFor(buildMe(3));
    renderApp('/settings/labelsList');
    expect(await screen.findByRole('navigation', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Caseport home' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Account menu for/ })).toBeTruthy();
  });

  it('R-SHELL-050: the help button opens the help text of tabs that have it, and is absent on the others', async () => {
    serverFor(buildMe(3));
    const { default: userEvent } = await import('@testing-library/user-event');
    const first = renderApp('/settings/labelsList');
    await userEvent.click(await screen.findByRole('button', { name: 'Help for Labels' }));
    const dialog = await screen.findByRole('dialog', { name: 'Help: Labels' });
    for (const paragraph of HELP_TEXT.labelsList?.paragraphs ?? ['(none)'])
      expect(dialog.textContent).toContain(paragraph);
    first.unmount();
    expect(HELP_TEXT.agreements).toBeUndefined();
    renderApp('/settings/agreements');
    expect(await screen.findByRole('heading', { name: 'Agreements' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Help for/ })).toBeNull();
  });

  it('R-SHELL-006: the active tab is shared state: a sidebar click moves the highlight, and the page settles it', async () => {
    serverFor(buildMe(3));
    const { default: userEvent } = await import('@testing-library/user-event');
    const { router } = renderApp('/settings/labelsList');
    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Labels' }).getAttribute('aria-current')).toBe('page'),
    );
    await userEvent.click(within(nav).getByRole('link', { name: 'Service Centers' }));
    await waitFor(() => expect(path(router)).toBe('/settings/servicesCenters'));
    expect(within(nav).getByRole('link', { name: 'Service Centers' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Labels' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows the user, role and tenant in the account menu with Sign out', async () => {
    serverFor(buildMe(3));
    const { default: userEvent } = await import('@testing-library/user-event');
    renderApp('/settings/labelsList');
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' }));
    const signOut = await screen.findByRole('menuitem', { name: 'Sign out' });
    const menu = signOut.closest('[role="menu"]') as HTMLElement;
    expect(menu.textContent).toContain('Admin');
    expect(menu.textContent).toContain('Lawfirm LLP');
  });
});
