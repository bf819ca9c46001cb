import { type Executor, schema } from '@caseport/db/client';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type GrowingQuery, growingOrder, growingWindowOf, seekKeyOf, toGrowingPage } from './growing-list';

const a = schema.auditLog;
const u = schema.users;
const r = schema.userRoles;
/** Who acted: the user's name (null for a user since removed). */
export const auditUserName = sql<string | null>`${u.firstName} || ' ' || ${u.lastName}`;

/**
 * The rows a tenant sees, as two scopes that do not overlap (auditPage reads each by its own index): its own rows,
 * and the rows written in another context acting on it (a platform administrator's change of its settings).
 * Row-level security holds the same line (tenant_id or acting_tenant_id).
 */
export const auditScopesOf = (tenantId: string): SQL[] => [
  eq(a.tenantId, tenantId),
  sql`${a.actingTenantId} = ${tenantId} and ${a.tenantId} is distinct from ${tenantId}`,
];

/**
 * A case's own audit rows (its History tab). `entity = 'case'` is written into the statement, not bound: it is the
 * predicate of the partial index the History reads ((entity_id, at, id) where entity = 'case', migration 0063), and
 * a generic plan (growing-list.ts: plan_cache_mode) can use a partial index only when its predicate is in the text.
 */
export const auditOfCase = (caseId: string): SQL => sql`${a.entity} = 'case' and ${a.entityId} = ${caseId}`;

/** The changed fields' names: the keys of `after` (else `before`). */
const fieldsSql = sql<
  string[]
>`coalesce((select array_agg(k order by k) from jsonb_object_keys(case when jsonb_typeof(coalesce(${a.after}, ${a.before})) = 'object' then coalesce(${a.after}, ${a.before}) else '{}'::jsonb end) as k), '{}')`;

/**
 * One page of audit rows in the audit list's shape (AuditItemSchema), by `at` in the order asked. Shared by the
 * tenant's audit trail and a case's History tab.
 *
 * Issue 37: a page costs about the same at 100 rows as at 100,000. The rows a tenant sees are the union of
 * `scopes` (its own rows; the rows another context wrote acting on it), each served by its own index in the list's
 * order ((tenant_id, at, id), (acting_tenant_id, at, id), migration 0063): one ordered index read per scope, merged,
 * instead of an OR that the planner answers with a scan and a sort of every row of the tenant. The page's ids are
 * found first (index-only where no filter needs the user), and only those rows are joined and described (the
 * changed fields are computed for 25 rows, not for every row skipped before a deep page). The count is one
 * count per scope that stops LIST_COUNT_CAP rows past the page (then 'more than'). `filters` apply in every scope;
 * `byUser` says they name the acting user.
 */
export const auditPage = (...args: Parameters<typeof auditPageQueries>) => {
  const { rows, count, window } = auditPageQueries(...args);
  return toGrowingPage(args[0], rows, count, window);
};

/** The audit trail pages by its time and id (the (…, at, id) indexes of each scope). */
const AUDIT_KEY = { sort: a.at, id: a.id, idType: 'bigint' } as const;

/** The two statements of an audit page (auditPage), unawaited: the page's rows and the count (EXPLAIN tests). */
export const auditPageQueries = (
  tx: Executor,
  scopes: readonly SQL[],
  filters: SQL | undefined,
  q: GrowingQuery,
  byUser = false,
) => {
  // By page number: each scope reads up to offset + limit, merged, then the page. From a key (the next or
  // previous page): each scope reads `limit` rows from the key, merged, then the page: no row is skipped.
  const window = growingWindowOf(q, AUDIT_KEY);
  const { limit, offset } = window;
  const order = growingOrder(AUDIT_KEY, q.sorting.order, window);
  const [byAt, byId] = order as [SQL, SQL];
  const from = byUser ? sql`${a} left join ${u} on ${u.id} = ${a.userId}` : sql`${a}`;
  const branch = (scope: SQL, n: number) =>
    sql`(select ${a.id} as id, ${a.at} as at from ${from} where ${and(scope, filters, window.seek)} order by ${byAt}, ${byId} limit ${n})`;
  const dir = (q.sorting.order === 1) !== window.reversed ? sql`asc` : sql`desc`;
  const merged =
    scopes.length === 1
      ? branch(scopes[0] as SQL, limit + offset)
      : sql`(${sql.join(
          scopes.map((scope) => branch(scope, limit + offset)),
          sql` union all `,
        )})`;
  const ids = sql`select p.id from ${merged} p order by p.at ${dir}, p.id ${dir} limit ${limit} offset ${offset}`;
  const rows = tx
    .select({
      _id: sql<string>`${a.id}::text`,
      at: a.at,
      userName: auditUserName,
      userEmail: u.email,
      roleName: r.name,
      entity: a.entity,
      entityId: a.entityId,
      action: a.action,
      fields: fieldsSql,
      _key: seekKeyOf(AUDIT_KEY),
    })
    .from(a)
    .leftJoin(u, eq(u.id, a.userId))
    .leftJoin(r, eq(r.id, a.roleId))
    .where(sql`${a.id} in (${ids})`)
    .orderBy(...order);
  // Each scope counts at most the window's cap + 1 rows: a tenant of 100,000 rows does not read them all.
  const counts = scopes.map(
    (scope) =>
      sql`(select count(*) from (select 1 from ${from} where ${and(scope, filters, window.countFrom)} limit ${window.cap + 1}) c)`,
  );
  const count = tx.select({ n: sql<number>`(${sql.join(counts, sql` + `)})::int` }).from(sql`(select 1) one`);
  return { rows, count, window };
};
