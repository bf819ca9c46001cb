import { type Executor, schema } from '@caseport/db/client';
import { and, asc, eq, inArray } from 'drizzle-orm';

const v = schema.filingFeeVersions;
const l = schema.filingFeeLines;
const n = schema.filingFeeNames;

/** The case types the tenant switched on (R-CASETYPE-001), with their master names. */
export const enabledCaseTypes = async (tx: Executor, tenantId: string) =>
  tx
    .select({ id: schema.petitionTypes.id, name: schema.petitionTypes.name, code: schema.petitionTypes.code })
    .from(schema.tenantCaseTypes)
    .innerJoin(schema.petitionTypes, eq(schema.petitionTypes.id, schema.tenantCaseTypes.typeId))
    .where(and(eq(schema.tenantCaseTypes.tenantId, tenantId), eq(schema.tenantCaseTypes.selected, true)))
    .orderBy(asc(schema.petitionTypes.id));

/** @platformScope the case-type catalogue is master data */
export const findCaseType = async (tx: Executor, typeId: number) => {
  const [row] = await tx
    .select({ id: schema.petitionTypes.id, name: schema.petitionTypes.name, code: schema.petitionTypes.code })
    .from(schema.petitionTypes)
    .where(eq(schema.petitionTypes.id, typeId));
  return row ?? null;
};

/** @platformScope the case-type catalogue is master data */
export const subTypesOf = async (tx: Executor, typeId: number) =>
  tx
    .select({ id: schema.petitionSubTypes.id, name: schema.petitionSubTypes.name, code: schema.petitionSubTypes.code })
    .from(schema.petitionSubTypes)
    .where(eq(schema.petitionSubTypes.petitionTypeId, typeId))
    .orderBy(asc(schema.petitionSubTypes.id));

/** A tenant's saved versions of a case type's fees, oldest first. */
export const versionsOf = async (tx: Executor, tenantId: string, typeId: number) =>
  tx
    .select({ id: v.id, effectiveFrom: v.effectiveFrom })
    .from(v)
    .where(and(eq(v.tenantId, tenantId), eq(v.typeId, typeId)))
    .orderBy(asc(v.effectiveFrom));

export const linesOf = async (tx: Executor, tenantId: string, versionId: string) =>
  tx
    .select()
    .from(l)
    .where(and(eq(l.tenantId, tenantId), eq(l.versionId, versionId)))
    .orderBy(asc(l.subTypeId), asc(l.position));

export const namesOf = async (tx: Executor, tenantId: string) =>
  tx.select({ code: n.code, name: n.name }).from(n).where(eq(n.tenantId, tenantId));

export const insertVersion = async (
  tx: Executor,
  tenantId: string,
  values: Omit<typeof v.$inferInsert, 'tenantId'>,
) => {
  const [row] = await tx
    .insert(v)
    .values({ ...values, tenantId })
    .returning({ id: v.id });
  return row!;
};

export const touchVersion = async (tx: Executor, tenantId: string, versionId: string, now: Date) => {
  await tx
    .update(v)
    .set({ updatedOn: now })
    .where(and(eq(v.tenantId, tenantId), eq(v.id, versionId)));
};

export const deleteLines = async (tx: Executor, tenantId: string, versionId: string) => {
  await tx.delete(l).where(and(eq(l.tenantId, tenantId), eq(l.versionId, versionId)));
};

export const insertLines = async (tx: Executor, tenantId: string, rows: Omit<typeof l.$inferInsert, 'tenantId'>[]) => {
  if (rows.length) await tx.insert(l).values(rows.map((row) => ({ ...row, tenantId })));
};

/** R-FEE-012: a saved rename renames every default-type line with the code, in every version and case type. */
export const renameDefaultLines = async (tx: Executor, tenantId: string, code: string, name: string) => {
  await tx
    .update(l)
    .set({ name })
    .where(and(eq(l.tenantId, tenantId), eq(l.code, code), eq(l.defType, true)));
  await tx
    .insert(n)
    .values({ tenantId, code, name })
    .onConflictDoUpdate({ target: [n.tenantId, n.code], set: { name } });
};

