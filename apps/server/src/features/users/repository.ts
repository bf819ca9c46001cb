import { type Executor, schema } from '@caseport/db/client';
import type { OutboxListBody, UserListBody, UserStatus } from '@caseport/domain/users/contracts';
import { and, count, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { cappedCount, growingOrder, growingWindowOf, seekKeyOf, toGrowingPage } from '../../platform/growing-list';
import { containsText, orderByOf, pageWindow, toPage } from '../../platform/list';

const u = schema.users;
const r = schema.userRoles;
const b = schema.branches;

/** 'invited' until a password is set, 'inactive' once deactivated (contracts.ts USER_STATUSES). */
const statusSql = sql<UserStatus>`case when not ${u.isActive} then 'inactive' when ${u.passwordHash} is null then 'invited' else 'active' end`;
/** The user's tenant; NULL for a platform user (roles 1/2), whose own rows a few statements touch. */
const ofTenant = (tenantId: string | null) => (tenantId === null ? isNull(u.tenantId) : eq(u.tenantId, tenantId));
const nameSql = sql<string>`${u.firstName} || ' ' || ${u.lastName}`;

const itemColumns = {
  _id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  roleId: u.roleId,
  roleName: sql<string>`coalesce(${r.name}, 'Role ' || ${u.roleId})`,
  status: statusSql,
  branchId: u.branchId,
  branchName: b.name,
  mfaEnabled: sql<boolean>`${u.mfaSecret} is not null`,
  createdOn: sql<string>`to_json(${u.createdOn})#>>'{}'`,
};

/**
 * The tenant's users, one page (row-level security keeps it to the caller's tenant too); `branchScope` set:
 * a branch manager's view, only that branch's users.
 */
export const listUsers = async (tx: Executor, tenantId: string, q: UserListBody, branchScope?: string) => {
  const f = q.filters;
  const where = and(
    eq(u.tenantId, tenantId),
    branchScope ? eq(u.branchId, branchScope) : undefined,
    f.branchIds?.length ? inArray(u.branchId, f.branchIds) : undefined,
    or(containsText(nameSql, f.searchString), containsText(u.email, f.searchString)),
    f.roleIds?.length ? inArray(u.roleId, f.roleIds) : undefined,
    f.statuses?.length ? inArray(statusSql, f.statuses) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const rows = tx
    .select(itemColumns)
    .from(u)
    .leftJoin(r, eq(r.id, u.roleId))
    .leftJoin(b, eq(b.id, u.branchId))
    .where(where)
    .orderBy(
      ...orderByOf(
        q.sorting,
        { name: nameSql, email: u.email, roleName: r.name, createdOn: u.createdOn },
        { path: 'name', order: 1 },
        u.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  return toPage(rows, tx.select({ n: count() }).from(u).where(where));
};

export const findUserItem = async (tx: Executor, tenantId: string, userId: string) => {
  const [row] = await tx
    .select(itemColumns)
    .from(u)
    .leftJoin(r, eq(r.id, u.roleId))
    .leftJoin(b, eq(b.id, u.branchId))
    .where(and(eq(u.tenantId, tenantId), eq(u.id, userId)));
  return row ?? null;
};

export const insertUser = async (
  tx: Executor,
  tenantId: string,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    roleId: number;
    branchId?: string | null;
  },
) => {
  const [row] = await tx
    .insert(u)
    .values({ ...values, tenantId, passwordHash: null })
    .returning({ id: u.id });
  return row?.id as string;
};

/**
 * Issue 39 (finding 8): the labels an invited user's row would show (role and branch names, the creation time
 * as the list writes it), for an invitation of an e-mail taken in another tenant, which creates no row here.
 */
export const inviteeLabels = async (tx: Executor, tenantId: string, roleId: number, branchId: string | null) => {
  const [role] = await tx.select({ name: r.name }).from(r).where(eq(r.id, roleId));
  const [branch] = branchId
    ? await tx
        .select({ name: b.name })
        .from(b)
        .where(and(eq(b.tenantId, tenantId), eq(b.id, branchId)))
    : [];
  const [now] = await tx.execute<{ at: string }>(sql`select to_json(now())#>>'{}' as at`).then((res) => res.rows);
  return { roleName: role?.name ?? `Role ${roleId}`, branchName: branch?.name ?? null, createdOn: now?.at ?? '' };
};

/** `tenantId` null: a platform user's own row (My Profile). */
export const updateUser = (
  tx: Executor,
  tenantId: string | null,
  userId: string,
  set: Partial<{ firstName: string; lastName: string; roleId: number; isActive: boolean; branchId: string | null }>,
  at: Date,
) =>
  tx
    .update(u)
    .set({ ...set, updatedOn: at })
    .where(and(ofTenant(tenantId), eq(u.id, userId)));

/**
 * System context: sessions have no grant for app_user.
 * @platformScope sessions carry no tenant; they are ended by user id in the system context
 */
export const deleteSessionsOf = (tx: Executor, userIds: SQL | string) =>
  tx.delete(schema.sessions).where(typeof userIds === 'string' ? eq(schema.sessions.userId, userIds) : userIds);

/**
 * The caller's own outbox: messages their actions wrote (never another admin's links).
 * @platformScope keyed by its author: role 1's mail names the tenants it created (issue 16), not its own
 */
export const listOutbox = (tx: Executor, userId: string, q: OutboxListBody) => {
  const { rows, count, window } = outboxListQueries(tx, userId, q);
  return toGrowingPage(tx, rows, count, window);
};

/**
 * The statements of an outbox page, unawaited (EXPLAIN tests). Issue 37: every message an admin's actions write
 * stays here, so the page is read from (created_by, created_at, id) in its order, Next and Previous from the key
 * of the page on screen, and the count stops LIST_COUNT_CAP rows past the page.
 * @platformScope keyed by its author, as listOutbox
 */
export const outboxListQueries = (tx: Executor, userId: string, q: OutboxListBody) => {
  const o = schema.mailOutbox;
  const key = { sort: o.createdAt, id: o.id, idType: 'uuid' } as const;
  const where = and(eq(o.createdBy, userId), q.filters.to ? eq(o.to, q.filters.to.trim().toLowerCase()) : undefined);
  const window = growingWindowOf(q, key);
  const rows = tx
    .select({
      _id: o.id,
      to: o.to,
      subject: o.subject,
      body: o.body,
      createdOn: sql<string>`to_json(${o.createdAt})#>>'{}'`,
      sentOn: sql<string | null>`to_json(${o.sentAt})#>>'{}'`,
      _key: seekKeyOf(key),
    })
    .from(o)
    .where(and(where, window.seek))
    .orderBy(...growingOrder(key, q.sorting.order, window))
    .limit(window.limit)
    .offset(window.offset);
  const count = cappedCount(tx, tx.select({ one: sql`1` }).from(o).where(and(where, window.countFrom)), window);
  return { rows, count, window };
};

/**
 * System context (public link pages): the live token, its user and tenant.
 * @platformScope a link's token is found by its hash before any tenant is known
 */
export const findLiveToken = async (tx: Executor, tokenHash: string, now: Date) => {
  const t = schema.userTokens;
  const [row] = await tx
    .select({
      tokenId: t.id,
      purpose: t.purpose,
      expiresAt: t.expiresAt,
      userId: u.id,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      roleId: u.roleId,
      tenantId: u.tenantId,
      isActive: u.isActive,
      hasPassword: sql<boolean>`${u.passwordHash} is not null`,
      enrolled: sql<boolean>`${u.mfaSecret} is not null`,
      tenantName: schema.tenants.name,
      tenantStatus: schema.tenants.status,
      mfaRequired: schema.tenants.mfaRequired,
      mfaRoles: schema.tenants.mfaRoles,
    })
    .from(t)
    .innerJoin(u, eq(u.id, t.userId))
    .leftJoin(schema.tenants, eq(schema.tenants.id, u.tenantId))
    .where(and(eq(t.tokenHash, tokenHash), isNull(t.usedAt)));
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  return row;
};

/**
 * Marks the token used (only if still unused: a second, racing use finds nothing to mark).
 * @platformScope the token found by its hash (findLiveToken), in the system context of a public link page
 */
export const useToken = async (tx: Executor, tokenId: string, now: Date) => {
  const rows = await tx
    .update(schema.userTokens)
    .set({ usedAt: now })
    .where(and(eq(schema.userTokens.id, tokenId), isNull(schema.userTokens.usedAt)))
    .returning({ id: schema.userTokens.id });
  return rows.length === 1;
};

/**
 * `tenantId` null: a platform user's password. A new password lifts a locked second step (issue 39): whoever
 * gave the wrong codes knew the old one.
 */
export const setPassword = (tx: Executor, tenantId: string | null, userId: string, passwordHash: string, at: Date) =>
  tx
    .update(u)
    .set({ passwordHash, passwordChangedAt: at, updatedOn: at, mfaFailures: 0, mfaLockedAt: null })
    .where(and(ofTenant(tenantId), eq(u.id, userId)));

/** The tenant's name (the link mail names it). */
export const tenantName = async (tx: Executor, tenantId: string) => {
  const [row] = await tx
    .select({ name: schema.tenants.name })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, tenantId));
  return row?.name ?? null;
};

// ---- two-factor sign-in: the tenant's rule and an admin's reset (issue 16) ---------------------------------

export const readMfaSettings = async (tx: Executor, tenantId: string) => {
  const [row] = await tx
    .select({ mfaRequired: schema.tenants.mfaRequired, roleIds: schema.tenants.mfaRoles })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, tenantId));
  return row ?? null;
};

export const writeMfaSettings = (tx: Executor, tenantId: string, mfaRequired: boolean, roleIds: number[], at: Date) =>
  tx
    .update(schema.tenants)
    .set({ mfaRequired, mfaRoles: roleIds, updatedOn: at })
    .where(eq(schema.tenants.id, tenantId));

/** A lost phone: the user's second factor and recovery codes cleared. */
export const clearMfa = (tx: Executor, tenantId: string, userId: string, at: Date) =>
  tx
    .update(u)
    .set({
      mfaSecret: null,
      mfaPendingSecret: null,
      mfaEnabledAt: null,
      mfaLastStep: null,
      mfaRecoveryHashes: [],
      mfaFailures: 0,
      mfaLockedAt: null,
      updatedOn: at,
    })
    .where(and(eq(u.tenantId, tenantId), eq(u.id, userId)));
