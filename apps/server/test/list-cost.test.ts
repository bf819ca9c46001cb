import { type Executor, inTenantRead, schema } from '@caseport/db/client';
import { LIST_COUNT_CAP } from '@caseport/domain/api/responses';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseListQueries } from '../src/features/cases/repository';
import { auditPageQueries, auditScopesOf } from '../src/platform/audit-rows';
import { ORDERED_READ, toOrderedPage } from '../src/platform/list';
import { ok } from './support/calls';
import { activateCaseConfigs, partiesFor, switchOnCaseTypes } from './support/cases';
import { createTestApp, DEMO, login, type TestApp } from './support/test-app';

/**
 * Issue 37: a list page costs about the same for a tenant of ten rows and one of a hundred thousand. The audit trail
 * (the list that grows with every change of every user) is read by an index in its order for each of its scopes:
 * checked here with EXPLAIN ANALYZE of the repository's own statements, as the tenant's database role reads them
 * (row-level security on), over 20,000 rows of one tenant: no sequential scan of audit_log, no sort over the
 * tenant's rows, for page 1, a deep page and a case's History; the count stops LIST_COUNT_CAP rows past the page.
 */
let t: TestApp;
const ROWS = 20_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Rows Removed by Filter'?: number;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}
const nodesOf = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodesOf)];

/** A statement's values written into its text (uuids, numbers and dates of this test only), for EXPLAIN. */
const inlined = (q: { sql: string; params: unknown[] }) =>
  q.sql.replace(/\$(\d+)/g, (_, i) => {
    const v = q.params[Number(i) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
  });

/** EXPLAIN ANALYZE of a statement as the tenant's role reads it (app_user, its tenant set): the plan's nodes. */
const planOf = async (tenantId: string, build: (tx: Executor) => { toSQL(): { sql: string; params: unknown[] } }) =>
  t.database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'app_user', true)`);
    // As the list routes read (toOrderedPage).
    await tx.execute(ORDERED_READ);
    const text = inlined(build(tx as unknown as Executor).toSQL());
    const res = await tx.execute<{ 'QUERY PLAN': unknown }>(sql.raw(`explain (analyze, format json) ${text}`));
    const raw = res.rows[0]?.['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    return nodesOf((plan[0] as { Plan: PlanNode }).Plan);
  });

/** No sequential scan of audit_log, and no sort of more than one page's rows (the page's own 25 may be sorted). */
const expectIndexOrdered = (nodes: PlanNode[], label: string) => {
  const seq = nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'audit_log');
  expect(seq, `${label}: a sequential scan of audit_log`).toEqual([]);
  // A sort's input is its child's rows (a top-N sort answers 25 rows whatever it read).
  const sorts = nodes.filter(
    (n) =>
      n['Node Type'] === 'Sort' &&
      (n.Plans ?? []).some((c) => (c['Actual Rows'] ?? 0) * (c['Actual Loops'] ?? 1) > 100),
  );
  expect(sorts, `${label}: a sort over the tenant's rows`).toEqual([]);
  // Nor an index read that passes over the tenant's rows to find the few it keeps.
  const sifted = nodes.filter((n) => n['Relation Name'] === 'audit_log' && (n['Rows Removed by Filter'] ?? 0) > 100);
  expect(sifted, `${label}: rows read and dropped`).toEqual([]);
};

