import type { Page } from '@playwright/test';
import { expect as baseExpect, shooter, test } from './fixtures';

// The machine running these is shared and slow at times: waits are longer than the suite default.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const shot = shooter('workflows', { widths: 'as-is' });
const table = (page: Page) => page.getByRole('table', { name: 'Workflows' });
const row = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });
const activity = (page: Page, name: string) =>
  page.locator('[data-activity]').filter({ has: page.getByText(name, { exact: true }) });

const openWorkflows = async (page: Page) => {
  await page.goto('/settings/workflow');
  await expect(page.getByRole('heading', { name: 'Workflows', level: 2 })).toBeVisible();
  await expect(table(page).getByRole('row').nth(1)).toBeVisible();
};

const rowAction = async (page: Page, name: string, action: string, customer?: string) => {
  const target = customer ? row(page, name).filter({ hasText: customer }) : row(page, name);
  // One row-action pattern (components/LISTS.md): each action is an icon button named '<action> <row>'.
  await target.getByRole('button', { name: `${action} ${name}`, exact: true }).click();
};

test.describe('workflows', () => {
  test('R-WF-011: R-WF-012: R-WF-073: R-PROFILE-022: R-WF-013: R-WF-014: R-WF-015: R-WF-016: R-WF-037: R-WF-039: R-WF-061: R-WF-031: role 1 creates a workflow for Other Law Firm and sets it up in 3 steps', async ({
    page,
    as,
  }) => {
    await as('platformAdmin');
    await openWorkflows(page);
    await shot(page, 'role1-list');

    await page.getByRole('button', { name: 'Create Workflow' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Workflow' });
    await dialog.getByRole('combobox', { name: 'Customer' }).click();
    await page.getByRole('option', { name: 'Other Law Firm' }).click();
    await dialog.getByRole('textbox', { name: 'Workflow Name' }).fill('H-1B Cap Season 2027');
    await shot(page, 'role1-create-dialog');
    // Issue 15: the dialog stores nothing; the workflow is created when step 1 is continued from.
    const creates: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/workflow/create')) creates.push(r.postDataJSON());
    });
    await dialog.getByRole('button', { name: 'Create' }).click();

    // Step 1: settings and the team.
    await expect(page.getByRole('heading', { name: 'H-1B Cap Season 2027' })).toBeVisible();
    await expect(page.getByText('Other Law Firm')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
    await page.getByText('Sequential').click();
    await shot(page, 'role1-step1');
    // R-WF-061: an action-required activity without editors blocks Continue.
    const supervisors = activity(page, 'Supervisor List');
    // The sticky Back/Continue bar may cover a field near the bottom: keyboard, as a user could.
    const editors = supervisors.getByRole('combobox', { name: 'Editors' });
    await editors.focus();
    await editors.press('Backspace');
    await editors.press('Backspace');
    await page.keyboard.press('Escape');
    // R-PROFILE-022: from the bottom of the page, a failed step brings the first error into view.
    await page.mouse.move(700, 400);
    await page.mouse.wheel(0, 10_000);
    await expect(supervisors.getByText('Supervisor List', { exact: true })).not.toBeInViewport();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(supervisors.getByText('Editors are required')).toBeVisible();
    await expect(supervisors.getByText('Editors are required')).toBeInViewport();
    await expect(page.getByText('Step 1', { exact: true })).toBeVisible();
    await shot(page, 'role1-editors-required');
    await editors.focus();
    await editors.press('ArrowDown');
    await page.getByRole('option', { name: 'Admin', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(supervisors.getByText('Editors are required')).toHaveCount(0);

    // R-WF-039 / R-WF-037: RFE handling both ways, seen on step 3.
    await page.getByRole('radio', { name: 'Filed separately' }).check();
    expect(creates).toHaveLength(0);
    const created = page.waitForRequest((r) => r.url().endsWith('/api/workflow/create'));
    await page.getByRole('button', { name: 'Continue' }).click();
    // R-WF-073, R-WF-012: {name, config, tenantId, active, configCompleted}; role 1 names the customer.
    const createBody = (await created).postDataJSON();
    expect(createBody).toMatchObject({
      name: 'H-1B Cap Season 2027',
      tenantId: expect.any(String),
      active: false,
      configCompleted: false,
      workflowType: 'Sequential',
      manageRfeCase: 'filed_separately',
    });
    expect(createBody.config.length).toBeGreaterThan(10);
    await expect(page.getByRole('region', { name: 'Step 2 activities' })).toBeVisible();
    // The stored workflow has the editor's URL now.
    await expect(page).toHaveURL(/[?&]tab=[0-9a-f-]{36}/);
    await expect(activity(page, 'LCA Request')).toBeVisible();
    await shot(page, 'role1-step2');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(activity(page, 'Filing Fee')).toBeVisible();
    await expect(page.getByText('RFE: Upload Notice')).toHaveCount(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('radio', { name: 'Within the case' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(activity(page, 'RFE: Upload Notice')).toBeVisible();
    await expect(
      activity(page, 'RFE: Upload Notice').getByRole('switch', { name: 'Include RFE: Upload Notice' }),
    ).toBeDisabled();
    await expect(activity(page, 'RFE: Case Approved').getByRole('switch')).toBeEnabled();
    await shot(page, 'role1-step3');

    // R-WF-015 / D-14: a new workflow completes with 'Complete Setup'.
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await expect(page.getByText('Workflow updated successfully')).toBeVisible();
    // The seeded demo fills more than a page for role 1 (issue 15): find the row by its title.
    await page.getByRole('textbox', { name: 'Search by Title' }).fill('H-1B Cap Season 2027');
    await expect(row(page, 'H-1B Cap Season 2027')).toContainText('Complete');
    await expect(row(page, 'H-1B Cap Season 2027')).toContainText('Active');
    await expect(row(page, 'H-1B Cap Season 2027')).toContainText('Other Law Firm');
    await expect(row(page, 'H-1B Cap Season 2027')).toContainText('Sequential');

    // D-14: once complete the last step says Submit.
    await row(page, 'H-1B Cap Season 2027').getByRole('button', { name: 'Edit H-1B Cap Season 2027' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
    expect(creates).toHaveLength(1);
  });

  test('Create Workflow left before step 1 is saved leaves no workflow behind (issue 15)', async ({ page, as }) => {
    await as('lawAdmin');
    await openWorkflows(page);
    const creates: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/workflow/create')) creates.push(r.url());
    });
    await page.getByRole('button', { name: 'Create Workflow' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Workflow' });
    await dialog.getByRole('textbox', { name: 'Workflow Name' }).fill('Left Unsaved 2027');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { name: 'Left Unsaved 2027' })).toBeVisible();
    await expect(page).toHaveURL(/[?&]tab=new/);
    await expect(page.getByText('Nothing is saved yet.', { exact: false })).toBeVisible();
    // A change, then the browser's Back: the unsaved-changes prompt, and discarding stores nothing.
    await page.getByText('Sequential').click();
    await page.goBack();
    await page
      .getByRole('dialog', { name: 'Unsaved changes' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await expect(page.getByRole('heading', { name: 'Workflows', level: 2 })).toBeVisible();
    // Again, left by the Workflows button with nothing changed.
    await page.getByRole('button', { name: 'Create Workflow' }).click();
    await dialog.getByRole('textbox', { name: 'Workflow Name' }).fill('Left Unsaved 2027');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { name: 'Left Unsaved 2027' })).toBeVisible();
    await page.getByRole('button', { name: 'Workflows', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Workflows', level: 2 })).toBeVisible();
    // A reload of the list: the server holds no such workflow, Pending or otherwise.
    await page.reload();
    await page.getByRole('textbox', { name: 'Search by Title' }).fill('Left Unsaved 2027');
    await expect(table(page).getByText('No Results Found')).toBeVisible();
    expect(creates).toHaveLength(0);
  });

  test("R-WF-048: D-10: a petitioner company's workflow never shows fee or payment activities and offers Submit to Law Firm", async ({
    page,
    as,
  }) => {
    // The platform admin opens the petitioner company's workflow here; the editor for role 3 itself is covered
    // by workflow-editor.test.tsx.
    await as('platformAdmin');
    await openWorkflows(page);
    await page.getByRole('textbox', { name: 'Search by Title' }).fill('Default Workflow');
    // One default workflow per tenant: the five demo tenants, and those an earlier spec created (users.spec).
    // Once the search applies, the company has one row (its default workflow).
    const companyRow = row(page, 'Demo Petitioner Co');
    await expect(companyRow).toHaveCount(1);
    expect(await table(page).getByRole('row').count()).toBeGreaterThanOrEqual(6);
    await companyRow.getByRole('button', { name: 'Edit Default Workflow' }).click();
    await expect(activity(page, 'Submit to Law Firm')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(activity(page, 'Document Signer').getByRole('combobox', { name: 'Editors' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(activity(page, 'Update USCIS Response')).toBeVisible();
    for (const name of [
      'Create Invoice',
      'Filing Fee',
      'Online Payment',
      'File After Payment',
      'File After Invoice',
      'File After Invoice Payment',
    ]) {
      await expect(page.getByText(name, { exact: true })).toHaveCount(0);
    }
    await shot(page, 'company-step3');
  });

  test('R-WF-028: R-WF-074: R-WF-017: R-WF-018: R-WF-011: role 1 previews a law-firm workflow, clones it and inactivates one, each with a confirmation', async ({
    page,
    as,
  }) => {
    await as('platformAdmin');
    // Demo tenants start with an incomplete profile, which holds role 3 on Company Details; the platform
    // admin works on the law firm's list through the Customer filter instead.
    await openWorkflows(page);
    await page.getByRole('combobox', { name: 'Customer' }).click();
    await page.getByRole('option', { name: 'Demo Law Firm' }).click();
    await page.keyboard.press('Escape');
    // LISTS.md: the filters are a draft until Apply.
    await page.getByRole('search', { name: 'Workflow filters' }).getByRole('button', { name: 'Apply' }).click();
    await expect(table(page).getByRole('row')).toHaveCount(10);

    await row(page, 'PERM Labor Certification')
      .getByRole('button', { name: 'Preview PERM Labor Certification' })
      .click();
    const drawer = page.getByRole('dialog', { name: 'PERM Labor Certification' });
    await expect(drawer.getByRole('table', { name: 'Step 2 activities' })).toContainText('Prepare PERM Application');
    // R-WF-018: Approve Job Description has 3 editors: 2 shown, '+1'.
    await expect(drawer.getByRole('row').filter({ hasText: 'Approve Job Description' })).toContainText(
      'AdminAttorney+1',
    );
    // R-WF-017: read-only, with an Editors and a Watchers column.
    const step2 = drawer.getByRole('table', { name: 'Step 2 activities' });
    await expect(step2.getByRole('columnheader', { name: 'Editors' })).toBeVisible();
    await expect(step2.getByRole('columnheader', { name: 'Watchers' })).toBeVisible();
    await expect(drawer.getByRole('switch')).toHaveCount(0);
    await expect(drawer.getByRole('combobox')).toHaveCount(0);
    await expect(drawer.getByRole('textbox')).toHaveCount(0);
    await shot(page, 'preview');
    await page.keyboard.press('Escape');

    await rowAction(page, 'PERM Labor Certification', 'Clone');
    const clone = page.getByRole('dialog', { name: 'Clone Workflow' });
    await clone.getByRole('textbox', { name: 'Workflow Name' }).fill('perm labor certification');
    await clone.getByRole('button', { name: 'Clone' }).click();
    await expect(clone.getByText('Workflow is already exists')).toBeVisible();
    await clone.getByRole('textbox', { name: 'Workflow Name' }).fill('PERM for Nurses');
    // R-WF-011: role 1 picks the Customer on clone too (it starts as the source's).
    await expect(clone.getByRole('combobox', { name: 'Customer' })).toHaveValue('Demo Law Firm');
    const cloned = page.waitForRequest((r) => r.url().endsWith('/api/workflow/clone'));
    await clone.getByRole('button', { name: 'Clone' }).click();
    expect((await cloned).postDataJSON()).toMatchObject({ name: 'PERM for Nurses', tenantId: expect.any(String) });
    await expect(page.getByRole('heading', { name: 'PERM for Nurses' })).toBeVisible();
    await page.getByRole('button', { name: 'Workflows', exact: true }).click();
    // The seeded demo fills more than a page for role 1 (issue 15): find the row by its title.
    const search = page.getByRole('textbox', { name: 'Search by Title' });
    await search.fill('PERM for Nurses');
    await expect(row(page, 'PERM for Nurses')).toContainText('Pending');
    await search.fill('N-400 Naturalization');

    await rowAction(page, 'N-400 Naturalization', 'Inactivate', 'Demo Law Firm');
    const confirm = page.getByRole('dialog', { name: 'Inactivate Workflow' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(row(page, 'N-400 Naturalization').filter({ hasText: 'Demo Law Firm' })).toContainText('Active');
    await rowAction(page, 'N-400 Naturalization', 'Inactivate', 'Demo Law Firm');
    await page.getByRole('dialog', { name: 'Inactivate Workflow' }).getByRole('button', { name: 'Inactivate' }).click();
    await expect(page.getByText('Workflow inactivated successfully')).toBeVisible();
    await expect(row(page, 'N-400 Naturalization').filter({ hasText: 'Demo Law Firm' })).toContainText('Inactive');
    await rowAction(page, 'N-400 Naturalization', 'Activate', 'Demo Law Firm');
    await page.getByRole('dialog', { name: 'Activate Workflow' }).getByRole('button', { name: 'Activate' }).click();
    await expect(row(page, 'N-400 Naturalization').filter({ hasText: 'Demo Law Firm' })).toContainText('Active');
  });

  test("R-WF-069: R-WF-002: R-WF-003: R-WF-004: R-WF-005: R-WF-006: R-WF-010: role 1's search and filters travel in the list call as filters.title, createdDateRange, activeList, configList and tenantIds", async ({
    page,
    as,
  }) => {
    await as('platformAdmin');
    const bodies: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/workflow/list')) bodies.push(r.postDataJSON());
    });
    await openWorkflows(page);
    const filters = page.getByRole('search', { name: 'Workflow filters' });
    await page.getByRole('textbox', { name: 'Search by Title' }).fill('Default');
    await filters.getByRole('combobox', { name: 'Status' }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Active', 'Inactive']);
    await page.getByRole('option', { name: 'Inactive' }).click();
    await filters.getByRole('combobox', { name: 'Configuration' }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Complete', 'Pending']);
    await page.getByRole('option', { name: 'Pending' }).click();
    await filters.getByRole('combobox', { name: 'Customer' }).click();
    await page.getByRole('option', { name: 'Other Law Firm' }).click();
    await page.keyboard.press('Escape');
    // The range yesterday..today, picked by the days' accessible names ('23 November 2026').
    const today = new Date();
    const yesterday = new Date(today.getTime() - 24 * 60 * 60 * 1000);
    const iso = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const label = (d: Date) => `${d.getDate()} ${d.toLocaleString('en-US', { month: 'long' })} ${d.getFullYear()}`;
    await filters.getByRole('button', { name: 'Created Date' }).click();
    // On the first of a month yesterday is in the month before: the picker opens on today's month.
    const monthBefore = yesterday.getMonth() !== today.getMonth();
    if (monthBefore) await page.locator('button[data-direction="previous"]').click();
    await page.getByRole('button', { name: label(yesterday), exact: true }).click();
    if (monthBefore) await page.locator('button[data-direction="next"]').click();
    await page.getByRole('button', { name: label(today), exact: true }).click();
    // LISTS.md: the filters are a draft until Apply (the search is live).
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => bodies.at(-1))
      .toEqual({
        filters: {
          title: 'Default',
          createdDateRange: [iso(yesterday), iso(today)],
          activeList: ['Inactive'],
          configList: ['Pending'],
          tenantIds: [expect.any(String)],
        },
        getMasterData: true,
        page: 1,
        perpage: 25,
        sorting: { path: 'createdOn', order: -1 },
      });
    await shot(page, 'role1-filtered');
  });

  test('R-LIST-009: the sort is remembered between visits', async ({ page, as }) => {
    await as('platformOps');
    await openWorkflows(page);
    await expect(table(page).getByRole('columnheader', { name: 'Created On' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    // The header turns at once; the rows are the previous sort's until the sorted page answers (read them after).
    const sorted = page.waitForResponse(
      (r) => r.url().endsWith('/api/workflow/list') && r.request().postDataJSON()?.sorting?.path === 'name',
    );
    await table(page).getByRole('button', { name: 'Name' }).click();
    const first: string = (await (await sorted).json()).list[0].name;
    await expect(table(page).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(table(page).getByRole('row').nth(1).getByRole('cell').first()).toHaveText(first);
    await page.goto('/settings/labelsList');
    await openWorkflows(page);
    await expect(table(page).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(table(page).getByRole('row').nth(1).getByRole('cell').first()).toHaveText(first);
    await expect(page.getByRole('button', { name: 'Create Workflow' })).toHaveCount(0);
    await shot(page, 'role2-sorted');
  });

  test('the branch manager and the law-firm admin of a new tenant are held until the profile is complete', async ({
    page,
    as,
  }) => {
    await as('newManager');
    await page.goto('/settings/workflow');
    await expect(
      page.getByText('Company details are not complete yet. Ask your administrator to complete them.'),
    ).toBeVisible();
    await shot(page, 'role4-notice');
    await as('newCoAdmin');
    await page.goto('/settings/workflow');
    // Issue 15: held in place, with the reason and the way to Company Details; the list does not show.
    await expect(page).toHaveURL(/\/settings\/workflow$/);
    await expect(page.getByRole('status', { name: 'Workflows is not open yet' })).toContainText(
      'Workflows opens once Company Details are complete.',
    );
    await expect(page.getByRole('table', { name: 'Workflows' })).toHaveCount(0);
  });
});
