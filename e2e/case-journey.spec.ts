import type { Locator, Page } from '@playwright/test';
import PizZip from 'pizzip';
import { hasSoffice, pdfText } from '../apps/server/test/support/pdf-text';
import { expect, shooter, test } from './fixtures';

/**
 * Issue 34, 'Must show': the demo law firm's admin opens an H-1B cap new petition for a new beneficiary with the
 * facts a support letter needs, sees the case page (number, pinned configuration, activities in order, fee
 * estimate), assigns the demo's paralegal, and fills the H-1B support letter with nothing missing: the .docx's
 * word/document.xml read back here, and the PDF's text where LibreOffice is installed.
 */

const shot = shooter('case-journey', { widths: [1440, 390] });
const BLANK = '__________';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

const pick = async (page: Page, input: Locator, option: string | RegExp) => {
  await input.click();
  await page.getByRole('option', { name: option }).first().click();
};

interface RunItem {
  code: string;
  name: string;
  seq: number;
  status: string;
  dependsOn: string[];
}

test('issue 34: as the demo law-firm admin: New case (H-1B) → petitioner and a new beneficiary → facts → case page → assign a paralegal → the H-1B support letter filled with nothing missing', async ({
  page,
  as,
}) => {
  test.setTimeout(150_000);
  await as('lawAdmin');
  await page.goto('/cases');
  await page.getByRole('button', { name: 'New case' }).click();
  const dialog = page.getByRole('dialog', { name: 'New case' });
  await pick(page, dialog.getByRole('combobox', { name: 'Case type', exact: true }), /^H-1B/);
  await pick(page, dialog.getByRole('combobox', { name: 'Case subtype', exact: true }), /Cap - New Petition/);
  await dialog.getByRole('button', { name: 'Next' }).click();

  // The petitioner from the firm's petitioners, a NEW beneficiary.
  await pick(page, dialog.getByRole('combobox', { name: 'Petitioner', exact: true }), 'Priya Patel');
  const family = `Journey${Date.now().toString(36)}`;
  const beneficiary = `Lucía ${family}`;
  const form = dialog.getByRole('form', { name: 'New beneficiary' });
  await form.getByLabel('Given name').fill('Lucía');
  await form.getByLabel('Family name').fill(family);
  await form.getByLabel('Date of birth').fill('1995-03-08');
  await form.getByLabel('Country of citizenship').fill('Colombia');
  await form.getByRole('button', { name: 'Use as beneficiary' }).click();
  await expect(dialog.getByText(beneficiary)).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();

  // The facts a support letter needs.
  await dialog.getByRole('textbox', { name: 'Job title' }).fill('Data Platform Engineer');
  await pick(page, dialog.getByRole('combobox', { name: 'SOC code', exact: true }), /15-1252/);
  const worksites = dialog.getByRole('group', { name: 'Worksite addresses' });
  await worksites.getByRole('button', { name: 'Add address' }).click();
  await worksites.getByLabel('Address line 1').fill('1200 Smith Street');
  await worksites.getByLabel('City').fill('Houston');
  await worksites.getByLabel('State').fill('TX');
  await worksites.getByLabel('ZIP code').fill('77002');
  await worksites.getByLabel('Country').fill('United States');
  await dialog.getByRole('textbox', { name: 'Offered wage' }).fill('142000');
  await pick(page, dialog.getByRole('combobox', { name: 'Wage per', exact: true }), 'Year');
  await dialog.getByLabel('Start date').fill('2027-10-01');
  await shot(page, 'new-case-facts');
  await dialog.getByRole('button', { name: 'Create case' }).click();

  // The case page: the generated number and the pinned configuration.
  await expect(page).toHaveURL(/\/cases\/[0-9a-f-]{36}$/);
  const caseId = new URL(page.url()).pathname.split('/').pop() as string;
  await expect(page.getByTestId('case-number')).toHaveText(/^H1B-H1BCAP-\d+$/);
  const details = await (await page.request.post('/api/cases/details', { headers: XHR, data: { caseId } })).json();
  expect(details.pinned.workflow.name).toBe('Default Workflow');
  expect(details.pinned.questionnaire.name).toBe('H-1B Beneficiary Questionnaire');
  await expect(page.getByText('Default Workflow').first()).toBeVisible();
  await expect(page.getByText('H-1B Beneficiary Questionnaire').first()).toBeVisible();
  await shot(page, 'case-overview');

  // Its activities, in the workflow's order.
  const runOf = async () =>
    (await (await page.request.post('/api/cases/activities/list', { headers: XHR, data: { caseId } })).json())
      .list as RunItem[];
  const run = await runOf();
  expect(run.length).toBeGreaterThan(5);
  expect(run.map((a) => a.seq)).toEqual(run.map((_, i) => i + 1));
  await page.getByRole('tab', { name: 'Activities' }).click();
  const articles = page.getByRole('article');
  await expect(articles.first()).toBeVisible();
  const shown = await articles.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  expect(shown).toEqual(run.map((a) => a.name));

  // Assign the demo's paralegal: the paralegal list first, then ASSIGN_PARALEGAL.
  const nameOf = (code: string) => run.find((a) => a.code === code)?.name as string;
  // What ASSIGN_PARALEGAL waits on (the paralegal list, ...) is marked done first, in the run's order.
  const depsOf = (code: string): string[] =>
    (run.find((a) => a.code === code)?.dependsOn ?? []).flatMap((d) => [...depsOf(d), d]);
  for (const dep of [...new Set(depsOf('ASSIGN_PARALEGAL'))]) {
    if (run.find((a) => a.code === dep)?.status !== 'open' && dep !== 'PARALEGAL_LIST') continue;
    const done = page.getByRole('button', { name: `Mark done: ${nameOf(dep)}` });
    if (await done.isVisible()) {
      await done.click();
      await expect(page.getByRole('button', { name: `Undo: ${nameOf(dep)}` })).toBeVisible();
    }
  }
  await page.getByRole('button', { name: `Assign: ${nameOf('ASSIGN_PARALEGAL')}` }).click();
  const assign = page.getByRole('dialog', { name: nameOf('ASSIGN_PARALEGAL') });
  await pick(page, assign.getByRole('combobox', { name: 'Paralegal' }), 'Paula Reyes');
  await assign.getByRole('button', { name: 'Save' }).click();
  await expect(assign).toHaveCount(0);
  const assigned = page.getByRole('article', { name: nameOf('ASSIGN_PARALEGAL') });
  await expect(assigned.getByText('Assigned to Paula Reyes')).toBeVisible();
  expect((await runOf()).find((a) => a.code === 'ASSIGN_PARALEGAL')?.status).toBe('done');
  await shot(page, 'case-activities');

  // The fee estimate.
  await page.getByRole('tab', { name: 'Fees' }).click();
  await expect(page.getByText(/Estimated total/)).toBeVisible();
  await shot(page, 'case-fees');

  // The H-1B support letter, filled from the Documents tab: nothing missing, downloaded at once.
  await page.getByRole('tab', { name: 'Documents' }).click();
  const filled = page.waitForResponse((r) => r.url().endsWith('/api/form-letter/fill'));
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Fill H-1B Employer Support Letter' }).click();
  const answer = await (await filled).json();
  await saved;
  expect(answer.missing).toEqual([]);
  await shot(page, 'case-letter-filled');
  const file = await page.request.get(`/api/common/viewfile?path=${encodeURIComponent(answer.document.path)}`);
  const xml = new PizZip(await file.body()).file('word/document.xml')?.asText() ?? '';
  expect(xml).not.toContain(BLANK);
  expect(xml).toContain('Data Platform Engineer');
  expect(xml).toContain(beneficiary);

  // The PDF, where LibreOffice is installed (only this half is skipped without it).
  if (!hasSoffice) {
    test.info().annotations.push({ type: 'skip', description: 'PDF half: LibreOffice (soffice) is not installed' });
    return;
  }
  const pdf = await page.request.post('/api/form-letter/fill', {
    headers: XHR,
    data: { formAndLetterId: await letterIdOf(page), caseId, format: 'pdf' },
    timeout: 120_000,
  });
  expect(pdf.status(), await pdf.text()).toBe(200);
  const pdfFile = await page.request.get(
    `/api/common/viewfile?path=${encodeURIComponent((await pdf.json()).document.path)}`,
  );
  const text = await pdfText(await pdfFile.body());
  expect(text).not.toContain(BLANK);
  expect(text).toContain('Data Platform Engineer');
  expect(text).toContain(beneficiary);
});

const letterIdOf = async (page: Page) => {
  const { list } = await (
    await page.request.post('/api/form-letter/list', { headers: XHR, data: { filters: { typeIds: ['Letter'] } } })
  ).json();
  return (list as { _id: string; name: string }[]).find((l) => l.name === 'H-1B Employer Support Letter')?._id;
};
