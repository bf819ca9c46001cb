import { expect, shooter, test } from './fixtures';

/**
 * Issue 36: the platform administrator's fee schedules: a version published for a day to come shows as upcoming,
 * what it changes is compared with the version in force, and it is withdrawn again (the worker's server keeps its
 * data for the other files).
 */
const shot = shooter('fee-schedules');
const inDays = (n: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

test.describe('platform fee schedules', () => {
  test('issue 36: the platform administrator publishes a schedule dated in the future, sees it as upcoming with what it changes, and withdraws it', async ({
    page,
    as,
  }) => {
    const first = inDays(45);
    await as('platformAdmin');
    await page.goto('/fee-schedules');
    await expect(page.getByRole('heading', { name: 'Fee schedules', level: 2 })).toBeVisible();
    // The header's link leads here from every page of theirs.
    await expect(page.getByRole('link', { name: 'Fee schedules' }).first()).toHaveAttribute('href', '/fee-schedules');
    const versions = page.getByRole('table', { name: 'Fee schedule versions' });
    await expect(versions.getByText('In force')).toHaveCount(1);

    await page.getByRole('button', { name: 'Publish a new version' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish a new fee schedule version' });
    await dialog.getByLabel('Applies from').fill(first);
    await dialog.getByLabel('Source').fill('E2E rule 99 FR 1 (premium processing)');
    await dialog.getByLabel('Fee', { exact: true }).click();
    await page.getByRole('option', { name: 'Premium Processing (I-907)' }).click();
    await expect(dialog.getByText('Now $2,965')).toBeVisible();
    await dialog.getByLabel('New amount').fill('3120');
    await shot(page, 'publish');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('The fee schedule was published')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = versions.getByRole('row').filter({ hasText: first });
    await expect(row.getByText('Upcoming')).toBeVisible();
    await expect(row.getByText('1 change')).toBeVisible();
    // What it changes, against the version in force: premium processing for every case type that charges it.
    const diff = page.getByRole('table', { name: 'Changes between the versions' });
    const premium = diff.getByRole('row').filter({ hasText: 'H-1B Specialty Occupation' });
    await expect(premium).toContainText('$2,965 → $3,120');
    await shot(page, 'upcoming');

    await row.getByRole('button', { name: `Withdraw the version from ${first}` }).click();
    await page.getByRole('dialog', { name: 'Withdraw the version' }).getByRole('button', { name: 'Withdraw' }).click();
    await expect(page.getByText('The fee schedule was withdrawn')).toBeVisible();
    await expect(versions.getByRole('row').filter({ hasText: first })).toHaveCount(0);
  });

  test('issue 36: the page is for the platform administrator only', async ({ page, as }) => {
    await as('lawAdmin');
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Cases' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Fee schedules' })).toHaveCount(0);
  });
});
