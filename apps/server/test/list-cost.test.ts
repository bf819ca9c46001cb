import { type Executor, inTenantRead, schema } from '@caseport/db/client';
import { LIST_COUNT_CAP } from '@caseport/domain/api/responses';
import { BELL_UNREAD_SHOWN } from '@caseport/domain/reminders/bell';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personListQueries } from '../src/features/cases/people-repository';
import { caseListQueries } from '../src/features/cases/repository';
import { bellQueries } from '../src/features/reminders/engine-repository';
import { outboxListQueries } from '../src/features/users/repository';
import { auditOfCase, auditPageQueries, auditScopesOf } from '../src/platform/audit-rows';
import { growingWindowOf, ORDERED_READ, toGrowingPage } from '../src/platform/growing-list';
import { ok } from './support/calls';
import { activateCaseConfigs, partiesFor, switchOnCaseTypes } from './support/cases';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

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

/** A statement's values as SQL literals (uuids, numbers, keys and dates of this test only), for EXECUTE. */
const literalsOf = (params: unknown[]) =>
  params.map((v) => (typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`)).join(', ');

/**
 * EXPLAIN ANALYZE of a statement as the tenant's role reads it (app_user, its tenant set), prepared with its
 * parameters and run with ORDERED_READ's settings, so the plan checked is the generic plan the list routes run
 * (plan_cache_mode): the plan's nodes.
 */
const planOf = async (tenantId: string, build: (tx: Executor) => { toSQL(): { sql: string; params: unknown[] } }) =>
  t.database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'app_user', true)`);
    // As the list routes read (toGrowingPage).
    await tx.execute(ORDERED_READ);
    const q = build(tx as unknown as Executor).toSQL();
    await tx.execute(sql.raw(`prepare list_cost_plan as ${q.sql}`));
    try {
      const args = q.params.length ? `(${literalsOf(q.params)})` : '';
      const res = await tx.execute<{ 'QUERY PLAN': unknown }>(
        sql.raw(`explain (analyze, format json) execute list_cost_plan${args}`),
      );
      const raw = res.rows[0]?.['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
      return nodesOf((plan[0] as { Plan: PlanNode }).Plan);
    } finally {
      await tx.execute(sql`deallocate list_cost_plan`);
    }
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

/** A page of a list that pages by key. */
type KeyedPage = {
  list: { _id: string }[];
  totalCount: number;
  totalCountCapped?: boolean;
  cursors?: { first: string; last: string };
};
/** A list body: 50 a page, newest first by createdOn. */
const newestFirst = (page: number, extra: object = {}) => ({
  page,
  perpage: 50,
  sorting: { path: 'createdOn', order: -1 },
  filters: {},
  ...extra,
});
/** Pages 1..n of a list reached by Next (each from the last key of the one before), `between` run before each move. */
const walkByNext = async (caller: Caller, path: string, n: number, between: (page: number) => Promise<unknown>) => {
  const pages = [await ok<KeyedPage>(caller, path, newestFirst(1))];
  for (let page = 2; page <= n; page++) {
    await between(page);
    const key = pages.at(-1)?.cursors?.last as string;
    pages.push(await ok<KeyedPage>(caller, path, newestFirst(page, { cursor: { key, direction: 'after' } })));
  }
  return pages;
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
  // 20,000 people of the firm, and 20,000 messages in its admin's outbox (one a minute back).
  await t.database.db.execute(sql`insert into persons (tenant_id, given_name, family_name, created_on)
    select ${t.tenants.lawfirm}, 'Given ' || g, 'Family ' || lpad(g::text, 5, '0'), now() - make_interval(mins => g)
    from generate_series(1, ${sql.raw(String(ROWS))}) g`);
  await t.database.db.execute(sql`insert into mail_outbox (tenant_id, "to", subject, body, created_by, created_at)
    select u.tenant_id, 'to' || g || '@example.test', 'Message ' || g, 'Body', u.id, now() - make_interval(mins => g)
    from users u cross join generate_series(1, ${sql.raw(String(ROWS))}) g where u.email = ${DEMO.lawAdmin}`);
  await t.database.db.execute(sql`analyze persons`);
  await t.database.db.execute(sql`analyze mail_outbox`);
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
      (tx) => auditPageQueries(tx, auditScopesOf(tenantId), auditOfCase('case-x'), q(1)).rows,
    );
    expectIndexOrdered(history, 'a case’s History');
  });

  it('issue 37: a firm of 20,000 cases reads page 1 and page 400 of its cases (newest first) from its index, no sequential scan or sort over its cases, and the count stops at the cap; the API says “more than 1,000”', async () => {
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

  it('issue 37: the audit trail’s pages hold every row once, newest first; over the cap the count says “more than 1,000”, below it the count is exact; another tenant’s rows are not among them', async () => {
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
    // Over the cap the count stops: 'more than 1,000' (LIST_COUNT_CAP past the page's offset).
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
    // Page 200 of 100 counts up to 19,900 + 1,000 rows: the whole tenant, exact, not capped.
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
      toGrowingPage(
        tx,
        seen(tx),
        tx.select({ n: sql<number>`1` }).from(sql`(select 1) one`),
        growingWindowOf({ page: 1, perpage: 25, sorting: { path: 'at', order: -1 } }),
      ),
    );
    expect(page.list).toEqual([{ v: 'off' }]);
    expect(await inTenantRead(t.database.db, scope, (tx) => seen(tx))).toEqual([{ v: 'on' }]);
  });
  it('issue 37: keyset paging — the audit trail walked by next-page keys holds every row exactly once, in order, while rows are written between the page reads; the previous page read back by key is the page before', async () => {
    const admin = await login(t, DEMO.lawAdmin);
    type Page = { list: { _id: string; at: string }[]; totalCount: number; cursors?: { first: string; last: string } };
    const body = (page: number, cursor?: { key: string; direction: 'after' | 'before' }) => ({
      page,
      perpage: 100,
      sorting: { path: 'at', order: -1 },
      filters: {},
      ...(cursor ? { cursor } : {}),
    });
    // What the tenant holds now, newest first (the walk must find exactly these, whatever is written meanwhile).
    const before = (
      await t.database.db.execute<{ id: string }>(
        sql`select id::text as id from audit_log where tenant_id = ${t.tenants.lawfirm} order by at desc, id desc limit 500`,
      )
    ).rows.map((r) => r.id);
    const pages: Page[] = [await ok<Page>(admin, '/api/audit/list', body(1))];
    for (let page = 2; page <= 5; page++) {
      // New rows between the reads: a page by number would now shift by 7 and show rows twice.
      await t.database.db.execute(sql`insert into audit_log (at, user_id, role_id, tenant_id, entity, entity_id, action)
        select now() + make_interval(secs => g), u.id, 3, u.tenant_id, 'message_label', 'new-' || g, 'create'
        from users u cross join generate_series(1, 7) g where u.email = ${DEMO.lawAdmin}`);
      const last = pages.at(-1)?.cursors?.last as string;
      pages.push(await ok<Page>(admin, '/api/audit/list', body(page, { key: last, direction: 'after' })));
    }
    const walked = pages.flatMap((p) => p.list.map((r) => r._id));
    expect(walked).toEqual(before);
    // Each page's count: the rows before it plus what follows, capped ('more than').
    expect(pages[4]).toMatchObject({ totalCount: 400 + 1000, totalCountCapped: true });
    // Back from page 3 to page 2 by its first row's key: exactly page 2 again (the new rows are all before page 1).
    const third = pages[2] as Page;
    const back = await ok<Page>(
      admin,
      '/api/audit/list',
      body(2, { key: third.cursors?.first as string, direction: 'before' }),
    );
    expect(back.list.map((r) => r._id)).toEqual(pages[1]?.list.map((r) => r._id));
    expect(back.cursors).toEqual(pages[1]?.cursors);
  });

  it('issue 37: keyset paging of cases — page by page by next keys holds every case once while cases are opened between the reads; sorted by case number the list pages by number and a key is refused (400 on cursor)', async () => {
    const admin = await login(t, DEMO.lawAdmin);
    const before = (
      await t.database.db.execute<{ id: string }>(
        sql`select id::text as id from cases where tenant_id = ${t.tenants.lawfirm} order by created_on desc, id desc limit 150`,
      )
    ).rows.map((r) => r.id);
    const pages = await walkByNext(admin, '/api/cases/list', 3, async (page) => {
      const parties = await partiesFor(t.database, t.tenants.lawfirm, 1, `Keyset ${page}`);
      await ok(admin, '/api/cases/create', { subTypeId: 1, ...parties });
    });
    expect(pages.flatMap((p) => p.list.map((r) => r._id))).toEqual(before);
    // By case number: no keys answered, and one sent is refused on its field.
    const byNumber = await ok<KeyedPage>(admin, '/api/cases/list', {
      ...newestFirst(1),
      sorting: { path: 'caseNumber', order: 1 },
    });
    expect(byNumber.cursors).toBeUndefined();
    const refused = await admin.post('/api/cases/list', {
      ...newestFirst(2),
      sorting: { path: 'caseNumber', order: 1 },
      cursor: { key: pages[0]?.cursors?.last, direction: 'after' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: [{ name: 'cursor', message: 'This sort pages by number only' }],
    });
  });

  it('issue 37: a key that is not one the server wrote is refused on its field (400, no database error), whatever it holds', async () => {
    const admin = await login(t, DEMO.lawAdmin);
    for (const key of [
      "2026-11-30T09:00:00.123456Z~1' or 1=1 --",
      '2026-13-45T99:00:00.123456Z~12',
      'not a key',
      `2026-11-30T09:00:00.123456Z~${'9'.repeat(30)}`,
    ]) {
      const res = await admin.post('/api/audit/list', {
        page: 2,
        perpage: 25,
        sorting: { path: 'at', order: -1 },
        filters: {},
        cursor: { key, direction: 'after' },
      });
      expect(res.statusCode, key).toBe(400);
      expect(res.json(), key).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ name: 'cursor.key' }] });
    }
  });

  it('issue 37: page 400 read from the key of page 399 reads one page of each scope’s index (no row skipped, no sort over the tenant’s rows), and its count starts there', async () => {
    const tenantId = t.tenants.lawfirm;
    const admin = await login(t, DEMO.lawAdmin);
    const q = { perpage: 25, sorting: { path: 'at', order: -1 as const }, filters: {} };
    const p399 = await ok<{ cursors: { last: string } }>(admin, '/api/audit/list', { ...q, page: 399 });
    const cursor = { key: p399.cursors.last, direction: 'after' as const };
    const rows = await planOf(
      tenantId,
      (tx) => auditPageQueries(tx, auditScopesOf(tenantId), undefined, { ...q, page: 400, cursor }).rows,
    );
    expectIndexOrdered(rows, 'page 400 by key');
    const scans = rows.filter((n) => n['Relation Name'] === 'audit_log' && n['Node Type'].includes('Index'));
    for (const n of scans) expect((n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1)).toBeLessThanOrEqual(25);
    const count = await planOf(
      tenantId,
      (tx) => auditPageQueries(tx, auditScopesOf(tenantId), undefined, { ...q, page: 400, cursor }).count,
    );
    for (const n of count.filter((x) => x['Relation Name'] === 'audit_log'))
      expect(n['Actual Rows'] ?? 0).toBeLessThanOrEqual(LIST_COUNT_CAP + 1);
    // The cases list the same way: page 400 of 25 from page 399's key.
    const c399 = await ok<{ cursors: { last: string } }>(admin, '/api/cases/list', {
      ...q,
      sorting: { path: 'createdOn', order: -1 },
      page: 399,
    });
    const casePlan = await planOf(
      tenantId,
      (tx) =>
        caseListQueries(tx, tenantId, {
          ...q,
          sorting: { path: 'createdOn', order: -1 },
          page: 400,
          cursor: { key: c399.cursors.last, direction: 'after' },
        }).rows,
    );
    for (const n of casePlan.filter((x) => x['Relation Name'] === 'cases' && x['Node Type'].includes('Index')))
      expect((n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1)).toBeLessThanOrEqual(25);
  });
  it('issue 37: the firm’s people (20,000) read page 1 and page 400 by name or by day added from their indexes, with no sequential scan or sort over them, and the count stops at the cap; the API says “more than 1,000”', async () => {
    const tenantId = t.tenants.lawfirm;
    for (const sorting of [
      { path: 'familyName' as const, order: 1 as const },
      { path: 'createdOn' as const, order: -1 as const },
    ])
      for (const page of [1, 400]) {
        const rows = await planOf(tenantId, (tx) => personListQueries(tx, tenantId, { page, perpage: 25, sorting })[0]);
        const label = `${sorting.path} page ${page}`;
        expect(
          rows.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'persons'),
          label,
        ).toEqual([]);
        const sorts = rows.filter(
          (n) =>
            n['Node Type'].endsWith('Sort') &&
            (n.Plans ?? []).some((c) => (c['Actual Rows'] ?? 0) * (c['Actual Loops'] ?? 1) > 100),
        );
        expect(sorts, `${label}: a sort over the firm's people`).toEqual([]);
      }
    const count = await planOf(
      tenantId,
      (tx) => personListQueries(tx, tenantId, { page: 1, perpage: 25, sorting: { path: 'familyName', order: 1 } })[1],
    );
    for (const n of count.filter((x) => x['Relation Name'] === 'persons'))
      expect(n['Actual Rows'] ?? 0).toBeLessThanOrEqual(LIST_COUNT_CAP + 1);
    const admin = await login(t, DEMO.lawAdmin);
    const page = await ok<{ list: { familyName: string }[]; totalCount: number; totalCountCapped?: boolean }>(
      admin,
      '/api/people/list',
      { page: 1, perpage: 10, sorting: { path: 'familyName', order: 1 }, filters: {} },
    );
    expect(page).toMatchObject({ totalCount: LIST_COUNT_CAP, totalCountCapped: true });
    expect(page.list.map((p) => p.familyName)).toEqual(
      [...page.list.map((p) => p.familyName)].sort((a, b) => a.localeCompare(b)),
    );
  });

  it('issue 37: an admin’s outbox of 20,000 messages pages by key (every message once while new ones are written between the reads), read from its index with no sort over the messages, its count capped', async () => {
    const admin = await login(t, DEMO.lawAdmin);
    const adminId = (
      await t.database.db.execute<{ id: string }>(sql`select id from users where email = ${DEMO.lawAdmin}`)
    ).rows[0]?.id as string;
    const before = (
      await t.database.db.execute<{ id: string }>(
        sql`select id::text as id from mail_outbox where created_by = ${adminId} order by created_at desc, id desc limit 150`,
      )
    ).rows.map((r) => r.id);
    const pages = await walkByNext(admin, '/api/mail-outbox/list', 3, () =>
      t.database.db.execute(sql`insert into mail_outbox (tenant_id, "to", subject, body, created_by, created_at)
        select tenant_id, 'late@example.test', 'Late', 'Body', id, now() + interval '1 minute' from users where id = ${adminId}`),
    );
    expect(pages[0]).toMatchObject({ totalCount: LIST_COUNT_CAP, totalCountCapped: true });
    expect(pages.flatMap((p) => p.list.map((r) => r._id))).toEqual(before);
    const tenantId = t.tenants.lawfirm;
    const key = pages[2]?.cursors?.last as string;
    const plan = await planOf(
      tenantId,
      (tx) =>
        outboxListQueries(tx, adminId, {
          page: 400,
          perpage: 25,
          sorting: { path: 'createdOn', order: -1 },
          filters: {},
          cursor: { key, direction: 'after' },
        }).rows,
    );
    expect(plan.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'mail_outbox')).toEqual([]);
    expect(plan.filter((n) => n['Node Type'].endsWith('Sort'))).toEqual([]);
    for (const n of plan.filter((x) => x['Relation Name'] === 'mail_outbox'))
      expect((n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1)).toBeLessThanOrEqual(25);
  });
  it('issue 37: the bell of a user with 20,000 reminders (150 unread) counts and lists from the unread and the read rows’ own indexes — no sequential scan, no sort over the user’s rows, at most 100 rows counted and 50 of each kind read — and answers “99+”’s 100, unread first, newest due day first', async () => {
    const tenantId = t.tenants.lawfirm;
    const adminId = (
      await t.database.db.execute<{ id: string }>(sql`select id from users where email = ${DEMO.lawAdmin}`)
    ).rows[0]?.id as string;
    // One reminder per case of the firm, one due day each further back; all read but 150 spread over the years.
    await t.database.db.execute(sql`insert into reminders_outbox
        (tenant_id, case_id, reminder_key, offset_days, due_on, user_id, status, recipient_key, date_key, anchor_on, read_at)
      select c.tenant_id, c.id, 'passportExpiry', 30, current_date - (row_number() over (order by c.id))::int,
        ${adminId}, 'user', ${adminId}, 'passportExpiry', current_date, null
      from cases c where c.tenant_id = ${tenantId}`);
    await t.database.db.execute(sql`update reminders_outbox set read_at = now()
      where user_id = ${adminId} and (current_date - due_on) % 130 <> 7`);
    await t.database.db.execute(sql`analyze reminders_outbox`);
    const [{ unread: stored = 0 } = {}] = (
      await t.database.db.execute<{ unread: number }>(
        sql`select count(*)::int as unread from reminders_outbox where user_id = ${adminId} and read_at is null`,
      )
    ).rows;
    expect(stored).toBeGreaterThan(BELL_UNREAD_SHOWN + 1);
    for (const part of ['count', 'unread', 'read'] as const) {
      const plan = await planOf(tenantId, (tx) => bellQueries(tx, tenantId, adminId, 50)[part]);
      expect(
        plan.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'reminders_outbox'),
        part,
      ).toEqual([]);
      expect(
        plan.filter(
          (n) =>
            n['Node Type'].endsWith('Sort') &&
            (n.Plans ?? []).some((c) => (c['Actual Rows'] ?? 0) * (c['Actual Loops'] ?? 1) > 100),
        ),
        `${part}: a sort over the user's reminders`,
      ).toEqual([]);
      for (const n of plan.filter((x) => x['Relation Name'] === 'reminders_outbox')) {
        expect((n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1), part).toBeLessThanOrEqual(
          part === 'count' ? BELL_UNREAD_SHOWN + 1 : 50,
        );
        expect(n['Rows Removed by Filter'] ?? 0, `${part}: rows read and dropped`).toBeLessThanOrEqual(100);
      }
    }
    const admin = await login(t, DEMO.lawAdmin);
    expect(await ok<{ unread: number }>(admin, '/api/reminders/bell-count', {})).toEqual({
      unread: BELL_UNREAD_SHOWN + 1,
    });
    const bell = await ok<{ list: { read: boolean; dueOn: string }[] }>(admin, '/api/reminders/bell-list', {});
    expect(bell.list).toHaveLength(50);
    expect(bell.list.every((r) => !r.read)).toBe(true);
    expect(bell.list.map((r) => r.dueOn)).toEqual([...bell.list.map((r) => r.dueOn)].sort().reverse());
    // All read: the latest read ones, newest due day first, and nothing unread.
    await ok(admin, '/api/reminders/mark-read', { all: true });
    const after = await ok<{ list: { read: boolean; dueOn: string }[]; unread: number }>(
      admin,
      '/api/reminders/bell-list',
      {},
    );
    expect(after.unread).toBe(0);
    expect(after.list).toHaveLength(50);
    expect(after.list.every((r) => r.read)).toBe(true);
    const newest = (
      await t.database.db.execute<{ due: string }>(
        sql`select due_on::text as due from reminders_outbox where user_id = ${adminId} order by due_on desc limit 50`,
      )
    ).rows.map((r) => r.due);
    expect(after.list.map((r) => r.dueOn)).toEqual(newest);
  });
});
