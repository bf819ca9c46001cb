import { inTenantTx, schema } from '@caseport/db/client';
import { MY_CASE_KEYS } from '@caseport/domain/cases/my-cases';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from './support/calls';
import { activateCaseConfigs, partiesFor, switchOnCaseTypes } from './support/cases';
import { pdfText } from './support/pdf-text';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';
import { addUser } from './support/users';

/**
 * Issue 35 item 1: 'My cases' of the people outside the firm. Each sees the cases linked to them and only those
 * (the server's query and, beneath it, app_party's row-level security), as the allow-list of MyCaseSchema.
 */
let t: TestApp;
let admin: Caller;
let petitioner: Caller;
let beneficiary: Caller;
let sponsor: Caller;
let beneficiaryId: string;
let petitionerId: string;
/** Two employment cases of the demo firm naming its petitioner; the beneficiary is linked to `a` only. */
const cases = { a: '', b: '', other: '' };

type MyCaseItem = Record<string, unknown> & { _id: string; waiting: { name: string }[] };
type MyList = { list: MyCaseItem[]; totalCount: number };
const LIST = { page: 1, perpage: 25, sorting: { path: 'createdOn', order: -1 }, filters: {} };

const userIdOf = async (email: string) =>
  (await t.database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)))[0]
    ?.id as string;

const openCase = async (c: Caller, tenantId: string, name: string) => {
  const parties = await partiesFor(t.database, tenantId, 1, name);
  const opened = await ok<{ case: { _id: string } }>(c, '/api/cases/create', { subTypeId: 1, ...parties });
  return { caseId: opened.case._id, petitionerId: parties.petitionerId as string };
};

/** An activity of the case's run, written as the run stores it (the outside-people steps wait on a role). */
const addActivity = (caseId: string, seq: number, code: string, name: string, status: string, waitsFor: string) =>
  t.database.db.execute(sql`insert into case_activities (tenant_id, case_id, seq, code, name, step, status, waits_for)
    values (${t.tenants.lawfirm}, ${caseId}, ${seq}, ${code}, ${name}, ${seq}, ${status}, ${waitsFor})`);

beforeAll(async () => {
  t = await createTestApp();
  await switchOnCaseTypes(t.database);
  await activateCaseConfigs(t.database, { tenantIds: [t.tenants.lawfirm, t.tenants.otherfirm], subTypeIds: [1] });
  admin = await login(t, DEMO.lawAdmin);
  petitioner = await login(t, DEMO.lawPetitioner);
  const beneficiaryEmail = await addUser(t, 'lawfirm', 11);
  const sponsorEmail = await addUser(t, 'lawfirm', 51);
  beneficiary = await login(t, beneficiaryEmail);
  sponsor = await login(t, sponsorEmail);
  beneficiaryId = await userIdOf(beneficiaryEmail);
  const a = await openCase(admin, t.tenants.lawfirm, 'Ana Silva');
  cases.a = a.caseId;
  petitionerId = a.petitionerId;
  cases.b = (await openCase(admin, t.tenants.lawfirm, 'Bo Chen')).caseId;
  cases.other = (await openCase(await login(t, DEMO.otherAdmin), t.tenants.otherfirm, 'Cy Other')).caseId;
  await ok(admin, '/api/cases/link-account', { caseId: cases.a, userId: beneficiaryId, roleId: 11 });
  await addActivity(cases.a, 901, 'SUBMIT_BY_BENEFICIARY', 'Submit Questionnaire', 'open', 'beneficiary');
  await addActivity(cases.a, 902, 'REQUEST_PETITIONER_SIGN', 'Request Petitioner Sign', 'open', 'petitioner');
  await addActivity(cases.a, 903, 'DOC_SIGNER_LIST', 'Document Signer List', 'waiting', 'signatory');
});
afterAll(() => t.close());

