import { SessionInvalidError } from '@caseport/db/client';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../src/platform/errors';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t, DEMO.lawAdmin);
});
afterAll(() => t.close());

const noLeak = (body: string) => {
  expect(body).not.toMatch(/\bat .+\.(ts|js):\d+/);
  expect(body).not.toContain('"stack"');
};

describe('error envelope (D-07)', () => {
  it('D-07: validation failures are 400 VALIDATION_ERROR with the failing fields', async () => {
    const res = await admin.post('/api/masterdata/list', { category: 'states', page: 0 });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.fields).toEqual([expect.objectContaining({ name: 'page' })]);
  });

  it("D-07: a session the read's own check refused answers 401 UNAUTHENTICATED, also when drizzle wraps it (DrizzleQueryError, its cause), never a 500", async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app, null);
    app.post('/plain', async () => {
      throw new SessionInvalidError();
    });
    app.post('/wrapped', async () => {
      throw new DrizzleQueryError('select 1', [], new SessionInvalidError());
    });
    app.post('/other', async () => {
      throw new DrizzleQueryError('select 1', [], new Error('connection lost'));
    });
    await app.ready();
    for (const path of ['/plain', '/wrapped']) {
      const res = await app.inject({ method: 'POST', url: path });
      expect(res.statusCode, path).toBe(401);
      expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in' });
    }
    expect((await app.inject({ method: 'POST', url: '/other' })).statusCode).toBe(500);
    await app.close();
  });

  it('D-07: malformed JSON is a 400 envelope, not a crash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/masterdata/list',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', cookie: admin.cookie },
      payload: '{"category": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    noLeak(res.body);
  });

  it('D-07: an unknown API path answers 404 NOT_FOUND', async () => {
    const res = await admin.post('/api/nothing-here', {});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('D-06: calls are JSON POST under /api; a GET on a POST route is not served', async () => {
    const res = await admin.get('/api/masterdata/list');
    expect(res.statusCode).toBe(404);
  });

  it("D-06: every /api route is a POST except the GET viewfiles (common, and the payments service's invoice PDF of 001 §7), GET /auth/me of issue 2, health, the OpenAPI pages and two PDF reads of issues 20 and 21 (the e-sign flattened preview, a platform form's document); every one is published in OpenAPI", async () => {
    const api = t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    const notPost = api
      .filter((r) => r.method !== 'POST' && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(notPost).toEqual([
      'GET /api/auth/me',
      'GET /api/common/viewfile',
      'GET /api/health',
      'GET /api/payments/viewfile',
      // Issue 20: the e-sign template's flattened preview; issue 21: a platform form's document (both a PDF
      // opened in a tab or downloaded, like viewfile).
      'GET /api/pdf-sign/flattened-preview',
      'GET /api/platform-library/forms/document',
    ]);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const r of api.filter((r) => r.method === 'POST')) expect(doc.paths[r.url]?.post, r.url).toBeDefined();
    expect(doc.paths['/api/common/viewfile']?.get).toBeDefined();
    expect(doc.paths['/api/payments/viewfile']?.get).toBeDefined();
    // The paths D-06 names, except those of areas not built yet: /api/form-letter/delete (letters) and
    // /api/billing/plans|card|attach-payment-method|subscribe|validate-coupon (billing).
    const named = [
      '/api/workflow/list',
      '/api/workflow/delete',
      '/api/workflow/activity-codes',
      '/api/tenant/details',
      '/api/tenant/update-profile',
      '/api/common/upload',
      '/api/masterdata/list',
      '/api/message-label/create',
      '/api/message-label/update',
      '/api/message-label/list',
      '/api/billing/selected-plan',
      '/api/case-type-config/save-custom-code',
    ];
    for (const path of named) expect(doc.paths[path]?.post, path).toBeDefined();
  });
  it('D-07: a NUL character anywhere in a body is a 400 VALIDATION_ERROR, not a database error', async () => {
    const res = await admin.post('/api/masterdata/list', {
      category: 'states',
      page: 1,
      perpage: 10,
      matcher: { searchString: 'a\u0000b' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Text contains characters that cannot be stored',
      fields: [{ name: 'matcher.searchString', message: 'Text contains characters that cannot be stored' }],
    });
  });
  // The malformed-request fuzz over every route lives in fuzz-malformed.test.ts.
});

describe('security headers (SECURITY 16)', () => {
  it('API answers carry CSP with frame-ancestors, nosniff, a referrer policy and no-store', async () => {
    const res = await admin.get('/api/auth/me');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('the OpenAPI description lists every API route (ARCHITECTURE stack)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/auth/login',
      '/api/masterdata/list',
      '/api/common/upload',
      '/api/common/viewfile',
      '/api/tenant/details',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
