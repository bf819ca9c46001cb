import { type Executor, schema } from '@caseport/db/client';
import { asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { pageWindow, toPage } from './list';

const a = schema.auditLog;
const u = schema.users;
const r = schema.userRoles;
/** Who acted: the user's name (null for a user since removed). */
export const auditUserName = sql<string | null>`${u.firstName} || ' ' || ${u.lastName}`;

/** The changed fields' names: the keys of `after` (else `before`). */
const fieldsSql = sql<
  string[]
>`coalesce((select array_agg(k order by k) from jsonb_object_keys(case when jsonb_typeof(coalesce(${a.after}, ${a.before})) = 'object' then coalesce(${a.after}, ${a.before}) else '{}'::jsonb end) as k), '{}')`;

/**
 * One page of audit rows in the audit list's shape (AuditItemSchema), by `at` in the order asked. Shared by the
 * tenant's audit trail and a case's History tab. The caller's `where` filters by tenant.
 */
export const auditPage = (
  tx: Executor,
  where: SQL | undefined,
  q: { page: number; perpage: number; sorting: { path: string; order: 1 | -1 } },
) => {
  const { limit, offset } = pageWindow(q);
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
    })
    .from(a)
    .leftJoin(u, eq(u.id, a.userId))
    .leftJoin(r, eq(r.id, a.roleId))
    .where(where)
    .orderBy(q.sorting.order === 1 ? asc(a.at) : desc(a.at), q.sorting.order === 1 ? asc(a.id) : desc(a.id))
    .limit(limit)
    .offset(offset);
  return toPage(rows, tx.select({ n: count() }).from(a).leftJoin(u, eq(u.id, a.userId)).where(where));
};
