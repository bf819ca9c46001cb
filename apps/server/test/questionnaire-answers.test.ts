import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../src/platform/mail';
import { ok } from './support/calls';
import { userIdOf } from './support/case-records';
import { activateCaseConfigs, partiesFor, switchOnCaseTypes } from './support/cases';
import { GIF_1X1, JPEG_MIN, postMultipart } from './support/files';
import { type ReceivedMail, startSmtp } from './support/smtp';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';
import { addUser } from './support/users';

/**
 * Issue 35 item 2: questionnaires answered. The firm sends the case's pinned questionnaire to its beneficiary, who
 * saves a draft, uploads the passport scan (checked by content), and submits; the answers fill the case's facts and
 * the beneficiary's record, and SUBMIT_BY_BENEFICIARY completes. The firm sends them back with a comment (the step
 * opens again, the person is e-mailed), the person submits again, the firm accepts.
 */
let t: TestApp;
let admin: Caller;
let beneficiary: Caller;
let petitioner: Caller;
let other: Caller;
let beneficiaryId: string;
let caseId: string;
let caseNumber: string;
let beneficiaryEmail: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

const mailsSince = () =>
  smtp.received.splice(0).map((m: ReceivedMail) => ({ to: m.envelopeTo, subject: m.subject, text: m.text }));

const DEFINITION = {
  sections: [
    {
      key: 'you',
      title: 'About you',
      questions: [
        { key: 'passportNo', label: 'Passport number', type: 'text', required: true, fills: 'person.passportNumber' },
        { key: 'passportExp', label: 'Passport expiry', type: 'date', required: true, fills: 'person.passportExpiry' },
        { key: 'title', label: 'Your job title', type: 'text', required: true, fills: 'case.jobTitle' },
        { key: 'start', label: 'When do you start?', type: 'date', fills: 'case.startDate' },
        { key: 'scan', label: 'Passport scan', type: 'file', required: true },
      ],
    },
  ],
};

const status = () =>
  ok<{
    questionnaire: { name: string } | null;
    recipients: { userId: string }[];
    response: {
      _id: string;
      status: string;
      answers: Record<string, unknown>;
      comment: string | null;
      files: { name: string }[];
    } | null;
    current: Record<string, unknown>;
  }>(admin, '/api/cases/questionnaire/status', { caseId });
const stepStatus = async () =>
  (
    await t.database.db.execute<{ status: string }>(
      sql`select status from case_activities where case_id = ${caseId} and code = 'SUBMIT_BY_BENEFICIARY'`,
    )
  ).rows[0]?.status;
const caseFacts = async () =>
  (await t.database.db.execute<{ facts: Record<string, unknown> }>(sql`select facts from cases where id = ${caseId}`))
    .rows[0]?.facts;
const personOf = async () =>
  (
    await t.database.db.execute<{ passport_number: string | null; passport_expiry: string | null }>(
      sql`select p.passport_number, p.passport_expiry::text from persons p join cases c on c.beneficiary_id = p.id where c.id = ${caseId}`,
    )
  ).rows[0];

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ mailer: smtpMailer(smtp.url, 'cases@caseport.test') });
  await switchOnCaseTypes(t.database);
  await activateCaseConfigs(t.database, { tenantIds: [t.tenants.lawfirm], subTypeIds: [1] });
  const platform = await login(t, DEMO.platformAdmin);
  const created = await ok<{ questionnaire: { _id: string } }>(platform, '/api/questionnaire-template/create', {
    name: 'Beneficiary intake (issue 35)',
    entityType: 'beneficiary',
    definition: DEFINITION,
  });
  const qid = created.questionnaire._id;
  await ok(platform, '/api/questionnaire-template/publish', { questionnaireId: qid });
  await t.database.db.execute(sql`update petition_configs set questionnaire_tpl_id = ${qid}
    where tenant_id = ${t.tenants.lawfirm} and sub_type_id = 1 and active`);
  admin = await login(t, DEMO.lawAdmin);
  petitioner = await login(t, DEMO.lawPetitioner);
  other = await login(t, DEMO.otherAdmin);
  beneficiaryEmail = await addUser(t, 'lawfirm', 11);
  beneficiary = await login(t, beneficiaryEmail);
  beneficiaryId = await userIdOf(t, beneficiaryEmail);
  const parties = await partiesFor(t.database, t.tenants.lawfirm, 1, 'Ana Silva');
  const opened = await ok<{ case: { _id: string; caseNumber: string } }>(admin, '/api/cases/create', {
    subTypeId: 1,
    ...parties,
  });
  caseId = opened.case._id;
  caseNumber = opened.case.caseNumber;
  await t.database.db.execute(sql`insert into case_activities (tenant_id, case_id, seq, code, name, step, status, waits_for)
    values (${t.tenants.lawfirm}, ${caseId}, 900, 'SUBMIT_BY_BENEFICIARY', 'Submit by beneficiary', 900, 'open', 'beneficiary')
    on conflict do nothing`);
  await t.database.db.execute(sql`update case_activities set status = 'open'
    where case_id = ${caseId} and code = 'SUBMIT_BY_BENEFICIARY'`);
});
afterAll(async () => {
  await t.close();
  await smtp?.close();
});

