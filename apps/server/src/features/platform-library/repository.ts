import { type Executor, schema } from '@caseport/db/client';
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { likePattern } from '../../platform/list';

const pf = schema.platformForms;
const pe = schema.platformFormEditions;
const pcc = schema.platformCaseConfigs;
const pcpf = schema.petitionConfigPlatformForms;
const cfe = schema.caseFormEditions;
const pt = schema.petitionTypes;
const st = schema.petitionSubTypes;
const tenants = schema.tenants;
const qt = schema.platformQuestionnaireTemplates;
const qv = schema.publishedQuestionnaireVersions;

/** Library entries with the tenant a shared letter came from (its name only where the caller may read it). */
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

export const findForm = async (tx: Executor, id: string) => {
  const [row] = await tx.select().from(pf).where(eq(pf.id, id));
  return row ?? null;
};

export const findFormByNumber = async (tx: Executor, formNumber: string) => {
  const [row] = await tx.select({ id: pf.id }).from(pf).where(sql`upper(${pf.formNumber}) = upper(${formNumber})`);
  return row ?? null;
};

type FormValues = Omit<typeof pf.$inferInsert, 'id' | 'createdOn'>;
export const insertForm = async (tx: Executor, values: FormValues) => {
  const [row] = await tx.insert(pf).values(values).returning({ id: pf.id });
  return row!.id;
};
export const updateForm = (tx: Executor, id: string, values: Partial<FormValues>) =>
  tx.update(pf).set(values).where(eq(pf.id, id));

export const insertEdition = async (tx: Executor, values: typeof pe.$inferInsert) => {
  const [row] = await tx.insert(pe).values(values).returning({ id: pe.id });
  return row!.id;
};

export const findEditionByDate = async (tx: Executor, formId: string, editionDate: string) => {
  const [row] = await tx
    .select({ id: pe.id })
    .from(pe)
    .where(and(eq(pe.formId, formId), eq(pe.editionDate, editionDate)));
  return row ?? null;
};

/** The current (newest) edition of a form with its document. */
export const currentEdition = async (tx: Executor, formId: string) => {
  const [row] = await tx.select().from(pe).where(eq(pe.formId, formId)).orderBy(desc(pe.editionDate)).limit(1);
  return row ?? null;
};

export const existingTenant = async (tx: Executor, id: string) => {
  const [row] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, id));
  return row ?? null;
};

// Catalogue -------------------------------------------------------------------------------------------------

export const catalogueTypes = (tx: Executor) => tx.select().from(pt).orderBy(asc(pt.id));
export const catalogueSubTypes = (tx: Executor) => tx.select().from(st).orderBy(asc(st.id));
export const findType = async (tx: Executor, id: number) => {
  const [row] = await tx.select().from(pt).where(eq(pt.id, id));
  return row ?? null;
};
export const findSubType = async (tx: Executor, id: number) => {
  const [row] = await tx.select().from(st).where(eq(st.id, id));
  return row ?? null;
};
export const typeCodeTaken = async (tx: Executor, code: string, exceptId?: number) => {
  const rows = await tx.select({ id: pt.id }).from(pt).where(sql`upper(${pt.code}) = upper(${code})`);
  return rows.some((r) => r.id !== exceptId);
};
export const subTypeCodeTaken = async (tx: Executor, code: string, exceptId?: number) => {
  const rows = await tx.select({ id: st.id }).from(st).where(sql`upper(${st.code}) = upper(${code})`);
  return rows.some((r) => r.id !== exceptId);
};
/** Master-data ids are integers without a sequence (the seed's ids); a new row takes the next one. */
export const nextTypeId = async (tx: Executor) => {
  const [row] = await tx.select({ n: sql<number>`coalesce(max(${pt.id}), 0)::int + 1` }).from(pt);
  return row!.n;
};
export const nextSubTypeId = async (tx: Executor) => {
  const [row] = await tx.select({ n: sql<number>`coalesce(max(${st.id}), 0)::int + 1` }).from(st);
  return row!.n;
};
export const insertType = (tx: Executor, values: typeof pt.$inferInsert) => tx.insert(pt).values(values);
export const updateType = (tx: Executor, id: number, values: Partial<typeof pt.$inferInsert>) =>
  tx.update(pt).set(values).where(eq(pt.id, id));
