import { type Executor, schema } from '@caseport/db/client';
import type { AuditListBody } from '@caseport/domain/audit/contracts';
import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import { containsText, pageWindow, toPage } from '../../platform/list';

const a = schema.auditLog;
const u = schema.users;
const r = schema.userRoles;
const nameSql = sql<string | null>`${u.firstName} || ' ' || ${u.lastName}`;

/** The changed fields' names: the keys of `after` (else `before`). */
const fieldsSql = sql<
  string[]
>`coalesce((select array_agg(k order by k) from jsonb_object_keys(case when jsonb_typeof(coalesce(${a.after}, ${a.before})) = 'object' then coalesce(${a.after}, ${a.before}) else '{}'::jsonb end) as k), '{}')`;

/** The tenant's audit rows, newest first (row-level security: its own rows and those acting on it). */
export const listAudit = async (tx: Executor, tenantId: string, q: AuditListBody) => {
  const f = q.filters;
  const [from, to] = f.createdDate ?? [];
  const where = and(
    or(eq(a.tenantId, tenantId), eq(a.actingTenantId, tenantId)),
    f.entity ? eq(a.entity, f.entity) : undefined,
    f.searchString ? or(containsText(nameSql, f.searchString), containsText(u.email, f.searchString)) : undefined,
    from ? sql`${a.at} >= ${from}::date` : undefined,
    to ? sql`${a.at} < ${to}::date + 1` : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const rows = tx
    .select({
      _id: sql<string>`${a.id}::text`,
      at: a.at,
      userName: nameSql,
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

export const auditEntities = async (tx: Executor, tenantId: string) => {
  const rows = await tx
    .selectDistinct({ entity: a.entity })
    .from(a)
    .where(or(eq(a.tenantId, tenantId), eq(a.actingTenantId, tenantId)))
    .orderBy(a.entity);
  return { entities: rows.map((row) => row.entity) };
};
