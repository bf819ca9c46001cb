import { schema } from '@caseport/db/client';
import { seesCaseInvoices } from '@caseport/domain/cases/my-cases';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from './support/calls';
import { PETITIONER_QUESTIONNAIRE } from './support/case-records';
import { activateCaseConfigs, partiesFor, switchOnCaseTypes } from './support/cases';
import { tableHashes } from './support/db-snapshot';
import { PDF_MIN, postMultipart } from './support/files';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

/**
 * Issue 35 ('Must show'): a generated isolation test over every My cases, signing and answering route. Two petitioner contacts
 * and two beneficiaries of one firm, and a petitioner contact and a beneficiary of another firm, each replaying the
 * others' requests with the others' ids (case, invoice, and each pairing of the two; every envelope sent to someone
 * else, to open, sign or decline; every questionnaire sent to someone else, to open, save, submit or upload to), and searching by the others' case numbers and names: no answer holds another
 * person's case or envelope, nothing changes, and each person's own case answers.
 */
let t: TestApp;

interface Party {
  key: string;
  caller: Caller;
  userId: string;
}
interface Kase {
  id: string;
  tenantId: string;
  number: string;
  beneficiaryName: string;
  hasPetitioner: boolean;
  invoiceId: string;
}

const parties: Party[] = [];
const cases: Kase[] = [];
/** Issue 35 item 3: an envelope of each case to its petitioner contact, and one to each linked beneficiary. */
const envelopes: { id: string; signerId: string }[] = [];

/** An envelope of the case sent to one signer (its routes are tested in envelopes.test.ts). */
const addEnvelope = async (k: Kase, signer: Party, role: 'petitioner' | 'beneficiary') => {
  const row = await t.database.db.execute<{ id: string }>(sql`insert into envelopes (tenant_id, case_id, name,
      source_kind, sent_file, sha256_sent) values (${k.tenantId}, ${k.id}, ${`Letter for ${k.number}`},
      'esign-template', 'private/iso-envelope.pdf', ${'0'.repeat(64)}) returning id`);
  const id = row.rows[0]?.id as string;
  await t.database.db.execute(sql`insert into envelope_signers (tenant_id, case_id, envelope_id, seq, user_id, role,
      status) values (${k.tenantId}, ${k.id}, ${id}, 0, ${signer.userId}, ${role}, 'pending')`);
  envelopes.push({ id, signerId: signer.userId });
};
/** Issue 35 item 2: a questionnaire of each case sent to each linked person (the first of a case open, the rest done). */
const responses: { id: string; userId: string; caseId: string }[] = [];
const addResponse = async (k: Kase, to: Party) => {
  const open = !responses.some((r) => r.caseId === k.id);
  const row = await t.database.db.execute<{ id: string }>(sql`insert into questionnaire_responses (tenant_id, case_id,
      name, questionnaire_version, definition, user_id, status) values (${k.tenantId}, ${k.id}, 'Intake', 1,
      ${JSON.stringify(PETITIONER_QUESTIONNAIRE)}::jsonb, ${to.userId}, ${open ? 'sent' : 'accepted'}) returning id`);
  responses.push({ id: row.rows[0]?.id as string, userId: to.userId, caseId: k.id });
};
const LIST = { page: 1, perpage: 100, sorting: { path: 'createdOn', order: -1 }, filters: {} };

/** A sign-in account of the tenant with the demo password (roles 11 and 50 are invited people, not staff). */
const account = async (tenant: 'lawfirm' | 'otherfirm', roleId: number, email: string): Promise<Party> => {
  const [seeded] = await t.database.db
    .select({ passwordHash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.email, DEMO.lawAdmin));
  const [row] = await t.database.db
    .insert(schema.users)
    .values({
      tenantId: t.tenants[tenant],
      email,
      passwordHash: seeded?.passwordHash as string,
      firstName: 'Iso',
      lastName: email.split('@')[0] as string,
      roleId,
    })
    .returning({ id: schema.users.id });
  return { key: email, caller: await login(t, email), userId: row?.id as string };
};

/** A case naming `petitioner`, with an invoice addressed to it (as CREATE_INVOICE issues one). */
const openCase = async (admin: Caller, tenantId: string, petitioner: Party, beneficiaryName: string) => {
  const parties = await partiesFor(t.database, tenantId, 1, beneficiaryName);
  const opened = await ok<{ case: { _id: string; caseNumber: string } }>(admin, '/api/cases/create', {
    subTypeId: 1,
    ...parties,
    petitionerId: petitioner.userId,
  });
  const n = cases.length + 1;
  const invoice = await t.database.db.execute<{ id: string }>(
    sql`insert into case_invoices (tenant_id, case_id, invoice_number, issued_on, billed_to, lines, total_cents)
      values (${tenantId}, ${opened.case._id}, ${`ISO-${n}-INV1`}, '2030-01-02', 'Client',
        ${JSON.stringify([{ label: 'Legal fee', amount: 100 }])}::jsonb, 10000) returning id`,
  );
  const k: Kase = {
    id: opened.case._id,
    tenantId,
    number: opened.case.caseNumber,
    beneficiaryName,
    hasPetitioner: true,
    invoiceId: invoice.rows[0]?.id as string,
  };
  cases.push(k);
  return k;
};

