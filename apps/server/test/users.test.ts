import { schema } from '@caseport/db/client';
import { PASSWORD_SEQUENTIAL } from '@caseport/domain/auth/password-policy';
import {
  LINK_INVALID,
  LINK_SIGN_IN_NEXT,
  ROLE_NOT_ALLOWED,
  USER_EXISTS,
  USER_NOT_MANAGEABLE,
} from '@caseport/domain/users/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/calls';
import { type Caller, createTestApp, DEMO, login, TEST_PASSWORD, type TestApp, XHR } from './support/test-app';

let t: TestApp;
let lawAdmin: Caller;
let lawManager: Caller;
let otherAdmin: Caller;
/** The demo law firm's Austin Office, which Marco (role 4) manages. */
let austin: string;

const NEW_PASSWORD = 'Paper lanterns float 7 times';
let seq = 0;
const invite = (c: Caller, roleId: number, over: Record<string, unknown> = {}) =>
  c.post('/api/users/invite', {
    email: `person${++seq}@lawfirm.test`,
    firstName: 'Pia',
    lastName: `Person${seq}`,
    roleId,
    ...over,
  });
const tokenOf = (link: string) => link.split('#token=')[1] as string;
const publicPost = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: XHR, payload: payload as object });
const accept = (token: string, password = NEW_PASSWORD) =>
  publicPost('/api/users/accept-link', { token, newPassword: password });
const list = (c: Caller, filters: Record<string, unknown> = {}) => c.post('/api/users/list', { filters });

beforeAll(async () => {
  t = await createTestApp();
  [lawAdmin, lawManager, otherAdmin] = await signIn(t, 'lawAdmin', 'lawManager', 'otherAdmin');
  const branches = (await lawAdmin.post('/api/branches/list', {})).json().list as { _id: string; name: string }[];
  austin = branches.find((b) => b.name === 'Austin Office')?._id as string;
});
afterAll(() => t.close());