const caseColumns = () => {
  const c = schema.cases;
  return {
    id: c.id,
    caseNumber: c.caseNumber,
    typeId: c.typeId,
    subTypeId: c.subTypeId,
    createdOn: c.createdOn,
    facts: c.facts,
    petitionerName: c.petitionerName,
    beneficiaryName: c.beneficiaryName,
    applicantName: c.applicantName,
  };
};

/** Issue 36: the firm's name, printed at the head of a case's fee estimate. */
export const tenantNameOf = async (tx: Executor, tenantId: string) => {
  const [row] = await tx
    .select({ name: schema.tenants.name })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, tenantId));
  return row?.name ?? null;
};

export const findCase = async (tx: Executor, tenantId: string, caseId: string) => {
  const c = schema.cases;
  const [row] = await tx
    .select(caseColumns())
    .from(c)
    .where(and(eq(c.tenantId, tenantId), eq(c.id, caseId)));
  return row ?? null;
};

/** Issue 36: the tenant's open cases of a case type (a back-dated fee version may change their estimates). */
export const openCasesOfType = async (tx: Executor, tenantId: string, typeId: number) => {
  const c = schema.cases;
  return tx
    .select(caseColumns())
    .from(c)
    .where(and(eq(c.tenantId, tenantId), eq(c.typeId, typeId), eq(c.status, 'open')))
    .orderBy(asc(c.createdOn), asc(c.id));
};

/** @platformScope the case-type catalogue is master data */
export const subTypesByIds = async (tx: Executor, ids: number[]) =>
  ids.length
    ? tx
        .select({ id: schema.petitionSubTypes.id, typeId: schema.petitionSubTypes.petitionTypeId })
        .from(schema.petitionSubTypes)
        .where(inArray(schema.petitionSubTypes.id, ids))
    : [];

const ends = schema.platformFeeLineEnds;

/** @platformScope issue 36: the platform's dated fee lines' end dates are platform data */
export const datedLineEnds = async (tx: Executor): Promise<Record<string, string>> =>
  Object.fromEntries(
    (await tx.select({ code: ends.code, until: ends.until }).from(ends)).map((r) => [r.code, r.until]),
  );

/** @platformScope issue 36: written by the platform role only (0056 grants) */
export const setDatedLineEnd = async (tx: Executor, code: string, until: string, userId: string, now: Date) => {
  await tx
    .insert(ends)
    .values({ code, until, updatedBy: userId, updatedOn: now })
    .onConflictDoUpdate({ target: ends.code, set: { until, updatedBy: userId, updatedOn: now } });
};

const published = schema.platformFeeSchedules;

/** @platformScope issue 36: the fee schedule versions the platform administrator published are platform data */
export const publishedSchedules = async (tx: Executor) =>
  tx
    .select({
      id: published.id,
      effectiveFrom: published.effectiveFrom,
      source: published.source,
      changes: published.changes,
    })
    .from(published)
    .orderBy(asc(published.effectiveFrom));

/** @platformScope issue 36: written by the platform role only (0061 grants) */
export const insertPublishedSchedule = async (tx: Executor, row: typeof published.$inferInsert) => {
  const [saved] = await tx.insert(published).values(row).returning({ id: published.id });
  return saved?.id ?? null;
};

/** @platformScope issue 36: an upcoming published version withdrawn by the platform role (0061 grants) */
export const deletePublishedSchedule = async (tx: Executor, id: string) =>
  (await tx.delete(published).where(eq(published.id, id)).returning({ id: published.id })).length > 0;

/** @platformScope the case-type catalogue is master data: every sub-type with its case type's code and name */
export const feeCatalogue = async (tx: Executor) =>
  tx
    .select({
      typeCode: schema.petitionTypes.code,
      typeName: schema.petitionTypes.name,
      subTypeCode: schema.petitionSubTypes.code,
      subTypeName: schema.petitionSubTypes.name,
    })
    .from(schema.petitionSubTypes)
    .innerJoin(schema.petitionTypes, eq(schema.petitionTypes.id, schema.petitionSubTypes.petitionTypeId))
    .orderBy(asc(schema.petitionTypes.id), asc(schema.petitionSubTypes.id));

/** Issue 36: withdraws a firm version with its lines. */
export const deleteVersion = async (tx: Executor, tenantId: string, versionId: string) => {
  await deleteLines(tx, tenantId, versionId);
  await tx.delete(v).where(and(eq(v.tenantId, tenantId), eq(v.id, versionId)));
};
