import { type Executor, schema } from '@caseport/db/client';
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { likePattern } from './list';

/**
 * The statements behind the platform library's offer to tenants (library-offer.ts): the library entries and
 * their editions, the case-type catalogue, the platform's default configurations, and a tenant's use of them.
 * The platform-library feature reads the library, and the case-types feature the catalogue, through the same
 * statements (their repositories re-export them).
 */

const pf = schema.platformForms;
const pe = schema.platformFormEditions;
const pcc = schema.platformCaseConfigs;
const pcpf = schema.petitionConfigPlatformForms;
const pt = schema.petitionTypes;
const st = schema.petitionSubTypes;
const tenants = schema.tenants;
const qt = schema.platformQuestionnaireTemplates;
const qv = schema.publishedQuestionnaireVersions;

// The library -------------------------------------------------------------------------------------------------

/**
 * Library entries with the tenant a shared letter came from (its name only where the caller may read it).
 * @platformScope the platform library (forms, editions) is platform master data with no tenant column
 */
export const listForms = (
  tx: Executor,
  filter: { kind?: string; searchString?: string; activeOnly?: boolean; ids?: string[] } = {},
) => {
  const search = likePattern(filter.searchString);
  return tx
    .select({
      id: pf.id,
      kind: pf.kind,
      formNumber: pf.formNumber,
      title: pf.title,
      description: pf.description,
      fromTenantId: pf.fromTenantId,
      fromTenantName: tenants.name,
      typeIds: pf.typeIds,
      subTypeIds: pf.subTypeIds,
      active: pf.active,
    })
    .from(pf)
    .leftJoin(tenants, eq(tenants.id, pf.fromTenantId))
    .where(
      and(
        filter.kind ? eq(pf.kind, filter.kind) : undefined,
        filter.activeOnly ? eq(pf.active, true) : undefined,
        filter.ids ? (filter.ids.length ? inArray(pf.id, filter.ids) : sql`false`) : undefined,
        search ? or(ilike(pf.title, search), ilike(pf.formNumber, search)) : undefined,
      ),
    )
    .orderBy(asc(pf.kind), asc(sql`coalesce(${pf.formNumber}, ${pf.title})`), asc(pf.id));
};

/** @platformScope the platform library (forms, editions) is platform master data with no tenant column */
export const editionsOf = (tx: Executor, formIds: string[]) =>
  formIds.length
    ? tx
        .select({
          id: pe.id,
          formId: pe.formId,
          editionDate: pe.editionDate,
          documentPath: pe.documentPath,
          documentName: pe.documentName,
        })
        .from(pe)
        .where(inArray(pe.formId, formIds))
        .orderBy(desc(pe.editionDate))
    : Promise.resolve([]);

/** @platformScope the platform library (forms, editions) is platform master data with no tenant column */
export const findForm = async (tx: Executor, id: string) => {
  const [row] = await tx.select().from(pf).where(eq(pf.id, id));
  return row ?? null;
};

/**
 * The current (newest) edition of a form with its document.
 * @platformScope the platform library (forms, editions) is platform master data with no tenant column
 */
export const currentEdition = async (tx: Executor, formId: string) => {
  const [row] = await tx.select().from(pe).where(eq(pe.formId, formId)).orderBy(desc(pe.editionDate)).limit(1);
  return row ?? null;
};

/**
 * The active library entries among `ids`.
 * @platformScope the platform library (forms, editions) is platform master data with no tenant column
 */
export const activeFormIds = async (tx: Executor, ids: string[]) =>
  ids.length
    ? (
        await tx
          .select({ id: pf.id })
          .from(pf)
          .where(and(inArray(pf.id, ids), eq(pf.active, true)))
      ).map((r) => r.id)
    : [];

// Catalogue and platform default configurations ------------------------------------------------------------

/** @platformScope the case-type catalogue is platform master data */
export const catalogueTypes = (tx: Executor) => tx.select().from(pt).orderBy(asc(pt.id));