describe('users: invitations', () => {
  it('an admin invites a paralegal: the user is listed as invited, the link is in the outbox, and accepting it sets the password and signs in', async () => {
    const res = await invite(lawAdmin, 6, {
      email: 'Paula.Para@LawFirm.test',
      firstName: 'Paula',
      lastName: 'Para',
      branchId: austin,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      email: 'paula.para@lawfirm.test',
      roleId: 6,
      roleName: 'Paralegal',
      status: 'invited',
    });
    expect(body.delivery.sent).toBe(false);
    expect(body.delivery.link).toMatch(/^http:\/\/localhost(:\d+)?\/accept-invitation#token=[\w-]{43}$/);
    const outbox = (
      await lawAdmin.post('/api/mail-outbox/list', { filters: { to: 'paula.para@lawfirm.test' } })
    ).json();
    expect(outbox.totalCount).toBe(1);
    expect(outbox.list[0].body).toContain(body.delivery.link);
    expect(outbox.list[0].sentOn).toBeNull();
    // The token itself is not stored, only its hash.
    const stored = await t.database.db
      .select()
      .from(schema.userTokens)
      .where(eq(schema.userTokens.userId, body.user._id));
    expect(stored[0]?.tokenHash).not.toContain(tokenOf(body.delivery.link));

    const info = await publicPost('/api/users/link-info', { token: tokenOf(body.delivery.link) });
    expect(info.json()).toEqual({
      purpose: 'invite',
      email: 'paula.para@lawfirm.test',
      firstName: 'Paula',
      lastName: 'Para',
      tenantName: 'Demo Law Firm',
    });
    const weak = await accept(tokenOf(body.delivery.link), '12345678');
    expect(weak.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: [{ name: 'newPassword', message: PASSWORD_SEQUENTIAL }],
    });
    const ok = await accept(tokenOf(body.delivery.link));
    expect(ok.statusCode).toBe(200);
    const cookie = String([ok.headers['set-cookie']].flat()[0]).split(';')[0];
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ roleId: 6, menu: [], tabs: [] });
    expect((await list(lawAdmin, { searchString: 'paula' })).json().list[0].status).toBe('active');
    await expect(login(t, 'paula.para@lawfirm.test', NEW_PASSWORD)).resolves.toBeTruthy();
  });

  it('a used invitation link is refused, and so is an expired one', async () => {
    const used = (await invite(lawAdmin, 8)).json();
    expect((await accept(tokenOf(used.delivery.link))).statusCode).toBe(200);
    const again = await accept(tokenOf(used.delivery.link), 'Another long phrase 42');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: LINK_INVALID });
    expect((await publicPost('/api/users/link-info', { token: tokenOf(used.delivery.link) })).statusCode).toBe(400);

    const late = (await invite(lawAdmin, 9)).json();
    t.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    const expired = await accept(tokenOf(late.delivery.link));
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ message: LINK_INVALID });
    // Every session idled out while the clock moved on: sign in again for the tests that follow.
    [lawAdmin, lawManager, otherAdmin] = await signIn(t, 'lawAdmin', 'lawManager', 'otherAdmin');
  });

  it('a newer link replaces an unused one; an e-mail already in use in the same tenant is refused', async () => {
    const first = (await invite(lawAdmin, 10)).json();
    const second = (await lawAdmin.post('/api/users/send-link', { userId: first.user._id })).json();
    expect((await accept(tokenOf(first.delivery.link))).statusCode).toBe(400);
    expect((await accept(tokenOf(second.delivery.link))).statusCode).toBe(200);
    const dup = await invite(lawAdmin, 6, { email: DEMO.lawManager });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ fields: [{ name: 'email', message: USER_EXISTS }] });
  });

  it('issue 39: inviting an e-mail of another tenant answers as for a fresh e-mail (no "already exists"); nothing is created, its owner is told, the inviter is not', async () => {
    const shape = (res: { statusCode: number; json: () => Record<string, unknown> }) => {
      const body = res.json() as {
        message: string;
        user: Record<string, unknown>;
        delivery: { sent: boolean; link: string; expiresAt: string };
      };
      return {
        status: res.statusCode,
        message: body.message,
        keys: Object.keys(body).sort(),
        userKeys: Object.keys(body.user).sort(),
        user: {
          ...body.user,
          _id: typeof body.user._id,
          email: typeof body.user.email,
          createdOn: typeof body.user.createdOn,
          lastName: typeof body.user.lastName,
        },
        delivery: { sent: body.delivery.sent, link: body.delivery.link.replace(/#token=[\w-]{43}$/, '#token=…') },
      };
    };
    const fresh = await invite(lawAdmin, 6, { email: 'fresh-invitee@elsewhere.test', branchId: austin });
    const taken = await invite(lawAdmin, 6, { email: DEMO.otherAdmin, branchId: austin });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(shape(taken)).toEqual(shape(fresh));
    expect(taken.body).not.toMatch(/exist/i);
    // Nothing of the other tenant's user changed, no user row or token was made here; the owner is told.
    const rows = await t.database.db.select().from(schema.users).where(eq(schema.users.email, DEMO.otherAdmin));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tenantId).toBe(t.tenants.otherfirm);
    const notice = await t.database.db
      .select({ subject: schema.mailOutbox.subject, by: schema.mailOutbox.createdBy })
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.to, DEMO.otherAdmin));
    expect(notice).toContainEqual({ subject: 'Someone tried to invite you to Caseport', by: rows[0]?.id });
    // The decoy link answers like an expired one.
    const info = await publicPost('/api/users/link-info', { token: tokenOf(taken.json().delivery.link) });
    expect(info.json()).toMatchObject({ message: LINK_INVALID });
  });

  it('a role is given only within the caller’s allowed-roles set: a role-4 user cannot create a role-3 user (nor 4 nor 13); role 3 cannot create role 12', async () => {
    for (const roleId of [3, 4, 13, 1, 2, 50]) {
      const res = await invite(lawManager, roleId);
      expect(res.statusCode, String(roleId)).toBe(400);
      expect(res.json()).toMatchObject({ fields: [{ name: 'roleId', message: ROLE_NOT_ALLOWED }] });
    }
    expect((await invite(lawAdmin, 12)).statusCode).toBe(400);
    expect((await invite(lawManager, 12)).statusCode).toBe(200);
    expect((await invite(lawAdmin, 13)).statusCode).toBe(200);
    // Nor promote someone into a role outside the set, nor touch an admin.
    const para = (await list(lawManager, { searchString: 'paula' })).json().list[0];
    const promote = await lawManager.post('/api/users/update', {
      userId: para._id,
      firstName: 'P',
      lastName: 'P',
      roleId: 3,
    });
    expect(promote.statusCode).toBe(400);
    const admin = (await list(lawAdmin, { roleIds: [3] })).json().list[0];
    const touch = await lawManager.post('/api/users/manage-status', { userId: admin._id, active: false });
    expect(touch.statusCode).toBe(403);
    expect(touch.json().message).toBe(USER_NOT_MANAGEABLE);
  });
});