beforeAll(async () => {
  t = await createTestApp();
  // 20,000 rows of the law firm, one a minute back, by its admin (as the bench grows them); a case's own rows too.
  await t.database.db.execute(sql`insert into audit_log (at, user_id, role_id, tenant_id, entity, entity_id, action, after)
    select now() - make_interval(mins => g), u.id, 3, u.tenant_id,
      case when g % 500 = 0 then 'case' else 'message_label' end, case when g % 500 = 0 then 'case-x' else g::text end,
      'update', jsonb_build_object('name', 'Row ' || g)
    from users u cross join generate_series(1, ${sql.raw(String(ROWS))}) g where u.email = ${DEMO.lawAdmin}`);
  // 20,000 cases of the law firm: one opened through the API, copied with its own number and day.
  await switchOnCaseTypes(t.database);
  await activateCaseConfigs(t.database, { tenantIds: [t.tenants.lawfirm], subTypeIds: [1] });
  const admin = await login(t, DEMO.lawAdmin);
  const parties = await partiesFor(t.database, t.tenants.lawfirm, 1, 'Ana Silva');
  const first = await ok<{ case: { _id: string } }>(admin, '/api/cases/create', { subTypeId: 1, ...parties });
  const columns = (
    await t.database.db.execute<{ column_name: string }>(sql`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'cases' and is_generated = 'NEVER'
        and column_name not in ('id', 'case_number', 'created_on')`)
  ).rows.map((r) => `"${r.column_name}"`);
  await t.database.db.execute(
    sql.raw(`insert into cases (${columns.join(', ')}, case_number, created_on)
      select ${columns.join(', ')}, case_number || '-' || g, now() - make_interval(mins => g)
      from cases cross join generate_series(1, ${ROWS}) g where id = '${first.case._id}'`),
  );
  await t.database.db.execute(sql`analyze cases`);
});
afterAll(async () => {
  await t?.close();
});

