import type { Locator, Page } from '@playwright/test';
import { fillCompanyDetails } from './company-details';
import { expect, ownServer, shooter, test } from './fixtures';

/**
 * Issue 15, must show (b): the new tenant's administrator walks first-time setup (D-01) on a fresh data
 * directory. A step is done only when its condition holds, setup cannot finish while one is undone, one set of
 * navigation controls leads through it, and the congratulations come only at the real end (R-SHELL-051).
 */

const server = ownServer(53);
test.beforeAll(async () => {
  test.setTimeout(150_000);
  await server.start();
});
test.afterAll(() => server.stop());

const shot = shooter('onboarding', { widths: 'as-is' });

const footer = (page: Page) => page.getByRole('contentinfo');
/** The footer's step marks, as a screen reader reads them: [label, done]. */
const marks = async (page: Page) =>
  (await footer(page).getByRole('list', { name: 'Setup steps' }).getByRole('listitem').allInnerTexts()).map(
    (t) => !/not done$/.test(t.trim()),
  );
const expectMarks = (page: Page, done: boolean[]) => expect.poll(() => marks(page), { timeout: 15_000 }).toEqual(done);
const onlyOne = async (page: Page, name: string): Promise<Locator> => {
  const buttons = page.getByRole('button', { name, exact: true });
  await expect(buttons).toHaveCount(1);
  await expect(footer(page).getByRole('button', { name, exact: true })).toBeVisible();
  return buttons;
};

test('issue 15: D-01: R-SHELL-051: the new law firm walks first-time setup and cannot finish with a step undone', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const page = await server.signedIn(browser, 'newAdmin');

  // Signing in, the new tenant's administrator starts on the first step; nothing is done.
  await page.goto('/');
  await expect(page).toHaveURL(/\/basic-settings\/profile$/);
  await expect(page.getByRole('form', { name: 'Company Details' })).toBeVisible({ timeout: 30_000 });
  await expectMarks(page, [false, false, false]);
  await expect(page.getByRole('navigation', { name: 'Settings' })).toHaveCount(0);
  // One set of controls: the form's save is the footer's primary button; no Update bar, no second Continue.
  await onlyOne(page, 'Save and continue');
  await onlyOne(page, 'Back');
  await expect(page.getByRole('button', { name: 'Update', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toHaveCount(0);
  await shot(page, '1-company-details');

  // Jumping ahead does not help: the last step waits for Company Details, says so, and Finish is refused.
  await page.goto('/basic-settings/questionnarie');
  const held = page.getByRole('status', { name: 'Case Configuration is not open yet' });
  await expect(held).toContainText('Case Configuration opens once Company Details are complete.');
  await expect(held.getByRole('link', { name: 'Complete Company Details' })).toHaveAttribute(
    'href',
    '/basic-settings/profile',
  );
  await expect(await onlyOne(page, 'Finish')).toBeDisabled();
  await expect(footer(page)).toContainText('Still to do: Company Details, Workflows, Case Configuration.');
  await shot(page, '2-held-finish');

  // Company Details: saving them finishes the step and leads on to Workflows.
  await held.getByRole('link', { name: 'Complete Company Details' }).click();
  await expect(page.getByRole('form', { name: 'Company Details' })).toBeVisible({ timeout: 30_000 });
  await fillCompanyDetails(page, { slug: 'newlawfirm', code: 'NLF' });
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/basic-settings\/workflow$/, { timeout: 30_000 });
  await expectMarks(page, [true, false, false]);

  // Workflows: the editor's steps are walked with the footer's one Back and Continue.
  await expect(page.getByRole('heading', { name: 'Default Workflow' })).toBeVisible({ timeout: 30_000 });
  await onlyOne(page, 'Continue');
  await onlyOne(page, 'Back');
  await shot(page, '3-workflow');

  // Skip the workflow and switch a case type on: Case Configuration is done, setup is still not.
  await page.goto('/basic-settings/questionnarie');
  await expect(page.getByRole('heading', { name: 'Case Configuration' }).first()).toBeVisible({ timeout: 30_000 });
  const h1b = page.getByRole('switch', { name: 'H-1B Specialty Occupation enabled' });
  await h1b.click({ force: true });
  await expect(h1b).toBeChecked();
  // A case type alone is not enough: a case needs a sub-type too.
  await expectMarks(page, [true, false, false]);
  const sub = page.getByRole('switch', { name: 'Cap - New Petition enabled' });
  await expect(sub).toBeEnabled();
  await sub.click({ force: true });
  await expect(sub).toBeChecked();
  await expectMarks(page, [true, false, true]);
  const finish = await onlyOne(page, 'Finish');
  await expect(finish).toBeDisabled();
  await expect(footer(page)).toContainText('Still to do: Workflows.');
  await expect(page.getByRole('dialog', { name: 'Congratulations' })).toHaveCount(0);
  await shot(page, '4-workflow-undone');

  // The workflow list is still held: it says why and links to the setup step.
  await page.goto('/settings/workflow');
  const workflowHold = page.getByRole('status', { name: 'Workflows is not open yet' });
  await expect(workflowHold).toContainText('The workflow list opens once your default workflow is set up and active.');
  await workflowHold.getByRole('link', { name: 'Set up the workflow' }).click();
  await expect(page).toHaveURL(/\/basic-settings\/workflow$/);

  // Back walks the editor's steps, Continue moves on; Complete Setup finishes the step and setup goes on.
  await expect(page.getByRole('heading', { name: 'Default Workflow' })).toBeVisible({ timeout: 30_000 });
  for (const step of [2, 3]) {
    await footer(page).getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('region', { name: `Step ${step} activities` })).toBeVisible();
  }
  await footer(page).getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('region', { name: 'Step 2 activities' })).toBeVisible();
  await footer(page).getByRole('button', { name: 'Continue' }).click();
  await onlyOne(page, 'Complete Setup');
  await footer(page).getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/\/basic-settings\/questionnarie$/, { timeout: 30_000 });
  // Not yet congratulated: that is Finish's, on the last step, once every step is done.
  await expect(page.getByRole('dialog', { name: 'Congratulations' })).toHaveCount(0);
  await expectMarks(page, [true, true, true]);
  await expect(finish).toBeEnabled();
  await shot(page, '5-all-done');
  await finish.click();
  await expect(page.getByRole('dialog', { name: 'Congratulations' })).toBeVisible();
  await expect(page).toHaveURL(/\/settings\//);
  await shot(page, '6-congratulations');
  await page.getByRole('button', { name: 'Go to Settings' }).click();

  // Setup done: the tabs that were held open with their own content.
  await page.goto('/settings/workflow');
  await expect(page.getByRole('table', { name: 'Workflows' })).toBeVisible({ timeout: 30_000 });
  await page.goto('/settings/labelsList');
  await expect(page.getByRole('heading', { name: 'Labels' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Labels is not open yet' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create Label' })).toBeVisible();
});
