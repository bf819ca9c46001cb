import { type Executor, schema } from '@caseport/db/client';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { pageWindow, toPage } from '../../platform/list';

const pt = schema.petitionTypes;
const st = schema.petitionSubTypes;
const selTypes = schema.tenantCaseTypes;
const selSubs = schema.tenantCaseSubTypes;
const q = schema.platformQuestionnaireTemplates;
const pc = schema.petitionConfigs;
const pcf = schema.petitionConfigForms;
const wc = schema.workflowConfigs;
const wf = schema.workflows;
const codes = schema.caseNumberCodes;
const cases = schema.cases;
const pcpf = schema.petitionConfigPlatformForms;

/** The catalogue statements the platform library also reads live in platform/ (issue 40); the Case Types tab uses them too. */
export { catalogueSubTypes, catalogueTypes, findSubType } from '../../platform/library-offer-repository';

/** @platformScope the case-type catalogue is master data; each tenant's choices are its selections. */
export const allTypes = (tx: Executor) =>
  tx
    .select({
      id: pt.id,
      name: pt.name,
      code: pt.code,
      category: pt.category,
      tenantTypes: pt.tenantTypes,
      active: pt.active,
    })
    .from(pt)
    .orderBy(asc(pt.id));
/** @platformScope the case-type catalogue is master data; each tenant's choices are its selections. */
export const allSubTypes = (tx: Executor) =>
  tx
    .select({
      id: st.id,
      typeId: st.petitionTypeId,
      name: st.name,
      code: st.code,
      tenantTypes: st.tenantTypes,
      active: st.active,
    })
    .from(st)
    .orderBy(asc(st.id));

export const typeSelections = (tx: Executor, tenantId: string) =>
  tx.select({ id: selTypes.typeId, selected: selTypes.selected }).from(selTypes).where(eq(selTypes.tenantId, tenantId));
export const subTypeSelections = (tx: Executor, tenantId: string) =>
  tx.select({ id: selSubs.subTypeId, selected: selSubs.selected }).from(selSubs).where(eq(selSubs.tenantId, tenantId));

export const upsertTypeSelection = (tx: Executor, tenantId: string, typeId: number, selected: boolean, now: Date) =>
  tx
    .insert(selTypes)
    .values({ tenantId, typeId, selected, updatedOn: now })
    .onConflictDoUpdate({ target: [selTypes.tenantId, selTypes.typeId], set: { selected, updatedOn: now } });
export const upsertSubTypeSelection = (
  tx: Executor,
  tenantId: string,
  subTypeId: number,
  selected: boolean,
  now: Date,
) =>
  tx
    .insert(selSubs)
    .values({ tenantId, subTypeId, selected, updatedOn: now })
    .onConflictDoUpdate({ target: [selSubs.tenantId, selSubs.subTypeId], set: { selected, updatedOn: now } });

/** The active configurations with their forms and how many cases link them. */
export const activeConfigs = (tx: Executor, tenantId: string) =>
  tx
    .select({
      _id: pc.id,
      subTypeId: pc.subTypeId,
      questionnaireTplId: pc.questionnaireTplId,
      questionnaireName: q.name,
      // The tenant's own forms and letters and the platform library's entries it picked (issue 21).
      formAndLetterIds: sql<string[]>`coalesce((select array_agg(f.id order by f.id) from (
          select ${pcf.formId}::text as id from ${pcf} where ${pcf.tenantId} = ${pc.tenantId} and ${pcf.configId} = ${pc.id}
          union all
          select ${pcpf.formId}::text from ${pcpf} where ${pcpf.tenantId} = ${pc.tenantId} and ${pcpf.configId} = ${pc.id}
        ) f), '{}')`,
      linkedCases: sql<number>`(select count(*)::int from ${cases}
        where ${cases.tenantId} = ${pc.tenantId} and ${cases.petitionConfigId} = ${pc.id})`,
    })
    .from(pc)
    .innerJoin(q, eq(q.id, pc.questionnaireTplId))
    .where(and(eq(pc.tenantId, tenantId), eq(pc.active, true)));

export const workflowLinks = (tx: Executor, tenantId: string) =>
  tx
    .select({
      _id: wc.id,
      typeId: wc.petitionTypeId,
      subTypeId: wc.petitionSubTypeId,
      workflowId: wc.workflowId,
      workflowName: wf.name,
    })
    .from(wc)
    .innerJoin(wf, and(eq(wf.tenantId, wc.tenantId), eq(wf.id, wc.workflowId)))
    .where(eq(wc.tenantId, tenantId));

export const customCodes = (tx: Executor, tenantId: string) =>
  tx.select({ _id: codes.id, scope: codes.scope, code: codes.code }).from(codes).where(eq(codes.tenantId, tenantId));

export const findConfig = async (tx: Executor, tenantId: string, id: string) => {
  const [row] = await tx
    .select()
    .from(pc)
    .where(and(eq(pc.tenantId, tenantId), eq(pc.id, id)));
  return row ?? null;
};

export const findActiveConfigOf = async (tx: Executor, tenantId: string, subTypeId: number) => {
  const [row] = await tx
    .select({ id: pc.id })
    .from(pc)
    .where(and(eq(pc.tenantId, tenantId), eq(pc.subTypeId, subTypeId), eq(pc.active, true)));
  return row ?? null;
};

