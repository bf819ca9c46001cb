import { type Db, inTenantTx, type Tx } from '@caseport/db/client';
import type { FastifyRequest } from 'fastify';
import { unauthenticated } from './errors';
import type { Principal } from './principal';

/** What a service needs to know about the caller. The tenant is the session's (SECURITY 3). */
export interface RequestContext {
  principal: Principal;
  /** The tenant the request acts on: the session's, or the audited acting tenant of roles 1/2 (D-02). */
  tenantId: string | null;
  actingTenantId: string | null;
  ip: string;
}

export const contextOf = (request: FastifyRequest): RequestContext => {
  if (!request.principal) throw unauthenticated();
  return { principal: request.principal, tenantId: request.principal.tenantId, actingTenantId: null, ip: request.ip };
};

/**
 * Runs a service call in one tenant-scoped transaction (RLS + SET LOCAL ROLE app_user). A service that
 * throws leaves nothing behind.
 */
export const runInTenant = <T>(db: Db, ctx: RequestContext, fn: (tx: Tx, ctx: RequestContext) => Promise<T>) =>
  inTenantTx(db, { tenantId: ctx.tenantId }, (tx) => fn(tx, ctx));
