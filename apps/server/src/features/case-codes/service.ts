import { randomBytes } from 'node:crypto';
import type { Executor, Tx } from '@caseport/db/client';
import {
  type CaseIdConfig,
  type CaseIdConfigCreateBody,
  type CaseIdConfigItem,
  type CaseIdConfigListBody,
  type CaseIdConfigUpdateBody,
  customCodeScope,
  itemProblems,
  REQUIRED_MESSAGE,
  type SaveCustomCodeBody,
  SERIAL_START_MESSAGES,
  subTypesInTwoGroups,
} from '@caseport/domain/case-codes/contracts';
import { CODE_PART_NAMES, type CodePartId, type ResetIdBy, resetIdByFor } from '@caseport/domain/case-codes/parts';
import { CUSTOM_CODES_OFF_MESSAGE } from '@caseport/domain/case-types/contracts';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { RequestContext, TenantContext } from '../../platform/context';
import { withUniqueAs } from '../../platform/db-errors';
import { AppError, fieldError, fieldErrors, formError, notFound } from '../../platform/errors';
import { customCaseNumbersAllowed } from '../../platform/global-config';
import { filterDayZone } from '../../platform/tenant-day';
import * as repo from './repository';

const ENTITY = 'case_id_config';

const takenError = (names: string[]) =>
  new AppError(
    'DUPLICATE',
    `${names.join(', ')} already ${names.length === 1 ? 'has' : 'have'} a case code configuration`,
    [{ name: 'subTypeIds', message: 'A case subtype can belong to one configuration only' }],
  );

/** Every pattern rule of the form, re-checked here (ARCHITECTURE convention 1), with item-relative names. */
const checkItems = (
  items: readonly Pick<CaseIdConfigItem, 'config' | 'resetIdBy' | 'subTypeIds'>[],
  ctx: RequestContext,
  prefix: (i: number) => string,
) => {
  const fields = items.flatMap((item, i) =>
    itemProblems({ config: item.config.map((p) => p.id), resetIdBy: item.resetIdBy }, ctx.tenantType).map((f) => ({
      ...f,
      name: `${prefix(i)}${f.name}`,
    })),
  );
  const twice = subTypesInTwoGroups(items);
  items.forEach((item, i) => {
    if (item.subTypeIds.some((id) => twice.includes(id)))
      fields.push({ name: `${prefix(i)}subTypeIds`, message: 'A case subtype can belong to one group only' });
  });
  if (fields.length) throw fieldErrors(fields);
};

const checkSubTypesExist = async (tx: Tx, ids: number[]) => {
  const known = new Set(await repo.existingSubTypeIds(tx, ids));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw fieldError('subTypeIds', `Unknown case subtype: ${unknown.join(', ')}`);
};

const checkNotTaken = async (tx: Tx, tenantId: string, ids: number[], exceptConfigId?: string) => {
  const taken = await repo.subTypesTaken(tx, tenantId, ids, exceptConfigId);
  if (taken.length) throw takenError(taken.map((s) => s.name));
};

/** A unique-key violation: a sub-type saved into a second group by a concurrent request. */
const subTypeTaken = () => takenError(['A case subtype']);

const groupCodeOf = (item: { groupCode?: string | undefined }) =>
  item.groupCode ?? `GRP-${randomBytes(4).toString('hex').toUpperCase()}`;
const partsOf = (item: CaseIdConfigItem) => item.config.map((p) => p.id);

type Row = NonNullable<Awaited<ReturnType<typeof repo.findConfig>>>;
/** R-CASECODE-017: the wire shape. */
const toConfig = (r: Row): CaseIdConfig => ({
  _id: r._id,
  tenantId: r.tenantId,
  tenantDetails: { name: r.tenantName, customId: r.tenantCustomId },
  subTypeIds: r.subTypeDetails.map((s) => s.id),
  subTypeDetails: r.subTypeDetails,
  config: (r.parts as CodePartId[]).map((id) => ({ id, name: CODE_PART_NAMES[id] })),
  groupCode: r.groupCode,
  sNoStartsFrom: r.sNoStartsFrom,
  resetIdBy: r.resetIdBy as ResetIdBy | null,
  createdByName: r.createdByName,
  createdByRoleName: r.createdByRoleName,
  createdOn: new Date(r.createdOn).toISOString(),
  updatedOn: new Date(r.updatedOn).toISOString(),
});

/**
 * Roles 1 and 2 read every customer's configurations (Customer filter, D-02; tenantCustomId, D-05); a
 * tenant role reads its own, whatever the filters say.
 */
export const listCaseIdConfigs = async (tx: Executor, ctx: RequestContext, q: CaseIdConfigListBody) => {
  const zone = await filterDayZone(tx, ctx, q.filters.createdDateRange);
  const page = await repo.listConfigs(tx, ctx.tenantId, q, zone);
  return { list: page.list.map(toConfig), totalCount: page.totalCount };
};