describe('users: status and isolation', () => {
  it("a deactivated user's existing cookie gets 401 on its next request; reactivated, they sign in again", async () => {
    const marco = await login(t, DEMO.lawManager);
    expect((await marco.get('/api/auth/me')).statusCode).toBe(200);
    const row = (await list(lawAdmin, { searchString: 'marco' })).json().list[0];
    const off = await lawAdmin.post('/api/users/manage-status', { userId: row._id, active: false });
    expect(off.json().user.status).toBe('inactive');
    expect((await marco.get('/api/auth/me')).statusCode).toBe(401);
    expect((await marco.post('/api/users/list', {})).statusCode).toBe(401);
    await expect(login(t, DEMO.lawManager)).rejects.toThrow(/401/);
    await lawAdmin.post('/api/users/manage-status', { userId: row._id, active: true });
    lawManager = await login(t, DEMO.lawManager);
    expect((await lawManager.get('/api/auth/me')).statusCode).toBe(200);
  });

  it("a tenant admin cannot see or touch another tenant's users (404)", async () => {
    const theirs = (await list(otherAdmin)).json();
    expect(theirs.list.every((u: { email: string }) => u.email.endsWith('@otherfirm.test'))).toBe(true);
    const para = (await list(lawAdmin, { searchString: 'paula' })).json().list[0];
    for (const [url, body] of [
      ['/api/users/update', { userId: para._id, firstName: 'X', lastName: 'Y', roleId: 6 }],
      ['/api/users/manage-status', { userId: para._id, active: false }],
      ['/api/users/send-link', { userId: para._id }],
    ] as const) {
      const res = await otherAdmin.post(url, body);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await list(lawAdmin, { searchString: 'paula' })).json().list[0].status).toBe('active');
    // Their outbox holds no mail of the law firm's (only, since issue 39, a notice about their own account).
    const outbox = (await otherAdmin.post('/api/mail-outbox/list', {})).json();
    expect(outbox.list.every((m: { to: string }) => m.to === DEMO.otherAdmin)).toBe(true);
  });

  it('the list filters by role (role 11 holds only role-11 users) and by status', async () => {
    expect((await invite(lawAdmin, 11, { firstName: 'Bea' })).statusCode).toBe(200);
    const beneficiaries = (await list(lawAdmin, { roleIds: [11] })).json();
    expect(beneficiaries.totalCount).toBeGreaterThan(0);
    expect(beneficiaries.list.every((u: { roleId: number }) => u.roleId === 11)).toBe(true);
    const invited = (await list(lawAdmin, { statuses: ['invited'] })).json();
    expect(invited.list.every((u: { status: string }) => u.status === 'invited')).toBe(true);
  });

  it('an admin-started reset link sets a new password once; the old one stops working', async () => {
    const row = (await list(lawAdmin, { searchString: 'marco' })).json().list[0];
    const res = (await lawAdmin.post('/api/users/send-link', { userId: row._id })).json();
    expect(res.delivery.link).toContain('/reset-password#token=');
    expect((await accept(tokenOf(res.delivery.link), 'Silver kettles sing at dawn')).statusCode).toBe(200);
    await expect(login(t, DEMO.lawManager, TEST_PASSWORD)).rejects.toThrow(/401/);
    await expect(login(t, DEMO.lawManager, 'Silver kettles sing at dawn')).resolves.toBeTruthy();
  });

  it('every change is audited with who, what and which tenant', async () => {
    const rows = await t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.entity, 'user'));
    const actions = new Set(rows.map((r) => r.action));
    for (const a of ['invite', 'accept-invitation', 'deactivate', 'activate', 'reset-link', 'reset-password'])
      expect(actions.has(a), a).toBe(true);
    const deactivated = rows.find((r) => r.action === 'deactivate');
    expect(deactivated).toMatchObject({ roleId: 3, tenantId: t.tenants.lawfirm });
  });

  it('a user edits their own name, a platform user too (who has no tenant)', async () => {
    const res = await otherAdmin.post('/api/users/update-own-profile', { firstName: 'Omari', lastName: 'Okafor' });
    expect(res.statusCode).toBe(200);
    expect((await otherAdmin.get('/api/auth/me')).json().user.firstName).toBe('Omari');
    const ops = await login(t, DEMO.platformOps);
    expect((await ops.post('/api/users/update-own-profile', { firstName: 'Olivia', lastName: 'Ops' })).statusCode).toBe(
      200,
    );
    expect((await ops.get('/api/auth/me')).json().user.firstName).toBe('Olivia');
  });
});

