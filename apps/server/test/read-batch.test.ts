import { randomUUID } from 'node:crypto';
import { inTenantRead, schema } from '@caseport/db/client';
import { scopeStatementText } from '@caseport/db/scope';
import { and, eq, ilike, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryShapes, shapeBuilder } from '../src/platform/list';
import { createTestApp, type TestApp } from './support/test-app';

// inTenantRead: the read path of every list (packages/db/src/read-batch.ts on PostgreSQL, a READ ONLY
// transaction on PGlite). Each test holds on both engines.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const asLawFirm = { tenantId: '' };
/** The database's own message: drizzle wraps it as the `cause` of a "Failed query" error. */
const failureOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    const error = e as Error & { cause?: Error };
    return error.cause?.message ?? error.message;
  }
  return 'no error';
};
beforeAll(() => {
  asLawFirm.tenantId = t.tenants.lawfirm;
});

describe('tenant-scoped reads (ARCHITECTURE §3)', () => {
  it("runs as app_user with the session's tenant: another tenant's rows are invisible without a WHERE", async () => {
    const [who, users] = await inTenantRead(t.database.db, asLawFirm, (tx) =>
      Promise.all([
        tx.execute<{ role: string; tenant: string }>(
          sql`select current_user as role, current_setting('app.tenant_id') as tenant`,
        ),
        tx.execute<{ tenant_id: string }>(sql`select distinct tenant_id from users`),
      ]),
    );
    expect(who.rows).toEqual([{ role: 'app_user', tenant: t.tenants.lawfirm }]);
    expect(users.rows).toEqual([{ tenant_id: t.tenants.lawfirm }]);
  });

  it('roles 1 and 2 read as app_platform: the tenant directory is open to them only', async () => {
    const count = (platform: boolean) =>
      inTenantRead(t.database.db, { tenantId: null, platform }, async (tx) => {
        const rows = await tx.select({ id: schema.tenants.id }).from(schema.tenants);
        return rows.length;
      });
    expect(await count(true)).toBeGreaterThanOrEqual(3);
    expect(await count(false)).toBe(0);
  });

  it('a write inside a read is refused and changes nothing', async () => {
    const write = inTenantRead(t.database.db, asLawFirm, (tx) =>
      tx.update(schema.tenants).set({ name: 'Renamed in a read' }).where(eq(schema.tenants.id, t.tenants.lawfirm)),
    );
    expect(await failureOf(write)).toMatch(/read-only transaction/);
    const [row] = await t.database.db
      .select({ name: schema.tenants.name })
      .from(schema.tenants)
      .where(eq(schema.tenants.id, t.tenants.lawfirm));
    expect(row?.name).not.toBe('Renamed in a read');
  });

  it('queries issued together run in one transaction; the scope ends with the read', async () => {
    const [a, b] = await inTenantRead(t.database.db, asLawFirm, (tx) =>
      Promise.all([
        tx.execute<{ at: string }>(sql`select now()::text as at`),
        tx.execute<{ at: string }>(sql`select now()::text as at`),
      ]),
    );
    expect(a.rows[0]?.at).toBe(b.rows[0]?.at);
    const after = await t.database.db.execute<{ role: string; tenant: string | null }>(
      sql`select current_user as role, nullif(current_setting('app.tenant_id', true), '') as tenant`,
    );
    expect(after.rows[0]?.tenant ?? null).toBeNull();
    expect(after.rows[0]?.role).not.toMatch(/^app_/);
  });

  it('a failing statement rejects the read, and the next read on the pool works', async () => {
    const failing = inTenantRead(t.database.db, asLawFirm, (tx) =>
      Promise.all([tx.execute(sql`select 1`), tx.execute(sql`select 1 / 0`)]),
    );
    expect(await failureOf(failing)).toMatch(/division by zero/);
    for (let i = 0; i < 12; i++) {
      const ok = await inTenantRead(t.database.db, asLawFirm, (tx) => tx.execute<{ n: number }>(sql`select 1 as n`));
      expect(ok.rows).toEqual([{ n: 1 }]);
    }
  });
  it('issue 22: a repeated read runs prepared statements, and a prepared page still shows each tenant only its own rows', async () => {
    const users = (tenantId: string) =>
      inTenantRead(t.database.db, { tenantId }, (tx) =>
        tx.selectDistinct({ tenantId: schema.users.tenantId }).from(schema.users),
      );
    // The same statement text, over and over, for two tenants in turn: every connection of the pool (or the
    // one PGlite session) prepares it once and then only binds it.
    for (let i = 0; i < 30; i++) {
      expect(await users(t.tenants.lawfirm)).toEqual([{ tenantId: t.tenants.lawfirm }]);
      expect(await users(t.tenants.petitioner)).toEqual([{ tenantId: t.tenants.petitioner }]);
    }
    const prepared = await inTenantRead(t.database.db, asLawFirm, (tx) =>
      tx.execute<{ statement: string }>(sql`select statement from pg_prepared_statements where name like 'caseport_%'`),
    );
    const texts = prepared.rows.map((r) => r.statement);
    expect(texts.some((s) => s.includes("set_config('app.tenant_id'"))).toBe(true);
    expect(texts.some((s) => s.startsWith('select distinct "tenant_id" from "users"'))).toBe(true);
  });

  it('issue 37: a read plans its named statements once (a generic plan), never again per request with the values', async () => {
    // The label list's page, as a list reads it: by tenant, newest first, the limit bound. PostgreSQL's
    // default planned it again with the values on every run (always the first five; under row-level security
    // for good); the read's scope now keeps the generic plan from the first run.
    const page = (tx: Parameters<Parameters<typeof inTenantRead>[2]>[0], limit: number) =>
      tx
        .select({ id: schema.messageLabels.id, name: schema.messageLabels.name })
        .from(schema.messageLabels)
        .where(eq(schema.messageLabels.tenantId, t.tenants.lawfirm))
        .orderBy(sql`${schema.messageLabels.createdOn} desc, ${schema.messageLabels.id} desc`)
        .limit(limit);
    const plans = await inTenantRead(t.database.db, asLawFirm, async (tx) => {
      // One after the other on the read's one connection (each its own batch, scoped again).
      for (let i = 0; i < 8; i++) await page(tx, 25 + i);
      return tx.execute<{ generic: number; custom: number }>(
        sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
            where statement like 'select "id", "name" from "message_labels" where %'`,
      );
    });
    expect(plans.rows).toHaveLength(1);
    expect(plans.rows[0]).toEqual({ generic: 8, custom: 0 });
    // Outside a read the setting is back to the server's default.
    const after = await t.database.db.execute<{ mode: string }>(sql`select current_setting('plan_cache_mode') as mode`);
    expect(after.rows[0]?.mode).toBe('auto');
  });

  it('issue 37: the scope statement checks the session once (the check is not copied into each setting that reads it)', async () => {
    const { text, values } = scopeStatementText(
      {
        tenantId: t.tenants.lawfirm,
        session: {
          sessionId: 'a'.repeat(64),
          userId: randomUUID(),
          roleId: 3,
          tenantId: t.tenants.lawfirm,
          tenantType: 1,
          now: new Date(),
          idleMs: 1_800_000,
          absoluteMs: 43_200_000,
          verified: false,
        },
      },
      { readOnly: true },
    );
    const client = (
      t.database.db as unknown as {
        $client: { query: (q: string, v: unknown[]) => Promise<{ rows: Record<string, string>[] }> };
      }
    ).$client;
    const plan = (await client.query(`explain (costs off) ${text}`, values)).rows
      .map((r) => Object.values(r)[0])
      .join('\n');
    // Before the OFFSET 0 fence: four InitPlans, each reading sessions, users and tenants.
    expect(plan.match(/ on sessions /g)).toHaveLength(1);
    expect(plan.match(/ on users /g)).toHaveLength(1);
  });

  it('issue 22: a read answers every column type as the engine does outside a read batch (array and object rows, nulls)', async () => {
    // The read batches parse the answers themselves (pglite-read.ts answersOf; node-postgres' Result on
    // PostgreSQL): the same query through inTenantRead and through the database's own drizzle session must agree.
    const typed = sql`select 1::int as i, 9007199254740993::bigint as big, 1.5::numeric as num, true as b, null::text as nothing,
      'x'::text as t, array['a', null, 'c']::text[] as arr, '{"k": [1, 2]}'::jsonb as j, '2026-02-03'::date as d,
      '2026-02-03 04:05:06.789'::timestamp as ts, '2026-02-03 04:05:06+02'::timestamptz as tz, '3 days'::interval as iv,
      array['2026-01-01'::date] as ds, 'e4a0f3a5-0a5b-4b8e-9d9b-8f6a1d2c3b4a'::uuid as u`;
    const people = (tx: Parameters<Parameters<typeof inTenantRead>[2]>[0]) =>
      tx
        .select({
          id: schema.users.id,
          email: schema.users.email,
          active: schema.users.isActive,
          mfaEnabledAt: schema.users.mfaEnabledAt,
          passwordChangedAt: schema.users.passwordChangedAt,
        })
        .from(schema.users)
        .where(eq(schema.users.tenantId, t.tenants.lawfirm))
        .orderBy(schema.users.id);
    const [inRead, rowsInRead] = await inTenantRead(t.database.db, asLawFirm, (tx) =>
      Promise.all([tx.execute(typed), people(tx)]),
    );
    const direct = await t.database.db.execute(typed);
    const rowsDirect = await people(t.database.db);
    expect(rowsDirect.length).toBeGreaterThan(0);
    expect(rowsInRead).toEqual(rowsDirect);
    expect(rowsInRead[0]?.passwordChangedAt).toBeInstanceOf(Date);
    expect(inRead.rows).toEqual(direct.rows);
    expect(inRead.rows[0]).toMatchObject({ nothing: null, arr: ['a', null, 'c'], j: { k: [1, 2] }, i: 1, b: true });
  });

  it('issue 22: after a failed read the next reads prepare again under new names and answer', async () => {
    for (let round = 0; round < 3; round++) {
      const failing = inTenantRead(t.database.db, asLawFirm, (tx) =>
        Promise.all([tx.execute(sql`select count(*) from users`), tx.execute(sql`select 1 / 0`)]),
      );
      expect(await failureOf(failing)).toMatch(/division by zero/);
      for (let i = 0; i < 5; i++) {
        const ok = await inTenantRead(t.database.db, asLawFirm, (tx) =>
          tx.execute<{ n: number }>(sql`select count(*)::int as n from users`),
        );
        expect(ok.rows[0]?.n).toBeGreaterThan(0);
      }
    }
  });

  it("issue 22: a select kept per query shape binds each run's values, in a read and in a transaction, and a key that misses part of the shape fails under SHAPE_CHECK", async () => {
    const shapes = new QueryShapes();
    const u = schema.users;
    const fields = {
      email: u.email,
      tenantId: u.tenantId,
      active: u.isActive,
      changedAt: u.passwordChangedAt,
      mfaAt: u.mfaEnabledAt,
    };
    const emails = (tx: Parameters<Parameters<typeof inTenantRead>[2]>[0], tenant: string, search?: string) =>
      shapes.run(
        tx,
        search ? 'by tenant and text' : 'by tenant',
        () =>
          shapeBuilder
            .select(fields)
            .from(u)
            .where(
              and(
                eq(u.tenantId, sql.placeholder('tenant')),
                search ? ilike(u.email, sql.placeholder('search')) : undefined,
              ),
            )
            .orderBy(u.email),
        { tenant, search: search && `%${search}%` },
      );
    for (const tenantId of [t.tenants.lawfirm, t.tenants.petitioner, t.tenants.lawfirm]) {
      const viaShape = await inTenantRead(t.database.db, { tenantId }, (tx) => emails(tx, tenantId));
      const direct = await t.database.db.select(fields).from(u).where(eq(u.tenantId, tenantId)).orderBy(u.email);
      expect(viaShape.length).toBeGreaterThan(0);
      expect(viaShape).toEqual(direct);
      expect(viaShape[0]?.changedAt).toBeInstanceOf(Date);
    }
    const [first] = await inTenantRead(t.database.db, asLawFirm, (tx) => emails(tx, t.tenants.lawfirm));
    const found = await t.database.db.transaction((tx) => emails(tx, t.tenants.lawfirm, first?.email.slice(0, 5)));
    expect(found.map((r) => r.email)).toContain(first?.email);
    // The same key for two different texts: the check builds the select again and refuses the kept text.
    const careless = new QueryShapes();
    const run = (search?: string) =>
      inTenantRead(t.database.db, asLawFirm, (tx) =>
        careless.run(
          tx,
          'one key for both',
          () =>
            shapeBuilder
              .select({ email: u.email })
              .from(u)
              .where(search ? ilike(u.email, sql.placeholder('search')) : undefined),
          { search },
        ),
      );
    expect(process.env.SHAPE_CHECK).toBe('1');
    await run();
    await expect(run('%a%')).rejects.toThrow(/its key misses part of the shape/);
  });
});
