import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Database, openDatabase } from '@caseport/db/client';
import { DEMO_EMAILS, DEMO_TENANTS, type DemoTenantKey } from '@caseport/db/seed/demo';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { InjectOptions, Response } from 'light-my-request';
import pg from 'pg';
import { type AppConfig, buildApp } from '../../src/app';
import type { Clock } from '../../src/platform/clock';
import {
  heldBackPaths,
  type OpenApiDocument,
  recordConformanceCount,
  recordHeldBack,
  responseChecker,
} from './conformance';
import { PG_TEMPLATE_DB, TEMPLATE_DIR, TEST_PASSWORD, TEST_ROOT } from './constants';

export { TEST_PASSWORD };

/** A fresh database copied from the migrated, seeded template: PGlite by default, PostgreSQL when
 *  TEST_DATABASE_URL is set. */
export const openTestDatabase = async (): Promise<{ database: Database; dispose: () => Promise<void> }> => {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `caseport_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${PG_TEMPLATE_DB}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: target.toString() });
    return {
      database,
      dispose: async () => {
        await database.close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const dir = mkdtempSync(join(TEST_ROOT, 'run-'));
  cpSync(TEMPLATE_DIR, join(dir, 'db'), { recursive: true });
  const database = await openDatabase({ dataDir: join(dir, 'db') });
  return {
    database,
    dispose: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  filesDir: string;
  /** Moves the fake clock forward. */
  advance(ms: number): void;
  close(): Promise<void>;
  /** Tenant ids of the seed by key: lawfirm, petitioner, otherfirm, newfirm, newpetitioner. */
  tenants: Record<DemoTenantKey, string>;
}

export const createTestApp = async (overrides: Partial<AppConfig> = {}): Promise<TestApp> => {
  const { database, dispose } = await openTestDatabase();
  const filesDir = mkdtempSync(join(TEST_ROOT, 'files-'));
  let offset = 0;
  const clock: Clock = () => new Date(Date.now() + offset);
  const app = await buildApp({ database, filesDir, clock, rateLimitPerMinute: false, ...overrides });
  reportHeldBack(app);
  await app.ready();
  const checked = checkEveryResponse(app);
  const rows = await database.db.execute<{ id: string; name: string }>(sql`select id, name from tenants`);
  const byName = Object.fromEntries(rows.rows.map((r) => [r.name, r.id]));
  return {
    app,
    database,
    filesDir,
    advance: (ms) => {
      offset += ms;
    },
    tenants: Object.fromEntries(DEMO_TENANTS.map((d) => [d.key, byName[d.name] as string])) as Record<
      DemoTenantKey,
      string
    >,
    close: async () => {
      recordConformanceCount(checked.count);
      await app.close();
      await dispose();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
};

/**
 * Every injected request's response is checked against the app's own OpenAPI document (issue 25 finding 8):
 * an undeclared status, content type or a body its schema refuses throws, failing the test that sent it.
 */
export const checkEveryResponse = (app: Pick<FastifyInstance, 'inject' | 'swagger'>) => {
  const check = responseChecker(app.swagger() as unknown as OpenApiDocument);
  const checked = { count: 0 };
  const inject = app.inject.bind(app);
  const checkedInject = async (options: InjectOptions | string): Promise<Response> => {
    const res = await inject(options);
    const { method = 'GET', url = '/' } = typeof options === 'string' ? { url: options } : options;
    const contentType = res.headers['content-type'];
    const mismatches = check({
      method,
      url: String(url),
      status: res.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      body: res.body,
    });
    if (mismatches === null) return res;
    checked.count++;
    if (mismatches.length > 0) {
      throw new Error(
        `The response does not match /api/docs/json:\n${mismatches.join('\n')}\n${res.body.slice(0, 500)}`,
      );
    }
    return res;
  };
  (app as { inject: unknown }).inject = checkedInject;
  return checked;
};

/** Notes what each handler returned that its response schema did not let out (see heldBackPaths). */
const reportHeldBack = (app: FastifyInstance) => {
  const returned = new WeakMap<object, unknown>();
  app.addHook('preSerialization', async (request, _reply, payload) => {
    returned.set(request, payload);
    return payload;
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (returned.has(request) && typeof payload === 'string' && payload.startsWith('{')) {
      const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
      recordHeldBack(route, heldBackPaths(returned.get(request), JSON.parse(payload)));
    }
    return payload;
  });
};

export const XHR = { 'x-requested-with': 'XMLHttpRequest' } as const;

/** A signed-in caller: cookie + the CSRF header on every request. */
export interface Caller {
  cookie: string;
  post(url: string, payload?: unknown): Promise<import('light-my-request').Response>;
  get(url: string): Promise<import('light-my-request').Response>;
}

export const login = async (t: TestApp, email: string, password = TEST_PASSWORD): Promise<Caller> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: XHR,
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  const setCookie = res.headers['set-cookie'];
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  const cookie = (first ?? '').split(';')[0] as string;
  return {
    cookie,
    post: (url, payload = {}) =>
      t.app.inject({ method: 'POST', url, headers: { ...XHR, cookie }, payload: payload as object }),
    get: (url) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
  };
};

export const DEMO = DEMO_EMAILS;

/** A test app that logs at the production level into `lines` (one JSON line each), for the log tests. */
export const createLoggedTestApp = async (): Promise<{ t: TestApp; lines: string[] }> => {
  const { Writable } = await import('node:stream');
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { t: await createTestApp({ logger: { level: 'info', stream } as never }), lines };
};
