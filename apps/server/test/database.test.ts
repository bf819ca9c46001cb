import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inTenantTx, migrateDatabase } from '@caseport/db/client';
import { migrationsDir } from '@caseport/db/paths';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('row-level security catalog (SECURITY 5)', () => {
  it('every table with a tenant_id has RLS enabled and forced, and a policy for app_user', async () => {
    const rows = await t.database.db.execute<{
      table_name: string;
      rls: boolean;
      forced: boolean;
      policies: number;
    }>(sql`
      select c.relname as table_name, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
             (select count(*)::int from pg_policies p where p.tablename = c.relname and 'app_user' = any(p.roles)) as policies
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r'
         and exists (select 1 from information_schema.columns col where col.table_name = c.relname and col.column_name = 'tenant_id')`);
    expect(rows.rows.length).toBeGreaterThanOrEqual(4);
    // Issue 21: a tenant reads the platform's questionnaire library through views (migration 0048), not
    // through a second policy on the tables.
    for (const r of rows.rows) expect(r, r.table_name).toMatchObject({ rls: true, forced: true, policies: 1 });
  });

  it('every policy reads the tenant setting once per statement (a sub-select), not once per row', async () => {
    const rows = await t.database.db.execute<{ name: string; expr: string }>(sql`
      select c.relname || '.' || p.polname as name,
             coalesce(pg_get_expr(p.polqual, p.polrelid), '') || ' ' || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '') as expr
        from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public'`);
    const reading = rows.rows.filter((r) => /app_current_tenant|app_is_platform/.test(r.expr));
    expect(reading.length).toBeGreaterThanOrEqual(10);
    for (const r of reading) expect(r.expr, r.name).not.toMatch(/(?<!SELECT )(app_current_tenant|app_is_platform)\(\)/);
  });

  it('the app roles are not superusers, cannot bypass RLS and own no table; app_platform inherits app_user', async () => {
    const roles = await t.database.db.execute<{ rolname: string; rolsuper: boolean; rolbypassrls: boolean }>(
      sql`select rolname, rolsuper, rolbypassrls from pg_roles where rolname in ('app_user', 'app_platform') order by rolname`,
    );
    expect(roles.rows).toEqual([
      { rolname: 'app_platform', rolsuper: false, rolbypassrls: false },
      { rolname: 'app_user', rolsuper: false, rolbypassrls: false },
    ]);
    const owned = await t.database.db.execute(
      sql`select tablename from pg_tables where tableowner in ('app_user', 'app_platform')`,
    );
    expect(owned.rows).toEqual([]);
    const inherits = await t.database.db.execute<{ ok: boolean }>(
      sql`select pg_has_role('app_platform', 'app_user', 'USAGE') as ok`,
    );
    expect(inherits.rows[0]?.ok).toBe(true);
  });

  it("a tenant user's policies are plain equalities on the tenant, so the planner can estimate them", async () => {
    // Migration 0021: `NOT (tenant_id IS DISTINCT FROM ...)` or an OR with a platform branch made the
    // planner expect one row per tenant and sort whole tenants for one page.
    const rows = await t.database.db.execute<{ name: string; qual: string; wcheck: string }>(sql`
      select c.relname || '.' || p.polname as name, pg_get_expr(p.polqual, p.polrelid) as qual,
             pg_get_expr(p.polwithcheck, p.polrelid) as wcheck
        from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and (select oid from pg_roles where rolname = 'app_user') = any(p.polroles)`);
    // The stated exceptions: a tenant reads the platform's service centers, and its audit rows include what a
    // platform admin did while acting on it (D-02). The platform's questionnaires are read through views (0048).
    const exceptions = new Set(['service_centers.tenant_isolation', 'audit_log.tenant_isolation']);
    const plain = /^\((tenant_id|id) = \( SELECT app_current_tenant\(\) AS app_current_tenant\)\)$/;
    expect(rows.rows.length).toBeGreaterThanOrEqual(20);
    for (const r of rows.rows.filter((r) => !exceptions.has(r.name))) {
      expect(r.qual, r.name).toMatch(plain);
      expect(r.wcheck, r.name).toMatch(plain);
    }
  });

  it("inside a tenant transaction another tenant's rows are invisible even without a WHERE clause", async () => {
    const seen = await inTenantTx(t.database.db, { tenantId: t.tenants.lawfirm }, (tx) =>
      tx.execute<{ tenant_id: string }>(sql`select distinct tenant_id from users`),
    );
    expect(seen.rows).toEqual([{ tenant_id: t.tenants.lawfirm }]);
    const sessions = inTenantTx(t.database.db, { tenantId: t.tenants.lawfirm }, (tx) =>
      tx.execute(sql`select * from sessions`),
    );
    await expect(sessions).rejects.toThrow();
  });

  it('external ids are random UUIDs (SECURITY 6)', async () => {
    const ids = await t.database.db.execute<{ id: string }>(sql`select id from tenants`);
    for (const { id } of ids.rows)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('audit log (ARCHITECTURE §7)', () => {
  it('is append-only: UPDATE, DELETE and TRUNCATE are refused even for the owner', async () => {
    await t.database.db.execute(sql`insert into audit_log (entity, action) values ('test', 'create')`);
    await expect(t.database.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
  });
});

describe('migrations at start (issue 15: the warm start skips the migrator when nothing is new)', () => {
  it('a migrated database is left as it is, and a migration newer than the applied ones is still applied', async () => {
    const tableExists = async () =>
      (
        await t.database.db.execute<{ name: string | null }>(
          sql`select to_regclass('public.migration_probe')::text as name`,
        )
      ).rows[0]?.name != null;
    // Up to date: nothing to do, nothing fails.
    await migrateDatabase(t.database);
    // The committed migrations plus one newer: the check must not take the database for up to date.
    const folder = mkdtempSync(join(tmpdir(), 'caseport-migrations-'));
    try {
      cpSync(migrationsDir(), folder, { recursive: true });
      const journalPath = join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
        entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
      };
      const last = journal.entries[journal.entries.length - 1];
      if (!last) throw new Error('no migrations');
      journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_migration_probe' });
      writeFileSync(journalPath, JSON.stringify(journal));
      writeFileSync(join(folder, '9999_migration_probe.sql'), 'CREATE TABLE migration_probe (id integer);');
      expect(await tableExists()).toBe(false);
      await migrateDatabase(t.database, folder);
      expect(await tableExists()).toBe(true);
      // Once applied it is not applied again (CREATE TABLE would fail).
      await migrateDatabase(t.database, folder);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
