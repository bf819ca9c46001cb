import { PASSWORD_SEQUENTIAL } from '@caseport/domain/auth/password-policy';
import type { Page } from '@playwright/test';
import { field, fillCompanyDetails } from './company-details';
import { expect, freshPage, shooter, test } from './fixtures';
import { addPlanAndCard } from './plan-and-card';

/**
 * Issue 16, must show: role 1 creates a law firm and its admin; the admin accepts the invitation, sets a
 * password, lands in first-time setup, then invites a paralegal; the paralegal accepts, signs in and sees only
 * what their role may see. Screenshots of each new screen at 1280 and 390 px go to test-results/screens/users.
 */
const shoot = shooter('users');
const stamp = Date.now().toString(36);
const FIRM = `Harbor Immigration Law ${stamp}`;
const ADMIN = `hana.harbor.${stamp}@harbor-law.test`;
const PARALEGAL = `paul.para.${stamp}@harbor-law.test`;

/** The link a no-transport invitation shows its admin (also in their outbox). */
const readLink = async (page: Page, dialogName: string) => {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(link).toMatch(/#token=[\w-]{43}$/);
  return { dialog, link };
};

const acceptInvitation = async (page: Page, link: string, password: string, shot?: string) => {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
  const pw = page.getByLabel(/^New password/);
  // The shared password policy, live as the user types.
  await pw.fill('12345678');
  await expect(page.getByText(PASSWORD_SEQUENTIAL)).toBeVisible();
  if (shot) await shoot(page, shot);
  await pw.fill(password);
  await expect(page.getByText(PASSWORD_SEQUENTIAL)).toHaveCount(0);
  await page.getByLabel(/^Confirm new password/).fill(password);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
};

test.describe('Users, invitations and tenants (issue 16)', () => {
  test('role 1 creates a law firm and its admin; the admin accepts, sets a password, starts setup and invites a paralegal, who accepts and sees only their tabs', async ({
    page,
    as,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    page.setDefaultTimeout(30_000);
    // Role 1: the tenant list in User Roles; New Tenant with its first admin.
    await as('platformAdmin');
    await page.goto('/settings/usersRoles');
    await expect(page.getByRole('heading', { name: 'User Roles', level: 2 })).toBeVisible();
    // The catalogue, read from the tab table and the permission matrix: a paralegal opens no settings tab.
    await page.getByRole('button', { name: /Paralegal/ }).click();
    await expect(
      page.getByRole('region', { name: 'Paralegal Role 6' }).getByText('None: this role does not open the settings.'),
    ).toBeVisible();
    await page.getByRole('button', { name: /Branch Manager/ }).click();
    await shoot(page, 'user-roles-platform');
    await page.locator('label', { hasText: 'Tenants' }).click();
    await expect(page).toHaveURL(/tab=tenants/);
    await page.getByRole('button', { name: 'New Tenant' }).click();
    const form = page.getByRole('dialog', { name: 'New Tenant' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(FIRM);
    await form.getByRole('textbox', { name: 'Admin email', exact: true }).fill(ADMIN);
    await form.getByRole('textbox', { name: 'First name', exact: true }).fill('Hana');
    await form.getByRole('textbox', { name: 'Last name', exact: true }).fill('Harbor');
    await shoot(page, 'tenant-create');
    await form.getByRole('button', { name: 'Create and invite' }).click();
    const created = await readLink(page, 'Invitation link for the admin');
    await shoot(page, 'tenant-invitation-link');
    await created.dialog.getByRole('button', { name: 'Close' }).click();
    // The same message waits, unsent, in role 1's outbox.
    await page.getByRole('button', { name: 'Outbox' }).click();
    const outbox = page.getByRole('dialog', { name: 'Outbox' });
    await expect(outbox.getByRole('row', { name: new RegExp(ADMIN.replace(/\./g, '\\.')) })).toContainText('Not sent');
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Search by Name' }).fill(stamp);
    const row = page.getByRole('table', { name: 'Tenants' }).getByRole('row', { name: new RegExp(FIRM) });
    await expect(row).toContainText('Law firm');
    await expect(row).toContainText('Active');
    await shoot(page, 'tenants-list');

    // The admin accepts in their own browser and lands in first-time setup.
    const admin = await freshPage(browser, baseURL);
    await acceptInvitation(admin, created.link, 'Harbor lights at low tide 42', 'accept-invitation');
    await expect(admin).toHaveURL(/\/basic-settings\/profile$/, { timeout: 30_000 });
    await expect(admin.getByRole('form', { name: 'Company Details' })).toBeVisible({ timeout: 30_000 });
    await fillCompanyDetails(admin, { slug: `hb${stamp}`.slice(0, 15), code: 'HBL' });
    await admin.getByRole('button', { name: 'Save and continue' }).click();
    await expect(admin).toHaveURL(/\/basic-settings\/workflow$/, { timeout: 30_000 });
    // D-27: a new tenant has no card or plan until its admin adds them (billing-plan.spec shows the screen).
    await addPlanAndCard(admin);

    // User Roles → Manage Users (the users tab has no menu entry).
    await admin.goto('/settings/usersRoles');
    await expect(
      admin.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Users', exact: true }),
    ).toHaveCount(0);
    await admin.getByRole('button', { name: 'Manage Users' }).click();
    await expect(admin).toHaveURL(/\/settings\/users$/);
    // Issue 38: the list opens on every user: the new firm's admin is listed.
    const filters = admin.getByRole('search', { name: 'User filters' });
    const users = admin.getByRole('table', { name: 'Users' });
    await expect(users.getByRole('row', { name: /Hana Harbor/ })).toBeVisible();
    await expect(admin.getByText('Total: 1 user', { exact: true })).toBeVisible();
    await shoot(admin, 'users-first');

    await admin.getByRole('button', { name: 'Invite User' }).click();
    const invite = admin.getByRole('dialog', { name: 'Invite User' });
    await invite.getByRole('textbox', { name: 'Email', exact: true }).fill(PARALEGAL);
    await invite.getByRole('textbox', { name: 'First name', exact: true }).fill('Paul');
    await invite.getByRole('textbox', { name: 'Last name', exact: true }).fill('Para');
    await field(invite, 'Role').click();
    // Only the admin's allowed-roles set is offered (R-ROLE-010): no Admin, no Authorized Signatory.
    await expect(admin.getByRole('option', { name: 'Authorized Signatory' })).toHaveCount(0);
    await expect(admin.getByRole('option', { name: 'Admin', exact: true })).toHaveCount(0);
    await shoot(admin, 'user-invite');
    await admin.getByRole('option', { name: 'Paralegal' }).click();
    await invite.getByRole('button', { name: 'Send Invitation' }).click();
    const invited = await readLink(admin, 'Invitation link');
    await invited.dialog.getByRole('button', { name: 'Close' }).click();

    // The paralegal is listed as invited beside the admin.
    await expect(filters).toBeVisible();
    await expect(users.getByRole('row', { name: /Paul Para/ })).toContainText('Invited');
    await expect(users.getByRole('row', { name: /Hana Harbor/ })).toContainText('Active');
    await shoot(admin, 'users-list');
    await admin.getByRole('button', { name: 'Outbox' }).click();
    await expect(admin.getByRole('dialog', { name: 'Outbox' }).getByText(PARALEGAL)).toBeVisible();
    await shoot(admin, 'outbox');
    await admin.keyboard.press('Escape');

    // The paralegal accepts, is signed in, and has no settings to open (role 6 sees no settings tab).
    const para = await freshPage(browser, baseURL);
    await acceptInvitation(para, invited.link, 'Quiet rivers carry old maps');
    await expect(para.getByRole('heading', { name: 'Nothing to configure here' })).toBeVisible({ timeout: 30_000 });
    await expect(para.getByRole('navigation', { name: 'Settings' })).toHaveCount(0);
    const me = await (await para.request.get('/api/auth/me')).json();
    expect(me).toMatchObject({ roleId: 6, menu: [], tabs: [] });
    await para.goto('/settings/users');
    await expect(para.getByRole('heading', { name: 'Nothing to configure here' })).toBeVisible();
    // The same link a second time is refused.
    await para.goto(invited.link);
    await expect(para.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await shoot(para, 'link-refused');

    // Back in the admin's list, the paralegal is active; deactivating asks first.
    await admin.reload();
    await field(filters, 'Role').click();
    await field(filters, 'Role').press('Backspace');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(users.getByRole('row', { name: /Paul Para/ })).toContainText('Active');
    await users.getByRole('button', { name: 'Deactivate Paul Para' }).click();
    await expect(admin.getByRole('dialog', { name: 'Deactivate user' })).toBeVisible();
    await shoot(admin, 'user-deactivate');
    await admin.getByRole('dialog', { name: 'Deactivate user' }).getByRole('button', { name: 'Deactivate' }).click();
    await expect(users.getByRole('row', { name: /Paul Para/ })).toContainText('Inactive');
    // The paralegal's open page is signed out at its next request.
    await para.goto('/');
    await expect(para).toHaveURL(/\/login/);

    // My Profile.
    await admin.goto('/account');
    await expect(admin.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await shoot(admin, 'my-profile');
  });

  test('issue 38: the catalogue holds roles 5, 8, 9, 10 and 11, and the user list opens on every role (not role 11)', async ({
    page,
    as,
  }) => {
    await as('lawAdmin');
    await page.goto('/settings/usersRoles');
    for (const [id, name] of [
      [5, 'Attorney'],
      [8, 'Documentation Manager'],
      [9, 'Documentation Executive'],
      [10, 'Accounts Manager'],
      [11, 'Beneficiary'],
    ] as const) {
      await expect(page.getByRole('button', { name: `${name} Role ${id}`, exact: true })).toBeVisible();
    }
    const listCall = page.waitForRequest((r) => r.url().endsWith('/api/users/list'));
    await page.getByRole('button', { name: 'Manage Users' }).click();
    expect((await listCall).postDataJSON().filters).toEqual({});
    await expect(field(page.getByRole('search', { name: 'User filters' }), 'Role')).toHaveValue('');
  });

  test("issue 38: /users opens on the firm's users; a filter is in the URL and survives a reload; Clear clears; a search finds", async ({
    page,
    as,
  }) => {
    await as('lawAdmin');
    await page.goto('/settings/users');
    const users = page.getByRole('table', { name: 'Users' });
    const total = page.getByText(/^Total: \d+ users?$/);
    await expect(users.getByRole('row', { name: /Marco Mendes/ })).toBeVisible();
    const all = Number(/\d+/.exec((await total.textContent()) ?? '')?.[0]);
    expect(all).toBeGreaterThan(1);
    await expect(users.getByRole('row', { name: /Laura Lawson/ })).toBeVisible();

    const filters = page.getByRole('search', { name: 'User filters' });
    await field(filters, 'Role').click();
    await page.getByRole('option', { name: 'Branch Manager', exact: true }).click();
    await page.keyboard.press('Escape');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/[?&]role=4(&|$)/);
    await expect(users.getByRole('row', { name: /Laura Lawson/ })).toHaveCount(0);
    await expect(users.getByRole('row', { name: /Marco Mendes/ })).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/[?&]role=4(&|$)/);
    await expect(filters.getByText('Branch Manager', { exact: true })).toBeVisible();
    await expect(users.getByRole('row', { name: /Marco Mendes/ })).toBeVisible();
    await expect(users.getByRole('row', { name: /Laura Lawson/ })).toHaveCount(0);

    await filters.getByRole('button', { name: 'Clear' }).click();
    await expect(page).not.toHaveURL(/[?&]role=/);
    await expect(total).toHaveText(`Total: ${all} users`);
    await expect(filters.getByText('Branch Manager', { exact: true })).toHaveCount(0);

    await page.getByLabel('Search by Name or Email').fill('Mendes');
    await expect(users.getByRole('row', { name: /Laura Lawson/ })).toHaveCount(0);
    await expect(users.getByRole('row', { name: /Marco Mendes/ })).toBeVisible();
    await expect(page).toHaveURL(/[?&]q=Mendes(&|$)/);
    await page.reload();
    await expect(page.getByLabel('Search by Name or Email')).toHaveValue('Mendes');
    await expect(users.getByRole('row', { name: /Marco Mendes/ })).toBeVisible();
    await expect(users.getByRole('row', { name: /Laura Lawson/ })).toHaveCount(0);
  });
});
