import { type Db, type Executor, inSystemTx, schema } from '@caseport/db/client';
import { BRANCH_MANAGER_ROLE } from '@caseport/domain/branches/contracts';
import { USER_EXISTS } from '@caseport/domain/users/contracts';
import { eq } from 'drizzle-orm';
import type { RequestContext } from './context';
import { withUniqueAs } from './db-errors';
import { fieldError } from './errors';

// The user lookups other areas share (branches, tenants, users): here so no feature imports the users feature.

const u = schema.users;

/** Matches no user: the scope of a branch manager who has no branch yet. */
export const NO_BRANCH = '00000000-0000-0000-0000-000000000000';

/** The caller's own branch (a branch manager's scope). */
const branchOf = async (tx: Executor, userId: string) => {
  const [row] = await tx.select({ branchId: u.branchId }).from(u).where(eq(u.id, userId));
  return row?.branchId ?? null;
};

/**
 * A branch manager (role 4) sees and manages only the users of their own branch (issue 16): their branch id,
 * or NO_BRANCH when they have none. Anyone else: undefined (the whole tenant).
 */
export const branchScopeOf = async (tx: Executor, ctx: RequestContext): Promise<string | undefined> =>
  ctx.principal.roleId === BRANCH_MANAGER_ROLE ? ((await branchOf(tx, ctx.principal.userId)) ?? NO_BRANCH) : undefined;

const emailTaken = () => fieldError('email', USER_EXISTS);

const isEmailTaken = async (tx: Executor, email: string) => {
  const [row] = await tx.select({ id: u.id }).from(u).where(eq(u.email, email)).limit(1);
  return !!row;
};

/** E-mails are unique across tenants: checked in system context (RLS hides other tenants' users). */
export const refuseTakenEmail = async (db: Db, email: string) => {
  if (await inSystemTx(db, (tx) => isEmailTaken(tx, email))) throw emailTaken();
};

/**
 * Issue 39 (finding 8): an invitation by a tenant's admin. An e-mail of the caller's own tenant is refused as
 * before (the admin sees their users anyway); one taken in another tenant (or by a platform user) is not said:
 * the account's owner is answered, for the caller to invite without telling (users feature), and null when free.
 */
export const takenElsewhere = async (db: Db, email: string, tenantId: string) => {
  const [row] = await inSystemTx(db, (tx) =>
    tx
      .select({ id: u.id, tenantId: u.tenantId, email: u.email, firstName: u.firstName })
      .from(u)
      .where(eq(u.email, email))
      .limit(1),
  );
  if (!row) return null;
  if (row.tenantId === tenantId) throw emailTaken();
  return row;
};
/** The insert's own race: a concurrent invitation of the same e-mail that won. */
export const asEmailTaken = <T>(fn: () => Promise<T>) => withUniqueAs(emailTaken, fn);
