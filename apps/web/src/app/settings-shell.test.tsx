import { PROFILE_INCOMPLETE_NOTICE } from '@caseport/domain/settings/tab-activation';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '../test/factories';
import { mockApi, renderApp } from '../test/render';
import { HELP_TEXT } from './help-text';

const configured = { workflow: { _id: 'wf-1', name: 'Default', configCompleted: true, active: true } };
const notConfigured = { workflow: { _id: 'wf-1', name: 'Default', configCompleted: false, active: true } };

const serverFor = (me: ReturnType<typeof buildMe> | null, workflow = configured) =>
  mockApi({
    'GET /api/auth/me': () => (me ? me : [401, { code: 'UNAUTHENTICATED', message: 'Sign in' }]),
    'POST /api/workflow/details': () => workflow,
    'POST /api/tenant/details': () => ({ tenant: { name: 'Lawfirm LLP' } }),
    'POST /api/billing/selected-plan': () => ({ plan: { name: 'Standard' } }),
  });

const path = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname;

describe('settings shell', () => {
  it('sends a signed-out visitor to /login, keeping the intended URL', async () => {
    serverFor(null);
    const { router } = renderApp('/settings/labelsList');
    await waitFor(() => expect(path(router)).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fsettings%2FlabelsList');
  });

  it('R-SHELL-007/013: role 3 lands on Company Details, highlighted in the sidebar', async () => {
    serverFor(buildMe(3));
    const { router } = renderApp('/');
    await waitFor(() => expect(path(router)).toBe('/settings/profile'));
    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: 'Company Details' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { name: 'Company Details' })).toBeTruthy();
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

  it('R-SHELL-042: role 3 with an incomplete profile is held on the profile tab', async () => {
    serverFor(buildMe(3, { profComplted: 'no' }));
    const { router } = renderApp('/settings/labelsList');
    await waitFor(() => expect(path(router)).toBe('/settings/profile'));
  });

  it('D-03: role 4 with an incomplete profile sees the notice instead of the tab', async () => {
    const api = serverFor(buildMe(4, { profComplted: 'no' }));
    renderApp('/settings/labelsList');
    expect(await screen.findByText(PROFILE_INCOMPLETE_NOTICE)).toBeTruthy();
    expect(screen.queryByText(/this area is being built/)).toBeNull();
    expect(api.calls.some((c) => c.path === '/api/tenant/details')).toBe(false);
  });

  it('R-SHELL-043: role 3 without a card or plan is held on the profile tab', async () => {
    serverFor(buildMe(3, { hasCard: false }));
    const { router } = renderApp('/settings/labelsList');
    await waitFor(() => expect(path(router)).toBe('/settings/profile'));
  });

  it('D-01: an unknown or forbidden tab falls back to the tab the rules choose', async () => {
    serverFor(buildMe(4));
    const { router } = renderApp('/settings/profile'); // role 4 cannot open Company Details
    await waitFor(() => expect(path(router)).toBe('/settings/workflow'));
  });

  it('R-SHELL-045: the workflow tab opens only when the default workflow is configured and active', async () => {
    const api = serverFor(buildMe(3), notConfigured);
    const { router } = renderApp('/settings/workflow');
    await waitFor(() => expect(path(router)).toBe('/basic-settings/workflow'));
    expect(api.calls.find((c) => c.path === '/api/workflow/details')?.body).toEqual({ workflowId: 'wf-1' });
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
    serverFor(buildMe(3));
    renderApp('/settings/configReminders?tab=rfe');
    expect(await screen.findByText('Requested section: rfe')).toBeTruthy();
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
    serverFor(buildMe(3));
    renderApp('/basic-settings/workflow');
    const steps = await screen.findByRole('list', { name: 'Setup steps' });
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.replace(/^\d/, ''))).toEqual([
      'Company Details',
      'Workflows',
      'Case Configuration',
    ]);
    expect(items[1]?.getAttribute('aria-current')).toBe('step');
    expect(screen.queryByRole('navigation', { name: 'Settings' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('R-SHELL-011: basic-configuration shows only the first 2 steps', async () => {
    serverFor(buildMe(3));
    const { router } = renderApp('/basic-configuration');
    await waitFor(() => expect(path(router)).toBe('/basic-configuration/profile'));
    const steps = await screen.findByRole('list', { name: 'Setup steps' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('R-SHELL-051: finishing the last setup step opens the Congratulations popup over settings', async () => {
    serverFor(buildMe(3));
    const { default: userEvent } = await import('@testing-library/user-event');
    const { router } = renderApp('/basic-settings/questionnarie');
    const steps = await screen.findByRole('list', { name: 'Setup steps' });
    expect(within(steps).getAllByRole('listitem').at(-1)?.getAttribute('aria-current')).toBe('step');
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('dialog', { name: 'Congratulations' })).toBeTruthy();
    await waitFor(() => expect(path(router)).toMatch(/^\/settings/));
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
