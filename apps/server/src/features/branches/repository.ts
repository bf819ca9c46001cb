import { type Executor, schema } from '@caseport/db/client';
import type { BranchListBody } from '@caseport/domain/branches/contracts';
import type { Address } from '@caseport/domain/profile/contracts';
import type { UserStatus } from '@caseport/domain/users/contracts';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { containsText, orderByOf, pageWindow, toPage } from '../../platform/list';

const b = schema.branches;
const u = schema.users;

// Written out: inside a correlated subquery drizzle would leave the outer columns unqualified.
const managerName = sql<
  string | null
>`(select mu.first_name || ' ' || mu.last_name from users mu where mu.id = branches.manager_id)`;
const userCount = sql<number>`(select count(*)::int from users bu where bu.branch_id = branches.id)`;
/** "City, State" from the stored address's detail objects. */
const location = sql<string>`coalesce(concat_ws(', ', ${b.address}->'location'->>'name', ${b.address}->'state'->>'name'), '')`;

const itemColumns = {
  _id: b.id,
  name: b.name,
  location,
  phone: b.phone,
  managerId: b.managerId,
  managerName,
  userCount,
  createdOn: b.createdOn,
};

/** The tenant's branches, one page; `only` set: a branch manager's view, their own branch alone. */
export const listBranches = async (tx: Executor, tenantId: string, q: BranchListBody, only?: string) => {
  const where = and(
    eq(b.tenantId, tenantId),
    only ? eq(b.id, only) : undefined,
    containsText(b.name, q.filters.searchString),
  );
  const { limit, offset } = pageWindow(q);
  const rows = tx
    .select(itemColumns)
    .from(b)
    .where(where)
    .orderBy(
      ...orderByOf(
        q.sorting,
        { name: sql`lower(${b.name})`, userCount, createdOn: b.createdOn },
        { path: 'name', order: 1 },
        b.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  return toPage(rows, tx.select({ n: count() }).from(b).where(where));
};

const statusSql = sql<UserStatus>`case when not ${u.isActive} then 'inactive' when ${u.passwordHash} is null then 'invited' else 'active' end`;

export const findBranch = async (tx: Executor, tenantId: string, branchId: string) => {
  const [row] = await tx
    .select({ ...itemColumns, address: sql<Address | null>`${b.address}` })
    .from(b)
    .where(and(eq(b.tenantId, tenantId), eq(b.id, branchId)));
  if (!row) return null;
  const users = await tx
    .select({
      _id: u.id,
      name: sql<string>`${u.firstName} || ' ' || ${u.lastName}`,
      email: u.email,
      roleName: sql<string>`coalesce(${schema.userRoles.name}, 'Role ' || ${u.roleId})`,
      status: statusSql,
    })
    .from(u)
    .leftJoin(schema.userRoles, eq(schema.userRoles.id, u.roleId))
    .where(and(eq(u.tenantId, tenantId), eq(u.branchId, branchId)))
    .orderBy(u.firstName, u.lastName, u.id);
  return { ...row, users };
};

export interface BranchValues {
  name: string;
  address: Address;
  phone: string;
  managerId: string | null;
}

export const insertBranch = async (tx: Executor, tenantId: string, values: BranchValues) => {
  const [row] = await tx
    .insert(b)
    .values({ tenantId, ...values })
    .returning({ id: b.id });
  return row?.id as string;
};

export const updateBranch = (tx: Executor, tenantId: string, branchId: string, values: BranchValues, at: Date) =>
  tx
    .update(b)
    .set({ ...values, updatedOn: at })
    .where(and(eq(b.tenantId, tenantId), eq(b.id, branchId)));

/** The manager candidate: an active Branch Manager (role 4) of the tenant (RLS keeps it to the tenant too). */
export const findManager = async (tx: Executor, tenantId: string, userId: string) => {
  const [row] = await tx
    .select({ id: u.id, roleId: u.roleId, isActive: u.isActive })
    .from(u)
    .where(and(eq(u.tenantId, tenantId), eq(u.id, userId)));
  return row ?? null;
};

/** A branch's manager works in that branch: their branch becomes it. */
export const moveUserTo = (tx: Executor, tenantId: string, userId: string, branchId: string, at: Date) =>
  tx
    .update(u)
    .set({ branchId, updatedOn: at })
    .where(and(eq(u.tenantId, tenantId), eq(u.id, userId)));

/** A manager moved to another branch no longer manages the old one. */
export const clearManagerElsewhere = (
  tx: Executor,
  tenantId: string,
  userId: string,
  branchId: string,
): Promise<unknown> =>
  tx
    .update(b)
    .set({ managerId: null })
    .where(and(eq(b.tenantId, tenantId), eq(b.managerId, userId), sql`${b.id} <> ${branchId}`) as SQL);
