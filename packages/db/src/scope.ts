import { type SQL, sql } from 'drizzle-orm';

/**
 * A session to re-check inside the scope statement itself (issue 22): the server took the caller from its
 * principal cache instead of reading the session, so the statement that scopes the transaction also proves,
 * in the database and in the same round trip, that the session is still alive and still belongs to the user,
 * role and tenant the permission decision used.
 */
export interface SessionCheck {
  /** sessions.id (the SHA-256 of the cookie token). */
  sessionId: string;
  userId: string;
  roleId: number;
  tenantId: string | null;
  tenantType: number | null;
  /** The server's clock (tests move it): the idle and absolute timeouts are measured against it. */
  now: Date;
  idleMs: number;
  absoluteMs: number;
  /** Set once a scope statement found the session alive. */
  verified: boolean;
}

export interface TenantScope {
  /** The tenant whose rows this transaction may see; null is the platform context (roles 1 and 2). */
  tenantId: string | null;
  /**
   * Roles 1 and 2 run as app_platform (migration 0021): app_user's rules plus the platform's own rows, the
   * tenant directory of D-02 and every tenant's workflows to read. Everyone else runs as app_user.
   */
  platform?: boolean;
  /**
   * Issue 35: the people outside the firm (roles 11, 12, 50, 51) run as app_party (migration 0058): app_user's
   * rules, and only the cases this user is linked to. The user id becomes app.user_id for those policies.
   */
  partyUserId?: string | null;
  /** When present, the scope holds only if this session is alive (see SessionCheck); else it scopes nothing. */
  session?: SessionCheck | null;
}

/** The scope statement found the session dead, or no longer the user, role or tenant the server decided with. */
export class SessionInvalidError extends Error {
  constructor() {
    super('session no longer valid');
  }
}

/**
 * The session re-check as one boolean expression (SECURITY 9: unknown, idle 30 min, older than 12 h, older
 * than the last password change, a disabled account or a suspended tenant), also comparing the user's role and
 * tenant with the ones the server used. Run as the connection's owner, before the role switch of the same
 * statement takes effect.
 *
 * Times are compared at the millisecond, as the session look-up does (session.ts, with JavaScript dates): a
 * session's times are written from the server's clock in milliseconds, but a password_changed_at from the
 * column's default (an account inserted without one) has microseconds. A sign-in in the same millisecond as
 * that default, a fraction of it earlier, was alive for the look-up and dead for this check: every cached read
 * of the session failed (my-cases-isolation.test.ts, now and then, on PostgreSQL).
 */
const sessionAlive = (c: SessionCheck): SQL => {
  const now = c.now.toISOString();
  return sql`exists (select 1 from sessions s join users u on u.id = s.user_id left join tenants t on t.id = u.tenant_id
   where s.id = ${c.sessionId} and u.id = ${c.userId} and u.role_id = ${c.roleId}
     and u.tenant_id is not distinct from ${c.tenantId}::uuid and t.type is not distinct from ${c.tenantType}::int
     and u.is_active and t.status is distinct from 'suspended'
     and s.last_seen_at >= ${now}::timestamptz - make_interval(secs => ${c.idleMs / 1000})
     and s.created_at >= ${now}::timestamptz - make_interval(secs => ${c.absoluteMs / 1000})
     and s.created_at >= date_trunc('milliseconds', u.password_changed_at))`;
};

/**
 * The statement that scopes a transaction, on both paths (inTenantTx, and the read batch): the tenant
 * setting and the role, both local to it. `readOnly` also makes the transaction read-only in the same statement
 * (transaction_read_only may always be switched on mid-transaction), one statement fewer than a separate
 * SET TRANSACTION READ ONLY on every read (issue 22: on PGlite each statement is six calls into WebAssembly),
 * and has the read's named statements keep one generic plan (plan_cache_mode, see READ_ONLY below).
 *
 * The session check sits in a subquery fenced by OFFSET 0: without the fence PostgreSQL pulls the subquery up
 * and copies its EXISTS into each of the four places that read `v.ok`, so it planned and ran the check four
 * times per statement (EXPLAIN: four InitPlans over sessions, users and tenants; issue 37).
 *
 * With a session check (issue 22) the statement answers one row with `ok`: when the session is not alive it
 * still switches to app_user but with no tenant, so row-level security shows nothing to whatever runs after
 * it, and the caller throws SessionInvalidError on `ok` false.
 */
