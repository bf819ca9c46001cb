import { PDF_MIN } from '../apps/server/test/support/files';
import type { Answers, Definition } from '../packages/domain/src/questionnaires/definition';
import { answersFor } from './answers';
import { E2E_PASSWORD, expect, freshPage, shooter, test } from './fixtures';

const shot = shooter('questionnaire-answers', { widths: [1280, 390] });
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * Issue 35 item 2: a questionnaire answered, in two browsers. The law firm's admin invites the beneficiary and links
 * them to a new H-1B case, then sends its questionnaire from the case's Questionnaire tab; the beneficiary accepts the
 * invitation, finds it in To answer (a draft saved earlier holds most answers), uploads the passport scan through the
 * form and submits; the admin reads the answers beside the facts they filled and accepts them. The beneficiary's
 * passport number is on the case's person afterwards.
 */
test.describe('issue 35: questionnaires answered', () => {
  test.describe.configure({ timeout: 180_000 });

  test('issue 35: the firm sends the questionnaire; the beneficiary answers with a passport scan and submits; the firm reads the answers beside the facts and accepts', async ({
    page,
    as,
    browser,
    baseURL,
  }) => {
    await as('lawAdmin');
    const n = Date.now().toString(36);
    const invited = await page.request.post('/api/users/invite', {
      headers: XHR,
      data: { email: `ana.${n}@example.test`, firstName: 'Ana', lastName: `Silva ${n}`, roleId: 11 },
    });
    expect(invited.status(), await invited.text()).toBe(200);
    const { user, delivery } = (await invited.json()) as { user: { _id: string }; delivery: { link: string | null } };
    expect(delivery.link).toBeTruthy();
    const companies = (await (await page.request.post('/api/company/list', { headers: XHR, data: {} })).json()) as {
      list: { _id: string }[];
    };
    const opened = await page.request.post('/api/cases/create', {
      headers: XHR,
      data: {
        subTypeId: 1,
        petitionerId: companies.list[0]?._id,
        beneficiary: { person: { givenName: 'Ana', familyName: `Silva ${n}` }, allowSimilar: true },
      },
    });
    expect(opened.status(), await opened.text()).toBe(200);
    const caseId = ((await opened.json()) as { case: { _id: string } }).case._id;
    const linked = await page.request.post('/api/cases/link-account', {
      headers: XHR,
      data: { caseId, userId: user._id, roleId: 11 },
    });
    expect(linked.status(), await linked.text()).toBe(200);

    await page.goto(`/cases/${caseId}?tab=questionnaire`);
    await expect(page.getByRole('heading', { name: /H-1B Beneficiary Questionnaire/ })).toBeVisible();
    await shot(page, 'case-before');
    await page.getByRole('button', { name: 'Send questionnaire' }).click();
    await expect(page.getByText('Questionnaire sent').first()).toBeVisible();
    await expect(page.getByText('Waiting for answers').first()).toBeVisible();

    // The beneficiary accepts the invitation (a password of their own) and lands signed in.
    const ana = await freshPage(browser, baseURL);
    await ana.goto(delivery.link as string);
    await ana.getByLabel(/^New password/).fill(E2E_PASSWORD);
    await ana.getByLabel(/^Confirm new password/).fill(E2E_PASSWORD);
    await ana.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(ana).not.toHaveURL(/token=/);
    await ana.goto('/to-answer');
    const list = ana.getByRole('table', { name: 'Questionnaires to answer' });
    await expect(list.getByRole('row', { name: /Waiting for answers/ })).toBeVisible();
    await shot(ana, 'to-answer');
    // A draft saved earlier holds every answer but the passport scan.
    const responseId = (
      (await (await ana.request.post('/api/answering/list', { headers: XHR, data: {} })).json()) as {
        list: { _id: string }[];
      }
    ).list[0]?._id as string;
    const questionnaire = (await (
      await ana.request.post('/api/answering/open', { headers: XHR, data: { responseId } })
    ).json()) as { definition: Definition };
    const draft: Answers = {};
    for (const s of questionnaire.definition.sections) Object.assign(draft, answersFor(s.questions, draft));
    const saved = await ana.request.post('/api/answering/save', { headers: XHR, data: { responseId, answers: draft } });
    expect(saved.status(), await saved.text()).toBe(200);

    await list
      .getByRole('row', { name: /Waiting for answers/ })
      .getByRole('button', { name: /Answer/ })
      .click();
    await expect(ana.getByRole('heading', { name: 'H-1B Beneficiary Questionnaire' })).toBeVisible();
    await expect(ana.getByLabel(/Passport number/)).toHaveValue('X1234567');
    // Submitting without the scan names the missing answer; the scan is uploaded through the form.
    await ana.getByRole('button', { name: 'Submit' }).click();
    await expect(ana.getByText('1 answer needs attention')).toBeVisible();
    await shot(ana, 'answer-missing-scan');
    const chooser = ana.waitForEvent('filechooser');
    await ana.getByRole('button', { name: /Copy of the passport biographic page/ }).click();
    await (await chooser).setFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF_MIN });
    await expect(ana.getByText('Uploaded: passport.pdf')).toBeVisible();
    await ana.getByRole('button', { name: 'Submit' }).click();
    await expect(ana.getByText('Answers sent to your law firm').first()).toBeVisible();
    await expect(list.getByRole('row', { name: /Answers to review/ })).toBeVisible();
    await shot(ana, 'submitted');
    await ana.context().close();

    // The firm reads the answers beside the facts they filled, and accepts them.
    await page.reload();
    const answers = page.getByRole('table', { name: 'Answers beside the facts they fill' });
    const passport = answers.getByRole('row', { name: /Passport number/ });
    await expect(passport).toContainText('X1234567');
    await expect(passport).toContainText('Passport number');
    await expect(answers.getByRole('row', { name: /Copy of the passport biographic page/ })).toContainText(
      'passport.pdf',
    );
    await shot(page, 'case-answers');
    await page.getByRole('button', { name: 'Accept answers' }).click();
    await expect(page.getByText('Answers accepted').first()).toBeVisible();
    const details = (await (
      await page.request.post('/api/cases/details', { headers: XHR, data: { caseId } })
    ).json()) as { beneficiary: { passportNumber: string | null; passportExpiry: string | null } | null };
    expect(details.beneficiary).toMatchObject({ passportNumber: 'X1234567', passportExpiry: '2031-05-01' });
    // The scan is one of the case's documents.
    await page.goto(`/cases/${caseId}?tab=documents`);
    await expect(page.getByText('passport.pdf').first()).toBeVisible();
  });
});
