import { schema } from '@caseport/db/client';
import { PASSWORD_PERSONAL, PASSWORD_REPETITIVE, PASSWORD_SEQUENTIAL } from '@caseport/domain/auth/password-policy';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, login, TEST_PASSWORD, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hashOf = async (email: string) => {
  const [row] = await t.database.db
    .select({ hash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.email, email));
  return row?.hash;
};
const cookieOf = (res: { headers: Record<string, unknown> }) =>
  String([res.headers['set-cookie']].flat()[0] ?? '').split(';')[0] as string;

describe('change password (POST /api/auth/change-password)', () => {
  it('SECURITY 7: a password shorter than 8 characters or on the common-password list is refused and nothing changes', async () => {
    const c = await login(t, DEMO.lawManager);
    const before = await hashOf(DEMO.lawManager);
    for (const [newPassword, message] of [
      ['short12', 'Password must be at least 8 characters'],
      ['iloveyou', 'This password is too common. Please choose another one'],
      ['SunShine', 'This password is too common. Please choose another one'],
      ['x'.repeat(129), 'Password must be at most 128 characters'],
    ] as const) {
      const res = await c.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ name: 'newPassword', message }] });
    }
    expect(await hashOf(DEMO.lawManager)).toBe(before);
    expect((await c.get('/api/auth/me')).statusCode).toBe(200);
  });

  it("SECURITY 7: repetitive, sequential and personal passwords (the user's e-mail and names, the tenant's name, 'caseport') are refused with the reason, and nothing changes", async () => {
    const c = await login(t, DEMO.lawManager);
    const before = await hashOf(DEMO.lawManager);
    const [user] = await t.database.db
      .select({ firstName: schema.users.firstName, lastName: schema.users.lastName })
      .from(schema.users)
      .where(eq(schema.users.email, DEMO.lawManager));
    for (const [newPassword, message] of [
      ['aaaaaaaa', PASSWORD_REPETITIVE],
      ['12345678', PASSWORD_SEQUENTIAL],
      ['abcdefgh', PASSWORD_SEQUENTIAL],
      ['caseport2026', PASSWORD_PERSONAL],
      [DEMO.lawManager, PASSWORD_PERSONAL],
      [`${user!.firstName}${user!.lastName}!`, PASSWORD_PERSONAL],
      ['Demo Law Firm 1', PASSWORD_PERSONAL],
    ] as const) {
      const res = await c.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json(), newPassword).toEqual({
        code: 'VALIDATION_ERROR',
        message,
        fields: [{ name: 'newPassword', message }],
      });
    }
    expect(await hashOf(DEMO.lawManager)).toBe(before);
  });

  it('SECURITY 7: no composition rules; a 100-character passphrase is accepted and stored with argon2id', async () => {
    const c = await login(t, DEMO.coSignatory);
    const passphrase = 'correct horse battery staple '.repeat(4).slice(0, 100);
    const res = await c.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: passphrase });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Password changed successfully');
    expect(await hashOf(DEMO.coSignatory)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashOf(DEMO.coSignatory)).not.toContain(passphrase);
    await expect(login(t, DEMO.coSignatory, passphrase)).resolves.toBeTruthy();
    await expect(login(t, DEMO.coSignatory, TEST_PASSWORD)).rejects.toThrow(/401/);
  });

  it('SECURITY 9: after a password change the old cookies answer 401; the caller goes on with a new session id', async () => {
    const here = await login(t, DEMO.otherAdmin);
    const elsewhere = await login(t, DEMO.otherAdmin);
    const res = await here.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'A long new pass phrase 2026',
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = cookieOf(res);
    expect(fresh).toMatch(/^caseport_sid=/);
    expect(fresh).not.toBe(here.cookie);
    expect((await here.get('/api/auth/me')).statusCode).toBe(401);
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: fresh } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(DEMO.otherAdmin);
  });

  it('SECURITY 8: a wrong current password is a field error, and 10 of them in 15 minutes give 429', async () => {
    t.advance(16 * 60_000); // a fresh throttle window: the earlier tests' failed logins count per IP too
    const c = await login(t, DEMO.lawPetitioner);
    const body = { currentPassword: 'not-my-password', newPassword: 'Another long phrase 2026' };
    const first = await c.post('/api/auth/change-password', body);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({
      fields: [{ name: 'currentPassword', message: 'Current password is incorrect' }],
    });
    for (let i = 1; i < 10; i++) expect((await c.post('/api/auth/change-password', body)).statusCode).toBe(400);
    const blocked = await c.post('/api/auth/change-password', { ...body, currentPassword: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(await hashOf(DEMO.lawPetitioner)).toBeTruthy();
    await expect(login(t, DEMO.lawPetitioner, 'Another long phrase 2026')).rejects.toThrow();
    t.advance(16 * 60_000);
  });

  it('SECURITY 4: unknown fields and a new password equal to the current one are refused', async () => {
    const c = await login(t, DEMO.lawAdmin);
    const extra = await c.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'A long new pass phrase 2026',
      userId: '00000000-0000-4000-8000-000000000000',
    });
    expect(extra.statusCode).toBe(400);
    const same = await c.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: TEST_PASSWORD,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toEqual([
      { name: 'newPassword', message: 'The new password must differ from the current one' },
    ]);
  });
});