describe('what a list page costs as the tenant grows (issue 37)', () => {
  it('issue 37: the audit trail of a tenant of 20,000 rows reads page 1, page 400, a filtered page and a case’s History by its indexes (no sequential scan of audit_log, no sort over the tenant’s rows), and its count stops at the cap', async () => {
    const tenantId = t.tenants.lawfirm;
    const q = (page: number) => ({ page, perpage: 25, sorting: { path: 'at', order: -1 as const } });
    for (const page of [1, 400]) {
      const rows = await planOf(
        tenantId,
        (tx) => auditPageQueries(tx, auditScopesOf(tenantId), undefined, q(page)).rows,
      );
      expectIndexOrdered(rows, `page ${page}`);
      // The page's rows are described (joined, their changed fields listed) 25 at a time, not for every skipped row.
      const described = rows.filter((n) => n['Index Name'] === 'audit_log_pkey');
      for (const n of described) expect((n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1)).toBeLessThanOrEqual(25);
    }
    // The count stops LIST_COUNT_CAP + 1 rows in (then 'more than'), whatever the tenant holds.
    const count = await planOf(tenantId, (tx) => auditPageQueries(tx, auditScopesOf(tenantId), undefined, q(1)).count);
    const read = count.filter((n) => n['Relation Name'] === 'audit_log');
    expect(read.length).toBeGreaterThan(0);
    for (const n of read) expect(n['Actual Rows'] ?? 0).toBeLessThanOrEqual(LIST_COUNT_CAP + 1 + 25);
    // A filter (the entity) keeps the ordered read.
    const filtered = await planOf(
      tenantId,
      (tx) => auditPageQueries(tx, auditScopesOf(tenantId), eq(schema.auditLog.entity, 'message_label'), q(1)).rows,
    );
    expectIndexOrdered(filtered, 'filtered by entity');
    // A case's History reads the case's own rows.
    const history = await planOf(
      tenantId,
      (tx) =>
        auditPageQueries(
          tx,
          auditScopesOf(tenantId),
          and(eq(schema.auditLog.entity, 'case'), eq(schema.auditLog.entityId, 'case-x')),
          q(1),
        ).rows,
    );
    expectIndexOrdered(history, 'a case’s History');
  });

  it('issue 37: a firm of 20,000 cases reads page 1 and page 400 of its cases (newest first) from its index, no sequential scan or sort over its cases, and the count stops at the cap; the API says “more than 10,000”', async () => {
    const tenantId = t.tenants.lawfirm;
    const q = (page: number) => ({
      page,
      perpage: 25,
      sorting: { path: 'createdOn' as const, order: -1 as const },
      filters: {},
    });
    for (const page of [1, 400]) {
      const rows = await planOf(tenantId, (tx) => caseListQueries(tx, tenantId, q(page)).rows);
      expect(rows.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'cases')).toEqual([]);
      const sorts = rows.filter(
        (n) =>
          n['Node Type'].endsWith('Sort') &&
          (n.Plans ?? []).some((c) => (c['Actual Rows'] ?? 0) * (c['Actual Loops'] ?? 1) > 100),
      );
      expect(sorts, `page ${page}: a sort over the firm's cases`).toEqual([]);
    }
    const count = await planOf(tenantId, (tx) => caseListQueries(tx, tenantId, q(1)).count);
    for (const n of count.filter((x) => x['Relation Name'] === 'cases'))
      expect(n['Actual Rows'] ?? 0).toBeLessThanOrEqual(LIST_COUNT_CAP + 1);
    const admin = await login(t, DEMO.lawAdmin);
    const page = await ok<{ list: unknown[]; totalCount: number; totalCountCapped?: boolean }>(
      admin,
      '/api/cases/list',
      q(1),
    );
    expect(page).toMatchObject({ totalCount: LIST_COUNT_CAP, totalCountCapped: true });
    expect(page.list).toHaveLength(25);
  });

  it('issue 37: the audit trail’s pages hold every row once, newest first; over the cap the count says “more than 10,000”, below it the count is exact; another tenant’s rows are not among them', async () => {
    const admin = await login(t, DEMO.lawAdmin);
    const first = await ok<{ list: { _id: string; at: string }[]; totalCount: number; totalCountCapped?: boolean }>(
      admin,
      '/api/audit/list',
      {
        page: 1,
        perpage: 100,
        sorting: { path: 'at', order: -1 },
        filters: {},
      },
    );
    const exact = (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from audit_log where tenant_id = ${t.tenants.lawfirm} or acting_tenant_id = ${t.tenants.lawfirm}`,
      )
    ).rows[0]?.n;
    // Over the cap the count stops: 'more than 10,000' (LIST_COUNT_CAP past the page's offset).
    expect(exact).toBeGreaterThan(LIST_COUNT_CAP);
    expect(first).toMatchObject({ totalCount: LIST_COUNT_CAP, totalCountCapped: true });
    const deep = await ok<{ list: { _id: string; at: string }[]; totalCount: number }>(admin, '/api/audit/list', {
      page: 200,
      perpage: 100,
      sorting: { path: 'at', order: -1 },
      filters: {},
    });
    const next = await ok<{ list: { _id: string; at: string }[] }>(admin, '/api/audit/list', {
      page: 201,
      perpage: 100,
      sorting: { path: 'at', order: -1 },
      filters: {},
    });
    expect(deep.list).toHaveLength(100);
    // Page 200 of 100 counts up to 19,900 + 10,000 rows: the whole tenant, exact, not capped.
    expect(deep).toMatchObject({ totalCount: exact });
    expect(deep).not.toHaveProperty('totalCountCapped');
    const ids = [...deep.list, ...next.list].map((r) => r._id);
    expect(new Set(ids).size).toBe(ids.length);
    const ats = [...first.list, ...deep.list, ...next.list].map((r) => Date.parse(r.at));
    for (let i = 1; i < ats.length; i++) expect(ats[i]).toBeLessThanOrEqual(ats[i - 1] as number);
    const other = await login(t, DEMO.otherAdmin);
    const theirs = await ok<{ list: { _id: string }[] }>(other, '/api/audit/list', {
      page: 1,
      perpage: 100,
      sorting: { path: 'at', order: -1 },
      filters: {},
    });
    expect(theirs.list.some((r) => ids.includes(r._id) || first.list.some((f) => f._id === r._id))).toBe(false);
  });

  it('issue 37: the ordered-read settings reach the database in the same batch as the list’s reads (one transaction), and end with it', async () => {
    const seen = (tx: Executor) =>
      tx.select({ v: sql<string>`current_setting('enable_seqscan')` }).from(sql`(select 1) one`);
    const scope = { tenantId: t.tenants.lawfirm, platform: false, partyUserId: null, session: null };
    const page = await inTenantRead(t.database.db, scope, (tx) =>
      toOrderedPage(tx, seen(tx), tx.select({ n: sql<number>`1` }).from(sql`(select 1) one`), 10),
    );
    expect(page.list).toEqual([{ v: 'off' }]);
    expect(await inTenantRead(t.database.db, scope, (tx) => seen(tx))).toEqual([{ v: 'on' }]);
  });
});
