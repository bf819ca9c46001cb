import {
  type Db,
  type Executor,
  inTenantRead,
  inTenantTx,
  type SessionCheck,
  schema,
  type Tx,
} from '@caseport/db/client';
import { isPartyRole, isPlatformRole, type TenantTypeId } from '@caseport/domain/auth/roles';
import { isValidTimeZone } from '@caseport/domain/tenants/tenant-day';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fieldError, notFound, unauthenticated } from './errors';
import type { Principal } from './principal';
import { discardWrittenDuring } from './tx-uploads';

/** What a service needs to know about the caller. The tenant is the session's (SECURITY 3). */
export interface RequestContext {
  principal: Principal;
  /** The tenant the request acts on: the session's, or the audited acting tenant of roles 1/2 (D-02). */
  tenantId: string | null;
  /** Type of `tenantId` (1 law firm, 2 petitioner company); null in the platform context. */
  tenantType: TenantTypeId | null;
  actingTenantId: string | null;
  ip: string;
  /** The principal came from the cache (guard.ts): the next scope statement re-checks the session (issue 22). */
  sessionCheck?: SessionCheck | null;
  /**
   * The zone the caller's screen shows dates in (the web's `X-Time-Zone`, format-date.ts displayTimeZone), when it
   * is a known zone: the days of a platform user's date filters (tenant-day.ts filterDayZone).
   */
  viewZone?: string;
}

/** A context whose tenant (and so its type) is known: what a tenant-side service works on. */
export type TenantContext = RequestContext & { tenantId: string; tenantType: TenantTypeId };

const viewZoneOf = (header: string | string[] | undefined): string | undefined =>
  typeof header === 'string' && header.length <= 64 && isValidTimeZone(header) ? header : undefined;

export const contextOf = (request: FastifyRequest): RequestContext => {
  if (!request.principal) throw unauthenticated();
  const p = request.principal;
  return {
    principal: p,
    tenantId: p.tenantId,
    tenantType: p.tenantType,
    actingTenantId: null,
    ip: request.ip,
    sessionCheck: request.sessionCheck,
    viewZone: viewZoneOf(request.headers?.['x-time-zone']),
  };
};

/** The session's own tenant, for a call that works on one; a caller without a tenant gets 404 (`what`). */
export const tenantContextOf = (request: FastifyRequest, what = 'Tenant'): TenantContext => {
  const ctx = contextOf(request);
  if (!ctx.tenantId || !ctx.tenantType) throw notFound(what);
  return ctx as TenantContext;
};

/**
 * D-02: roles 1 and 2 act on the tenant they picked (workflows, case codes, service centers ...); the
 * audit row then names both. For every other role a picked tenant is ignored: the session's tenant wins
 * (SECURITY 3). An unknown tenant id answers 404.
 */
export const actingContextOf = async (
  request: FastifyRequest,
  db: Db,
  pickedTenantId: string | null | undefined,
): Promise<RequestContext> => {
  const ctx = contextOf(request);
  if (!pickedTenantId || !isPlatformRole(ctx.principal.roleId)) return ctx;
  const [tenant] = await inTenantTx(db, { tenantId: pickedTenantId }, (tx) =>
    tx
      .select({ id: schema.tenants.id, type: schema.tenants.type })
      .from(schema.tenants)
      .where(eq(schema.tenants.id, pickedTenantId)),
  );
  if (!tenant) throw notFound('Tenant');
  return { ...ctx, tenantId: tenant.id, tenantType: tenant.type as TenantTypeId, actingTenantId: tenant.id };
};

/**
 * The tenant a tenant-side call works on: the session's for a tenant role; for roles 1 and 2 (where the
 * permission lets them call it) the tenant they picked, which they must name (400 on `tenantId`), audited as
 * the acting tenant (D-02). `required` is the screen's own wording of that 400.
 */
export const tenantTargetOf = async (
  request: FastifyRequest,
  db: Db,
  pickedTenantId: string | null | undefined,
  required = TENANT_REQUIRED,
): Promise<TenantContext> => {
  const base = contextOf(request);
  if (isPlatformRole(base.principal.roleId) && !pickedTenantId) throw fieldError('tenantId', required);
  const ctx = await actingContextOf(request, db, pickedTenantId);
  if (!ctx.tenantId || !ctx.tenantType) throw notFound('Tenant');
  return ctx as TenantContext;
};
const TENANT_REQUIRED = 'Choose the tenant to act on';

/**
 * Runs a service call in one tenant-scoped transaction (RLS + SET LOCAL ROLE app_user). A service that
 * throws leaves nothing behind: its rows roll back, and the files it stored are removed (tx-uploads.ts).
 */
export const runInTenant = async <T>(db: Db, ctx: RequestContext, fn: (tx: Tx, ctx: RequestContext) => Promise<T>) => {
  let open: Tx | undefined;
  try {
    return await inTenantTx(db, scopeOf(ctx), (tx) => {
      open = tx;
      return fn(tx, ctx);
    });
  } catch (error) {
    await discardWrittenDuring(open);
    throw error;
  }
};

/**
 * `runInTenant` for a service that only reads (every list): the same scope, read-only, and on PostgreSQL
 * its queries go out in batches, one round trip per batch (the list budget of ARCHITECTURE, issue 2).
 */
export const readInTenant = <T>(db: Db, ctx: RequestContext, fn: (tx: Executor, ctx: RequestContext) => Promise<T>) =>
  inTenantRead(db, scopeOf(ctx), (tx) => fn(tx, ctx));

const scopeOf = (ctx: RequestContext) => ({
  tenantId: ctx.tenantId,
  platform: isPlatformRole(ctx.principal.roleId),
  // Issue 35: a person outside the firm sees only the cases linked to them (migration 0058).
  partyUserId: isPartyRole(ctx.principal.roleId) ? ctx.principal.userId : null,
  // Once proved alive in this request, later statements need not prove it again.
  session: ctx.sessionCheck && !ctx.sessionCheck.verified ? ctx.sessionCheck : null,
});