export const linkedCaseCount = async (tx: Executor, tenantId: string, configId: string) => {
  const [row] = await tx
    .select({ n: count() })
    .from(cases)
    .where(and(eq(cases.tenantId, tenantId), eq(cases.petitionConfigId, configId)));
  return row?.n ?? 0;
};

export const configFormIds = async (tx: Executor, tenantId: string, configId: string) =>
  (
    await tx
      .select({ id: pcf.formId })
      .from(pcf)
      .where(and(eq(pcf.tenantId, tenantId), eq(pcf.configId, configId)))
  ).map((r) => r.id);

type ConfigValues = Pick<
  typeof pc.$inferInsert,
  'typeId' | 'subTypeId' | 'questionnaireTplId' | 'insertTo' | 'showPetitionAlert' | 'active'
>;

export const insertConfig = async (tx: Executor, tenantId: string, createdBy: string, values: ConfigValues) => {
  const [row] = await tx
    .insert(pc)
    .values({ tenantId, createdBy, ...values })
    .returning({ id: pc.id });
  return row!.id;
};

export const updateConfig = (tx: Executor, tenantId: string, id: string, values: Partial<ConfigValues>, now: Date) =>
  tx
    .update(pc)
    .set({ ...values, updatedOn: now })
    .where(and(eq(pc.tenantId, tenantId), eq(pc.id, id)));

export const replaceConfigForms = async (tx: Executor, tenantId: string, configId: string, formIds: string[]) => {
  await tx.delete(pcf).where(and(eq(pcf.tenantId, tenantId), eq(pcf.configId, configId)));
  if (formIds.length) await tx.insert(pcf).values(formIds.map((formId) => ({ tenantId, configId, formId })));
};

const qv = schema.publishedQuestionnaireVersions;
/** Issue 21: a platform questionnaire with a published version (what a tenant may pick). */
const pickable = sql`${q.tenantId} is null and exists (select 1 from ${qv}
  where ${qv.questionnaireId} = ${q.id} and ${qv.status} = 'published')`;

/**
 * R-CASETYPE-009/018, issue 21: the platform's published questionnaires (their latest name).
 * @platformScope the platform's own questionnaires (tenant_id null), offered to every tenant.
 */
export const listQuestionnaires = async (tx: Executor, w: { page: number; perpage: number }, entityType?: string) => {
  const where = and(pickable, entityType ? eq(q.entityType, entityType) : undefined);
  const { limit, offset } = pageWindow(w);
  const rows = tx
    .select({ _id: q.id, name: q.name, entityType: q.entityType, tenantId: q.tenantId })
    .from(q)
    .where(where)
    .orderBy(asc(q.name), asc(q.id))
    .limit(limit)
    .offset(offset);
  return toPage(rows, tx.select({ n: count() }).from(q).where(where));
};

/** @platformScope the platform's own questionnaires (tenant_id null), offered to every tenant. */
export const isPickableQuestionnaire = async (tx: Executor, id: string) => {
  const rows = await tx
    .select({ id: q.id })
    .from(q)
    .where(and(eq(q.id, id), pickable));
  return rows.length > 0;
};

// The platform's catalogue (Case Types tab, role 1) ------------------------------------------------------------

/** @platformScope the case-type catalogue is platform master data */
export const findType = async (tx: Executor, id: number) => {
  const [row] = await tx.select().from(pt).where(eq(pt.id, id));
  return row ?? null;
};
/** @platformScope the case-type catalogue is platform master data */
export const typeCodeTaken = async (tx: Executor, code: string, exceptId?: number) => {
  const rows = await tx.select({ id: pt.id }).from(pt).where(sql`upper(${pt.code}) = upper(${code})`);
  return rows.some((r) => r.id !== exceptId);
};
/** @platformScope the case-type catalogue is platform master data */
export const subTypeCodeTaken = async (tx: Executor, code: string, exceptId?: number) => {
  const rows = await tx.select({ id: st.id }).from(st).where(sql`upper(${st.code}) = upper(${code})`);
  return rows.some((r) => r.id !== exceptId);
};
/**
 * Master-data ids are integers without a sequence (the seed's ids); a new row takes the next one.
 * @platformScope the case-type catalogue is platform master data
 */
export const nextTypeId = async (tx: Executor) => {
  const [row] = await tx.select({ n: sql<number>`coalesce(max(${pt.id}), 0)::int + 1` }).from(pt);
  return row!.n;
};
/** @platformScope the case-type catalogue is platform master data */
export const nextSubTypeId = async (tx: Executor) => {
  const [row] = await tx.select({ n: sql<number>`coalesce(max(${st.id}), 0)::int + 1` }).from(st);
  return row!.n;
};
/** @platformScope the case-type catalogue is platform master data */
export const insertType = (tx: Executor, values: typeof pt.$inferInsert) => tx.insert(pt).values(values);
/** @platformScope the case-type catalogue is platform master data */
export const updateType = (tx: Executor, id: number, values: Partial<typeof pt.$inferInsert>) =>
  tx.update(pt).set(values).where(eq(pt.id, id));
/** @platformScope the case-type catalogue is platform master data */
export const insertSubType = (tx: Executor, values: typeof st.$inferInsert) => tx.insert(st).values(values);
/** @platformScope the case-type catalogue is platform master data */
export const updateSubType = (tx: Executor, id: number, values: Partial<typeof st.$inferInsert>) =>
  tx.update(st).set(values).where(eq(st.id, id));