export const insertSubType = (tx: Executor, values: typeof st.$inferInsert) => tx.insert(st).values(values);
export const updateSubType = (tx: Executor, id: number, values: Partial<typeof st.$inferInsert>) =>
  tx.update(st).set(values).where(eq(st.id, id));

// Platform default configurations --------------------------------------------------------------------------

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

/** The platform's questionnaires with a published version, and the latest one (what a configuration picks). */
export const publishedQuestionnaires = (tx: Executor) =>
  tx
    .select({ _id: qt.id, name: qt.name, entityType: qt.entityType, version: sql<number>`max(${qv.version})::int` })
    .from(qt)
    .innerJoin(qv, and(eq(qv.questionnaireId, qt.id), eq(qv.status, 'published')))
    .where(isNull(qt.tenantId))
    .groupBy(qt.id, qt.name, qt.entityType)
    .orderBy(asc(qt.name), asc(qt.id));
export const findPlatformConfig = async (tx: Executor, subTypeId: number) => {
  const [row] = await tx.select().from(pcc).where(eq(pcc.subTypeId, subTypeId));
  return row ?? null;
};
export const upsertPlatformConfig = (tx: Executor, values: typeof pcc.$inferInsert) =>
  tx
    .insert(pcc)
    .values(values)
    .onConflictDoUpdate({
      target: pcc.subTypeId,
      set: {
        typeId: values.typeId,
        questionnaireId: values.questionnaireId,
        linkDefaultWorkflow: values.linkDefaultWorkflow,
        formIds: values.formIds,
        updatedBy: values.updatedBy,
        updatedOn: values.updatedOn,
      },
    });
export const deletePlatformConfig = (tx: Executor, subTypeId: number) =>
  tx.delete(pcc).where(eq(pcc.subTypeId, subTypeId));

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

/** Records the current edition of each of the configuration's platform forms on a case being opened. */
export const recordCaseEditions = (tx: Executor, tenantId: string, caseId: string, configId: string) =>
  tx.execute(sql`
    insert into ${cfe} (tenant_id, case_id, form_id, edition_id)
    select ${tenantId}::uuid, ${caseId}::uuid, l.form_id, e.id
    from ${pcpf} l
    join lateral (
      select id from ${pe} where ${pe.formId} = l.form_id order by ${pe.editionDate} desc limit 1
    ) e on true
    where l.tenant_id = ${tenantId} and l.config_id = ${configId}
    on conflict do nothing`);

export const caseEditions = (tx: Executor, tenantId: string, caseId: string) =>
  tx
    .select({
      formId: cfe.formId,
      formNumber: pf.formNumber,
      title: pf.title,
      editionId: cfe.editionId,
      editionDate: pe.editionDate,
    })
    .from(cfe)
    .innerJoin(pf, eq(pf.id, cfe.formId))
    .innerJoin(pe, eq(pe.id, cfe.editionId))
    .where(and(eq(cfe.tenantId, tenantId), eq(cfe.caseId, caseId)))
    .orderBy(asc(pf.formNumber), asc(pf.title));

/** A case with the questionnaire version it was opened with (null when its configuration had none). */
export const findCaseQuestionnaire = async (tx: Executor, tenantId: string, caseId: string) => {
  const c = schema.cases;
  const [row] = await tx
    .select({ caseNumber: c.caseNumber, questionnaireId: qv.questionnaireId, name: qv.name, version: qv.version })
    .from(c)
    .leftJoin(qv, eq(qv.id, c.questionnaireVersionId))
    .where(and(eq(c.tenantId, tenantId), eq(c.id, caseId)));
  return row ?? null;
};