/** @platformScope the case-type catalogue is platform master data */
export const catalogueSubTypes = (tx: Executor) => tx.select().from(st).orderBy(asc(st.id));

/** @platformScope the case-type catalogue is platform master data */
export const findSubType = async (tx: Executor, id: number) => {
  const [row] = await tx.select().from(st).where(eq(st.id, id));
  return row ?? null;
};

/** @platformScope the platform default configurations are platform-wide rows */
export const platformConfigs = (tx: Executor) =>
  tx
    .select({
      subTypeId: pcc.subTypeId,
      typeId: pcc.typeId,
      questionnaireId: pcc.questionnaireId,
      questionnaireName: qt.name,
      linkDefaultWorkflow: pcc.linkDefaultWorkflow,
      formIds: pcc.formIds,
    })
    .from(pcc)
    .leftJoin(qt, eq(qt.id, pcc.questionnaireId));

/**
 * The platform's questionnaires with a published version, and the latest one (what a configuration picks).
 * @platformScope the platform's own questionnaires (tenant_id is null)
 */
export const publishedQuestionnaires = (tx: Executor) =>
  tx
    .select({ _id: qt.id, name: qt.name, entityType: qt.entityType, version: sql<number>`max(${qv.version})::int` })
    .from(qt)
    .innerJoin(qv, and(eq(qv.questionnaireId, qt.id), eq(qv.status, 'published')))
    .where(isNull(qt.tenantId))
    .groupBy(qt.id, qt.name, qt.entityType)
    .orderBy(asc(qt.name), asc(qt.id));

// A tenant's use of the library ---------------------------------------------------------------------------

export const configPlatformFormIds = async (tx: Executor, tenantId: string, configId: string) =>
  (
    await tx
      .select({ id: pcpf.formId })
      .from(pcpf)
      .where(and(eq(pcpf.tenantId, tenantId), eq(pcpf.configId, configId)))
  ).map((r) => r.id);

export const replaceConfigPlatformForms = async (
  tx: Executor,
  tenantId: string,
  configId: string,
  formIds: string[],
) => {
  await tx.delete(pcpf).where(and(eq(pcpf.tenantId, tenantId), eq(pcpf.configId, configId)));
  if (formIds.length) await tx.insert(pcpf).values(formIds.map((formId) => ({ tenantId, configId, formId })));
};

// A new tenant's defaults (applyPlatformDefaults, library-offer.ts) ---------------------------------------

/** The tenant's first workflow: its default one, which a default configuration may link. */
export const defaultWorkflowId = async (tx: Executor, tenantId: string) => {
  const w = schema.workflows;
  const [row] = await tx
    .select({ id: w.id })
    .from(w)
    .where(eq(w.tenantId, tenantId))
    .orderBy(asc(w.createdOn))
    .limit(1);
  return row?.id ?? null;
};

/** Switches the case type and its sub-type on for the tenant. */
export const selectCaseSubType = async (tx: Executor, tenantId: string, typeId: number, subTypeId: number) => {
  const ct = schema.tenantCaseTypes;
  const cs = schema.tenantCaseSubTypes;
  await tx
    .insert(ct)
    .values({ tenantId, typeId, selected: true })
    .onConflictDoUpdate({ target: [ct.tenantId, ct.typeId], set: { selected: true } });
  await tx
    .insert(cs)
    .values({ tenantId, subTypeId, selected: true })
    .onConflictDoUpdate({ target: [cs.tenantId, cs.subTypeId], set: { selected: true } });
};

export const linkWorkflow = (
  tx: Executor,
  tenantId: string,
  values: { workflowId: string; petitionTypeId: number; petitionSubTypeId: number; createdBy: string },
) =>
  tx
    .insert(schema.workflowConfigs)
    .values({ tenantId, ...values })
    .onConflictDoNothing();