/** The cases a person is linked to, and by which roles, straight from the database. */
const linksOf = async (p: Party) =>
  (
    await t.database.db.execute<{ case_id: string; role_id: number }>(
      sql`select case_id, role_id from case_accounts where user_id = ${p.userId}`,
    )
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
  await switchOnCaseTypes(t.database);
  await activateCaseConfigs(t.database, { tenantIds: [t.tenants.lawfirm, t.tenants.otherfirm], subTypeIds: [1] });
  const admin = await login(t, DEMO.lawAdmin);
  const otherAdmin = await login(t, DEMO.otherAdmin);
  const p1 = await account('lawfirm', 50, 'iso-petitioner-1@lawfirm.test');
  const p2 = await account('lawfirm', 50, 'iso-petitioner-2@lawfirm.test');
  const b1 = await account('lawfirm', 11, 'iso-beneficiary-1@lawfirm.test');
  const b2 = await account('lawfirm', 11, 'iso-beneficiary-2@lawfirm.test');
  const o1 = await account('otherfirm', 50, 'iso-petitioner@otherfirm.test');
  const ob = await account('otherfirm', 11, 'iso-beneficiary@otherfirm.test');
  parties.push(p1, p2, b1, b2, o1, ob);
  const p1a = await openCase(admin, t.tenants.lawfirm, p1, 'Iris Novak');
  await openCase(admin, t.tenants.lawfirm, p1, 'Omar Haddad');
  const p2a = await openCase(admin, t.tenants.lawfirm, p2, 'Lin Wei');
  await openCase(admin, t.tenants.lawfirm, p2, 'Sara Costa');
  const oa = await openCase(otherAdmin, t.tenants.otherfirm, o1, 'Tomas Berg');
  await openCase(otherAdmin, t.tenants.otherfirm, o1, 'Yuki Mori');
  // Beneficiaries: b1 on a case of each petitioner, b2 on one, ob on the other firm's.
  for (const [who, k] of [
    [b1, p1a],
    [b1, p2a],
    [b2, p2a],
  ] as const)
    await ok(admin, '/api/cases/link-account', { caseId: k.id, userId: who.userId, roleId: 11 });
  await ok(otherAdmin, '/api/cases/link-account', { caseId: oa.id, userId: ob.userId, roleId: 11 });
  for (const p of parties)
    for (const link of await linksOf(p)) {
      const k = cases.find((c) => c.id === link.case_id) as Kase;
      await addEnvelope(k, p, link.role_id === 50 ? 'petitioner' : 'beneficiary');
      await addResponse(k, p);
    }
});
afterAll(() => t.close());

