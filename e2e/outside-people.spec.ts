import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import PizZip from 'pizzip';
import { PDF_MIN } from '../apps/server/test/support/files';
import { pdfText } from '../apps/server/test/support/pdf-text';
import type { Answers, Definition } from '../packages/domain/src/questionnaires/definition';
import { answersFor } from './answers';
import { ACCOUNTS, E2E_PASSWORD, expect, freshPage, shooter, signIn, test } from './fixtures';

const shot = shooter('outside-people', { widths: [1280, 390] });
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
/** The letter the firm's H-1B configuration names, every tag of which is a fact of the case. */
const LETTER = 'H-1B Employer Support Letter';
/** The law firm's e-sign template (the demo placed its petitioner contact's signature and date on it). */
const ESIGN = 'LCA Posting Notice';
/** What a tag the case has no value for is filled with (MISSING_VALUE_BLANK). */
const BLANK = '__________';

type Field = { page: number; x: number; y: number; width: number; height: number; role: string; type: string };

/** This run's own letters (a retry on the same server makes new people): 'lmqxz…' from the clock. */
const runTag = () => {
  const t = Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] as string);
  return t.charAt(0).toUpperCase() + t.slice(1);
};

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** A .docx's paragraphs as text (the runs of each joined, as a reader sees it). */
const docxParagraphs = (data: Buffer) => {
  const xml = new PizZip(data).file('word/document.xml')?.asText() ?? '';
  return (xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []).map((p) =>
    decode((p.match(/<w:t(?: [^>]*)?>[^<]*<\/w:t>/g) ?? []).map((t) => t.replace(/<[^>]+>/g, '')).join('')),
  );
};

/** A stored file of the tenant, through the viewer route the web uses. */
const viewFile = async (request: APIRequestContext, path: string) => {
  const res = await request.get(`/api/common/viewfile?path=${encodeURIComponent(path)}`);
  expect(res.status(), `viewfile ${path}`).toBe(200);
  return res.body();
};

const post = async <T>(request: APIRequestContext, url: string, data: object): Promise<T> => {
  const res = await request.post(url, { headers: XHR, data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
};

/** An invited person's first visit: the invitation link, a password of their own, signed in. */
const acceptInvitation = async (page: Page, link: string) => {
  await page.goto(link);
  await page.getByLabel(/^New password/).fill(E2E_PASSWORD);
  await page.getByLabel(/^Confirm new password/).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page).not.toHaveURL(/token=/);
};

/** 'To sign': the envelope of this case, reviewed and signed by typing `name`. */
const signInToSign = async (page: Page, caseNumber: string, name: string, shotName: string) => {
  await page.goto('/to-sign');
  const toSign = page.getByRole('table', { name: 'Documents to sign' });
  const row = toSign.getByRole('row', { name: new RegExp(`${caseNumber}.*Your turn`) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: /Review and sign/ }).click();
  const modal = page.getByRole('dialog', { name: `Review and sign: ${ESIGN}` });
  await expect(
    modal.getByRole('document', { name: `${ESIGN} (PDF)` }).getByRole('img', { name: 'Page 1' }),
  ).toBeVisible({ timeout: 30_000 });
  await modal.getByLabel('Your signature').fill(name);
  await shot(page, shotName);
  await modal.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByText('Signed', { exact: true }).first()).toBeVisible();
  await expect(toSign.getByRole('row', { name: new RegExp(`${caseNumber}.*You signed`) })).toBeVisible();
};

/**
 * Opens an H-1B cap case for the demo's petitioner and a new beneficiary through the 'New case' wizard, as
 * fixtures.ts `openCaseInWizard` does, but waits for the beneficiary to be chosen before 'Next' ('Use as' first
 * checks for a similar person: a 'Next' before that answer is refused with 'Pick or add the beneficiary', which
 * `openCaseInWizard` does not wait for). Returns the case's number and id.
 */
