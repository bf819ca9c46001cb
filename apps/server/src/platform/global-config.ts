import { type Executor, schema } from '@caseport/db/client';
import type { TenantTypeId } from '@caseport/domain/auth/roles';
import { defaultGlobalConfig } from '@caseport/domain/reminders/contracts';
import { eq } from 'drizzle-orm';

/**
 * D-23 (issue 38): the one stored `allowCustonCaseNo` is the tenant's global configuration, the value the
 * Reminders screen saves through /api/global-config/create|update; a tenant that never saved one has the
 * default that screen shows. The case-type list (whether the Custom Code popup is offered) and
 * save-custom-code (whether a code is accepted) both read it here, so neither keeps a copy.
 */
export const customCaseNumbersAllowed = async (tx: Executor, tenantId: string, tenantType: TenantTypeId) => {
  const g = schema.globalConfigs;
  const [row] = await tx.select({ config: g.config }).from(g).where(eq(g.tenantId, tenantId));
  const stored = (row?.config as { allowCustonCaseNo?: unknown } | null | undefined)?.allowCustonCaseNo;
  return typeof stored === 'boolean' ? stored : defaultGlobalConfig(tenantType).allowCustonCaseNo;
};
