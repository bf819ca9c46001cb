import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCX_MIN, multipart, PNG_1X1 } from './support/files';
import { expectNoLeak, fuzzableRoutes, send } from './support/fuzz';
import { validArbitrary } from './support/schema-arbitrary';
import { type Caller, createTestApp, DEMO, login, type TestApp, XHR } from './support/test-app';

/**
 * SECURITY 2: requests of the right shape for every registered route (support/schema-arbitrary.ts),
 * from every tenant-side role, with another tenant's ids planted in every uuid field. Goal: ≥ 10,000
 * requests, 0 leaks, 0 changes to the victim's rows, on PGlite and (in CI) PostgreSQL.
 */
const CROSS_TENANT_RUNS = 10_000;

let t: TestApp;
let callers: { email: string; caller: Caller }[];
beforeAll(async () => {
  t = await createTestApp();
  callers = [];
  for (const email of Object.values(DEMO)) callers.push({ email, caller: await login(t, email) });
}, 60_000);
afterAll(() => t.close());

/** Every row of every tenant-owned table for one tenant, as text: its ids and a fingerprint. */
const snapshotTenant = async (tenantId: string) => {
  const tables = await t.database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'tenant_id' order by 1`,
  );
  const rows: string[] = [];
  for (const { table_name } of tables.rows) {
    const result = await t.database.db.execute<{ j: string }>(
      sql`select row_to_json(x)::text as j from ${sql.identifier(table_name)} x where x.tenant_id = ${tenantId} order by 1`,
    );
    rows.push(...result.rows.map((r) => `${table_name}:${r.j}`));
  }
  const own = await t.database.db.execute<{ j: string }>(
    sql`select row_to_json(x)::text as j from tenants x where x.id = ${tenantId}`,
  );
  rows.push(...own.rows.map((r) => `tenants:${r.j}`));
  const text = rows.join('\n');
  const ids = [...new Set(text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [])];
  const strings = [
    ...new Set([...text.matchAll(/"(?:path|name|filename|slug)":"([^"]{3,200})"/g)].map((m) => m[1] as string)),
  ];
  return { ids, strings, rows: rows.length, fingerprint: createHash('sha256').update(text).digest('hex') };
};

describe('SECURITY 2: object access across tenants', () => {
  it(`SECURITY 2: ${CROSS_TENANT_RUNS} requests over every route × tenant role carrying another tenant's ids leak nothing and change nothing`, async () => {
    // Give the victim private and public files too, so file ids and stored paths join the planted ids.
    const victim = await login(t, DEMO.otherAdmin);
    for (const [purpose, name, data] of [
      ['document', 'fein.docx', DOCX_MIN],
      ['logo', 'logo.png', PNG_1X1],
    ] as const) {
      const body = multipart({ purpose }, [{ name, data }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/common/upload',
        headers: { ...XHR, cookie: victim.cookie, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await snapshotTenant(t.tenants.otherfirm);
    expect(before.ids.length).toBeGreaterThan(3);
    // Platform roles may act on any tenant by design (D-02); every tenant-side role is an attacker here.
    const attackers = callers.filter(
      ({ email }) => email !== DEMO.otherAdmin && email !== DEMO.platformAdmin && email !== DEMO.platformOps,
    );
    const routes = fuzzableRoutes(t).filter((r) => r.url !== '/api/auth/login');
    const planted = { uuids: before.ids, strings: before.strings };
    const reached: Record<number, number> = {};
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...routes)
          .chain((route) =>
            fc.tuple(
              fc.constant(route),
              validArbitrary(route.method === 'GET' ? route.querystring : route.body, planted),
            ),
          ),
        fc.constantFrom(...attackers),
        async ([route, body], { email, caller }) => {
          const res = await send(t, route, caller, body);
          const what = `${email} ${route.method} ${route.url} ${JSON.stringify(body)?.slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expectNoLeak(res, what);
          reached[res.statusCode] = (reached[res.statusCode] ?? 0) + 1;
          if (res.statusCode < 300)
            for (const id of before.ids) expect(res.body.includes(id), `${what} leaked ${id}`).toBe(false);
        },
      ),
      { numRuns: CROSS_TENANT_RUNS },
    );
    const after = await snapshotTenant(t.tenants.otherfirm);
    expect(after.fingerprint, 'the other tenant’s rows changed').toBe(before.fingerprint);
    console.info(
      `cross-tenant fuzz: ${CROSS_TENANT_RUNS} requests, ${before.ids.length} planted ids over ${before.rows} rows; statuses ${JSON.stringify(reached)}; 0 leaks, 0 changes`,
    );
  }, 900_000);
});
