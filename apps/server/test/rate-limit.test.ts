import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, login, type TestApp } from './support/test-app';

const LIMIT = 8;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: LIMIT });
});
afterAll(() => t.close());

const LIST = { page: 1, perpage: 25, matcher: {}, sorting: { path: 'createdOn', order: -1 } };

describe('rate limit per tenant (SECURITY 23)', () => {
  it('SECURITY 23: a tenant past its limit gets 429 RATE_LIMITED, across its sessions, while another tenant is served', async () => {
    const [first, second, other] = [
      await login(t, DEMO.lawAdmin),
      await login(t, DEMO.lawManager),
      await login(t, DEMO.otherAdmin),
    ];
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++)
      statuses.push((await (i % 2 ? second : first).post('/api/message-label/list', LIST)).statusCode);
    // Both sessions of Demo Law Firm draw on one budget of LIMIT; each session's first call, made before
    // the server knew its tenant, counted against the IP instead.
    expect(statuses.slice(0, LIMIT + 2)).toEqual(Array(LIMIT + 2).fill(200));
    expect(statuses.at(-1)).toBe(429);
    const refused = await first.post('/api/message-label/list', LIST);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await other.post('/api/message-label/list', LIST)).statusCode).toBe(200);
    expect((await other.post('/api/message-label/list', LIST)).statusCode).toBe(200);
  });

  it('SECURITY 23: a forged or unknown session cookie counts against its IP, not a tenant, and still answers 401 within the limit', async () => {
    const forged = (n: number) =>
      t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        remoteAddress: '10.7.7.7',
        headers: { cookie: `caseport_sid=forged-${n}` },
      });
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) statuses.push((await forged(i)).statusCode);
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
    expect(statuses.at(-1)).toBe(429);
    const fromElsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      remoteAddress: '10.7.7.8',
      headers: { cookie: 'caseport_sid=forged-x' },
    });
    expect(fromElsewhere.statusCode).toBe(401);
  });
});
