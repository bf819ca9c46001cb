import { sql } from 'drizzle-orm';

export interface TenantScope {
  /** The tenant whose rows this transaction may see; null is the platform context (roles 1 and 2). */
  tenantId: string | null;
  /**
   * Roles 1 and 2 run as app_platform (migration 0021): app_user's rules plus the platform's own rows, the
   * tenant directory of D-02 and every tenant's workflows to read. Everyone else runs as app_user.
   */
  platform?: boolean;
}

/**
 * The statement that scopes a transaction, on both paths (inTenantTx, and the read batch): the tenant
 * setting and the role, both local to it. `readOnly` also makes the transaction read-only in the same statement
 * (transaction_read_only may always be switched on mid-transaction), one statement fewer than a separate
 * SET TRANSACTION READ ONLY on every read (issue 22: on PGlite each statement is six calls into WebAssembly).
 */
export const scopeStatement = (scope: TenantScope, { readOnly = false }: { readOnly?: boolean } = {}) =>
  readOnly
    ? sql`select set_config('transaction_read_only', 'on', true), set_config('app.tenant_id', ${scope.tenantId ?? ''}, true), set_config('role', ${scope.platform ? 'app_platform' : 'app_user'}, true)`
    : sql`select set_config('app.tenant_id', ${scope.tenantId ?? ''}, true), set_config('role', ${scope.platform ? 'app_platform' : 'app_user'}, true)`;
