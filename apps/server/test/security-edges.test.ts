import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createLoggedTestApp, DEMO, login, type TestApp, XHR } from './support/test-app';

/**
 * Issue 22, "the security tests that are still weak": SECURITY 3 (the tenant comes from the session, never from
 * a header or a query string), 16 (CORS closed: a cross-origin request and a preflight get no permissive
 * answer) and 20 (planted secrets never reach the log), each against the real app.
 */
let lines: string[];
let t: TestApp;
let law: Caller;
beforeAll(async () => {
  ({ t, lines } = await createLoggedTestApp());
  law = await login(t, DEMO.lawAdmin);
});
afterAll(() => t.close());

const EVIL = 'https://evil.example';

describe('SECURITY 3: the tenant comes from the session only', () => {
  it('SECURITY 3: another tenant’s id in a header (X-Tenant-Id, Tenant-Id) or in the query string changes neither what is read nor where a write lands', async () => {
    const other = t.tenants.otherfirm;
    const list = (headers: Record<string, string>, query = '') =>
      t.app.inject({
        method: 'POST',
        url: `/api/workflow/list${query}`,
        headers: { ...XHR, cookie: law.cookie, ...headers },
        payload: { perpage: 100 },
      });
    const own = (await list({})).json();
    expect(own.totalCount).toBeGreaterThan(0);
    for (const [headers, query] of [
      [{ 'x-tenant-id': other }, ''],
      [{ 'tenant-id': other, 'x-tenant': other }, ''],
      [{}, `?tenantId=${other}&tenant_id=${other}`],
    ] as const) {
      const res = await list(headers, query);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(own);
    }
    const me = (
      await t.app.inject({
        method: 'GET',
        url: `/api/auth/me?tenantId=${other}`,
        headers: { cookie: law.cookie, 'x-tenant-id': other },
      })
    ).json();
    expect(me.tenantId).toBe(t.tenants.lawfirm);
    // A write with the header lands in the caller's own tenant.
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/message-label/create?tenantId=${other}`,
      headers: { ...XHR, cookie: law.cookie, 'x-tenant-id': other },
      payload: { name: 'Header label', color: '#1E88E5' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const otherAdmin = await login(t, DEMO.otherAdmin);
    const theirs = await otherAdmin.post('/api/message-label/list', { matcher: { searchString: 'Header label' } });
    expect(theirs.json().totalCount).toBe(0);
    const mine = await law.post('/api/message-label/list', { matcher: { searchString: 'Header label' } });
    expect(mine.json().totalCount).toBe(1);
  });
});

describe('SECURITY 16: CORS is closed', () => {
  it('SECURITY 16: a cross-origin read gets no Access-Control-* header, a cross-origin write is refused (403), and a preflight gets no permissive answer', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: law.cookie, origin: EVIL },
    });
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/message-label/create',
      headers: { ...XHR, cookie: law.cookie, origin: EVIL },
      payload: { name: 'Cross-origin label', color: '#1E88E5' },
    });
    expect(write.statusCode).toBe(403);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/message-label/create',
      headers: {
        origin: EVIL,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-requested-with',
      },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    for (const res of [read, write, preflight]) {
      const cors = Object.keys(res.headers).filter((h) => h.startsWith('access-control-'));
      expect(cors, `${res.statusCode} ${res.body.slice(0, 100)}`).toEqual([]);
    }
    expect(
      (await law.post('/api/message-label/list', { matcher: { searchString: 'Cross-origin' } })).json().totalCount,
    ).toBe(0);
  });
});

describe('SECURITY 20: planted secrets never reach the log', () => {
  it('SECURITY 20: a password (wrong and new), a session cookie, a bearer token, a card number and a token in a query string are found nowhere in the log', async () => {
    const planted = {
      password: 'Planted-Pass-8f3b2a',
      newPassword: 'Planted-New-5d7e9c-Long',
      bearer: 'planted-bearer-71c4',
      card: '4111111111111111',
      queryToken: 'plantedquerytoken3e9d',
    };
    lines.length = 0;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: XHR,
      payload: { email: DEMO.lawManager, password: planted.password },
    });
    const manager = await login(t, DEMO.lawManager);
    await manager.post('/api/auth/change-password', {
      currentPassword: planted.password,
      newPassword: planted.newPassword,
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: manager.cookie, authorization: `Bearer ${planted.bearer}` },
    });
    await manager.post('/api/message-label/create', { name: 'x', color: '#1E88E5', cardNumber: planted.card });
    for (const url of [
      `/accept-invitation?token=${planted.queryToken}`,
      `/api/common/viewfile?filename=a.pdf&path=private/x.pdf&token=${planted.queryToken}`,
      `/reset-password?token=${planted.queryToken}&email=${encodeURIComponent(DEMO.lawManager)}`,
    ])
      await t.app.inject({ method: 'GET', url, headers: { cookie: manager.cookie } });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(6);
    // The requests are logged (method and path), never their secrets.
    expect(log).toContain('/accept-invitation');
    const sessionValue = manager.cookie.split('=')[1] as string;
    for (const secret of [...Object.values(planted), sessionValue, DEMO.lawManager])
      expect(log, secret).not.toContain(secret);
  });
});
