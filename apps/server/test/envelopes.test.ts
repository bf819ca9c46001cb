import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENVELOPE_MESSAGES } from '@caseport/domain/cases/envelopes';
import { sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../src/platform/mail';
import { ok, PRIVATE_FILE, uploadFile } from './support/calls';
import { userIdOf } from './support/case-records';
import { activateCaseConfigs, partiesFor, switchOnCaseTypes } from './support/cases';
import { buildPdf, letterDocx, postMultipart } from './support/files';
import { pdfText } from './support/pdf-text';
import { type ReceivedMail, startSmtp } from './support/smtp';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';
import { addUser } from './support/users';

/**
 * Issue 35 item 3: documents signed. The firm sends a prepared e-sign template from a case to the
 * signatory and the petitioner contact, in order; each signs in place; the signed PDF holds both and the certificate,
 * its SHA-256 matches the recorded one, and a byte changed on disk makes the case page say it no longer matches.
 */
let t: TestApp;
let admin: Caller;
let signatory: Caller;
let petitioner: Caller;
let signatoryId: string;
let petitionerId: string;
let caseId: string;
let templateId: string;
let caseNumber: string;
let signatoryEmail: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

/** The e-mails the SMTP server received since the last call (issue 35 item 5), and what each said. */
const mailsSince = () =>
  smtp.received.splice(0).map((m: ReceivedMail) => ({ to: m.envelopeTo, subject: m.subject, text: m.text }));

const letter = async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText('Employer Support Letter', { x: 72, y: 720, size: 14, font });
  return Buffer.from(await doc.save());
};
const FIELDS = [
  { page: 1, x: 72, y: 200, width: 180, height: 36, role: 'signatory', type: 'signature' },
  { page: 1, x: 300, y: 200, width: 90, height: 20, role: 'signatory', type: 'date' },
  { page: 1, x: 72, y: 120, width: 180, height: 36, role: 'petitioner', type: 'signature' },
] as const;

type Listed = {
  list: { _id: string; status: string; signers: { status: string }[]; sha256: string | null; intact: boolean | null }[];
};
const envelopesOf = () => ok<Listed>(admin, '/api/cases/envelopes/list', { caseId });

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ mailer: smtpMailer(smtp.url, 'cases@caseport.test') });
  await switchOnCaseTypes(t.database);
  await activateCaseConfigs(t.database, { tenantIds: [t.tenants.lawfirm], subTypeIds: [1] });
  admin = await login(t, DEMO.lawAdmin);
  petitioner = await login(t, DEMO.lawPetitioner);
  signatoryEmail = await addUser(t, 'lawfirm', 12);
  signatory = await login(t, signatoryEmail);
  signatoryId = await userIdOf(t, signatoryEmail);
  petitionerId = await userIdOf(t, DEMO.lawPetitioner);
  const parties = await partiesFor(t.database, t.tenants.lawfirm, 1, 'Ana Silva');
  const opened = await ok<{ case: { _id: string; caseNumber: string } }>(admin, '/api/cases/create', {
    subTypeId: 1,
    ...parties,
    petitionerId,
  });
  caseId = opened.case._id;
  caseNumber = opened.case.caseNumber;
  await ok(admin, '/api/cases/link-account', { caseId, userId: signatoryId, roleId: 12 });
  // The run's signing steps, open: the last signature completes them.
  for (const [seq, code, waitsFor] of [
    [901, 'REQUEST_PETITIONER_SIGN', 'petitioner'],
    [902, 'DOC_SIGNER_LIST', 'signatory'],
  ])
    await t.database.db.execute(sql`insert into case_activities (tenant_id, case_id, seq, code, name, step, status, waits_for)
      values (${t.tenants.lawfirm}, ${caseId}, ${seq}, ${code}, ${code}, ${seq}, 'open', ${waitsFor})`);
  const doc = (
    await uploadFile(t, admin, { purpose: 'pdf', ...PRIVATE_FILE }, { name: 'support.pdf', data: await letter() })
  ).path;
  const saved = await ok<{ item: { _id: string } }>(admin, '/api/pdf-sign/save-esign-template', {
    name: 'Employer Support Letter',
    tplType: 6,
    prepareTemplateId: doc,
    noOfWorkLocations: 1,
  });
  templateId = saved.item._id;
  await ok(admin, '/api/pdf-sign/save-template-fields', { templateId: doc, fields: FIELDS });
});
afterAll(async () => {
  await t.close();
  await smtp?.close();
});