describe('My cases isolation (issue 35)', () => {
  it('issue 35: six people of two firms replay each other’s My cases, signing and questionnaire requests with each other’s ids: 0 leaks, 0 changes, over ≥ 2,000 requests', async () => {
    const before = await tableHashes(t.database, ['sessions', 'login_failures']);
    const problems: string[] = [];
    let sent = 0;
    const send = async (p: Party, route: string, body: object) => {
      sent++;
      return p.caller.post(route, body);
    };
    for (const p of parties) {
      const links = await linksOf(p);
      const mine = new Set(links.map((l) => l.case_id));
      const roles = links.map((l) => l.role_id);
      const own = cases.filter((k) => mine.has(k.id));
      const others = cases.filter((k) => !mine.has(k.id));
      if (!own.length) problems.push(`${p.key} has no case of its own`);

      // Their own cases answer, and show them exactly their cases.
      const list = await ok<{ list: { _id: string }[] }>(p.caller, '/api/my-cases/list', LIST);
      sent++;
      if (JSON.stringify(list.list.map((c) => c._id).sort()) !== JSON.stringify([...mine].sort()))
        problems.push(`${p.key}: lists ${list.list.map((c) => c._id)} for ${[...mine]}`);
      for (const k of own) {
        const res = await send(p, '/api/my-cases/details', { caseId: k.id });
        if (res.statusCode !== 200) problems.push(`${p.key}: own case ${k.number} → ${res.statusCode}`);
        const pdf = await send(p, '/api/my-cases/invoice-pdf', { caseId: k.id, invoiceId: k.invoiceId });
        const sees = seesCaseInvoices(roles, k);
        if (pdf.statusCode !== (sees ? 200 : 404))
          problems.push(`${p.key}: own invoice of ${k.number} → ${pdf.statusCode} (sees: ${sees})`);
      }

      // Issue 35 item 3: their To sign lists exactly the envelopes sent to them; anyone else's is not found, to
      // open, to sign or to decline.
      const signing = await ok<{ list: { _id: string }[] }>(p.caller, '/api/signing/list', {});
      sent++;
      const myEnvelopes = envelopes.filter((e) => e.signerId === p.userId).map((e) => e.id);
      if (JSON.stringify(signing.list.map((e) => e._id).sort()) !== JSON.stringify(myEnvelopes.sort()))
        problems.push(`${p.key}: To sign lists ${signing.list.map((e) => e._id)} for ${myEnvelopes}`);
      if (!myEnvelopes.length) problems.push(`${p.key} has no envelope of its own`);
      for (const e of envelopes.filter((x) => x.signerId !== p.userId))
        for (const [route, body] of [
          ['/api/signing/document', { envelopeId: e.id }],
          ['/api/signing/sign', { envelopeId: e.id, signature: { kind: 'typed', text: 'Not Me' } }],
          ['/api/signing/decline', { envelopeId: e.id, reason: 'Not mine' }],
        ] as const) {
          const res = await send(p, route, body);
          if (res.statusCode !== 404) problems.push(`${p.key}: ${route} ${e.id} → ${res.statusCode}`);
        }

      // Issue 35 item 2: their questionnaires are exactly the ones sent to them; anyone else's is not found, to open,
      // save, submit or upload to.
      const answering = await ok<{ list: { _id: string }[] }>(p.caller, '/api/answering/list', {});
      sent++;
      const myResponses = responses.filter((r) => r.userId === p.userId).map((r) => r.id);
      if (JSON.stringify(answering.list.map((r) => r._id).sort()) !== JSON.stringify(myResponses.sort()))
        problems.push(`${p.key}: questionnaires ${answering.list.map((r) => r._id)} for ${myResponses}`);
      for (const r of responses.filter((x) => x.userId !== p.userId)) {
        for (const [route, body] of [
          ['/api/answering/open', { responseId: r.id }],
          ['/api/answering/save', { responseId: r.id, answers: { employees: 3 } }],
          ['/api/answering/submit', { responseId: r.id, answers: { employees: 3 } }],
        ] as const) {
          const res = await send(p, route, body);
          if (res.statusCode !== 404) problems.push(`${p.key}: ${route} ${r.id} → ${res.statusCode}`);
        }
        sent++;
        const up = await postMultipart(t, p.caller, '/api/answering/upload', { responseId: r.id }, [
          { name: 'scan.pdf', data: PDF_MIN },
        ]);
        if (up.statusCode !== 404) problems.push(`${p.key}: upload to ${r.id} → ${up.statusCode}`);
      }

      // Every other case, invoice and pairing of them: not found.
      for (const k of others) {
        for (const body of [
          { caseId: k.id },
          ...own.map((o) => ({ caseId: o.id, invoiceId: k.invoiceId })),
          { caseId: k.id, invoiceId: k.invoiceId },
          ...own.map((o) => ({ caseId: k.id, invoiceId: o.invoiceId })),
        ]) {
          const route = 'invoiceId' in body ? '/api/my-cases/invoice-pdf' : '/api/my-cases/details';
          const res = await send(p, route, body);
          if (res.statusCode !== 404) problems.push(`${p.key}: ${route} ${JSON.stringify(body)} → ${res.statusCode}`);
        }
        // Searching by the other case's number or names, in every sort and page size, finds only their own.
        const [given, family] = k.beneficiaryName.split(' ') as [string, string];
        for (const searchString of [k.number, k.beneficiaryName, given, family, k.number.slice(-5)])
          for (const statuses of [undefined, ['open']])
            for (const sorting of [
              { path: 'createdOn', order: -1 },
              { path: 'createdOn', order: 1 },
              { path: 'caseNumber', order: 1 },
              { path: 'caseNumber', order: -1 },
            ])
              for (const perpage of [10, 25, 100]) {
                const filters = { searchString, ...(statuses ? { statuses } : {}) };
                const res = await send(p, '/api/my-cases/list', { ...LIST, perpage, sorting, filters });
                const ids = (res.json().list ?? []).map((c: { _id: string }) => c._id);
                if (res.statusCode !== 200 || ids.some((id: string) => !mine.has(id)))
                  problems.push(`${p.key}: search '${searchString}' → ${res.statusCode} ${ids}`);
              }
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(2000);
    expect(await tableHashes(t.database, ['sessions', 'login_failures'])).toBe(before);
  }, 600_000);
});
