import type { Executor, Tx } from '@caseport/db/client';
import { Role } from '@caseport/domain/auth/roles';
import {
  type CatalogueList,
  type CatalogueSubTypeSaveBody,
  CatalogueSubTypeSaveBodySchema,
  type CatalogueTypeSaveBody,
  CatalogueTypeSaveBodySchema,
  isAvailableTo,
} from '@caseport/domain/case-types/catalogue';
import { recordAudit } from '../../platform/audit';
import type { RequestContext } from '../../platform/context';
import { duplicateField, fieldErrors, notFound } from '../../platform/errors';
import * as repo from './repository';

// The platform's case-type catalogue (Case Types tab; issue 21, moved from platform-library by issue 40).

/** The catalogue: all of it for the platform, what the tenant's type may use for a tenant. */
export const listCatalogue = async (tx: Executor, ctx: RequestContext, search?: string): Promise<CatalogueList> => {
  const [types, subs] = await Promise.all([repo.catalogueTypes(tx), repo.catalogueSubTypes(tx)]);
  const tenantType = ctx.tenantId ? ctx.tenantType : null;
  const visible = <T extends { tenantTypes: number[]; active: boolean }>(e: T) =>
    tenantType === null || isAvailableTo(e, tenantType);
  const needle = search?.trim().toLowerCase();
  const list = types
    .filter(visible)
    .map((t) => ({
      id: t.id,
      name: t.name,
      code: t.code,
      formNumber: t.formNumber,
      category: t.category,
      tenantTypes: t.tenantTypes,
      active: t.active,
      subTypes: subs
        .filter((s) => s.petitionTypeId === t.id && visible(s))
        .map((s) => ({
          id: s.id,
          petitionTypeId: s.petitionTypeId,
          name: s.name,
          code: s.code,
          tenantTypes: s.tenantTypes,
          active: s.active,
        })),
    }))
    .filter(
      (t) =>
        !needle ||
        `${t.name} ${t.code} ${t.formNumber ?? ''}`.toLowerCase().includes(needle) ||
        t.subTypes.some((s) => `${s.name} ${s.code}`.toLowerCase().includes(needle)),
    );
  return { list, totalCount: list.length, canEdit: ctx.principal.roleId === Role.SuperAdmin };
};

const CODE_TAKEN = 'This code is already used';

export const saveCatalogueType = async (tx: Tx, ctx: RequestContext, input: CatalogueTypeSaveBody) => {
  const body = CatalogueTypeSaveBodySchema.parse(input);
  // An unknown id is 404 before any rule on the fields (D-07).
  const before = body.id ? await repo.findType(tx, body.id) : null;
  if (body.id && !before) throw notFound('Case type');
  if (await repo.typeCodeTaken(tx, body.code, body.id)) throw duplicateField('code', CODE_TAKEN);
  const values = {
    name: body.name,
    code: body.code,
    formNumber: body.formNumber || null,
    category: body.category,
    tenantTypes: [...new Set(body.tenantTypes)].sort(),
    active: body.active,
  };
  if (body.id && before) {
    await repo.updateType(tx, body.id, values);
    await recordAudit(tx, ctx, {
      entity: 'case_type',
      entityId: String(body.id),
      action: 'update',
      before,
      after: values,
    });
    return { message: 'Case type updated successfully', id: body.id };
  }
  const id = await repo.nextTypeId(tx);
  await repo.insertType(tx, { id, ...values });
  await recordAudit(tx, ctx, { entity: 'case_type', entityId: String(id), action: 'create', after: values });
  return { message: 'Case type created successfully', id };
};

export const saveCatalogueSubType = async (tx: Tx, ctx: RequestContext, input: CatalogueSubTypeSaveBody) => {
  const body = CatalogueSubTypeSaveBodySchema.parse(input);
  const parent = await repo.findType(tx, body.petitionTypeId);
  if (!parent) throw fieldErrors([{ name: 'petitionTypeId', message: 'Unknown case type' }]);
  const before = body.id ? await repo.findSubType(tx, body.id) : null;
  if (body.id && !before) throw notFound('Case subtype');
  if (await repo.subTypeCodeTaken(tx, body.code, body.id)) throw duplicateField('code', CODE_TAKEN);
  const values = {
    petitionTypeId: body.petitionTypeId,
    name: body.name,
    code: body.code,
    tenantTypes: [...new Set(body.tenantTypes)].sort(),
    active: body.active,
  };
  if (body.id && before) {
    // A sub-type stays under its case type: tenants' selections and configurations hang on the pair.
    if (before.petitionTypeId !== body.petitionTypeId)
      throw fieldErrors([{ name: 'petitionTypeId', message: 'A subtype cannot move to another case type' }]);
    await repo.updateSubType(tx, body.id, values);
    await recordAudit(tx, ctx, {
      entity: 'case_subtype',
      entityId: String(body.id),
      action: 'update',
      before,
      after: values,
    });
    return { message: 'Case subtype updated successfully', id: body.id };
  }
  const id = await repo.nextSubTypeId(tx);
  await repo.insertSubType(tx, { id, ...values });
  await recordAudit(tx, ctx, { entity: 'case_subtype', entityId: String(id), action: 'create', after: values });
  return { message: 'Case subtype created successfully', id };
};
