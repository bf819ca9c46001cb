import { type Executor, schema } from '@caseport/db/client';
import type { AuditListBody } from '@caseport/domain/audit/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import { auditPage, auditScopesOf, auditUserName } from '../../platform/audit-rows';
import { containsText } from '../../platform/list';

const a = schema.auditLog;
const u = schema.users;

/** The tenant's audit rows, newest first (row-level security: its own rows and those acting on it). */
export const listAudit = async (tx: Executor, tenantId: string, q: AuditListBody) => {
  const f = q.filters;
  const [from, to] = f.createdDate ?? [];
  const filters = and(
    f.entity ? eq(a.entity, f.entity) : undefined,
    f.searchString ? or(containsText(auditUserName, f.searchString), containsText(u.email, f.searchString)) : undefined,
    from ? sql`${a.at} >= ${from}::date` : undefined,
    to ? sql`${a.at} < ${to}::date + 1` : undefined,
  );
  return auditPage(tx, auditScopesOf(tenantId), filters, q, !!f.searchString);
};

export const auditEntities = async (tx: Executor, tenantId: string) => {
  const rows = await tx
    .selectDistinct({ entity: a.entity })
    .from(a)
    .where(or(eq(a.tenantId, tenantId), eq(a.actingTenantId, tenantId)))
    .orderBy(a.entity);
  return { entities: rows.map((row) => row.entity) };
};
