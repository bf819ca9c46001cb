import type { Executor, Tx } from '@caseport/db/client';
import type { FormLetterRecord } from '@caseport/domain/letters/contracts';
import { isAvailableTo } from '@caseport/domain/platform-library/contracts';
import type { RequestContext } from '../../platform/context';
import * as repo from './repository';
import { listLibrary } from './service';

/**
 * What a tenant's case-type configuration takes from the platform library (issue 21). The case-types and
 * cases features call these; the library's own screens are in service.ts.
 */

/** The platform entries a tenant's checklist offers: active, and whose current edition has its document. */
export const offeredPlatformForms = async (tx: Executor): Promise<FormLetterRecord[]> => {
  const { list } = await listLibrary(tx, { activeOnly: true });
  return list.flatMap((f) => {
    const current = f.editions[0];
    if (!current?.document) return [];
    return [
      {
        _id: f._id,
        name: f.formNumber ? `${f.formNumber} ${f.title}` : f.title,
        type: f.kind,
        docTypeId: null,
        description: null,
        edition: current.editionDate,
        tenantId: '',
        fromTenant: false,
        caseTypeDetails: null,
        caseSubTypeDetails: null,
        docTypeDetails: { name: f.kind },
        createdOn: new Date(`${current.editionDate}T00:00:00Z`),
        document: current.document,
        prepareTemplateId: current.document.path,
        tplType: f.kind,
        library: 'platform' as const,
        caseTypeIds: f.caseTypeIds,
        caseSubTypeIds: f.caseSubTypeIds,
      },
    ];
  });
};

/** Splits a configuration's picked ids into platform entries and the tenant's own forms and letters. */
export const splitFormIds = async (tx: Executor, ids: string[]) => {
  const platform = new Set((await repo.listForms(tx, { ids })).map((f) => f.id));
  return { platform: ids.filter((id) => platform.has(id)), own: ids.filter((id) => !platform.has(id)) };
};

export { configPlatformFormIds, replaceConfigPlatformForms } from './repository';

/** The current edition's document of an offered entry, for a tenant's Download link. */
export const offeredDocument = async (tx: Executor, formId: string) => {
  const form = await repo.findForm(tx, formId);
  if (!form?.active) return null;
  const edition = await repo.currentEdition(tx, formId);
  return edition?.documentPath ? { path: edition.documentPath, name: edition.documentName ?? 'form.pdf' } : null;
};

interface TenantDefaults {
  insertConfig: (values: {
    typeId: number;
    subTypeId: number;
    questionnaireTplId: string;
    insertTo: null;
    showPetitionAlert: boolean;
    active: boolean;
  }) => Promise<string>;
}

/**
 * Applies the platform's default configurations to a tenant being created: the case types and sub-types its
 * type may use are switched on, each gets the default questionnaire and forms, and its case type is linked
 * to the tenant's default workflow where the default says so. Runs in the new tenant's scope.
 */
export const applyPlatformDefaults = async (
  tx: Tx,
  ctx: RequestContext & { tenantId: string },
  tenantType: number,
  deps: TenantDefaults,
) => {
  const configs = await repo.platformConfigs(tx);
  if (!configs.length) return 0;
  const [types, subs, published] = await Promise.all([
    repo.catalogueTypes(tx),
    repo.catalogueSubTypes(tx),
    repo.publishedQuestionnaires(tx),
  ]);
  const tenantId = ctx.tenantId;
  const workflowId = await repo.defaultWorkflowId(tx, tenantId);
  let applied = 0;
  for (const c of configs) {
    const type = types.find((t) => t.id === c.typeId);
    const sub = subs.find((s) => s.id === c.subTypeId);
    if (!type || !sub || !isAvailableTo(type, tenantType) || !isAvailableTo(sub, tenantType)) continue;
    await repo.selectCaseSubType(tx, tenantId, type.id, sub.id);
    if (c.linkDefaultWorkflow && workflowId)
      await repo.linkWorkflow(tx, tenantId, {
        workflowId,
        petitionTypeId: type.id,
        petitionSubTypeId: sub.id,
        createdBy: ctx.principal.userId,
      });
    // A questionnaire unpublished since (none today: a published version stays) leaves the sub-type unconfigured.
    const questionnaireTplId = published.find((q) => q._id === c.questionnaireId)?._id;
    if (!questionnaireTplId) continue;
    const configId = await deps.insertConfig({
      typeId: type.id,
      subTypeId: sub.id,
      questionnaireTplId,
      insertTo: null,
      showPetitionAlert: false,
      active: true,
    });
    const live = await repo.activeFormIds(tx, c.formIds);
    await repo.replaceConfigPlatformForms(tx, tenantId, configId, live);
    applied++;
  }
  return applied;
};
