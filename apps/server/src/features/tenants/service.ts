import { randomUUID } from 'node:crypto';
import { type Db, type Executor, inSystemTx, type Tx } from '@caseport/db/client';
import { Role } from '@caseport/domain/auth/roles';
import { caseConfigurationNote, type SetupProgress, setupProgress } from '@caseport/domain/settings/setup';
import type { TenantCreateBody, TenantListItem, TenantStatusBody } from '@caseport/domain/tenants/contracts';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { RequestContext, TenantContext } from '../../platform/context';
import type { TenantAreas } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/file-storage';
import type { PendingMail } from '../../platform/one-time-links';
import {
  deleteSessionsOfTenant,
  findTenantItem,
  insertDefaultWorkflow,
  insertTenant,
  readCaseConfigurationState,
  readSetupFacts,
  scopeTransactionTo,
  updateTenantStatus,
} from './repository';

/**
 * Issue 16: role 1 creates a tenant and invites its first admin (role 3) in one transaction. The tenant row
 * is inserted in the platform context (migration 0023 lets app_platform insert tenants); the transaction then
 * re-scopes to the new tenant, so its default workflow, its admin, the link and the audit rows are written
 * under that tenant's own row-level security, as the tenant's acting platform admin (D-02).
 */
export const createTenant = async (
  tx: Tx,
  ctx: RequestContext,
  clock: Clock,
  storage: FileStorage,
  body: TenantCreateBody,
  origin: string,
  { inviteUser, startTenantConfiguration }: Pick<TenantAreas, 'inviteUser' | 'startTenantConfiguration'>,
): Promise<{ tenant: TenantListItem; mail: PendingMail }> => {
  const tenantId = randomUUID();
  // D-27: a new tenant starts without card and plan; its admin adds them in the profile's Plan & payment step.
  await insertTenant(tx, tenantId, body.name, body.tenantType);
  await scopeTransactionTo(tx, tenantId);
  const acting: TenantContext = { ...ctx, tenantId, tenantType: body.tenantType, actingTenantId: tenantId };
  await insertDefaultWorkflow(tx, tenantId, body.tenantType);
  const admin = {
    email: body.adminEmail,
    firstName: body.adminFirstName,
    lastName: body.adminLastName,
    roleId: Role.Admin,
  };
  // SECURITY 19: one audit row for the request, naming the tenant and the admin it invites.
  const { user, mail } = await inviteUser(tx, acting, clock, admin, origin, { audit: false });
  // Issue 21: the tenant starts from the platform's default case configurations (Case Configuration tab),
  // named in the one audit row below.
  const configuration = await startTenantConfiguration(tx, acting, storage, body.tenantType, { audit: false });
  await recordAudit(tx, acting, {
    entity: 'tenant',
    entityId: tenantId,
    action: 'create',
    after: { name: body.name, tenantType: body.tenantType, admin: { ...admin, userId: user._id }, configuration },
  });
  return { tenant: (await findTenantItem(tx, tenantId)) as TenantListItem, mail };
};

/** Suspend or reactivate, in the tenant's scope (roles 1 act on it, D-02). Its sessions end at their next request. */
export const setTenantStatus = async (tx: Tx, ctx: RequestContext, clock: Clock, body: TenantStatusBody) => {
  const before = await findTenantItem(tx, body.tenantId);
  if (!before) throw notFound('Tenant');
  const status = body.active ? 'active' : 'suspended';
  await updateTenantStatus(tx, body.tenantId, status, clock());
  await recordAudit(tx, ctx, {
    entity: 'tenant',
    entityId: body.tenantId,
    action: body.active ? 'reactivate' : 'suspend',
    before: { status: before.status },
    after: { status },
  });
  return (await findTenantItem(tx, body.tenantId)) as TenantListItem;
};

/** Suspended: sweep its users' sessions now (loadPrincipal refuses them already). */
export const endTenantSessions = (db: Db, tenantId: string) =>
  inSystemTx(db, (tx) => deleteSessionsOfTenant(tx, tenantId));

/**
 * D-01, issue 15: where the tenant's first-time setup stands, judged from its data on every call. Issue 38
 * finding 6: the Case Configuration step also says what is on so far, how much of it the platform's defaults
 * set, and what is left (a new tenant's step is done by those defaults before anyone in the firm looked).
 */
export const readSetupProgress = async (tx: Executor, tenantId: string): Promise<SetupProgress> => {
  const [facts, caseConfiguration] = await Promise.all([
    readSetupFacts(tx, tenantId),
    readCaseConfigurationState(tx, tenantId),
  ]);
  return setupProgress('basic-settings', facts, { questionnarie: caseConfigurationNote(caseConfiguration) });
};
