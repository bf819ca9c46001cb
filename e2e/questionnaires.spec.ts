import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect, shooter, test } from './fixtures';

// The machine is shared: give slow first renders (lazy chunks) room without hiding real failures.
const expect = baseExpect.configure({ timeout: 15_000 });
const shot = shooter('questionnaires', { widths: 'as-is' });

const pick = async (page: Page, input: Locator, option: string) => {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).first().click();
};
/** Adds a top-level question of `type` to the last section and gives it its text. */
const addQuestion = async (page: Page, type: string, label: string) => {
  const scope = page.locator('body');
  await pick(page, scope.getByRole('combobox', { name: 'Add a question', exact: true }), type);
  await scope.getByRole('button', { name: 'Add question', exact: true }).click();
  const input = page.getByRole('textbox', { name: 'Question', exact: true }).last();
  await input.fill(label);
  await input.blur();
};

test('R-SHELL-029: role 1 builds a questionnaire with a conditional question and a repeatable employer group, previews and publishes it; a law firm picks it; version 1 stays as it was after version 2', async ({
  page,
  as,
}) => {
  test.setTimeout(180_000);
  const name = `Employment History ${Date.now().toString(36)}`;
  await as('platformAdmin');
  await page.goto('/settings/questionnaireTemplateList');
  // The real screen, not the placeholder: the library with the seeded starters.
  await expect(page.getByRole('heading', { name: 'Questionnaire Templates' })).toBeVisible();
  const library = page.getByRole('table', { name: 'Questionnaire Templates' });
  await expect(library.getByRole('row', { name: /N-400 Naturalization Questionnaire/ })).toContainText('v1 published');

  await page.getByRole('button', { name: 'Create Questionnaire' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await addQuestion(page, 'Yes / No', 'Are you married?');
  await addQuestion(page, 'Text', "Spouse's full name");
  await pick(page, page.getByRole('combobox', { name: 'Show only when' }).last(), 'Are you married?');
  await addQuestion(page, 'Repeatable group', 'Employers');
  await page.getByRole('textbox', { name: 'Add button text' }).fill('Add employer');
  await pick(page, page.getByRole('combobox', { name: 'Add a question to the group' }), 'Text');
  await page.getByRole('button', { name: 'Add to group' }).click();
  const inGroup = page.getByRole('textbox', { name: 'Question', exact: true }).last();
  await inGroup.fill('Employer name');
  await inGroup.blur();
  await page.getByRole('checkbox', { name: 'Required' }).last().check();

  // The live preview renders it as the respondent sees it: the spouse question only after "Yes".
  const preview = page.getByRole('region', { name: 'Live preview' });
  await expect(preview.getByRole('radiogroup', { name: 'Are you married?' })).toBeVisible();
  await expect(preview.getByRole('textbox', { name: "Spouse's full name" })).toHaveCount(0);
  await preview.getByRole('radio', { name: 'Yes' }).check();
  await expect(preview.getByRole('textbox', { name: "Spouse's full name" })).toBeVisible();
  await preview.getByRole('button', { name: 'Add employer' }).click();
  await preview.getByRole('button', { name: 'Add employer' }).click();
  await expect(preview.getByRole('textbox', { name: 'Employer name' })).toHaveCount(2);
  await preview.getByRole('button', { name: 'Submit' }).click();
  await expect(preview.getByRole('alert')).toHaveText('2 answers need attention');
  await expect(preview.getByText('This answer is required')).toHaveCount(2);
  await shot(page, 'role1-builder');

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Questionnaire created successfully')).toBeVisible();
  await expect(page).toHaveURL(/tab=[0-9a-f-]{36}/);
  const builderUrl = page.url();
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog', { name: 'Publish version 1' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Version 1 published')).toBeVisible();

  // A law-firm admin picks it in the case-type configuration and previews it.
  await as('otherAdmin');
  await page.goto('/settings/questionnarie');
  await expect(page.getByRole('heading', { name: 'Case Configuration' })).toBeVisible();
  const card = page
    .locator('.mantine-Paper-root')
    .filter({ has: page.getByText('Cap - New Petition', { exact: true }) });
  await card.getByRole('button', { name: 'Change Questionnaire' }).click();
  const picker = page.getByRole('dialog', { name: 'Change Questionnaire' });
  await picker.getByRole('button', { name: `Preview ${name}` }).click();
  const tenantPreview = page.getByRole('dialog', { name: 'Questionnaire Preview' });
  await expect(tenantPreview.getByRole('radiogroup', { name: 'Are you married?' })).toBeVisible();
  await expect(tenantPreview.getByRole('button', { name: 'Add employer' })).toBeVisible();
  await shot(page, 'role3-preview');
  await tenantPreview.getByRole('button', { name: 'Close preview' }).click();
  await picker.getByRole('radio', { name }).check();
  await picker.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Configuration (saved|updated) successfully/)).toBeVisible();
  await expect(card.getByText(name)).toBeVisible();

  // Version 2 adds a question; version 1's preview is unchanged.
  await as('platformAdmin');
  await page.goto(builderUrl);
  await expect(page.getByText('Version 1 is published and never changes')).toBeVisible();
  await addQuestion(page, 'Phone', 'Daytime phone');
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog', { name: 'Publish version 2' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Version 2 published')).toBeVisible();
  await page.getByRole('button', { name: 'Preview version 1' }).click();
  const v1 = page.getByRole('dialog', { name: 'Version 1 preview' });
  await expect(v1.getByRole('radiogroup', { name: 'Are you married?' })).toBeVisible();
  await expect(v1.getByRole('textbox', { name: 'Daytime phone' })).toHaveCount(0);
  await shot(page, 'role1-version1');
  await v1.getByRole('button', { name: 'Close preview' }).click();
  await page.getByRole('button', { name: 'Preview version 2' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Version 2 preview' }).getByRole('textbox', { name: 'Daytime phone' }),
  ).toBeVisible();
});
