import type { Executor, Tx } from '@caseport/db/client';
import { isAvailableTo } from '@caseport/domain/case-types/catalogue';
import type { FormLetterRecord } from '@caseport/domain/letters/contracts';
import type { PlatformForm, PlatformFormListBody } from '@caseport/domain/platform-library/contracts';
import type { RequestContext } from './context';
import * as repo from './library-offer-repository';

/**
 * What a tenant's case-type configuration takes from the platform library (issue 21). The case-types and
 * letters features call these; the library's own screens are in features/platform-library, which reads the
 * library through listLibrary here (issue 40: a feature imports no other feature, so what they share is here).
 */

type FormRow = Awaited<ReturnType<typeof repo.listForms>>[number];
type EditionRow = Awaited<ReturnType<typeof repo.editionsOf>>[number];

const toForm = (f: FormRow, editions: EditionRow[]): PlatformForm => ({
  _id: f.id,
  kind: f.kind as PlatformForm['kind'],
  formNumber: f.formNumber,
  title: f.title,
  description: f.description,
  fromTenant: f.fromTenantId ? { _id: f.fromTenantId, name: f.fromTenantName ?? '' } : null,
  caseTypeIds: f.typeIds,
  caseSubTypeIds: f.subTypeIds,
  active: f.active,
  editions: editions
    .filter((e) => e.formId === f.id)
    .map((e) => ({
      _id: e.id,
      editionDate: e.editionDate,
      document: e.documentPath ? { path: e.documentPath, name: e.documentName ?? '' } : null,
    })),
});

/** The library with every edition, newest first (a few dozen rows: no paging). */
export const listLibrary = async (tx: Executor, filter: PlatformFormListBody & { activeOnly?: boolean }) => {
  const forms = await repo.listForms(tx, filter);
  const editions = await repo.editionsOf(
    tx,
    forms.map((f) => f.id),
  );
  const list = forms.map((f) => toForm(f, editions));
  return { list, totalCount: list.length };
};

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

export { configPlatformFormIds, replaceConfigPlatformForms } from './library-offer-repository';

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
