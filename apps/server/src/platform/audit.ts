import { type Executor, schema } from '@caseport/db/client';
import type { RequestContext } from './context';

export interface AuditEntry {
  entity: string;
  entityId?: string | null;
  action: 'create' | 'update' | 'delete' | 'status' | 'login' | 'logout' | 'upload' | string;
  before?: unknown;
  after?: unknown;
}

/** Drops what must never be stored in the audit trail (SECURITY 20/21). */
const REDACT = /password|token|secret|cardnumber|card_number|cvc|cvv|passport/i;
const redact = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, REDACT.test(k) ? '[redacted]' : redact(v)]),
    );
  }
  return value;
};

/** Appends one row to the audit log in the caller's transaction (ARCHITECTURE §7, SECURITY 19). */
export const recordAudit = async (
  tx: Executor,
  ctx: Pick<RequestContext, 'principal' | 'actingTenantId'>,
  entry: AuditEntry,
) => {
  await tx.insert(schema.auditLog).values({
    userId: ctx.principal.userId,
    roleId: ctx.principal.roleId,
    tenantId: ctx.principal.tenantId,
    actingTenantId: ctx.actingTenantId,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    action: entry.action,
    before: entry.before === undefined ? null : redact(entry.before),
    after: entry.after === undefined ? null : redact(entry.after),
  });
};

/**
 * An action of the system itself, no user (issue 38 finding 1: the renewal run): the tenant's row, with no user and
 * no role (the audit trail shows it as Caseport's).
 */
export const recordSystemAudit = async (tx: Executor, tenantId: string, entry: AuditEntry) => {
  await tx.insert(schema.auditLog).values({
    userId: null,
    roleId: null,
    tenantId,
    actingTenantId: null,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    action: entry.action,
    before: entry.before === undefined ? null : redact(entry.before),
    after: entry.after === undefined ? null : redact(entry.after),
  });
};