/** R-CASECODE-053/054, R-CASECODE-020: role 1 names the customer; every rule re-checked; one transaction. */
export const createCaseIdConfigs = async (tx: Tx, ctx: RequestContext, clock: Clock, body: CaseIdConfigCreateBody) => {
  const tenantId = ctx.tenantId;
  if (!tenantId) throw fieldError('tenantId', REQUIRED_MESSAGE);
  checkItems(body.items, ctx, (i) => `items.${i}.`);
  const allIds = body.items.flatMap((i) => i.subTypeIds);
  await withUniqueAs(subTypeTaken, async () => {
    await checkSubTypesExist(tx, allIds);
    await checkNotTaken(tx, tenantId, allIds);
    const p = ctx.principal;
    for (const item of body.items) {
      const values = {
        groupCode: groupCodeOf(item),
        parts: partsOf(item),
        sNoStartsFrom: item.sNoStartsFrom,
        resetIdBy: resetIdByFor(partsOf(item), item.resetIdBy),
      };
      const id = await repo.insertConfig(
        tx,
        tenantId,
        { ...values, createdBy: p.userId, createdByName: `${p.firstName} ${p.lastName}`, createdByRoleId: p.roleId },
        item.subTypeIds,
        clock(),
      );
      await recordAudit(tx, ctx, {
        entity: ENTITY,
        entityId: id,
        action: 'create',
        after: { ...values, subTypeIds: item.subTypeIds },
      });
    }
  });
  return {
    message:
      body.items.length === 1
        ? 'Case code configuration created successfully'
        : 'Case code configurations created successfully',
  };
};

/** The tenant of a configuration any tenant may own (roles 1 and 2 act on it, D-02), or null. */
export const configTenantOf = async (tx: Executor, ctx: RequestContext, configId: string) =>
  (await repo.findConfig(tx, ctx.tenantId, configId))?.tenantId ?? null;

const loadOwn = async (tx: Tx, ctx: RequestContext, configId: string) => {
  const row = await repo.findConfig(tx, ctx.tenantId, configId);
  if (!row || row.tenantId !== ctx.tenantId) throw notFound('Configuration');
  return row;
};

/** R-CASECODE-012. */
export const caseIdConfigDetails = async (tx: Tx, ctx: RequestContext, configId: string) => ({
  caseIdConfig: toConfig(await loadOwn(tx, ctx, configId)),
});

/** R-CASECODE-055; SI. No. Starts From is locked once saved (R-CASECODE-044). */
export const updateCaseIdConfig = async (tx: Tx, ctx: RequestContext, clock: Clock, body: CaseIdConfigUpdateBody) => {
  checkItems([body], ctx, () => '');
  await withUniqueAs(subTypeTaken, async () => {
    const before = await loadOwn(tx, ctx, body.configId);
    if (body.sNoStartsFrom !== undefined && body.sNoStartsFrom !== before.sNoStartsFrom)
      throw fieldError('sNoStartsFrom', SERIAL_START_MESSAGES.locked);
    await checkSubTypesExist(tx, body.subTypeIds);
    await checkNotTaken(tx, before.tenantId, body.subTypeIds, body.configId);
    const values = {
      groupCode: body.groupCode ?? before.groupCode,
      parts: body.config.map((p) => p.id),
      resetIdBy: resetIdByFor(
        body.config.map((p) => p.id),
        body.resetIdBy,
      ),
    };
    await repo.updateConfig(tx, before.tenantId, body.configId, values, body.subTypeIds, clock());
    await recordAudit(tx, ctx, {
      entity: ENTITY,
      entityId: body.configId,
      action: 'update',
      before: {
        groupCode: before.groupCode,
        parts: before.parts,
        resetIdBy: before.resetIdBy,
        subTypeIds: before.subTypeDetails.map((s) => s.id),
      },
      after: { ...values, subTypeIds: body.subTypeIds },
    });
  });
  return { message: 'Case code configuration updated successfully' };
};

/** R-CASECODE-014. Cases keep the numbers they were given. */
export const deleteCaseIdConfig = async (tx: Tx, ctx: RequestContext, configId: string) => {
  const before = await loadOwn(tx, ctx, configId);
  await repo.deleteConfig(tx, before.tenantId, configId);
  await recordAudit(tx, ctx, { entity: ENTITY, entityId: configId, action: 'delete', before: toConfig(before) });
  return { message: 'Case code configuration deleted successfully' };
};

/**
 * D-23: a tenant's own code for a case type or sub-type (2-6 letters, digits, spaces, hyphens), used by
 * CASE_TYPE_CODE / CASE_SUBTYPE_CODE in new case numbers. `casenoConfigId`, when sent, must be the code
 * being edited.
 */
export const saveCustomCode = async (tx: Tx, ctx: TenantContext, clock: Clock, body: SaveCustomCodeBody) => {
  const tenantId = ctx.tenantId;
  const subTypeId = body.subTypeId ?? null;
  // D-23 (issue 38): the Reminders screen's allowCustonCaseNo, the same value the case-type list offers the popup by.
  if (!(await customCaseNumbersAllowed(tx, tenantId, ctx.tenantType))) throw formError(CUSTOM_CODES_OFF_MESSAGE);
  if (!(await repo.findSubTypeOfType(tx, body.typeId, subTypeId)))
    throw fieldError(subTypeId ? 'subTypeId' : 'typeId', 'Unknown case type or subtype');
  const scope = customCodeScope(body.typeId, subTypeId);
  const before = await repo.findCustomCode(tx, tenantId, scope);
  if (body.casenoConfigId && before?.id !== body.casenoConfigId) throw notFound('Custom code');
  const saved = await repo.upsertCustomCode(
    tx,
    tenantId,
    { scope, typeId: body.typeId, subTypeId, code: body.code },
    clock(),
  );
  await recordAudit(tx, ctx, {
    entity: 'case_number_code',
    entityId: saved.id,
    action: before ? 'update' : 'create',
    before: before ? { scope, code: before.code } : undefined,
    after: { scope, code: saved.code },
  });
  return { message: 'Custom code saved successfully', casenoConfigDetails: { _id: saved.id, code: saved.code } };
};
