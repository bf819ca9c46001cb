import type { Executor, Tx } from '@caseport/db/client';
import { customCodeScope } from '@caseport/domain/case-codes/contracts';
import { isAvailableTo } from '@caseport/domain/case-types/catalogue';
import {
  type CaseTypeConfig,
  LINKED_TITLE,
  type ManageSelectionBody,
  type PetitionConfigListBody,
  type PetitionConfigListResponse,
  type PetitionConfigSaveBody,
  QUESTIONNAIRE_REQUIRED_MESSAGE,
  type QuestionnaireListBody,
} from '@caseport/domain/case-types/contracts';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { RequestContext, TenantContext } from '../../platform/context';
import { withUniqueAs } from '../../platform/db-errors';
import { AppError, duplicateField, fieldError, notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/file-storage';
import { customCaseNumbersAllowed } from '../../platform/global-config';
import {
  applyPlatformDefaults,
  configPlatformFormIds,
  replaceConfigPlatformForms,
  splitFormIds,
} from '../../platform/library-offer';
import { ensureLibrary } from '../../platform/starter-library';
import * as repo from './repository';

/**
 * Issue 21: a tenant being created gets its starter library and the platform's default configurations
 * (Case Configuration tab of roles 1 and 2). Runs in the new tenant's scope.
 */
export const startTenantConfiguration = async (
  tx: Tx,
  ctx: TenantContext,
  storage: FileStorage,
  tenantType: number,
  { audit = true }: { audit?: boolean } = {},
) => {
  const library = await ensureLibrary(tx, ctx, storage, { audit });
  const applied = await applyPlatformDefaults(tx, ctx, tenantType, {
    insertConfig: (values) => repo.insertConfig(tx, ctx.tenantId, ctx.principal.userId, values),
  });
  if (applied && audit)
    await recordAudit(tx, ctx, {
      entity: 'petition_config',
      entityId: ctx.tenantId,
      action: 'create',
      after: { platformDefaults: applied },
    });
  return { library, platformDefaults: applied };
};

/** Issue 21: the catalogue entries this tenant's type may use (the platform switches them per tenant type). */
const availableCatalogue = async (tx: Executor, tenantType: number | null) => {
  const [types, subTypes] = await Promise.all([repo.allTypes(tx), repo.allSubTypes(tx)]);
  if (tenantType === null) return { types, subTypes };
  const typeIds = new Set(types.filter((t) => isAvailableTo(t, tenantType)).map((t) => t.id));
  return {
    types: types.filter((t) => typeIds.has(t.id)),
    subTypes: subTypes.filter((s) => typeIds.has(s.typeId) && isAvailableTo(s, tenantType)),
  };
};

/** R-CASETYPE-017/020, R-CASECODE-024: the case types with their sub-types and this tenant's settings. */
export const listPetitionConfigs = async (
  tx: Tx,
  ctx: RequestContext,
  storage: FileStorage,
  body: PetitionConfigListBody,
): Promise<PetitionConfigListResponse> => {
  const tenantId = ctx.tenantId;
  if (tenantId && !ctx.actingTenantId) await ensureLibrary(tx, ctx as TenantContext, storage);
  const [{ types, subTypes }, typeSel, subSel, configs, links, codes, allowCustonCaseNo] = await Promise.all([
    availableCatalogue(tx, tenantId ? ctx.tenantType : null),
    tenantId ? repo.typeSelections(tx, tenantId) : [],
    tenantId ? repo.subTypeSelections(tx, tenantId) : [],
    tenantId ? repo.activeConfigs(tx, tenantId) : [],
    tenantId ? repo.workflowLinks(tx, tenantId) : [],
    tenantId ? repo.customCodes(tx, tenantId) : [],
    tenantId && ctx.tenantType ? customCaseNumbersAllowed(tx, tenantId, ctx.tenantType) : true,
  ]);
  const f = body.filters;
  const typeOn = new Map(typeSel.map((s) => [s.id, s.selected]));
  const subOn = new Map(subSel.map((s) => [s.id, s.selected]));
  const codeOf = new Map(codes.map((c) => [c.scope, { _id: c._id, code: c.code }]));
  const onlySelected = f.activeList?.length === 1 ? f.activeList[0] : undefined;
  const keep = (selected: boolean) => onlySelected === undefined || selected === onlySelected;
  const all: CaseTypeConfig[] = types
    .filter((t) => !f.typeIds?.length || f.typeIds.includes(t.id))
    .map((t) => {
      const linkOf = (subTypeId: number) =>
        links.find((l) => l.typeId === t.id && l.subTypeId === subTypeId) ??
        links.find((l) => l.typeId === t.id && l.subTypeId === null);
      return {
        id: t.id,
        name: t.name,
        code: t.code,
        category: t.category,
        isCaseTypeSelected: typeOn.get(t.id) ?? false,
        casenoConfigDetails: codeOf.get(customCodeScope(t.id, null)) ?? null,
        subTypes: subTypes
          .filter((s) => s.typeId === t.id && (!f.subTypeIds?.length || f.subTypeIds.includes(s.id)))
          .map((s) => {
            const config = configs.find((c) => c.subTypeId === s.id);
            const link = linkOf(s.id);
            return {
              id: s.id,
              name: s.name,
              code: s.code,
              isCaseTypeSelected: subOn.get(s.id) ?? false,
              configDetails: config
                ? {
                    _id: config._id,
                    questionnaireTplId: config.questionnaireTplId,
                    questionnaireName: config.questionnaireName,
                    formAndLetterIds: config.formAndLetterIds,
                    linkedCases: config.linkedCases,
                  }
                : null,
              workflowConfigDetails: link
                ? {
                    _id: link._id,
                    workflowId: link.workflowId,
                    workflowName: link.workflowName,
                    subTypeId: link.subTypeId,
                  }
                : null,
              casenoConfigDetails: codeOf.get(customCodeScope(t.id, s.id)) ?? null,
            };
          })
          .filter((s) => keep(s.isCaseTypeSelected)),
      };
    })
    .filter((t) => keep(t.isCaseTypeSelected));
  const start = (body.page - 1) * body.perpage;
  return {
    list: all.slice(start, start + body.perpage),
    totalCount: all.length,
    allowCustonCaseNo,
  };
};

/** R-CASETYPE-004: switches case types on or off for the tenant. */
export const manageCaseTypes = async (tx: Tx, ctx: TenantContext, clock: Clock, body: ManageSelectionBody) => {
  const known = new Set((await availableCatalogue(tx, ctx.tenantType)).types.map((t) => t.id));
  const unknown = body.selList.filter((s) => !known.has(s.id)).map((s) => s.id);
  if (unknown.length) throw fieldError('selList', `Unknown case type: ${unknown.join(', ')}`);
  for (const s of body.selList) await repo.upsertTypeSelection(tx, ctx.tenantId, s.id, s.selected, clock());
  await recordAudit(tx, ctx, { entity: 'case_type_selection', action: 'update', after: body.selList });
  return { message: 'Case types updated successfully' };
};

export const SUBTYPE_PARENT_OFF = 'Enable the case type before its subtypes';

/** R-CASETYPE-005: switches sub-types; a sub-type of a case type that is off cannot be switched (R-CASETYPE-003). */
export const manageCaseSubTypes = async (tx: Tx, ctx: TenantContext, clock: Clock, body: ManageSelectionBody) => {
  const subTypes = new Map((await availableCatalogue(tx, ctx.tenantType)).subTypes.map((s) => [s.id, s]));
  const unknown = body.selList.filter((s) => !subTypes.has(s.id)).map((s) => s.id);
  if (unknown.length) throw fieldError('selList', `Unknown case subtype: ${unknown.join(', ')}`);
  const typeOn = new Map((await repo.typeSelections(tx, ctx.tenantId)).map((s) => [s.id, s.selected]));
  if (body.selList.some((s) => !typeOn.get(subTypes.get(s.id)!.typeId)))
    throw fieldError('selList', SUBTYPE_PARENT_OFF);
  for (const s of body.selList) await repo.upsertSubTypeSelection(tx, ctx.tenantId, s.id, s.selected, clock());
  await recordAudit(tx, ctx, { entity: 'case_subtype_selection', action: 'update', after: body.selList });
  return { message: 'Case subtypes updated successfully' };
};

const duplicateConfig = () => duplicateField('subTypeId', 'This case subtype already has a configuration');

/**
 * R-CASETYPE-021/022, R-API-005: saves a sub-type's configuration. A configuration linked with cases is
 * changed only with an updateAction: 'update' changes it for those cases too, 'create' keeps it for them
 * (inactive) and puts a new one in its place.
 */
export const savePetitionConfig = async (
  tx: Tx,
  ctx: TenantContext,
  storage: FileStorage,
  clock: Clock,
  mode: 'create' | 'update',
  body: PetitionConfigSaveBody,
) => {
  const formIds = [...new Set(body.formAndLetterIds)];
  return withUniqueAs(duplicateConfig, async () => {
    await ensureLibrary(tx, ctx, storage);
    // Issue 21: only a published platform questionnaire can be picked (a draft is the platform's own).
    if (!(await repo.isPickableQuestionnaire(tx, body.questionnaireTplId)))
      throw fieldError('questionnaireTplId', QUESTIONNAIRE_REQUIRED_MESSAGE);
    const tenantId = ctx.tenantId;
    const subType = (await availableCatalogue(tx, ctx.tenantType)).subTypes.find((s) => s.id === body.subTypeId);
    if (!subType || subType.typeId !== body.typeId) throw fieldError('subTypeId', 'Unknown case type or subtype');
    const typeOn = (await repo.typeSelections(tx, tenantId)).find((s) => s.id === body.typeId)?.selected;
    const subOn = (await repo.subTypeSelections(tx, tenantId)).find((s) => s.id === body.subTypeId)?.selected;
    if (!typeOn || !subOn) throw fieldError('subTypeId', 'Enable the case type and subtype before configuring it');
    const values = {
      typeId: body.typeId,
      subTypeId: body.subTypeId,
      questionnaireTplId: body.questionnaireTplId,
      insertTo: body.insertTo ?? null,
      showPetitionAlert: body.showPetitionAlert ?? false,
      active: true,
    };
    const after = { ...values, formAndLetterIds: formIds };
    // Issue 21: the checklist mixes the tenant's own forms and letters with the platform library's.
    const picked = await splitFormIds(tx, formIds);
    const replaceForms = async (configId: string) => {
      await repo.replaceConfigForms(tx, tenantId, configId, picked.own);
      await replaceConfigPlatformForms(tx, tenantId, configId, picked.platform);
    };
    const insertNew = async () => {
      const id = await repo.insertConfig(tx, tenantId, ctx.principal.userId, values);
      await replaceForms(id);
      await recordAudit(tx, ctx, { entity: 'petition_config', entityId: id, action: 'create', after });
      return { message: 'Configuration saved successfully', petitionConfigId: id };
    };
    if (mode === 'create') {
      if (await repo.findActiveConfigOf(tx, tenantId, body.subTypeId)) throw duplicateConfig();
      return insertNew();
    }
    if (!body.petitionConfigId) throw fieldError('petitionConfigId', 'petitionConfigId is required to update');
    const current = await repo.findConfig(tx, tenantId, body.petitionConfigId);
    if (!current?.active) throw notFound('Configuration');
    if (current.subTypeId !== body.subTypeId)
      throw fieldError('subTypeId', 'The configuration belongs to another case subtype');
    const linked = await repo.linkedCaseCount(tx, tenantId, current.id);
    if (linked > 0 && !body.updateAction) throw new AppError('LINKED_WITH_PETITION', LINKED_TITLE);
    const before = {
      ...current,
      formAndLetterIds: [
        ...(await repo.configFormIds(tx, tenantId, current.id)),
        ...(await configPlatformFormIds(tx, tenantId, current.id)),
      ],
    };
    if (linked > 0 && body.updateAction === 'create') {
      await repo.updateConfig(tx, tenantId, current.id, { active: false }, clock());
      await recordAudit(tx, ctx, {
        entity: 'petition_config',
        entityId: current.id,
        action: 'status',
        before: { active: true },
        after: { active: false },
      });
      return insertNew();
    }
    await repo.updateConfig(tx, tenantId, current.id, values, clock());
    await replaceForms(current.id);
    await recordAudit(tx, ctx, { entity: 'petition_config', entityId: current.id, action: 'update', before, after });
    return { message: 'Configuration updated successfully', petitionConfigId: current.id };
  });
};

/** R-CASETYPE-009/018. */
export const listQuestionnaires = async (
  tx: Tx,
  ctx: TenantContext,
  storage: FileStorage,
  q: QuestionnaireListBody,
) => {
  await ensureLibrary(tx, ctx, storage);
  return repo.listQuestionnaires(tx, q, q.filters.entityType);
};