describe('issue 39: one-time links end in the normal sign-in when a second step is due', () => {
  const signInStep = (email: string, password = NEW_PASSWORD) => publicPost('/api/auth/login', { email, password });

  it('issue 39: a password-reset link of a user enrolled in TOTP sets the password but gives no session; the sign-in then asks the code', async () => {
    const invited = (await invite(lawAdmin, 8)).json();
    expect((await accept(tokenOf(invited.delivery.link))).statusCode).toBe(200);
    await t.database.db
      .update(schema.users)
      .set({ mfaSecret: 'sealed-secret-of-the-test', mfaEnabledAt: new Date() })
      .where(eq(schema.users.id, invited.user._id));
    const reset = (await lawAdmin.post('/api/users/send-link', { userId: invited.user._id })).json();
    expect(reset.message).toMatch(/^Password reset link/);
    const res = await accept(tokenOf(reset.delivery.link), 'Quiet harbour at dawn 17');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: LINK_SIGN_IN_NEXT.verify, signedIn: false });
    expect(res.headers['set-cookie']).toBeUndefined();
    const step = await signInStep(invited.user.email, 'Quiet harbour at dawn 17');
    expect(step.statusCode).toBe(200);
    expect(step.json()).toMatchObject({ mfa: 'verify' });
    expect(step.headers['set-cookie']).toBeUndefined();
  });

  it('issue 39: accepting an invitation for a role whose two-factor sign-in is required gives no session; the sign-in asks for enrolment', async () => {
    const set = await lawAdmin.post('/api/users/update-mfa-settings', { mfaRequired: true, roleIds: [11] });
    expect(set.statusCode, set.body).toBe(200);
    try {
      const invited = (await invite(lawAdmin, 11)).json();
      const res = await accept(tokenOf(invited.delivery.link));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: LINK_SIGN_IN_NEXT.enrol, signedIn: false });
      expect(res.headers['set-cookie']).toBeUndefined();
      const step = await signInStep(invited.user.email);
      expect(step.json()).toMatchObject({ mfa: 'enrol' });
      expect(step.headers['set-cookie']).toBeUndefined();
      // A role the rule does not cover is signed in at once, as before.
      const other = (await invite(lawAdmin, 10)).json();
      const ok = await accept(tokenOf(other.delivery.link));
      expect(ok.json()).toMatchObject({ signedIn: true });
      expect(ok.headers['set-cookie']).toBeDefined();
    } finally {
      await lawAdmin.post('/api/users/update-mfa-settings', { mfaRequired: false, roleIds: [] });
    }
  });
});

describe('users: the public link pages', () => {
  it('SECURITY 8: bad tokens are throttled like logins: after 10 failures from one IP the pages answer 429', async () => {
    let last = 0;
    for (let i = 0; i < 12; i++) {
      last = (await publicPost('/api/users/link-info', { token: `forged-token-${i}-abcdefghijklmnopqrstuvwxyz` }))
        .statusCode;
    }
    expect(last).toBe(429);
    expect((await accept('forged-token-x-abcdefghijklmnopqrstuvwxyz')).statusCode).toBe(429);
  });
});