describe('My cases (issue 35 item 1)', () => {
  it('issue 35: a petitioner contact lists the cases naming its company, each as the allow-list and nothing else', async () => {
    expect(petitionerId).toBe(await userIdOf(DEMO.lawPetitioner));
    const mine = await ok<MyList>(petitioner, '/api/my-cases/list', LIST);
    const named = await t.database.db.execute<{ id: string }>(
      sql`select id from cases where tenant_id = ${t.tenants.lawfirm} and petitioner_id = ${petitionerId}`,
    );
    expect(mine.list.map((c) => c._id).sort()).toEqual(named.rows.map((r) => r.id).sort());
    expect(mine.list.map((c) => c._id)).toEqual(expect.arrayContaining([cases.a, cases.b]));
    expect(mine.list.map((c) => c._id)).not.toContain(cases.other);
    for (const c of mine.list) {
      expect(Object.keys(c).sort()).toEqual([...MY_CASE_KEYS].sort());
      expect(c.myRoles).toEqual([{ roleId: 50, name: 'Petitioner contact' }]);
      expect(c.firmName).toBe('Demo Law Firm');
    }
    const a = await ok<{ case: Record<string, unknown> }>(petitioner, '/api/my-cases/details', { caseId: cases.a });
    expect(Object.keys(a.case).sort()).toEqual([...MY_CASE_KEYS].sort());
    expect(a.case.beneficiaryName).toBe('Ana Silva');
  });

  it("issue 35: a beneficiary sees only the case linked to them; another person's case or another firm's answers 404", async () => {
    const mine = await ok<MyList>(beneficiary, '/api/my-cases/list', LIST);
    expect(mine.list.map((c) => c._id)).toEqual([cases.a]);
    expect(mine.totalCount).toBe(1);
    expect(mine.list[0]?.myRoles).toEqual([{ roleId: 11, name: 'Beneficiary' }]);
    for (const caseId of [cases.b, cases.other]) {
      const res = await beneficiary.post('/api/my-cases/details', { caseId });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Case not found');
    }
    // A sponsor linked to nothing has no case; the firm's own roles have no My cases at all.
    expect(await ok<MyList>(sponsor, '/api/my-cases/list', LIST)).toEqual({ list: [], totalCount: 0 });
    expect((await admin.post('/api/my-cases/list', LIST)).statusCode).toBe(403);
    // Searching finds by case number or name within the person's own cases only.
    const search = (searchString: string) =>
      ok<MyList>(beneficiary, '/api/my-cases/list', { ...LIST, filters: { searchString } });
    expect((await search('Ana')).totalCount).toBe(1);
    expect((await search('Bo Chen')).totalCount).toBe(0);
  });

  it('issue 35: each person sees the open steps that wait on their own role, not the others’ nor the ones not open yet', async () => {
    const waitingOf = async (c: Caller) =>
      (await ok<{ case: MyCaseItem }>(c, '/api/my-cases/details', { caseId: cases.a })).case.waiting;
    expect(await waitingOf(beneficiary)).toEqual([{ name: 'Submit Questionnaire' }]);
    expect(await waitingOf(petitioner)).toEqual([{ name: 'Request Petitioner Sign' }]);
    const listed = await ok<MyList>(petitioner, '/api/my-cases/list', LIST);
    expect(listed.list.find((c) => c._id === cases.b)?.waiting).toEqual([]);
  });

  it('issue 35: an invoice addressed to the petitioner reaches its contact with its PDF; the beneficiary sees no fee', async () => {
    const [invoice] = (
      await t.database.db.execute<{ id: string }>(
        sql`insert into case_invoices (tenant_id, case_id, invoice_number, issued_on, billed_to, lines, total_cents)
          values (${t.tenants.lawfirm}, ${cases.a}, 'MY-CASE-INV1', '2026-11-02', 'Demo Petitioner',
            ${JSON.stringify([{ label: 'Legal fee', amount: 1250 }])}::jsonb, 125000) returning id`,
      )
    ).rows;
    const invoiceId = invoice?.id as string;
    const seen = await ok<{ invoices: unknown[] }>(petitioner, '/api/my-cases/details', { caseId: cases.a });
    expect(seen.invoices).toEqual([
      { _id: invoiceId, invoiceNumber: 'MY-CASE-INV1', issuedOn: '2026-11-02', total: 1250, status: 'issued' },
    ]);
    const pdf = await petitioner.post('/api/my-cases/invoice-pdf', { caseId: cases.a, invoiceId });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('MY-CASE-INV1');
    expect(text).toContain('$1,250.00');

    expect(
      (await ok<{ invoices: unknown[] }>(beneficiary, '/api/my-cases/details', { caseId: cases.a })).invoices,
    ).toEqual([]);
    expect((await beneficiary.post('/api/my-cases/invoice-pdf', { caseId: cases.a, invoiceId })).statusCode).toBe(404);
    // Another case's id with this invoice: not found either.
    expect((await petitioner.post('/api/my-cases/invoice-pdf', { caseId: cases.b, invoiceId })).statusCode).toBe(404);
  });

  it('issue 35: row-level security holds a person outside the firm to their linked cases when a query has no filter', async () => {
    const seenAs = (partyUserId: string | null) =>
      inTenantTx(t.database.db, { tenantId: t.tenants.lawfirm, partyUserId }, async (tx) => ({
        cases: (await tx.execute<{ id: string }>(sql`select id from cases`)).rows.map((r) => r.id),
        persons: (await tx.execute<{ n: number }>(sql`select count(*)::int as n from persons`)).rows[0]?.n,
        links: (await tx.execute<{ user_id: string }>(sql`select user_id from case_accounts`)).rows.map(
          (r) => r.user_id,
        ),
        activities: (await tx.execute<{ case_id: string }>(sql`select distinct case_id from case_activities`)).rows.map(
          (r) => r.case_id,
        ),
        invoices: (await tx.execute<{ n: number }>(sql`select count(*)::int as n from case_invoices`)).rows[0]?.n,
      }));
    // The firm's own scope (app_user) sees every case of the firm: the control that makes the rest mean something.
    const firm = await seenAs(null);
    expect(firm.cases.length).toBeGreaterThan(1);
    expect(firm.persons).toBeGreaterThan(0);

    const party = await seenAs(beneficiaryId);
    expect(party.cases).toEqual([cases.a]);
    expect(party.persons).toBe(0);
    expect(new Set(party.links)).toEqual(new Set([beneficiaryId]));
    expect(party.activities).toEqual([cases.a]);
    expect(party.invoices).toBe(1);
    // And a party writes no case row, even its own.
    await expect(
      inTenantTx(t.database.db, { tenantId: t.tenants.lawfirm, partyUserId: beneficiaryId }, (tx) =>
        tx.execute(sql`update cases set status = 'closed' where id = ${cases.a} returning id`),
      ),
    ).rejects.toThrow();
  });
});
