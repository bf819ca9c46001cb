import type { Executor, Tx } from '@caseport/db/client';
import {
  canEditServiceCenter,
  PLATFORM_CENTER_READ_ONLY_MESSAGE,
  type ServiceCenterCreateBody,
  type ServiceCenterItem,
  type ServiceCenterListBody,
  type ServiceCenterUpdateBody,
  showsPremiumProcessing,
  TENANT_CENTER_READ_ONLY_MESSAGE,
  US_COUNTRY_ID,
} from '@caseport/domain/service-centers/contracts';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { sanitizeRequiredRichText } from '../../platform/rich-text';
import { filterDayZone } from '../../platform/tenant-day';
import * as repo from './repository';

/** Rows → the spec's item (R-SVC-013, R-SVC-027): state and courier names resolved in two lookups per page. */
const toItems = async (tx: Executor, rows: repo.ServiceCenterRow[]): Promise<ServiceCenterItem[]> => {
  const states = new Map(
    (await repo.statesByIds(tx, [...new Set(rows.flatMap((r) => r.stateIds))])).map((s) => [s.id, s.name]),
  );
  const couriers = new Map((await repo.listCouriers(tx)).map((c) => [c.id, c.name]));
  return rows.map((r) => {
    const stateList = r.stateIds.filter((id) => states.has(id)).map((id) => ({ id, name: states.get(id) as string }));
    return {
      _id: r.id,
      name: r.name,
      typeId: r.typeId,
      typeDetails: { id: r.typeId, name: r.typeName },
      stateIds: r.stateIds,
      stateList,
      stateDetails: stateList.map((s) => s.name).join(', '),
      addressConfig: r.addressConfig.map((b) => ({
        courierId: b.courierId,
        courierDetails: { id: b.courierId, name: couriers.get(b.courierId) ?? '' },
        address: b.address,
      })),
      premiumProcessing: r.premiumProcessing === 'yes' ? 'yes' : 'no',
      description: r.description,
      tenantId: r.tenantId,
      createdOn: r.createdOn.toISOString(),
      updatedOn: r.updatedOn.toISOString(),
    };
  });
};

export const listServiceCenters = async (tx: Executor, ctx: RequestContext, q: ServiceCenterListBody) => {
  const zone = await filterDayZone(tx, ctx, q.filters.createdDateRange);
  const page = await repo.listServiceCenters(tx, ctx.tenantId, q, zone);
  return { list: await toItems(tx, page.list), totalCount: page.totalCount };
};

/** Checks what zod cannot (case type, US states, couriers exist) and sanitizes every address (SECURITY 14). */
const cleanBody = async (tx: Tx, body: ServiceCenterCreateBody) => {
  if (!(await repo.petitionTypeExists(tx, body.typeId))) throw fieldError('typeId', 'Case Type is required');
  const stateIds = [...new Set(body.stateIds)];
  const states = await repo.statesByIds(tx, stateIds);
  if (states.length !== stateIds.length || states.some((s) => s.countryId !== US_COUNTRY_ID)) {
    throw fieldError('stateIds', "Petitioner's Office State(s) must be states of the United States");
  }
  const courierIds = new Set((await repo.listCouriers(tx)).map((c) => c.id));
  const addressConfig = body.addressConfig.map((block, i) => {
    if (!courierIds.has(block.courierId)) throw fieldError(`addressConfig.${i}.courierId`, 'Courier is required');
    const address = sanitizeRequiredRichText(block.address);
    if (!address) throw fieldError(`addressConfig.${i}.address`, 'Address is required');
    return { courierId: block.courierId, address };
  });
  return {
    name: body.name,
    typeId: body.typeId,
    stateIds,
    addressConfig,
    // R-SVC-023: case types without Premium Processing never store 'yes'.
    premiumProcessing: showsPremiumProcessing(body.typeId) ? body.premiumProcessing : 'no',
    description: body.description?.trim() || null,
  };
};

/** R-SVC-024/025 on the server: the same rule the Edit action follows; Delete is held to it as well. */
const editableRow = async (tx: Tx, ctx: RequestContext, id: string) => {
  const row = await repo.findServiceCenter(tx, ctx.tenantId, id);
  if (!row) throw notFound('Service center');
  if (!canEditServiceCenter(row, ctx.principal.roleId)) {
    throw new AppError(
      'FORBIDDEN',
      row.tenantId === null ? PLATFORM_CENTER_READ_ONLY_MESSAGE : TENANT_CENTER_READ_ONLY_MESSAGE,
    );
  }
  return row;
};

export const createServiceCenter = async (tx: Tx, ctx: RequestContext, clock: Clock, body: ServiceCenterCreateBody) => {
  const values = await cleanBody(tx, body);
  const now = clock();
  // Roles 1 and 2 have no tenant: what they create is a platform-level center (R-SVC-014).
  const id = await repo.insertServiceCenter(tx, ctx.tenantId, {
    ...values,
    createdBy: ctx.principal.userId,
    createdOn: now,
    updatedOn: now,
  });
  await recordAudit(tx, ctx, { entity: 'service_center', entityId: id, action: 'create', after: values });
  return { message: 'Service center created successfully', serviceCenterId: id };
};

export const updateServiceCenter = async (tx: Tx, ctx: RequestContext, clock: Clock, body: ServiceCenterUpdateBody) => {
  const before = await editableRow(tx, ctx, body.serviceCenterId);
  const values = await cleanBody(tx, body);
  await repo.updateServiceCenter(tx, before.tenantId, before.id, { ...values, updatedOn: clock() });
  await recordAudit(tx, ctx, {
    entity: 'service_center',
    entityId: before.id,
    action: 'update',
    before,
    after: values,
  });
  return { message: 'Service center updated successfully' };
};

export const deleteServiceCenter = async (tx: Tx, ctx: RequestContext, serviceCenterId: string) => {
  const before = await editableRow(tx, ctx, serviceCenterId);
  await repo.deleteServiceCenter(tx, before.tenantId, before.id);
  await recordAudit(tx, ctx, { entity: 'service_center', entityId: before.id, action: 'delete', before });
  return { message: 'Service center deleted successfully' };
};

export const serviceCenterDetails = async (tx: Tx, ctx: RequestContext, serviceCenterId: string) => {
  const row = await repo.findServiceCenter(tx, ctx.tenantId, serviceCenterId);
  if (!row) throw notFound('Service center');
  const [item] = await toItems(tx, [row]);
  return { serviceCenter: item };
};
