import type { Executor } from '@caseport/db/client';
import { BILLING_WRITE_FORBIDDEN, canEditBillingDetails, canWriteBilling } from '@caseport/domain/billing/access';
import type { RequestContext } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors';
import * as repo from './repository';

/**
 * Issue 39 (finding 5, SECURITY 26): the first step of every billing write. Locks the tenant's row (its card,
 * plan and terms cannot change under the check, and two writes of one tenant take turns), then checks that the
 * caller may change this tenant's billing in its current state (`canWriteBilling`: role 3 always, role 50 only
 * while the tenant is held for card or plan). Refused: 403 before anything is read further or written.
 */
export const billingWriter = async (
  tx: Executor,
  ctx: RequestContext,
  what: 'billing' | 'details' = 'billing',
  /** False for a read that answers what a write would do (the plan change's preview): the same check, no lock. */
  lock = true,
) => {
  const state = ctx.tenantId ? await repo.readBillingState(tx, ctx.tenantId, lock) : undefined;
  if (!state || !ctx.tenantId) throw notFound('Subscriber');
  const allowed =
    what === 'details'
      ? canEditBillingDetails(ctx.principal.roleId)
      : canWriteBilling(ctx.principal.roleId, { hasCard: !!state.cardToken, hasPlan: !!state.planId });
  if (!allowed) throw forbidden(BILLING_WRITE_FORBIDDEN);
  return { tenantId: ctx.tenantId, state };
};
