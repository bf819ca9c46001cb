import type { Executor, Tx } from '@caseport/db/client';
import {
  BRANCH_MANAGER_ROLE,
  type BranchCreateBody,
  type BranchListBody,
  type BranchUpdateBody,
  BRANCH_MESSAGES as M,
} from '@caseport/domain/branches/contracts';
import { resolveAddress } from '../../platform/address';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { withUniqueAs } from '../../platform/db-errors';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { branchScopeOf } from '../../platform/users';
import * as repo from './repository';

const nameTaken = () => fieldError('name', M.nameTaken);
/** The insert's or update's race with a concurrent branch of the same name. */
export const asNameTaken = <T>(fn: () => Promise<T>) => withUniqueAs(nameTaken, fn);

const onlyAdmin = () => new AppError('FORBIDDEN', M.onlyAdmin);

export const listBranches = async (tx: Executor, ctx: RequestContext, q: BranchListBody) =>
  repo.listBranches(tx, ctx.tenantId as string, q, await branchScopeOf(tx, ctx));

/** A branch the caller may see: their tenant's (another tenant's: 404, RLS); a branch manager's own only. */
const visibleBranch = async (tx: Executor, ctx: RequestContext, branchId: string) => {
  const scope = await branchScopeOf(tx, ctx);
  const branch =
    scope === undefined || scope === branchId ? await repo.findBranch(tx, ctx.tenantId as string, branchId) : null;
  if (!branch) throw notFound('Branch');
  return branch;
};
export const branchDetails = visibleBranch;

/** The manager, if named, must be an active Branch Manager (role 4) of the tenant. */
const checkManager = async (tx: Tx, tenantId: string, managerId: string | null) => {
  if (!managerId) return;
  const user = await repo.findManager(tx, tenantId, managerId);
  if (!user || user.roleId !== BRANCH_MANAGER_ROLE || !user.isActive) throw fieldError('managerId', M.managerRole);
};

const valuesOf = async (tx: Tx, body: BranchCreateBody) => ({
  name: body.name,
  address: await resolveAddress(tx, 'address', body.address),
  phone: body.phone,
  managerId: body.managerId,
});

/** The manager works in the branch they manage, and manages no other. */
const seatManager = async (tx: Tx, tenantId: string, managerId: string | null, branchId: string, now: Date) => {
  if (!managerId) return;
  await repo.moveUserTo(tx, tenantId, managerId, branchId, now);
  await repo.clearManagerElsewhere(tx, tenantId, managerId, branchId);
};

/** Only the tenant's administrator creates branches (a branch manager runs their own). */
export const createBranch = async (tx: Tx, ctx: RequestContext, clock: Clock, body: BranchCreateBody) => {
  if (ctx.principal.roleId === BRANCH_MANAGER_ROLE) throw onlyAdmin();
  const tenantId = ctx.tenantId as string;
  await checkManager(tx, tenantId, body.managerId);
  const values = await valuesOf(tx, body);
  const branchId = await repo.insertBranch(tx, tenantId, values);
  await seatManager(tx, tenantId, values.managerId, branchId, clock());
  await recordAudit(tx, ctx, { entity: 'branch', entityId: branchId, action: 'create', after: body });
  return (await repo.findBranch(tx, tenantId, branchId)) as NonNullable<Awaited<ReturnType<typeof repo.findBranch>>>;
};

/** The administrator changes any branch; a branch manager their own, but not who manages it. */
export const updateBranch = async (tx: Tx, ctx: RequestContext, clock: Clock, body: BranchUpdateBody) => {
  const before = await visibleBranch(tx, ctx, body.branchId);
  if (ctx.principal.roleId === BRANCH_MANAGER_ROLE && body.managerId !== before.managerId) throw onlyAdmin();
  const tenantId = ctx.tenantId as string;
  await checkManager(tx, tenantId, body.managerId);
  const { branchId, ...rest } = body;
  const values = await valuesOf(tx, rest);
  await repo.updateBranch(tx, tenantId, branchId, values, clock());
  await seatManager(tx, tenantId, values.managerId, branchId, clock());
  await recordAudit(tx, ctx, {
    entity: 'branch',
    entityId: branchId,
    action: 'update',
    before: { name: before.name, address: before.address, phone: before.phone, managerId: before.managerId },
    after: rest,
  });
  return (await repo.findBranch(tx, tenantId, branchId)) as NonNullable<Awaited<ReturnType<typeof repo.findBranch>>>;
};