const openCase = async (page: Page, petitioner: string, person: { givenName: string; familyName: string }) => {
  await page.goto('/cases');
  await page.getByRole('button', { name: 'New case' }).click();
  const dialog = page.getByRole('dialog', { name: 'New case' });
  const pick = async (name: string, option: string | RegExp) => {
    await dialog.getByRole('combobox', { name, exact: true }).click();
    await page
      .getByRole('option', { name: option, ...(typeof option === 'string' ? { exact: true } : {}) })
      .first()
      .click();
  };
  await pick('Case type', /^H-1B/);
  await pick('Case subtype', 'Cap - New Petition');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await pick('Petitioner', petitioner);
  const form = dialog.getByRole('form', { name: /^New / });
  await form.getByLabel('Given name').fill(person.givenName);
  await form.getByLabel('Family name').fill(person.familyName);
  await form.getByRole('button', { name: /^Use as / }).click();
  await expect(dialog.getByText(`${person.givenName} ${person.familyName}`, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Create case' }).click();
  await expect(page).toHaveURL(/\/cases\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const number = page.getByTestId('case-number');
  await expect(number).not.toBeEmpty();
  return {
    caseNumber: (await number.textContent()) ?? '',
    caseId: new URL(page.url()).pathname.split('/').pop() as string,
  };
};

/**
 * Issue 35, must show: one case across four browsers. The law firm's admin opens an H-1B case for the demo's
 * petitioner, invites the beneficiary through the case and sends the questionnaire; the beneficiary (second browser)
 * accepts the invitation, answers, uploads the passport scan and submits; the admin accepts the answers, sets the
 * position's facts and fills the support letter: no tag left, none blank. The firm's branch manager invites an
 * authorized signatory to the case (the admin may not give role 12); the admin sends the firm's e-sign template to
 * the signatory, then the petitioner contact; each signs in a browser of their own, in that order. The signed PDF
 * the admin downloads holds both names and the certificate page, and its SHA-256 is the one the case records.
 */
test.describe('issue 35: the people outside the firm, one case', () => {
  test.describe.configure({ timeout: 240_000 });

  test('issue 35: the firm opens a case and sends the questionnaire; the beneficiary answers with a passport scan; the firm accepts and fills the support letter without a blank; the signatory and the petitioner contact sign in turn; the signed PDF holds both names, the certificate and the recorded SHA-256', async ({
    page,
    as,
    browser,
    baseURL,
    playwright,
  }) => {
    const tag = runTag();
    const beneficiary = {
      givenName: 'Ana',
      familyName: `Quintero ${tag}`,
      email: `ana.${tag.toLowerCase()}@example.test`,
    };
    const signatory = {
      firstName: 'Sasha',
      lastName: `Signer ${tag}`,
      email: `sasha.${tag.toLowerCase()}@example.test`,
    };
    const signatoryName = `${signatory.firstName} ${signatory.lastName}`;
    const petitionerName = 'Priya Patel';

    // 1. The admin opens the case for the demo's petitioner and invites its beneficiary through it.
    await as('lawAdmin');
    const { caseNumber, caseId } = await openCase(page, petitionerName, beneficiary);
    const accounts = page.getByRole('table', { name: 'Portal accounts' });
    // The petitioner named on the case is linked as its contact.
    await expect(accounts.getByRole('row', { name: /Petitioner contact.*Priya Patel/ })).toBeVisible();
    await page.getByRole('button', { name: 'Link account' }).click();
    await page.getByRole('button', { name: 'Someone without an account? Invite them as Beneficiary' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite a beneficiary' });
    await expect(invite.getByLabel('First name')).toHaveValue(beneficiary.givenName);
    await expect(invite.getByLabel('Last name')).toHaveValue(beneficiary.familyName);
    await invite.getByLabel('E-mail').fill(beneficiary.email);
    await invite.getByRole('button', { name: 'Invite and link' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Invitation link' });
    const beneficiaryLink = await linkDialog.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(beneficiaryLink).toMatch(/#token=[\w-]{43}$/);
    await linkDialog.getByRole('button', { name: 'Close' }).click();
    await expect(
      accounts.getByRole('row', { name: new RegExp(`Beneficiary.*${beneficiary.familyName}`) }),
    ).toBeVisible();
    await shot(page, 'case-opened');

    await page.getByRole('tab', { name: 'Questionnaire' }).click();
    await expect(page.getByRole('heading', { name: /H-1B Beneficiary Questionnaire/ })).toBeVisible();
    await page.getByRole('button', { name: 'Send questionnaire' }).click();
    await expect(page.getByText('Questionnaire sent').first()).toBeVisible();
    await expect(page.getByText('Waiting for answers').first()).toBeVisible();

    // 2. The beneficiary accepts the invitation, answers in the portal, uploads the passport scan and submits.
    const ana = await freshPage(browser, baseURL);
    await acceptInvitation(ana, beneficiaryLink);
    await ana.goto('/to-answer');
    const toAnswer = ana.getByRole('table', { name: 'Questionnaires to answer' });
    await expect(toAnswer.getByRole('row', { name: /Waiting for answers/ })).toBeVisible();
    // A draft saved earlier holds the answers but the passport's number and scan, which the form takes.
    const { list: responses } = await post<{ list: { _id: string }[] }>(ana.request, '/api/answering/list', {});
    const responseId = responses[0]?._id as string;
    const { definition } = await post<{ definition: Definition }>(ana.request, '/api/answering/open', { responseId });
    const draft: Answers = {};
    for (const s of definition.sections) Object.assign(draft, answersFor(s.questions, draft));
    if ('familyName' in draft) draft.familyName = beneficiary.familyName;
    if ('givenName' in draft) draft.givenName = beneficiary.givenName;
    delete draft.passportNumber;
    await post(ana.request, '/api/answering/save', { responseId, answers: draft });
    await toAnswer
      .getByRole('row', { name: /Waiting for answers/ })
      .getByRole('button', { name: /Answer/ })
      .click();
    await expect(ana.getByRole('heading', { name: 'H-1B Beneficiary Questionnaire' })).toBeVisible();
    await ana.getByLabel(/Passport number/).fill('P7654321');
    const chooser = ana.waitForEvent('filechooser');
    await ana.getByRole('button', { name: /Copy of the passport biographic page/ }).click();
    await (await chooser).setFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF_MIN });
    await expect(ana.getByText('Uploaded: passport.pdf')).toBeVisible();
    await shot(ana, 'beneficiary-answers');
    await ana.getByRole('button', { name: 'Submit' }).click();
    await expect(ana.getByText('Answers sent to your law firm').first()).toBeVisible();
    await expect(toAnswer.getByRole('row', { name: /Answers to review/ })).toBeVisible();
    await ana.context().close();

    // 3. The admin reads the answers beside the facts and accepts them; the beneficiary's record holds them.
    await page.reload();
    const answers = page.getByRole('table', { name: 'Answers beside the facts they fill' });
    await expect(answers.getByRole('row', { name: /Passport number/ })).toContainText('P7654321');
    await expect(answers.getByRole('row', { name: /Copy of the passport biographic page/ })).toContainText(
      'passport.pdf',
    );
    await page.getByRole('button', { name: 'Accept answers' }).click();
    await expect(page.getByText('Answers accepted').first()).toBeVisible();
    const details = await post<{ beneficiary: { passportNumber: string | null } | null }>(
      page.request,
      '/api/cases/details',
      { caseId },
    );
    expect(details.beneficiary?.passportNumber).toBe('P7654321');

    // The position's facts, as the firm records them (the questionnaire fills only the beneficiary's record).
    const options = await post<{ socCodes: { id: string; name: string }[] }>(
      page.request,
      '/api/cases/fact-options',
      {},
    );
    const soc = options.socCodes.find((s) => s.name === '15-1252') ?? options.socCodes[0];
    expect(soc, 'a SOC code of the firm').toBeTruthy();
    const start = new Date(Date.now() + 150 * 86_400_000).toISOString().slice(0, 10);
    await post(page.request, '/api/cases/update', {
      caseId,
      facts: {
        jobTitle: 'Senior Data Engineer',
        socCodeId: soc?.id,
        worksites: [
          { line1: '500 Congress Avenue', city: 'Austin', state: 'TX', zipcode: '78701', country: 'United States' },
        ],
        wage: 142000,
        wageUnit: 'Year',
        startDate: start,
        fullTime: true,
        processingRoute: 'Consular notification',
      },
    });

    // The support letter filled from the case: nothing missing, no tag left, no tag's place empty.
    await page.getByRole('tab', { name: 'Documents' }).click();
    const filling = page.waitForResponse((r) => r.url().endsWith('/api/form-letter/fill'));
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: `Fill ${LETTER}` }).click();
    const filled = (await (await filling).json()) as {
      document: { path: string } | null;
      missing: string[];
    };
    expect(filled.missing).toEqual([]);
    expect(filled.document).not.toBeNull();
    await downloading;
    await expect(page.getByRole('button', { name: 'Download anyway' })).toHaveCount(0);
    await shot(page, 'letter-filled');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    const letter = docxParagraphs(await viewFile(page.request, filled.document?.path as string));
    const text = letter.join('\n');
    expect(text).not.toMatch(/\{[A-Za-z]\w*\}/);
    expect(text).not.toContain(BLANK);
    for (const value of [
      `${beneficiary.givenName} ${beneficiary.familyName}`,
      caseNumber,
      'Senior Data Engineer',
      soc?.name as string,
      'Austin',
    ])
      expect(text).toContain(value);
    // The template the letter was filled from.
    const { list: letters } = await post<{ list: { name: string; document: { path: string } }[] }>(
      page.request,
      '/api/form-letter/list',
      {},
    );
    const template = letters.find((l) => l.name === LETTER);
    expect(template, `the firm's ${LETTER}`).toBeTruthy();
    // Paragraph by paragraph, as the template has them: each tag's place in the letter holds a value.
    const paragraphs = docxParagraphs(await viewFile(page.request, template?.document.path as string));
    expect(letter).toHaveLength(paragraphs.length);
    const tagged = paragraphs.flatMap((p, i) => (/\{\w+\}/.test(p) ? [{ p, filled: letter[i] as string }] : []));
    expect(tagged.length).toBeGreaterThan(3);
    for (const { p, filled } of tagged) {
      const pattern = new RegExp(
        `^${p
          .split(/\{\w+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('(.*?)')}$`,
      );
      const match = pattern.exec(filled);
      expect(match, `'${filled}' is '${p}' filled`).not.toBeNull();
      for (const value of match?.slice(1) ?? []) expect(value.trim(), `a tag's value in '${filled}'`).not.toBe('');
    }

    // 4. The firm's branch manager invites the authorized signatory to the case (role 12 is one a manager gives).
    const manager = await playwright.request.newContext({ baseURL });
    let signatoryLink: string;
    try {
      await post(manager, '/api/auth/login', { email: ACCOUNTS.lawManager, password: E2E_PASSWORD });
      const invited = await post<{ delivery: { link: string | null } }>(manager, '/api/cases/invite-account', {
        caseId,
        roleId: 12,
        ...signatory,
      });
      signatoryLink = invited.delivery.link as string;
      expect(signatoryLink).toMatch(/#token=/);
    } finally {
      await manager.dispose();
    }
    const sam = await freshPage(browser, baseURL);
    await acceptInvitation(sam, signatoryLink);

    // The firm's template has its fields placed for both roles (placed here if not, and put back after the send).
    const { list: templates } = await post<{ list: { _id: string; name: string; prepareTemplateId: string }[] }>(
      page.request,
      '/api/pdf-sign/esign-template-list',
      { page: 1, perpage: 100, filters: { title: ESIGN } },
    );
    const esign = templates.find((t) => t.name === ESIGN);
    expect(esign, `the firm's ${ESIGN}`).toBeTruthy();
    const documentPath = esign?.prepareTemplateId as string;
    const { fields: original } = await post<{ fields: Field[] }>(page.request, '/api/pdf-sign/template-fields', {
      templateId: documentPath,
    });
    const placed: Field[] = [...original];
    const spots = { signatory: 300, petitioner: 420 };
    for (const role of ['signatory', 'petitioner'] as const)
      if (!original.some((f) => f.role === role && f.type === 'signature'))
        placed.push(
          { page: 1, x: 56, y: spots[role], width: 220, height: 44, role, type: 'signature' },
          { page: 1, x: 330, y: spots[role] + 10, width: 110, height: 22, role, type: 'date' },
        );
    const changed = placed.length !== original.length;
    try {
      if (changed)
        await post(page.request, '/api/pdf-sign/save-template-fields', { templateId: documentPath, fields: placed });
      await page.reload();
      await page.getByRole('tab', { name: 'Overview' }).click();
      await expect(
        accounts.getByRole('row', { name: new RegExp(`Authorized signatory.*${signatory.lastName}`) }),
      ).toBeVisible();
      await page.getByRole('tab', { name: 'Documents' }).click();
      await page.getByRole('button', { name: 'Send for signature' }).click();
      const send = page.getByRole('dialog', { name: 'Send for signature' });
      await send.getByLabel('E-sign template').click();
      await page.getByRole('option', { name: ESIGN }).click();
      await send.getByLabel('1. Authorized Signatory').click();
      await page.getByRole('option', { name: new RegExp(signatory.email.replace(/\./g, '\\.')) }).click();
      await send.getByLabel('2. Petitioner').click();
      await page.getByRole('option', { name: /petitioner@lawfirm\.test/ }).click();
      await shot(page, 'send-for-signature');
      await send.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByText('Sent for signature').first()).toBeVisible();
    } finally {
      if (changed)
        await post(page.request, '/api/pdf-sign/save-template-fields', { templateId: documentPath, fields: original });
    }
    const sent = page.getByRole('table', { name: 'Documents sent for signature' });
    await expect(sent.getByRole('row', { name: new RegExp(ESIGN) })).toHaveCount(1);

    // 5. In order: the petitioner contact waits for the signatory, who signs first; then the petitioner contact.
    const priya = await freshPage(browser, baseURL);
    await signIn(priya, 'lawPetitioner');
    await priya.goto('/to-sign');
    await expect(
      priya
        .getByRole('table', { name: 'Documents to sign' })
        .getByRole('row', { name: new RegExp(`${caseNumber}.*Waiting for an earlier signer`) }),
    ).toBeVisible({ timeout: 30_000 });
    await shot(priya, 'petitioner-waiting');
    await signInToSign(sam, caseNumber, signatoryName, 'signatory-signs');
    await sam.context().close();
    await signInToSign(priya, caseNumber, petitionerName, 'petitioner-signs');
    await priya.context().close();

    // 6. The admin downloads the signed PDF: both names, the certificate, and the SHA-256 the case records.
    await page.reload();
    const signedRow = sent.getByRole('row', { name: /Signed/ });
    await expect(signedRow).toBeVisible({ timeout: 30_000 });
    await expect(signedRow).toContainText(`${signatoryName} ✓, ${petitionerName} ✓`);
    await shot(page, 'case-signed');
    const saving = page.waitForEvent('download');
    await signedRow.getByRole('button', { name: /Download signed PDF/ }).click();
    const bytes = await readFile((await (await saving).path()) as string);
    const pdf = await pdfText(bytes);
    for (const expected of [
      'Certificate of signature',
      `Case: ${caseNumber}`,
      signatoryName,
      signatory.email,
      petitionerName,
      ACCOUNTS.lawPetitioner,
      'SHA-256 of the document sent',
    ])
      expect(pdf).toContain(expected);
    // The certificate names them in signing order.
    expect(pdf).toContain(`Signer 1: ${signatoryName}`);
    expect(pdf).toContain(`Signer 2: ${petitionerName}`);
    const { list: envelopes } = await post<{
      list: { status: string; sha256: string | null; intact: boolean | null }[];
    }>(page.request, '/api/cases/envelopes/list', { caseId });
    expect(envelopes).toHaveLength(1);
    expect(envelopes[0]).toMatchObject({ status: 'signed', intact: true });
    expect(envelopes[0]?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });
});
