import { schema } from '@caseport/db/client';
import { SIGN_IN_SLOWED } from '@caseport/domain/auth/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../src/lib/env';
import { accountDelayMs } from '../src/platform/sign-in-throttle';
import { createTestApp, DEMO, login, TEST_PASSWORD, type TestApp, XHR } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const attempt = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: XHR,
    payload: { email, password },
    remoteAddress: ip,
  });

describe('login, sessions and cookies', () => {
  it('signs in with email and password and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const res = await attempt(DEMO.lawAdmin, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^caseport_sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(res.json()).toMatchObject({
      roleId: 3,
      tenantType: 1,
      tenant: { name: 'Demo Law Firm', profComplted: 'no' },
    });
  });

  it('over https the cookie is Secure and __Host- prefixed', async () => {
    const https = await createTestApp({ trustProxy: parseTrustProxy('loopback') });
    try {
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...XHR, 'x-forwarded-proto': 'https' },
        payload: { email: DEMO.lawAdmin, password: TEST_PASSWORD },
      });
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^__Host-caseport_sid=/);
      expect(cookie).toContain('Secure');
      expect(cookie).toContain('Path=/');
    } finally {
      await https.close();
    }
  });

  it('a wrong password answers 401 with the error envelope and no cookie', async () => {
    const res = await attempt(DEMO.lawManager, 'wrong-password', '10.0.0.2');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Invalid email or password' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('each login gets a new session id', async () => {
    const a = await login(t, DEMO.coAdmin);
    const b = await login(t, DEMO.coAdmin);
    expect(a.cookie).not.toBe(b.cookie);
  });

  it('GET /api/auth/me answers the user, role, tenant and tab set; 401 without a session', async () => {
    const c = await login(t, DEMO.lawManager);
    const me = (await c.get('/api/auth/me')).json();
    expect(me).toMatchObject({
      roleId: 4,
      tenantType: 1,
      user: { email: DEMO.lawManager, roleName: 'Branch Manager' },
    });
    expect(me.menu.map((m: { key: string }) => m.key)).not.toContain('profile');
    expect(me.tabs).toContain('users');
    expect(me.allowedRoleIds).toEqual([5, 6, 7, 8, 9, 10, 11, 12]); // R-ROLE-011 through the API
    expect(me.user.phone).toBeUndefined();
    // Lists show dates in the tenant's zone (apps/web/src/components/LISTS.md).
    expect(me.tenant.timezone).toBe('America/New_York');
    const anon = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(anon.statusCode).toBe(401);
  });

  it('issue 38: POST /api/auth/session answers 200 either way: the same Me as /api/auth/me when signed in, null when signed out or the session is dead', async () => {
    const c = await login(t, DEMO.lawManager);
    const session = await c.post('/api/auth/session', {});
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ me: (await c.get('/api/auth/me')).json() });
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/auth/session',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: {},
    });
    expect(anon.statusCode).toBe(200);
    expect(anon.json()).toEqual({ me: null });
    await c.post('/api/auth/logout', {});
    const dead = await c.post('/api/auth/session', {});
    expect(dead.statusCode).toBe(200);
    expect(dead.json()).toEqual({ me: null });
  });

  it("R-SHELL-048: role 3's /api/auth/me carries the Company Details admin phone and calling code for the plan's subscriber", async () => {
    const c = await login(t, DEMO.otherAdmin);
    expect((await c.get('/api/auth/me')).json().user).toMatchObject({ phone: '', phoneCode: '' });
    await t.database.db.execute(
      sql`update tenants set profile = coalesce(profile, '{}'::jsonb) || '{"phone":"2025550123","phoneCountryCode":{"countryCode":"US","countryCallingCode":"1"}}'::jsonb where id = ${t.tenants.otherfirm}`,
    );
    expect((await c.get('/api/auth/me')).json().user).toMatchObject({ phone: '2025550123', phoneCode: '1' });
  });

  it('logout kills the session: the old cookie answers 401', async () => {
    const c = await login(t, DEMO.lawAdmin);
    expect((await c.get('/api/auth/me')).statusCode).toBe(200);
    expect((await c.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await c.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('a session idle for more than 30 minutes answers 401', async () => {
    const c = await login(t, DEMO.otherAdmin);
    t.advance(29 * 60 * 1000);
    expect((await c.get('/api/auth/me')).statusCode).toBe(200);
    t.advance(31 * 60 * 1000);
    expect((await c.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('a session older than 12 hours answers 401 even when used every 20 minutes', async () => {
    const c = await login(t, DEMO.otherAdmin);
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      t.advance(20 * 60 * 1000);
      expect((await c.get('/api/auth/me')).statusCode).toBe(200);
    }
    t.advance(25 * 60 * 1000);
    expect((await c.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('disabling the account or changing its password ends its sessions', async () => {
    const c = await login(t, DEMO.coSignatory);
    await t.database.db
      .update(schema.users)
      .set({ passwordChangedAt: new Date(Date.now() + 24 * 3600e3) })
      .where(eq(schema.users.email, DEMO.coSignatory));
    expect((await c.get('/api/auth/me')).statusCode).toBe(401);
    await t.database.db
      .update(schema.users)
      .set({ passwordChangedAt: new Date(0) })
      .where(eq(schema.users.email, DEMO.coSignatory));
    const d = await login(t, DEMO.coSignatory);
    await t.database.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.email, DEMO.coSignatory));
    expect((await d.get('/api/auth/me')).statusCode).toBe(401);
    expect((await attempt(DEMO.coSignatory, TEST_PASSWORD, '10.0.0.9')).statusCode).toBe(401);
  });
});

describe('login throttling (SECURITY 8; issue 39 finding 9)', () => {
  it('issue 39: strangers cannot lock an account: after 10 failures from 10 addresses, the owner at their usual address signs in; an unknown address is slowed with growing delays (30 s, then 60 s…) and the owner is e-mailed once', async () => {
    // The owner's usual address: one they have signed in from.
    expect((await attempt(DEMO.platformOps, TEST_PASSWORD, '10.1.9.9')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await attempt(DEMO.platformOps, `bad-${i}`, `10.1.0.${i}`)).statusCode).toBe(401);
    // An unknown address, even with the right password, waits: 429 with the account's message.
    const slowed = await attempt(DEMO.platformOps, TEST_PASSWORD, '10.1.1.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({ code: 'RATE_LIMITED', message: SIGN_IN_SLOWED });
    expect((await attempt(DEMO.platformOps, 'bad-again', '10.1.1.2')).statusCode).toBe(429);
    // The owner at the usual address is not held.
    expect((await attempt(DEMO.platformOps, TEST_PASSWORD, '10.1.9.9')).statusCode).toBe(200);
    // The delay grows: 30 s after the 10th failure one more attempt is judged; the next waits 60 s.
    t.advance(31_000);
    expect((await attempt(DEMO.platformOps, 'bad-11', '10.1.1.3')).statusCode).toBe(401);
    t.advance(31_000);
    expect((await attempt(DEMO.platformOps, 'bad-12', '10.1.1.4')).statusCode).toBe(429);
    t.advance(30_000);
    expect((await attempt(DEMO.platformOps, TEST_PASSWORD, '10.1.1.4')).statusCode).toBe(200);
    expect(accountDelayMs(10)).toBe(30_000);
    expect(accountDelayMs(11)).toBe(60_000);
    expect(accountDelayMs(40)).toBe(60 * 60_000);
    const mail = (
      await t.database.db.execute<{ subject: string }>(
        sql`select subject from mail_outbox where "to" = ${DEMO.platformOps}`,
      )
    ).rows;
    expect(mail).toEqual([{ subject: 'Failed sign-in attempts on your Caseport account' }]);
  });

  it('answers 429 after 10 failed attempts from one IP across accounts', async () => {
    for (let i = 0; i < 10; i++) await attempt(`nobody${i}@example.com`, 'bad-password', '10.2.0.1');
    expect((await attempt(DEMO.platformAdmin, TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(429);
    expect((await attempt(DEMO.platformAdmin, TEST_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('the window is 15 minutes', async () => {
    for (let i = 0; i < 10; i++) await attempt('window@example.com', 'bad-password', '10.3.0.1');
    expect((await attempt('window@example.com', 'bad', '10.3.0.1')).statusCode).toBe(429);
    t.advance(16 * 60 * 1000);
    expect((await attempt('window@example.com', 'bad', '10.3.0.1')).statusCode).toBe(401);
  });
});

describe('client address behind a proxy (SECURITY 8, issue 25 finding 3)', () => {
  it('SECURITY 8: with TRUST_PROXY naming the proxy, the client is the right-most forwarded address that is not the proxy: rotating the left-most one still gets 429 after 10 failures', async () => {
    const proxied = await createTestApp({ trustProxy: parseTrustProxy('10.9.0.1') });
    try {
      const spray = (i: number, client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { ...XHR, 'x-forwarded-for': `198.51.100.${i}, ${client}` },
          payload: { email: `sprayed${i}@example.com`, password: 'Winter2026!' },
          remoteAddress: '10.9.0.1',
        });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await spray(i, '203.0.113.7')).statusCode);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual(Array(30).fill(429));
      // Another client behind the same proxy is not held.
      expect((await spray(99, '203.0.113.8')).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it('SECURITY 8: TRUST_PROXY takes the proxies\' addresses, never "trust everyone" or a hop count', async () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy('loopback')).toBe('loopback');
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16')).toBe('10.0.0.1,10.1.0.0/16');
    for (const refused of ['true', '1', '2', 'yes please'])
      expect(() => parseTrustProxy(refused)).toThrow(/must name the proxies/);
    // A client that reaches the server directly (not through the named proxy) cannot forward an address.
    const proxied = await createTestApp({ trustProxy: parseTrustProxy('10.9.0.1') });
    try {
      for (let i = 0; i < 10; i++)
        await proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { ...XHR, 'x-forwarded-for': `198.51.100.${i}` },
          payload: { email: `direct${i}@example.com`, password: 'bad' },
          remoteAddress: '192.0.2.50',
        });
      const next = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...XHR, 'x-forwarded-for': '198.51.100.200' },
        payload: { email: 'direct-next@example.com', password: 'bad' },
        remoteAddress: '192.0.2.50',
      });
      expect(next.statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe('CSRF (SECURITY 11)', () => {
  it('refuses a state change without X-Requested-With', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO.lawAdmin, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('refuses a foreign Origin and accepts the server own origin', async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...XHR, origin: 'https://evil.example' },
      payload: { email: DEMO.lawAdmin, password: TEST_PASSWORD },
    });
    expect(foreign.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...XHR, origin: 'http://localhost:80', host: 'localhost:80' },
      payload: { email: DEMO.lawAdmin, password: TEST_PASSWORD },
    });
    expect(own.statusCode).toBe(200);
  });
});