describe('questionnaires answered (issue 35 item 2)', () => {
  let responseId = '';
  let scanId = '';

  it('issue 35: the firm sends the pinned questionnaire to a person of its audience linked to the case; the person is e-mailed', async () => {
    const before = await status();
    expect(before.questionnaire?.name).toBe('Beneficiary intake (issue 35)');
    expect(before.recipients).toEqual([]);
    expect(before.response).toBeNull();
    // Not linked yet: refused, nothing sent.
    const unlinked = await admin.post('/api/cases/questionnaire/send', { caseId, userId: beneficiaryId });
    expect(unlinked.statusCode).toBe(400);
    expect(unlinked.json().fields).toEqual([{ name: 'userId', message: 'Link this person to the case first' }]);
    await ok(admin, '/api/cases/link-account', { caseId, userId: beneficiaryId, roleId: 11 });
    // The petitioner contact is linked too, but a beneficiary questionnaire is not theirs to answer.
    const petitionerId = await userIdOf(t, DEMO.lawPetitioner);
    await ok(admin, '/api/cases/link-account', { caseId, userId: petitionerId, roleId: 50 }).catch(() => undefined);
    const wrongRole = await admin.post('/api/cases/questionnaire/send', { caseId, userId: petitionerId });
    expect(wrongRole.statusCode).toBe(400);
    expect((await status()).recipients.map((r) => r.userId)).toEqual([beneficiaryId]);
    mailsSince();
    expect(await ok(admin, '/api/cases/questionnaire/send', { caseId, userId: beneficiaryId })).toEqual({
      message: 'Questionnaire sent',
    });
    const mails = mailsSince();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[[beneficiaryEmail], 'You have a questionnaire to answer']]);
    expect(mails[0]?.text).toContain(caseNumber);
    expect(mails[0]?.text).not.toContain('Ana');
    // One open questionnaire per case.
    const again = await admin.post('/api/cases/questionnaire/send', { caseId, userId: beneficiaryId });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This case’s questionnaire is already waiting for answers');
    const listed = await ok<{ list: { _id: string; status: string; caseNumber: string }[] }>(
      beneficiary,
      '/api/answering/list',
    );
    expect(listed.list).toMatchObject([{ status: 'sent', caseNumber }]);
    responseId = listed.list[0]?._id as string;
  });

  it('issue 35: nobody else opens it: the case’s petitioner contact, another firm, the firm through the person’s routes', async () => {
    expect((await ok<{ list: unknown[] }>(petitioner, '/api/answering/list')).list).toEqual([]);
    // The same case's other party: not found. A firm's user (this one or another): not a person's route at all.
    for (const [c, code] of [
      [petitioner, 404],
      [admin, 403],
      [other, 403],
    ] as const)
      for (const url of ['/api/answering/open', '/api/answering/save', '/api/answering/submit'])
        expect(
          (await c.post(url, url === '/api/answering/open' ? { responseId } : { responseId, answers: {} })).statusCode,
          url,
        ).toBe(code);
    expect((await other.post('/api/cases/questionnaire/status', { caseId })).statusCode).toBe(404);
  });

  it('issue 35: a draft keeps what was typed (and only the questionnaire’s own answers); the step stays open', async () => {
    await ok(beneficiary, '/api/answering/save', { responseId, answers: { passportNo: 'X1234567', extra: 'dropped' } });
    const opened = await ok<{ answers: Record<string, unknown>; definition: unknown; status: string }>(
      beneficiary,
      '/api/answering/open',
      { responseId },
    );
    expect(opened.answers).toEqual({ passportNo: 'X1234567' });
    expect(opened.definition).toEqual(DEFINITION);
    expect(opened.status).toBe('sent');
    expect(await stepStatus()).toBe('open');
  });

  it('issue 35: the passport scan is checked by content (a GIF is refused, a JPEG kept among the case’s documents)', async () => {
    const gif = await postMultipart(t, beneficiary, '/api/answering/upload', { responseId }, [
      { name: 'scan.jpg', data: GIF_1X1 },
    ]);
    expect(gif.statusCode).toBe(415);
    const res = await postMultipart(t, beneficiary, '/api/answering/upload', { responseId }, [
      { name: 'passport.jpg', data: JPEG_MIN },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    scanId = res.json().file._id;
    const docs = await ok<{ list: { _id: string; name: string }[] }>(admin, '/api/cases/documents/list', { caseId });
    expect(docs.list.map((d) => d.name)).toEqual(['passport.jpg']);
  });

  it('issue 35: an incomplete or wrong submit names the answers and changes nothing', async () => {
    const before = { facts: await caseFacts(), person: await personOf() };
    const missing = await beneficiary.post('/api/answering/submit', {
      responseId,
      answers: { passportNo: 'X1234567' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.map((f: { name: string }) => f.name)).toEqual([
      'answers.passportExp',
      'answers.title',
      'answers.scan',
    ]);
    const forged = await beneficiary.post('/api/answering/submit', {
      responseId,
      answers: {
        passportNo: 'X1',
        passportExp: '2031-05-01',
        title: 'Engineer',
        scan: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().fields).toEqual([{ name: 'answers.scan', message: 'Upload the file again' }]);
    expect({ facts: await caseFacts(), person: await personOf() }).toEqual(before);
    expect(await stepStatus()).toBe('open');
  });

  it('issue 35: submitted answers fill the case’s facts and the beneficiary’s record, and SUBMIT_BY_BENEFICIARY completes', async () => {
    const answers = {
      passportNo: 'X1234567',
      passportExp: '2031-05-01',
      title: 'Data Engineer',
      start: '2027-01-04',
      scan: scanId,
    };
    expect(await ok(beneficiary, '/api/answering/submit', { responseId, answers })).toEqual({
      message: 'Answers sent to your law firm',
    });
    expect(await caseFacts()).toMatchObject({ jobTitle: 'Data Engineer', startDate: '2027-01-04' });
    expect(await personOf()).toEqual({ passport_number: 'X1234567', passport_expiry: '2031-05-01' });
    expect(await stepStatus()).toBe('done');
    const s = await status();
    expect(s.response).toMatchObject({ status: 'submitted', answers, files: [{ name: 'passport.jpg' }] });
    expect(s.current).toEqual({
      'person.passportNumber': 'X1234567',
      'person.passportExpiry': '2031-05-01',
      'case.jobTitle': 'Data Engineer',
      'case.startDate': '2027-01-04',
    });
    const audit = (
      await t.database.db.execute<{ after: { filled: string[]; completedSteps: string[] } }>(
        sql`select after from audit_log where entity = 'questionnaire_response' and action = 'submit'`,
      )
    ).rows;
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after.completedSteps).toEqual(['SUBMIT_BY_BENEFICIARY']);
    // Sent: no more changes from the person.
    const late = await beneficiary.post('/api/answering/save', { responseId, answers });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('These answers were already sent');
  });

  it('issue 35: the firm sends the answers back with a comment: the step opens again and the person is told', async () => {
    const bare = await admin.post('/api/cases/questionnaire/review', { caseId, responseId, decision: 'return' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields).toEqual([{ name: 'comment', message: 'Say what needs to change' }]);
    mailsSince();
    await ok(admin, '/api/cases/questionnaire/review', {
      caseId,
      responseId,
      decision: 'return',
      comment: 'The passport scan is blurry',
    });
    expect(await stepStatus()).toBe('open');
    const mails = mailsSince();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[[beneficiaryEmail], 'Your answers were sent back']]);
    expect(mails[0]?.text).not.toContain('blurry');
    const listed = await ok<{ list: { status: string; comment: string }[] }>(beneficiary, '/api/answering/list');
    expect(listed.list[0]).toMatchObject({ status: 'returned', comment: 'The passport scan is blurry' });
  });

  it('issue 35: answered again and accepted; an accepted questionnaire takes no other review', async () => {
    const answers = { passportNo: 'X1234567', passportExp: '2031-05-01', title: 'Data Engineer', scan: scanId };
    await ok(beneficiary, '/api/answering/submit', { responseId, answers });
    expect(await stepStatus()).toBe('done');
    expect(await ok(admin, '/api/cases/questionnaire/review', { caseId, responseId, decision: 'accept' })).toEqual({
      message: 'Answers accepted',
    });
    expect((await status()).response?.status).toBe('accepted');
    const again = await admin.post('/api/cases/questionnaire/review', {
      caseId,
      responseId,
      decision: 'return',
      comment: 'x',
    });
    expect(again.statusCode).toBe(400);
  });
});

describe('a sponsor’s questionnaire (issue 35 item 2: the sponsor audience)', () => {
  it('issue 35: the I-130 starter is the sponsor’s to answer (migration 0062), its header and its published version', async () => {
    const rows = await t.database.db.execute<{ entity_type: string }>(sql`
      select entity_type from questionnaire_templates where id = '3a1f0c52-7d4e-4b8a-9c21-000000000007'
      union all
      select entity_type from questionnaire_versions where questionnaire_id = '3a1f0c52-7d4e-4b8a-9c21-000000000007'`);
    expect(rows.rows.length).toBeGreaterThanOrEqual(2);
    expect(new Set(rows.rows.map((r) => r.entity_type))).toEqual(new Set(['sponsor']));
  });

  it('issue 35: a family case’s sponsor questionnaire goes to the linked sponsor (role 51), not to its beneficiary; the sponsor answers and their own record takes the answers', async () => {
    const platform = await login(t, DEMO.platformAdmin);
    const created = await ok<{ questionnaire: { _id: string } }>(platform, '/api/questionnaire-template/create', {
      name: 'Sponsor intake (issue 35)',
      entityType: 'sponsor',
      definition: {
        sections: [
          {
            key: 'you',
            title: 'About you',
            questions: [
              {
                key: 'passportNo',
                label: 'Your passport number',
                type: 'text',
                required: true,
                fills: 'person.passportNumber',
              },
            ],
          },
        ],
      },
    });
    const qid = created.questionnaire._id;
    await ok(platform, '/api/questionnaire-template/publish', { questionnaireId: qid });
    const family = (
      await t.database.db.execute<{ id: number }>(sql`select s.id from petition_sub_types s
        join petition_types p on p.id = s.petition_type_id where p.category = 'family' order by s.id limit 1`)
    ).rows[0]?.id as number;
    await activateCaseConfigs(t.database, { tenantIds: [t.tenants.lawfirm], subTypeIds: [family] });
    await t.database.db.execute(sql`update petition_configs set questionnaire_tpl_id = ${qid}
      where tenant_id = ${t.tenants.lawfirm} and sub_type_id = ${family} and active`);
    const parties = await partiesFor(t.database, t.tenants.lawfirm, family, 'Mei Chen');
    const familyCase = (
      await ok<{ case: { _id: string } }>(admin, '/api/cases/create', { subTypeId: family, ...parties })
    ).case._id;
    const sponsorEmail = await addUser(t, 'lawfirm', 51);
    const sponsorUserId = await userIdOf(t, sponsorEmail);
    const beneficiaryUserId = beneficiaryId;
    await ok(admin, '/api/cases/link-account', { caseId: familyCase, userId: beneficiaryUserId, roleId: 11 });
    await ok(admin, '/api/cases/link-account', { caseId: familyCase, userId: sponsorUserId, roleId: 51 });
    const seen = await ok<{ questionnaire: { entityType: string }; recipients: { userId: string }[] }>(
      admin,
      '/api/cases/questionnaire/status',
      { caseId: familyCase },
    );
    expect(seen.questionnaire.entityType).toBe('sponsor');
    expect(seen.recipients.map((r) => r.userId)).toEqual([sponsorUserId]);
    const toBeneficiary = await admin.post('/api/cases/questionnaire/send', {
      caseId: familyCase,
      userId: beneficiaryUserId,
    });
    expect(toBeneficiary.statusCode).toBe(400);
    await ok(admin, '/api/cases/questionnaire/send', { caseId: familyCase, userId: sponsorUserId });
    const sponsor = await login(t, sponsorEmail);
    const [item] = (await ok<{ list: { _id: string }[] }>(sponsor, '/api/answering/list')).list;
    await ok(sponsor, '/api/answering/submit', { responseId: item?._id, answers: { passportNo: 'S7654321' } });
    const people = await t.database.db.execute<{ sponsor: string | null; beneficiary: string | null }>(sql`
      select s.passport_number as sponsor, b.passport_number as beneficiary from cases c
        join persons s on s.id = c.sponsor_id join persons b on b.id = c.beneficiary_id where c.id = ${familyCase}`);
    expect(people.rows[0]).toEqual({ sponsor: 'S7654321', beneficiary: null });
  });
});
