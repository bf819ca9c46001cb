import { MFA_MESSAGES } from '@caseport/domain/auth/mfa';
import { defaultGlobalConfig } from '@caseport/domain/reminders/contracts';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, DEMO, login, TEST_PASSWORD, type TestApp, XHR } from './support/test-app';
import { addUser } from './support/users';

let t: TestApp;
let lawAdmin: Caller;
let email: string;
let offset = 0;
const nowMs = () => Date.now() + offset;
const advance = (ms: number) => {
  offset += ms;
  t.advance(ms);
};

const post = (url: string, payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url, headers: XHR, payload: payload as object, remoteAddress: ip });
const passwordStep = async (ip = '10.0.0.1') => post('/api/auth/login', { email, password: TEST_PASSWORD }, ip);
const codeAt = (secret: string, at: number) =>
  new TOTP({ issuer: 'Caseport', label: email, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

beforeAll(async () => {
  t = await createTestApp();
  lawAdmin = await login(t, DEMO.lawAdmin);
  email = await addUser(t, 'lawfirm', 6);
});
afterAll(() => t.close());

describe('two-factor sign-in (issue 16; SECURITY 12)', () => {
  let secret = '';
  let recovery: string[] = [];

  it('the admin requires two-factor sign-in for the paralegal role; the paralegal must enrol with a QR code, then gets ten recovery codes once; the secret is stored encrypted', async () => {
    expect((await passwordStep()).json()).toHaveProperty('user');
    const set = await lawAdmin.post('/api/users/update-mfa-settings', { mfaRequired: true, roleIds: [6] });
    expect(set.statusCode, set.body).toBe(200);
    expect((await lawAdmin.post('/api/users/mfa-settings', {})).json()).toEqual({ mfaRequired: true, roleIds: [6] });
    const step = await passwordStep();
    expect(step.statusCode).toBe(200);
    expect(step.headers['set-cookie']).toBeUndefined();
    const challenge = step.json();
    expect(challenge.mfa).toBe('enrol');
    const start = (await post('/api/auth/mfa/enrol-start', { challenge: challenge.challenge })).json();
    expect(start.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(start.otpauthUrl).toContain('otpauth://totp/');
    secret = start.secret;
    const wrong = await post('/api/auth/mfa/enrol-confirm', { challenge: challenge.challenge, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const done = await post('/api/auth/mfa/enrol-confirm', {
      challenge: challenge.challenge,
      code: codeAt(secret, nowMs()),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers['set-cookie']).toBeDefined();
    recovery = done.json().recoveryCodes;
    expect(recovery).toHaveLength(10);
    const stored = (
      await t.database.db.execute<{ s: string; h: string }>(
        sql`select mfa_secret as s, mfa_recovery_hashes::text as h from users where email = ${email}`,
      )
    ).rows[0];
    expect(stored?.s).not.toContain(secret);
    expect(stored?.h).not.toContain(recovery[0]);
  });

  it('a code is accepted once: a fresh code signs in, the same code a second time fails; a recovery code works once', async () => {
    advance(60_000);
    const code = codeAt(secret, nowMs());
    const first = (await passwordStep()).json();
    expect(first.mfa).toBe('verify');
    const ok = await post('/api/auth/mfa/verify', { challenge: first.challenge, code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user.email).toBe(email);
    const again = (await passwordStep()).json();
    const replay = await post('/api/auth/mfa/verify', { challenge: again.challenge, code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(MFA_MESSAGES.codeWrong);
    const used = await post('/api/auth/mfa/verify', {
      challenge: first.challenge,
      code: codeAt(secret, nowMs() + 30_000),
    });
    expect(used.statusCode).toBe(401);
    const rc = await post('/api/auth/mfa/verify', { challenge: again.challenge, recoveryCode: recovery[0] });
    expect(rc.statusCode, rc.body).toBe(200);
    const third = (await passwordStep()).json();
    expect(
      (await post('/api/auth/mfa/verify', { challenge: third.challenge, recoveryCode: recovery[0] })).statusCode,
    ).toBe(400);
  });

  it('issue 39: 20 concurrent wrong codes on one challenge: at most 10 are judged (400), the rest answer 429', async () => {
    await t.database.db.execute(sql`update users set mfa_failures = 0 where email = ${email}`);
    const c = (await passwordStep('10.0.0.9')).json();
    expect(c.mfa).toBe('verify');
    const statuses = (
      await Promise.all(
        Array.from({ length: 20 }, () =>
          post('/api/auth/mfa/verify', { challenge: c.challenge, code: '000000' }, '10.0.0.9'),
        ),
      )
    ).map((r) => r.statusCode);
    const judged = statuses.filter((s) => s === 400).length;
    expect(judged).toBeGreaterThan(0);
    expect(judged).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - judged);
  });

  it('issue 39: the password-then-codes cycle (sign in, 9 wrong codes, sign in again…) ends in a lock of the second step within 10 wrong codes per account; the right code is then refused and the owner is e-mailed; the password still works', async () => {
    let judged = 0;
    let locked: { statusCode: number; json: () => { message: string } } | null = null;
    for (let cycle = 0; cycle < 15 && !locked; cycle++) {
      const step = await passwordStep('10.0.0.7');
      expect(step.statusCode, step.body).toBe(200);
      const { challenge } = step.json();
      for (let i = 0; i < 9; i++) {
        const res = await post('/api/auth/mfa/verify', { challenge, code: '000000' }, '10.0.0.7');
        if (res.statusCode === 400) judged += 1;
        else {
          expect(res.statusCode).toBe(429);
          if (res.json().message === MFA_MESSAGES.locked) {
            locked = res;
            break;
          }
          expect(res.json().message).toBe(MFA_MESSAGES.challengeSpent);
          break;
        }
      }
    }
    expect(locked).not.toBeNull();
    expect(judged).toBeLessThanOrEqual(10);
    advance(60_000);
    // The password step is not locked; the second step is, even with the right code.
    const step = await passwordStep('10.0.0.6');
    expect(step.statusCode).toBe(200);
    const right = await post('/api/auth/mfa/verify', {
      challenge: step.json().challenge,
      code: codeAt(secret, nowMs()),
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(MFA_MESSAGES.locked);
    expect(right.headers['set-cookie']).toBeUndefined();
    const mail = (
      await t.database.db.execute<{ subject: string; body: string }>(
        sql`select subject, body from mail_outbox where "to" = ${email} and subject like '%locked%'`,
      )
    ).rows;
    expect(mail).toHaveLength(1);
    expect(mail[0]?.body).not.toContain('000000');
  });

  it('an admin resets a user’s second factor (audited); the user enrols again at the next sign-in', async () => {
    const row = (await lawAdmin.post('/api/users/list', { filters: { searchString: email, roleIds: [6] } })).json()
      .list[0];
    expect(row.mfaEnabled).toBe(true);
    const before = Number(
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log`)).rows[0]?.n,
    );
    const reset = await lawAdmin.post('/api/users/reset-mfa', { userId: row._id });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().user.mfaEnabled).toBe(false);
    const after = (
      await t.database.db.execute<{ n: number; action: string }>(
        sql`select (select count(*)::int from audit_log) as n, action from audit_log order by id desc limit 1`,
      )
    ).rows[0];
    expect(after?.action).toBe('two-factor-reset');
    expect(Number(after?.n)).toBe(before + 1);
    // Issue 39: the reset lifts the locked second step.
    const lock = (
      await t.database.db.execute<{ n: number; at: Date | null }>(
        sql`select mfa_failures as n, mfa_locked_at as at from users where email = ${email}`,
      )
    ).rows[0];
    expect(lock).toEqual({ n: 0, at: null });
    expect((await passwordStep()).json().mfa).toBe('enrol');
  });
});

describe('one two-factor rule: the global configuration’s mfaRequired and the roles chosen on User Roles', () => {
  let otherAdmin: Caller;
  beforeAll(async () => {
    otherAdmin = await login(t, DEMO.otherAdmin);
  });

  it('the Reminders screen’s mfaRequired with no role chosen asks every user of that tenant; another tenant’s users sign in as before', async () => {
    const otherUser = await addUser(t, 'otherfirm', 5);
    const lawUser = await addUser(t, 'lawfirm', 5);
    const signIn = (who: string) => post('/api/auth/login', { email: who, password: TEST_PASSWORD }, '10.0.0.9');
    expect((await signIn(otherUser)).json()).toHaveProperty('user');
    const config = { ...defaultGlobalConfig(1), mfaRequired: true };
    const saved = await otherAdmin.post('/api/global-config/create', { config });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await signIn(otherUser)).json().mfa).toBe('enrol');
    expect((await signIn(DEMO.otherAdmin)).json().mfa).toBe('enrol');
    expect((await signIn(lawUser)).json()).toHaveProperty('user');
    // The same setting, seen from User Roles: on, no role chosen.
    expect((await otherAdmin.post('/api/users/mfa-settings', {})).json()).toEqual({ mfaRequired: true, roleIds: [] });
  });

  it('switching it off on User Roles is switching it off on the Reminders screen, and the configuration keeps no copy of its own', async () => {
    const off = await otherAdmin.post('/api/users/update-mfa-settings', { mfaRequired: false, roleIds: [] });
    expect(off.statusCode, off.body).toBe(200);
    const details = (await otherAdmin.post('/api/global-config/details', {})).json();
    expect(details.config.mfaRequired).toBe(false);
    const stored = await t.database.db.execute(
      sql`select g.config ? 'mfaRequired' as copy from global_configs g join tenants t on t.id = g.tenant_id
           where t.id = (select tenant_id from users where email = ${DEMO.otherAdmin})`,
    );
    expect(stored.rows[0]?.copy).toBe(false);
    // Roles chosen on User Roles, then the Reminders screen saves its form: the roles stay chosen.
    await otherAdmin.post('/api/users/update-mfa-settings', { mfaRequired: false, roleIds: [6] });
    const saved = await otherAdmin.post('/api/global-config/update', {
      config: { ...defaultGlobalConfig(1), mfaRequired: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await otherAdmin.post('/api/users/mfa-settings', {})).json()).toEqual({ mfaRequired: true, roleIds: [6] });
    expect((await otherAdmin.post('/api/global-config/details', {})).json().config.mfaRequired).toBe(true);
  });
});

describe('issue 38 finding 5: a user turns on their own two-factor sign-in from My Profile', () => {
  let me: Caller;
  let own = '';
  let secret = '';
  let enrolCodes: string[] = [];
  const ownCode = (at = nowMs()) =>
    new TOTP({ issuer: 'Caseport', label: own, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
  const auditsOf = async () =>
    (
      await t.database.db.execute<{ action: string }>(
        sql`select action from audit_log where entity_id = (select id::text from users where email = ${own}) order by id`,
      )
    ).rows.map((r) => r.action);

  beforeAll(async () => {
    own = await addUser(t, 'lawfirm', 7);
    me = await login(t, own);
  });

  it('issue 38: with the password again, a user enrols with the QR code, gets ten recovery codes, and My Profile says when it was turned on and last used (audited)', async () => {
    const off = (await me.post('/api/auth/mfa/status', {})).json();
    expect(off).toEqual({ enabled: false, enabledAt: null, lastUsedAt: null, recoveryCodesLeft: 0, locked: false });
    // A wrong password opens nothing and says so on its field.
    const wrong = await me.post('/api/auth/mfa/self-challenge', { currentPassword: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual([{ name: 'currentPassword', message: 'Current password is incorrect' }]);
    const challenge = (await me.post('/api/auth/mfa/self-challenge', { currentPassword: TEST_PASSWORD })).json();
    expect(challenge.mfa).toBe('enrol');
    const start = (await post('/api/auth/mfa/enrol-start', { challenge: challenge.challenge })).json();
    secret = start.secret;
    const done = await post('/api/auth/mfa/enrol-confirm', { challenge: challenge.challenge, code: ownCode() });
    expect(done.statusCode, done.body).toBe(200);
    enrolCodes = done.json().recoveryCodes;
    expect(enrolCodes).toHaveLength(10);
    const on = (await me.post('/api/auth/mfa/status', {})).json();
    expect(on).toMatchObject({ enabled: true, recoveryCodesLeft: 10, locked: false });
    expect(Date.parse(on.enabledAt)).toBeGreaterThan(nowMs() - 60_000);
    expect(Date.parse(on.lastUsedAt)).toBeGreaterThan(nowMs() - 120_000);
    expect(await auditsOf()).toEqual(expect.arrayContaining(['two-factor-setup-started', 'two-factor-enrolled']));
    // From now on the password alone does not sign in.
    const next = await post('/api/auth/login', { email: own, password: TEST_PASSWORD }, '10.0.0.7');
    expect(next.json().mfa).toBe('verify');
  });

  it('issue 38: new recovery codes need the password and a code from the app; the old ones stop working; audited', async () => {
    advance(60_000);
    const challenge = (await me.post('/api/auth/mfa/self-challenge', { currentPassword: TEST_PASSWORD })).json();
    expect(challenge.mfa).toBe('verify');
    const bad = await me.post('/api/auth/mfa/recovery-codes', { challenge: challenge.challenge, code: '000000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([{ name: 'code', message: MFA_MESSAGES.codeWrong }]);
    // Another user's session cannot use this user's challenge.
    const other = await lawAdmin.post('/api/auth/mfa/recovery-codes', {
      challenge: challenge.challenge,
      code: ownCode(),
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(MFA_MESSAGES.startAgain);
    const res = await me.post('/api/auth/mfa/recovery-codes', { challenge: challenge.challenge, code: ownCode() });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(await auditsOf()).toContain('two-factor-recovery-codes-replaced');
    // The challenge is spent; the codes of the enrolment are gone and a new one signs in, once.
    expect(
      (await me.post('/api/auth/mfa/recovery-codes', { challenge: challenge.challenge, code: ownCode() })).statusCode,
    ).toBe(400);
    const step = (await post('/api/auth/login', { email: own, password: TEST_PASSWORD }, '10.0.0.8')).json();
    const old = await post('/api/auth/mfa/verify', { challenge: step.challenge, recoveryCode: enrolCodes[0] });
    expect(old.statusCode).toBe(400);
    const signedIn = await post('/api/auth/mfa/verify', { challenge: step.challenge, recoveryCode: fresh[0] });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await me.post('/api/auth/mfa/status', {})).json().recoveryCodesLeft).toBe(9);
  });
});