export const scopeStatement = (scope: TenantScope, { readOnly = false }: { readOnly?: boolean } = {}) => {
  const role = roleOf(scope);
  const tenant = scope.tenantId ?? '';
  const user = scope.partyUserId ?? '';
  const readOnlySql = readOnly
    ? sql`set_config('transaction_read_only', 'on', true), set_config('plan_cache_mode', 'force_generic_plan', true), `
    : sql``;
  if (!scope.session)
    return sql`select ${readOnlySql}set_config('app.tenant_id', ${tenant}, true), set_config('role', ${role}, true), set_config('app.user_id', ${user}, true)`;
  return sql`select ${readOnlySql}set_config('app.tenant_id', case when v.ok then ${tenant} else '' end, true),
    set_config('role', case when v.ok then ${role} else 'app_user' end, true),
    set_config('app.user_id', case when v.ok then ${user} else '' end, true), v.ok
    from (select ${sessionAlive(scope.session)} as ok offset 0) v`;
};

/** The database role a scope runs as: app_platform (roles 1, 2), app_party (issue 35), else app_user. */
const roleOf = (scope: TenantScope) => (scope.platform ? 'app_platform' : scope.partyUserId ? 'app_party' : 'app_user');

const SESSION_ALIVE_TEXT = (n: number) => `exists (select 1 from sessions s join users u on u.id = s.user_id
    left join tenants t on t.id = u.tenant_id
   where s.id = $${n} and u.id = $${n + 1} and u.role_id = $${n + 2}
     and u.tenant_id is not distinct from $${n + 3}::uuid and t.type is not distinct from $${n + 4}::int
     and u.is_active and t.status is distinct from 'suspended'
     and s.last_seen_at >= $${n + 5}::timestamptz - make_interval(secs => $${n + 6})
     and s.created_at >= $${n + 5}::timestamptz - make_interval(secs => $${n + 7})
     and s.created_at >= date_trunc('milliseconds', u.password_changed_at))`;
/**
 * A read's settings: read-only, and one generic plan for its named statements (statement-names.ts). By default
 * PostgreSQL chooses per execution between the generic plan and planning again with the values; under row-level
 * security it planned the label list's page again on every request (pg_prepared_statements: 0 generic and 9
 * custom plans after 9 runs; the generic plan's `limit $2` is costed at a tenth of the rows), ~0.1-0.4 ms of
 * planning per request, more than the page took to run (issue 37: the list budget against the plain route on
 * PostgreSQL). Reads are tenant-scoped and indexed by tenant, so one plan whatever the values serves them; the
 * growing lists forced it already (growing-list.ts) and list-cost.test.ts checks their generic plans.
 */
const READ_ONLY =
  "set_config('transaction_read_only', 'on', true), set_config('plan_cache_mode', 'force_generic_plan', true), ";
const PLAIN =
  "set_config('app.tenant_id', $1, true), set_config('role', $2, true), set_config('app.user_id', $3, true)";
const SCOPE_TEXT = {
  plain: `select ${PLAIN}`,
  plainReadOnly: `select ${READ_ONLY}${PLAIN}`,
  checked: (
    readOnly: boolean,
  ) => `select ${readOnly ? READ_ONLY : ''}set_config('app.tenant_id', case when v.ok then $1 else '' end, true),
    set_config('role', case when v.ok then $2 else 'app_user' end, true),
    set_config('app.user_id', case when v.ok then $3 else '' end, true), v.ok
    from (select ${SESSION_ALIVE_TEXT(4)} as ok offset 0) v`,
};
const CHECKED_TEXT = { true: SCOPE_TEXT.checked(true), false: SCOPE_TEXT.checked(false) };

/**
 * `scopeStatement` as ready text and parameters, for the read batches (read-batch.ts, pglite-read.ts), which
 * would otherwise have drizzle build the same statement on every read. read-batch.test.ts runs both forms.
 */
export const scopeStatementText = (
  scope: TenantScope,
  { readOnly = false }: { readOnly?: boolean } = {},
): { text: string; values: unknown[] } => {
  const head = [scope.tenantId ?? '', roleOf(scope), scope.partyUserId ?? ''];
  const c = scope.session;
  if (!c) return { text: readOnly ? SCOPE_TEXT.plainReadOnly : SCOPE_TEXT.plain, values: head };
  return {
    text: CHECKED_TEXT[`${readOnly}`],
    values: [
      ...head,
      c.sessionId,
      c.userId,
      c.roleId,
      c.tenantId,
      c.tenantType,
      c.now.toISOString(),
      c.idleMs / 1000,
      c.absoluteMs / 1000,
    ],
  };
};

/** Reads the `ok` of a scope statement's answer: throws SessionInvalidError unless the session was alive. */
export const checkScopeAnswer = (scope: TenantScope, rows: readonly unknown[]) => {
  if (!scope.session) return;
  if ((rows[0] as { ok?: unknown } | undefined)?.ok !== true) throw new SessionInvalidError();
  scope.session.verified = true;
};
