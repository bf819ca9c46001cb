import type { Tx } from '@caseport/db/client';
import { isPartyRole } from '@caseport/domain/auth/roles';
import { sql } from 'drizzle-orm';
import type { TenantContext } from './context';

/**
 * Issue 35 item 3: a step the firm's own rules take after a person outside the firm acted, in that person's
 * transaction. Their requests run as app_party (migration 0058), which writes no case activity; when the last
 * signature finishes an envelope, the signing steps of the case's run complete as the firm would complete them.
 * `fn` runs as app_user in the same tenant (row-level security still holds every row to that tenant), and the
 * transaction returns to app_party after it. A throw needs no switch back: it rolls the transaction back.
 * Only server code the party cannot steer calls this: the envelope's service, after its own checks and under the
 * envelope's row lock. A firm user's request (an attorney signing) already runs as app_user.
 */
export const asFirmStep = async <T>(tx: Tx, ctx: TenantContext, fn: () => Promise<T>): Promise<T> => {
  if (!isPartyRole(ctx.principal.roleId)) return fn();
  await tx.execute(sql`select set_config('role', 'app_user', true)`);
  const out = await fn();
  await tx.execute(sql`select set_config('role', 'app_party', true)`);
  return out;
};