describe('documents signed (issue 35 item 3)', () => {
  let envelopeId = '';

  it('issue 35: a send names a signer for every role of the placed fields, each linked to the case; the first signer is e-mailed', async () => {
    mailsSince();
    const missing = await admin.post('/api/cases/envelopes/send', {
      caseId,
      templateId,
      signers: [{ role: 'signatory', userId: signatoryId }],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([{ name: 'signers', message: 'Choose who signs as Petitioner' }]);
    const unlinked = await admin.post('/api/cases/envelopes/send', {
      caseId,
      templateId,
      signers: [
        { role: 'signatory', userId: petitionerId },
        { role: 'petitioner', userId: petitionerId },
      ],
    });
    expect(unlinked.statusCode).toBe(400);
    const sent = await ok<{ envelopeId: string }>(admin, '/api/cases/envelopes/send', {
      caseId,
      templateId,
      signers: [
        { role: 'signatory', userId: signatoryId },
        { role: 'petitioner', userId: petitionerId },
      ],
    });
    envelopeId = sent.envelopeId;
    const [env] = (await envelopesOf()).list;
    expect(env).toMatchObject({ _id: envelopeId, status: 'sent', sha256: null, intact: null });
    expect(env?.signers.map((s) => s.status)).toEqual(['pending', 'waiting']);
    // Issue 35 item 5: only the first signer is told, by a real SMTP server; the refused sends told nobody.
    expect(mailsSince()).toEqual([
      {
        to: [signatoryEmail],
        subject: 'A document is waiting for your signature',
        text: expect.stringContaining(`A document of case ${caseNumber} is waiting for your signature.`),
      },
    ]);
  });

  it('issue 35: the signers sign in order; the signed PDF holds both and the certificate, its SHA-256 is the one recorded, and the last signature completes REQUEST_PETITIONER_SIGN and DOC_SIGNER_LIST; the next signer is e-mailed on their turn, the sender and every signer when everyone has signed, naming only the recipient and the case number', async () => {
    const early = await petitioner.post('/api/signing/sign', {
      envelopeId,
      signature: { kind: 'typed', text: 'Priya Patel' },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(ENVELOPE_MESSAGES.notYourTurn);
    const toSign = await ok<{ list: { _id: string; yourTurn: boolean }[] }>(signatory, '/api/signing/list', {});
    expect(toSign.list).toEqual([expect.objectContaining({ _id: envelopeId, yourTurn: true })]);
    const opened = await signatory.post('/api/signing/document', { envelopeId });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect((await envelopesOf()).list[0]?.status).toBe('viewed');
    await ok(signatory, '/api/signing/sign', { envelopeId, signature: { kind: 'typed', text: 'Sam Signer' } });
    const turn = mailsSince();
    expect(turn.map((m) => [m.to, m.subject])).toEqual([
      [[DEMO.lawPetitioner], 'A document is waiting for your signature'],
    ]);
    await ok(petitioner, '/api/signing/sign', { envelopeId, signature: { kind: 'typed', text: 'Priya Patel' } });
    const done = mailsSince();
    expect(done.map((m) => [m.to, m.subject])).toEqual([
      [[DEMO.lawAdmin], 'Everyone has signed'],
      [[signatoryEmail], 'Everyone has signed'],
      [[DEMO.lawPetitioner], 'Everyone has signed'],
    ]);
    // No mail names the document, the beneficiary or a signature: the recipient's own name and the case number.
    for (const m of [...turn, ...done]) {
      expect(m.text).toContain(`case ${caseNumber}`);
      for (const other of ['Ana Silva', 'Employer Support Letter', 'Sam Signer']) expect(m.text).not.toContain(other);
    }
    const [env] = (await envelopesOf()).list;
    expect(env).toMatchObject({ status: 'signed', intact: true });
    const file = await admin.post('/api/cases/envelopes/download', { caseId, envelopeId });
    expect(file.statusCode).toBe(200);
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(env?.sha256);
    const text = await pdfText(file.rawPayload);
    for (const expected of ['Sam Signer', 'Priya Patel', 'Certificate of signature', 'SHA-256 of the document sent'])
      expect(text).toContain(expected);
    const audits = await t.database.db.execute<{ action: string; after: { completedSteps?: string[] } | null }>(
      sql`select action, after from audit_log where entity = 'envelope' and entity_id = ${envelopeId} order by id`,
    );
    expect(audits.rows.map((r) => r.action)).toEqual(['send', 'view', 'sign', 'sign']);
    // REQUEST_PETITIONER_SIGN and DOC_SIGNER_LIST completed with the last signature, by the last signer, in the
    // same request and its one audit row.
    expect(audits.rows.at(-1)?.after?.completedSteps).toEqual(['REQUEST_PETITIONER_SIGN', 'DOC_SIGNER_LIST']);
    const steps = await t.database.db.execute<{ code: string; status: string; done_by: string }>(
      sql`select code, status, done_by from case_activities where case_id = ${caseId} and seq in (901, 902) order by seq`,
    );
    expect(steps.rows).toEqual([
      { code: 'REQUEST_PETITIONER_SIGN', status: 'done', done_by: petitionerId },
      { code: 'DOC_SIGNER_LIST', status: 'done', done_by: petitionerId },
    ]);
  });

  it('issue 35: one byte changed in the stored signed file, and the case page says it no longer matches', async () => {
    const row = (
      await t.database.db.execute<{ signed_file: string }>(
        sql`select signed_file from envelopes where id = ${envelopeId}`,
      )
    ).rows[0];
    const path = join(t.filesDir, row?.signed_file as string);
    const bytes = readFileSync(path);
    bytes[Math.floor(bytes.length / 2)] = (bytes[Math.floor(bytes.length / 2)] as number) ^ 1;
    writeFileSync(path, bytes);
    expect((await envelopesOf()).list[0]?.intact).toBe(false);
  });

  it('issue 35: a declined or cancelled envelope takes no signature; another person’s envelope is not found', async () => {
    const send = () =>
      ok<{ envelopeId: string }>(admin, '/api/cases/envelopes/send', {
        caseId,
        templateId,
        signers: [
          { role: 'signatory', userId: signatoryId },
          { role: 'petitioner', userId: petitionerId },
        ],
      });
    const declined = (await send()).envelopeId;
    await ok(signatory, '/api/signing/decline', { envelopeId: declined, reason: 'The salary is wrong' });
    const after = await petitioner.post('/api/signing/sign', {
      envelopeId: declined,
      signature: { kind: 'typed', text: 'Priya Patel' },
    });
    expect(after.statusCode).toBe(400);
    const cancelled = (await send()).envelopeId;
    await ok(admin, '/api/cases/envelopes/cancel', { caseId, envelopeId: cancelled });
    expect(
      (await signatory.post('/api/signing/sign', { envelopeId: cancelled, signature: { kind: 'typed', text: 'S' } }))
        .statusCode,
    ).toBe(400);
    // The other firm's admin, and a beneficiary who is no signer, find nothing.
    const other = await login(t, DEMO.otherAdmin);
    expect((await other.post('/api/cases/envelopes/download', { caseId, envelopeId: declined })).statusCode).toBe(404);
    const beneficiary = await login(t, await addUser(t, 'lawfirm', 11));
    expect((await beneficiary.post('/api/signing/document', { envelopeId: declined })).statusCode).toBe(404);
  });

  it('issue 35: a PDF document of the case (a filled letter) is sent with a page of signatures, one block per signer in order; both sign in place; a Word file, two people for one role or another case’s document are refused and send nothing', async () => {
    const upload = async (name: string, data: Buffer) => {
      const res = await postMultipart(t, admin, '/api/cases/documents/upload', { caseId }, [{ name, data }]);
      expect(res.statusCode).toBe(200);
      return res.json().item._id as string;
    };
    const pdfId = await upload('Support letter.pdf', await buildPdf('We offer Ana Silva the position.'));
    const wordId = await upload('Support letter.docx', letterDocx(['We offer Ana Silva the position.']));
    const both = [
      { role: 'signatory', userId: signatoryId },
      { role: 'petitioner', userId: petitionerId },
    ];
    const before = (await envelopesOf()).list.length;
    mailsSince();
    const word = await admin.post('/api/cases/envelopes/send-document', { caseId, documentId: wordId, signers: both });
    expect(word.statusCode).toBe(400);
    expect(word.json().fields).toEqual([{ name: 'documentId', message: ENVELOPE_MESSAGES.pdfOnly }]);
    const twice = await admin.post('/api/cases/envelopes/send-document', {
      caseId,
      documentId: pdfId,
      signers: [
        { role: 'petitioner', userId: signatoryId },
        { role: 'petitioner', userId: petitionerId },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields).toContainEqual({ name: 'signers', message: ENVELOPE_MESSAGES.roleTwice });
    // A document of another case of the firm is not this case's: 404, as another tenant's.
    const parties = await partiesFor(t.database, t.tenants.lawfirm, 1, 'Ravi Kumar');
    const otherCase = (await ok<{ case: { _id: string } }>(admin, '/api/cases/create', { subTypeId: 1, ...parties }))
      .case._id;
    const elsewhere = await admin.post('/api/cases/envelopes/send-document', {
      caseId: otherCase,
      documentId: pdfId,
      signers: both,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await envelopesOf()).list).toHaveLength(before);
    expect(mailsSince()).toEqual([]);

    const { envelopeId: sentId } = await ok<{ envelopeId: string }>(admin, '/api/cases/envelopes/send-document', {
      caseId,
      documentId: pdfId,
      signers: both,
    });
    const sentFile = await admin.post('/api/cases/envelopes/download', { caseId, envelopeId: sentId });
    const sentDoc = await PDFDocument.load(sentFile.rawPayload);
    expect(sentDoc.getPageCount()).toBe(2);
    const sentText = await pdfText(sentFile.rawPayload);
    for (const expected of [
      'We offer Ana Silva the position.',
      'Signatures',
      '1. Authorized Signatory',
      '2. Petitioner',
    ])
      expect(sentText).toContain(expected);
    expect(mailsSince().map((m) => [m.to, m.subject])).toEqual([
      [[signatoryEmail], 'A document is waiting for your signature'],
    ]);
    await ok(signatory, '/api/signing/sign', { envelopeId: sentId, signature: { kind: 'typed', text: 'Sam Signer' } });
    await ok(petitioner, '/api/signing/sign', {
      envelopeId: sentId,
      signature: { kind: 'typed', text: 'Priya Patel' },
    });
    const env = (await envelopesOf()).list.find((e) => e._id === sentId);
    expect(env).toMatchObject({ name: 'Support letter', status: 'signed', intact: true });
    const signed = await admin.post('/api/cases/envelopes/download', { caseId, envelopeId: sentId });
    expect(createHash('sha256').update(signed.rawPayload).digest('hex')).toBe(env?.sha256);
    // The letter, its page of signatures with both signatures and printed names, then the certificate.
    expect((await PDFDocument.load(signed.rawPayload)).getPageCount()).toBe(3);
    const text = await pdfText(signed.rawPayload);
    for (const expected of [
      'We offer Ana Silva the position.',
      'Sam Signer',
      'Priya Patel',
      'Certificate of signature',
    ])
      expect(text).toContain(expected);
    const audit = await t.database.db.execute<{ after: { source?: string; sourceId?: string } }>(
      sql`select after from audit_log where entity = 'envelope' and entity_id = ${sentId} and action = 'send'`,
    );
    expect(audit.rows[0]?.after).toMatchObject({ source: 'case-document', sourceId: pdfId });
  });

  it('issue 35: an attorney of the firm (role 5) signs a template’s attorney fields: chosen among the firm’s attorneys (not linked to the case), signs in To sign, and nobody else may sign as the attorney', async () => {
    const attorneyEmail = await addUser(t, 'lawfirm', 5);
    const attorneyId = await userIdOf(t, attorneyEmail);
    const doc = (
      await uploadFile(t, admin, { purpose: 'pdf', ...PRIVATE_FILE }, { name: 'engagement.pdf', data: await letter() })
    ).path;
    const template = (
      await ok<{ item: { _id: string } }>(admin, '/api/pdf-sign/save-esign-template', {
        name: 'Engagement Letter',
        tplType: 6,
        prepareTemplateId: doc,
        noOfWorkLocations: 1,
      })
    ).item._id;
    await ok(admin, '/api/pdf-sign/save-template-fields', {
      templateId: doc,
      fields: [
        { page: 1, x: 72, y: 300, width: 180, height: 36, role: 'petitioner', type: 'signature' },
        { page: 1, x: 72, y: 200, width: 180, height: 36, role: 'attorney', type: 'signature' },
      ],
    });
    const listed = await ok<{ attorneys: { userId: string; email: string }[] }>(admin, '/api/cases/envelopes/list', {
      caseId,
    });
    expect(listed.attorneys).toContainEqual(expect.objectContaining({ userId: attorneyId, email: attorneyEmail }));
    expect(listed.attorneys.map((a) => a.userId)).not.toContain(petitionerId);
    // The petitioner contact is no attorney of the firm.
    const notAttorney = await admin.post('/api/cases/envelopes/send', {
      caseId,
      templateId: template,
      signers: [
        { role: 'petitioner', userId: petitionerId },
        { role: 'attorney', userId: signatoryId },
      ],
    });
    expect(notAttorney.statusCode).toBe(400);
    expect(notAttorney.json().fields).toContainEqual({
      name: 'signers.1.userId',
      message: 'Choose one of your firm’s attorneys',
    });
    const { envelopeId: sentId } = await ok<{ envelopeId: string }>(admin, '/api/cases/envelopes/send', {
      caseId,
      templateId: template,
      signers: [
        { role: 'petitioner', userId: petitionerId },
        { role: 'attorney', userId: attorneyId },
      ],
    });
    await ok(petitioner, '/api/signing/sign', {
      envelopeId: sentId,
      signature: { kind: 'typed', text: 'Priya Patel' },
    });
    const attorney = await login(t, attorneyEmail);
    const toSign = await ok<{ list: { _id: string; yourTurn: boolean }[] }>(attorney, '/api/signing/list', {});
    expect(toSign.list).toContainEqual(expect.objectContaining({ _id: sentId, yourTurn: true }));
    await ok(attorney, '/api/signing/sign', {
      envelopeId: sentId,
      signature: { kind: 'typed', text: 'Alex Attorney' },
    });
    const env = (await envelopesOf()).list.find((e) => e._id === sentId);
    expect(env?.status).toBe('signed');
    const signed = await admin.post('/api/cases/envelopes/download', { caseId, envelopeId: sentId });
    const text = await pdfText(signed.rawPayload);
    for (const expected of ['Priya Patel', 'Alex Attorney', '(Attorney)']) expect(text).toContain(expected);
  });
});
