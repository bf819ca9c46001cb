import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signIn } from './support/calls';
import { insertCaseWith } from './support/case-records';
import { type Caller, createTestApp, DEMO, login, type TestApp, XHR } from './support/test-app';

/**
 * Issue 35 item 1: linking a person who has no account sends the existing invitation. The firm invites and links in
 * one request; the person accepts the link, signs in and finds the case in My cases. Another tenant's case invites
 * nobody; an address taken here is refused; one taken in another tenant is answered as sent and makes nothing.
 */
let t: TestApp;
let admin: Caller;
let caseId: string;
let otherCaseId: string;
const PASSWORD = 'Quiet harbors keep old lanterns 4';

const usersWith = async (email: string) =>
  Number(
    (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from users where email = ${email}`))
      .rows[0]?.n,
  );
const auditsOf = async (action: string) =>
  (
    await t.database.db.execute<{ entity: string; after: Record<string, unknown> }>(
      sql`select entity, after from audit_log where action = ${action} order by at`,
    )
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
  [admin] = await signIn(t, 'lawAdmin');
  caseId = (await insertCaseWith(t, t.tenants.lawfirm, { beneficiary: { givenName: 'Noa', familyName: 'Invite' } }))
    .caseId;
  otherCaseId = (await insertCaseWith(t, t.tenants.otherfirm)).caseId;
});
afterAll(() => t.close());

describe('invite and link (issue 35 item 1)', () => {
  it('issue 35: a person without an account is invited and linked in one step; they accept, sign in and find the case', async () => {
    const email = 'noa.invite@example.test';
    const answer = await ok<{
      message: string;
      details: { accounts: { userId: string; roleId: number; email: string }[] };
      delivery: { sent: boolean; link: string | null };
    }>(admin, '/api/cases/invite-account', { caseId, roleId: 11, email, firstName: 'Noa', lastName: 'Invite' });
    expect(answer.message).toMatch(/^Noa Invite invited and linked to case /);
    expect(answer.details.accounts).toEqual([expect.objectContaining({ roleId: 11, email })]);
    expect(answer.delivery).toMatchObject({ sent: false, link: expect.stringContaining('#token=') });
    // One audit row, the case's: the invitation names no row of its own.
    expect((await auditsOf('invite-account')).map((r) => r.entity)).toEqual(['case']);
    expect(await auditsOf('invite')).toEqual([]);
    const token = (answer.delivery.link as string).split('#token=')[1];
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/users/accept-link',
      headers: XHR,
      payload: { token, newPassword: PASSWORD },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const noa = await login(t, email, PASSWORD);
    const mine = await ok<{ list: { _id: string }[] }>(noa, '/api/my-cases/list', {});
    expect(mine.list.map((c) => c._id)).toEqual([caseId]);
  });

  it('issue 35: another tenant’s case invites nobody; an address taken here is refused and links nothing', async () => {
    const other = await admin.post('/api/cases/invite-account', {
      caseId: otherCaseId,
      roleId: 11,
      email: 'nobody.made@example.test',
      firstName: 'No',
      lastName: 'Body',
    });
    expect(other.statusCode).toBe(404);
    expect(await usersWith('nobody.made@example.test')).toBe(0);
    const taken = await admin.post('/api/cases/invite-account', {
      caseId,
      roleId: 11,
      email: DEMO.lawManager,
      firstName: 'Taken',
      lastName: 'Here',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields.map((f: { name: string }) => f.name)).toEqual(['email']);
    const details = await ok<{ accounts: unknown[] }>(admin, '/api/cases/details', { caseId });
    expect(details.accounts).toHaveLength(1);
  });

  it('issue 35: an address of another tenant is answered as sent and makes and links nothing; a role the caller may not give is refused', async () => {
    const before = await usersWith(DEMO.otherAdmin);
    const res = await admin.post('/api/cases/invite-account', {
      caseId,
      roleId: 11,
      email: DEMO.otherAdmin,
      firstName: 'Other',
      lastName: 'Admin',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await usersWith(DEMO.otherAdmin)).toBe(before);
    const details = await ok<{ accounts: unknown[] }>(admin, '/api/cases/details', { caseId });
    expect(details.accounts).toHaveLength(1);
    // An Admin (3) does not give the petitioner contact's role (50): those accounts come from the company.
    const refused = await admin.post('/api/cases/invite-account', {
      caseId,
      roleId: 50,
      email: 'contact.new@example.test',
      firstName: 'Con',
      lastName: 'Tact',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.map((f: { name: string }) => f.name)).toEqual(['roleId']);
    expect(await usersWith('contact.new@example.test')).toBe(0);
  });
});
