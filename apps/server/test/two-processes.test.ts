import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ROOT } from './support/constants';
import { PDF_MIN } from './support/files';
import { DEMO } from './support/test-app';

/**
 * Issue 22: more than one server process on one PostgreSQL. Two real processes of the built server
 * (apps/server/dist/main.js, what `npm start` runs) start at the same moment on one new database, each with its
 * own data directory, and are used as a load balancer would use them. The embedded engine belongs to one
 * process by design, so this runs on PostgreSQL (CI's second pass).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const MAIN = join(import.meta.dirname, '..', 'dist', 'main.js');
const PASSWORD = 'Two-processes-2026';
// Signed-out requests (health checks, sign-ins) count per IP: the limit leaves room for the start-up polls.
const LIMIT = 300;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

interface Proc {
  base: string;
  child: ChildProcess;
  dataDir: string;
  output: string[];
}

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

const signIn = async (p: Proc, email: string) => {
  const res = await fetch(`${p.base}/api/auth/login`, {
    method: 'POST',
    headers: { ...XHR, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
};
const post = (p: Proc, cookie: string, url: string, body: unknown) =>
  fetch(`${p.base}${url}`, {
    method: 'POST',
    headers: { ...XHR, cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe.skipIf(!adminUrl)('two server processes on one PostgreSQL (issue 22)', () => {
  const name = `caseport_two_${process.pid}`;
  const procs: Proc[] = [];
  let databaseUrl = '';

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first (npm test builds it)`);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    // Both start at once on the empty database: migrations and the demo seed must happen exactly once.
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const dataDir = mkdtempSync(join(TEST_ROOT, `proc-${i}-`));
      const output: string[] = [];
      const child = spawn(process.execPath, [MAIN], {
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          SEED_PASSWORD: PASSWORD,
          LOG_LEVEL: 'warn',
          RATE_LIMIT_PER_MINUTE: String(LIMIT),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (d) => output.push(String(d)));
      child.stderr?.on('data', (d) => output.push(String(d)));
      procs.push({ base: `http://127.0.0.1:${port}`, child, dataDir, output });
    }
    for (const p of procs) {
      let up = false;
      for (let i = 0; i < 120 && !up && p.child.exitCode === null; i++) {
        up = await fetch(`${p.base}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (!up) await new Promise((r) => setTimeout(r, 1000));
      }
      if (!up) throw new Error(`a server process did not start:\n${p.output.join('')}`);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      procs.map(async (p) => {
        if (p.child.exitCode === null) {
          const exited = new Promise((r) => p.child.once('exit', r));
          p.child.kill('SIGTERM');
          await exited;
        }
        rmSync(p.dataDir, { recursive: true, force: true });
      }),
    );
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('started at the same moment, they migrated and seeded the database once (advisory lock)', async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      const migrations = await c.query(
        'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
      );
      expect(migrations.rows.filter((r) => r.n !== 1)).toEqual([]);
      const users = await c.query('select email, count(*)::int as n from users group by email having count(*) > 1');
      expect(users.rows).toEqual([]);
      const seeded = procs.filter((p) => p.output.join('').includes('Demo accounts (first start)'));
      expect(seeded).toHaveLength(1);
    } finally {
      await c.end();
    }
  });

  it('a file uploaded through one process is served by the other, whose data directory never saw it', async () => {
    const [a, b] = procs as [Proc, Proc];
    const cookie = await signIn(a, DEMO.lawAdmin);
    const form = new FormData();
    form.set('purpose', 'pdf');
    form.set('secureType', 'private');
    form.set('getDetails', 'true');
    form.set('files', new Blob([PDF_MIN], { type: 'application/pdf' }), 'two.pdf');
    const up = await fetch(`${a.base}/api/common/upload`, { method: 'POST', headers: { ...XHR, cookie }, body: form });
    expect(up.status, await up.clone().text()).toBe(200);
    const { path } = (await up.json()).data.result[0] as { path: string };
    const view = await fetch(`${b.base}/api/common/viewfile?path=${encodeURIComponent(path)}`, { headers: { cookie } });
    expect(view.status).toBe(200);
    expect(Buffer.from(await view.arrayBuffer()).equals(PDF_MIN)).toBe(true);
    expect(existsSync(join(b.dataDir, 'files', path))).toBe(false);
    expect(existsSync(join(a.dataDir, 'files', path))).toBe(false);
  });

  it('SECURITY 9: a logout in one process ends the session in the other at once', async () => {
    const [a, b] = procs as [Proc, Proc];
    const cookie = await signIn(a, DEMO.lawManager);
    expect((await fetch(`${b.base}/api/auth/me`, { headers: { cookie } })).status).toBe(200);
    expect((await post(a, cookie, '/api/auth/logout', {})).status).toBe(200);
    expect((await fetch(`${b.base}/api/auth/me`, { headers: { cookie } })).status).toBe(401);
  });

  it('SECURITY 9: a logout in one process ends the session in the other at once, also when the other has it in its principal cache', async () => {
    const [a, b] = procs as [Proc, Proc];
    const cookie = await signIn(a, DEMO.lawAdmin);
    const list = { page: 1, perpage: 25, matcher: {}, sorting: { path: 'createdOn', order: -1 } };
    // Two reads on b: the first looks the session up and caches it, the second is served from the cache.
    for (let i = 0; i < 2; i++) expect((await post(b, cookie, '/api/message-label/list', list)).status).toBe(200);
    expect((await post(a, cookie, '/api/auth/logout', {})).status).toBe(200);
    const after = await post(b, cookie, '/api/message-label/list', list);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in' });
  });

  it('cases opened at once through both processes get unique serials, and every acknowledged case is there', async () => {
    const cookie = await signIn(procs[0] as Proc, DEMO.lawAdmin);
    // Issue 34: an employment case of a law firm names its petitioner and its beneficiary.
    const q = new pg.Client({ connectionString: databaseUrl });
    await q.connect();
    const petitionerId = (
      await q.query('select id from users where email = $1', [DEMO.lawPetitioner]).finally(() => q.end())
    ).rows[0]?.id as string;
    const body = (i: number) => ({
      subTypeId: 7,
      petitionerId,
      beneficiary: { person: { givenName: 'Process', familyName: `Test ${i}` }, allowSimilar: true },
    });
    const created = await Promise.all(
      Array.from({ length: 24 }, (_, i) => post(procs[i % 2] as Proc, cookie, '/api/cases/create', body(i))),
    );
    const bodies = await Promise.all(created.map((r) => r.json()));
    expect(created.map((r) => r.status)).toEqual(created.map(() => 200));
    const numbers = bodies.map((b) => b.case.caseNumber as string);
    expect(new Set(numbers).size).toBe(numbers.length);
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      const stored = await c.query('select case_number from cases where case_number = any($1)', [numbers]);
      expect(stored.rows).toHaveLength(numbers.length);
    } finally {
      await c.end();
    }
  });

  it('SECURITY 23: the rate limit is counted once across both processes', async () => {
    const [a, b] = procs as [Proc, Proc];
    const cookie = await signIn(b, DEMO.otherAdmin);
    // Each process learns the session's tenant on the first request it validates (that one counts per IP).
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 40; i++) {
      const p = i % 2 ? a : b;
      statuses.push((await fetch(`${p.base}/api/auth/me`, { headers: { cookie } })).status);
    }
    // Each process alone saw (LIMIT + 40) / 2 requests, far below the limit: only a shared count reaches it.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(LIMIT);
    const refusedBy = new Set(statuses.flatMap((s, i) => (s === 429 ? [i % 2 ? 'a' : 'b'] : [])));
    expect([...refusedBy].sort()).toEqual(['a', 'b']);
  });
});
