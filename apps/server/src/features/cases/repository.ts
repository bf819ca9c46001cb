import { type Executor, schema } from '@caseport/db/client';
import { customCodeScope } from '@caseport/domain/case-codes/contracts';
import type { CaseListBody } from '@caseport/domain/cases/contracts';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditOfCase, auditPage, auditScopesOf } from '../../platform/audit-rows';
import { cappedCount, growingOrder, growingWindowOf, seekKeyOf, toGrowingPage } from '../../platform/growing-list';
import { containsText, orderByOf } from '../../platform/list';

const k = schema.cases;
const counters = schema.caseIdCounters;
const st = schema.petitionSubTypes;
const pt = schema.petitionTypes;
const t = schema.tenants;

/** @platformScope case types and sub-types are master data, the same for every tenant. */
export const findSubType = async (tx: Executor, subTypeId: number) => {
  const [row] = await tx
    .select({
      id: st.id,
      name: st.name,
      code: st.code,
      typeId: pt.id,
      typeName: pt.name,
      typeCode: pt.code,
      category: pt.category,
    })
    .from(st)
    .innerJoin(pt, eq(pt.id, st.petitionTypeId))
    .where(eq(st.id, subTypeId));
  return row ?? null;
};

/** The case-code configuration numbering a sub-type in the tenant (at most one, R-CASECODE-025). */
export const findNumberingConfig = async (tx: Executor, tenantId: string, subTypeId: number) => {
  const c = schema.caseIdConfigs;
  const cs = schema.caseIdConfigSubTypes;
  const [row] = await tx
    .select({ id: c.id, parts: c.parts, sNoStartsFrom: c.sNoStartsFrom, resetIdBy: c.resetIdBy })
    .from(cs)
    .innerJoin(c, and(eq(c.id, cs.configId), eq(c.tenantId, cs.tenantId)))
    .where(and(eq(cs.tenantId, tenantId), eq(cs.subTypeId, subTypeId)));
  return row ?? null;
};

/** D-23: the tenant's custom codes for a case type and sub-type, when it set them. */
export const findCustomCodes = async (tx: Executor, tenantId: string, typeId: number, subTypeId: number) => {
  const codes = schema.caseNumberCodes;
  const rows = await tx
    .select({ scope: codes.scope, code: codes.code })
    .from(codes)
    .where(
      and(
        eq(codes.tenantId, tenantId),
        inArray(codes.scope, [customCodeScope(typeId, null), customCodeScope(typeId, subTypeId)]),
      ),
    );
  const of = (scope: string) => rows.find((r) => r.scope === scope)?.code ?? null;
  return { typeCode: of(customCodeScope(typeId, null)), subTypeCode: of(customCodeScope(typeId, subTypeId)) };
};

/** Whether the tenant files this case type and sub-type (both switched on in Case Configuration). */
export const isSubTypeEnabled = async (tx: Executor, tenantId: string, typeId: number, subTypeId: number) => {
  const types = schema.tenantCaseTypes;
  const subs = schema.tenantCaseSubTypes;
  const [row] = await tx
    .select({ on: subs.selected })
    .from(subs)
    .innerJoin(types, and(eq(types.tenantId, subs.tenantId), eq(types.typeId, typeId), eq(types.selected, true)))
    .where(and(eq(subs.tenantId, tenantId), eq(subs.subTypeId, subTypeId), eq(subs.selected, true)));
  return !!row;
};

/** What a new case links (issue 5): the sub-type's active configuration and its workflow (sub-type link first,
 *  else the case type's). This is what makes LINKED_WITH_PETITION real. */
export const findCaseLinks = async (tx: Executor, tenantId: string, typeId: number, subTypeId: number) => {
  const pc = schema.petitionConfigs;
  const wc = schema.workflowConfigs;
  const qv = schema.publishedQuestionnaireVersions;
  // Issue 21: the configuration's questionnaire in its latest published version; a later publish leaves the
  // case on this one.
  const [config] = await tx
    .select({
      id: pc.id,
      questionnaireVersionId: sql<string | null>`(select ${qv.id} from ${qv}
        where ${qv.questionnaireId} = ${pc.questionnaireTplId} and ${qv.status} = 'published'
        order by ${qv.version} desc limit 1)`,
    })
    .from(pc)
    .where(and(eq(pc.tenantId, tenantId), eq(pc.subTypeId, subTypeId), eq(pc.active, true)));
  const links = await tx
    .select({ workflowId: wc.workflowId, subTypeId: wc.petitionSubTypeId })
    .from(wc)
    .where(and(eq(wc.tenantId, tenantId), eq(wc.petitionTypeId, typeId), eq(wc.active, true)));
  const link = links.find((l) => l.subTypeId === subTypeId) ?? links.find((l) => l.subTypeId === null);
  return {
    petitionConfigId: config?.id ?? null,
    questionnaireVersionId: config?.questionnaireVersionId ?? null,
    workflowId: link?.workflowId ?? null,
  };
};

export const findTenantForNumbering = async (tx: Executor, tenantId: string) => {
  const [row] = await tx.select({ name: t.name, idPrefix: t.idPrefix }).from(t).where(eq(t.id, tenantId));
  return row ?? null;
};

/**
 * D-17: the next serial of a group, taken inside the case's transaction. The upsert locks the counter row
 * until the transaction ends, so concurrent cases of the group queue behind it (no repeats), and a case
 * that rolls back returns its serial (no gaps). A new period restarts at `start`.
 */
export const nextSerial = async (
  tx: Executor,
  tenantId: string,
  scope: string,
  period: string,
  start: number,
): Promise<number> => {
  const [row] = await tx
    .insert(counters)
    .values({ tenantId, scope, period, lastSerial: start })
    .onConflictDoUpdate({
      target: [counters.tenantId, counters.scope],
      set: {
        lastSerial: sql`case when ${counters.period} = excluded.period then ${counters.lastSerial} + 1 else excluded.last_serial end`,
        period: sql`excluded.period`,
        updatedOn: sql`now()`,
      },
    })
    .returning({ serial: counters.lastSerial });
  return (row as { serial: number }).serial;
};

export const isCaseNumberTaken = async (tx: Executor, tenantId: string, caseNumber: string) =>
  (
    await tx
      .select({ id: k.id })
      .from(k)
      .where(and(eq(k.tenantId, tenantId), eq(k.caseNumber, caseNumber)))
      .limit(1)
  ).length > 0;

/** The highest serial among the tenant's numbers `<prefix><digits>` (the serial is always the last part). */
export const highestSerialWithPrefix = async (tx: Executor, tenantId: string, prefix: string) => {
  const [row] = await tx
    .select({ n: sql<string | null>`max(substring(${k.caseNumber} from ${prefix.length + 1}::int)::bigint)::text` })
    .from(k)
    .where(
      and(
        eq(k.tenantId, tenantId),
        sql`left(${k.caseNumber}, ${prefix.length}::int) = ${prefix}::text`,
        sql`substring(${k.caseNumber} from ${prefix.length + 1}::int) ~ '^[0-9]{1,15}$'`,
      ),
    );
  return row?.n == null ? 0 : Number(row.n);
};

/** Moves a counter on to `serial` (never back) and answers the serial to use. */
export const advanceSerialTo = async (tx: Executor, tenantId: string, scope: string, serial: number) => {
  const [row] = await tx
    .update(counters)
    .set({ lastSerial: sql`greatest(${counters.lastSerial}, ${serial})`, updatedOn: sql`now()` })
    .where(and(eq(counters.tenantId, tenantId), eq(counters.scope, scope)))
    .returning({ serial: counters.lastSerial });
  return (row as { serial: number }).serial;
};

export const insertCase = async (tx: Executor, tenantId: string, values: Omit<typeof k.$inferInsert, 'tenantId'>) => {
  const [row] = await tx
    .insert(k)
    .values({ ...values, tenantId })
    .returning({ id: k.id, createdOn: k.createdOn });
  return row as { id: string; createdOn: Date };
};

const owner = alias(schema.users, 'owner');
const listColumns = {
  _id: k.id,
  caseNumber: k.caseNumber,
  typeId: k.typeId,
  typeName: pt.name,
  subTypeId: k.subTypeId,
  subTypeName: st.name,
  status: k.status,
  beneficiaryName: k.beneficiaryName,
  petitionerName: k.petitionerName,
  sponsorName: k.sponsorName,
  applicantName: k.applicantName,
  ownerId: k.ownerId,
  ownerName: sql<string | null>`${owner.firstName} || ' ' || ${owner.lastName}`,
  createdOn: k.createdOn,
};

/**
 * A case list's search: the case number or any name the case goes by (also My cases, my-cases-repository.ts).
 * @platformScope a WHERE fragment, not a statement: the query it joins names the tenant.
 */
export const caseSearch = (search: string | undefined) =>
  search
    ? or(
        containsText(k.caseNumber, search),
        containsText(k.beneficiaryName, search),
        containsText(k.applicantName, search),
        containsText(k.petitionerName, search),
        containsText(k.sponsorName, search),
      )
    : undefined;

export const listCases = (tx: Executor, tenantId: string, q: CaseListBody) => {
  const { rows, count, window } = caseListQueries(tx, tenantId, q);
  return toGrowingPage(tx, rows, count, window);
};

/** Newest first (the default sort) pages by the day a case was opened and its id: (tenant_id, created_on, id). */
const CASE_KEY = { sort: k.createdOn, id: k.id, idType: 'uuid' } as const;

/**
 * The two statements of a cases page, unawaited: its rows and its capped count (issue 37; EXPLAIN tests). Sorted by
 * the day opened, a move to the next or previous page reads from the key of the row it starts at (growing-list.ts);
 * sorted by case number it reads by page number.
 */
export const caseListQueries = (tx: Executor, tenantId: string, q: CaseListBody) => {
  const search = q.filters.searchString;
  const f = q.filters;
  const where = and(
    eq(k.tenantId, tenantId),
    f.subTypeIds?.length ? inArray(k.subTypeId, f.subTypeIds) : undefined,
    f.typeIds?.length ? inArray(k.typeId, f.typeIds) : undefined,
    f.statuses?.length ? inArray(k.status, f.statuses) : undefined,
    f.petitionerIds?.length ? inArray(k.petitionerId, f.petitionerIds) : undefined,
    f.ownerIds?.length ? inArray(k.ownerId, f.ownerIds) : undefined,
    caseSearch(search),
  );
  const byDay = q.sorting.path === 'createdOn';
  const window = growingWindowOf(q, byDay ? CASE_KEY : undefined);
  const rows = tx
    .select({ ...listColumns, _key: byDay ? seekKeyOf(CASE_KEY) : sql<string | null>`null` })
    .from(k)
    .innerJoin(st, eq(st.id, k.subTypeId))
    .innerJoin(pt, eq(pt.id, k.typeId))
    .leftJoin(owner, and(eq(owner.id, k.ownerId), eq(owner.tenantId, k.tenantId)))
    .where(and(where, window.seek))
    .orderBy(
      ...(byDay
        ? growingOrder(CASE_KEY, q.sorting.order, window)
        : orderByOf(
            q.sorting,
            { createdOn: k.createdOn, caseNumber: k.caseNumber },
            { path: 'createdOn', order: -1 },
            k.id,
          )),
    )
    .limit(window.limit)
    .offset(window.offset);
  // The count stops LIST_COUNT_CAP rows past the page ('more than'), read from (tenant_id, created_on, id).
  return {
    rows,
    count: cappedCount(tx, tx.select({ one: sql`1` }).from(k).where(and(where, window.countFrom)), window),
    window,
  };
};

/** One case with its type, for details and updates (another tenant's case: null). */
export const findCase = async (tx: Executor, tenantId: string, caseId: string) => {
  const [row] = await tx
    .select({
      ...listColumns,
      typeCode: pt.code,
      category: pt.category,
      closedOn: k.closedOn,
      petitionConfigId: k.petitionConfigId,
      workflowId: k.workflowId,
      questionnaireVersionId: k.questionnaireVersionId,
      petitionerId: k.petitionerId,
      beneficiaryId: k.beneficiaryId,
      sponsorId: k.sponsorId,
      facts: k.facts,
    })
    .from(k)
    .innerJoin(st, eq(st.id, k.subTypeId))
    .innerJoin(pt, eq(pt.id, k.typeId))
    .leftJoin(owner, and(eq(owner.id, k.ownerId), eq(owner.tenantId, k.tenantId)))
    .where(and(eq(k.tenantId, tenantId), eq(k.id, caseId)));
  return row ?? null;
};
export type CaseRow = NonNullable<Awaited<ReturnType<typeof findCase>>>;

export const updateCase = (
  tx: Executor,
  tenantId: string,
  caseId: string,
  set: Partial<Omit<typeof k.$inferInsert, 'tenantId' | 'id'>>,
) =>
  tx
    .update(k)
    .set(set)
    .where(and(eq(k.tenantId, tenantId), eq(k.id, caseId)));

/** A person renamed: the name columns of the cases that name them follow the record. */
export const renamePersonInCases = async (tx: Executor, tenantId: string, personId: string, name: string) => {
  await tx
    .update(k)
    .set({ beneficiaryName: name, applicantName: name })
    .where(and(eq(k.tenantId, tenantId), eq(k.beneficiaryId, personId)));
  await tx
    .update(k)
    .set({ sponsorName: name })
    .where(and(eq(k.tenantId, tenantId), eq(k.sponsorId, personId)));
};

/** The pinned workflow's and questionnaire version's names. */
export const findPinned = async (
  tx: Executor,
  tenantId: string,
  workflowId: string | null,
  questionnaireVersionId: string | null,
) => {
  const wf = schema.workflows;
  const [workflow] = workflowId
    ? await tx
        .select({ id: wf.id, name: wf.name })
        .from(wf)
        .where(and(eq(wf.tenantId, tenantId), eq(wf.id, workflowId)))
    : [];
  const [questionnaire] = questionnaireVersionId
    ? await tx
        .select({ questionnaireId: qv.questionnaireId, name: qv.name, version: qv.version })
        .from(qv)
        .where(and(or(eq(qv.tenantId, tenantId), isNull(qv.tenantId)), eq(qv.id, questionnaireVersionId)))
    : [];
  return { workflow: workflow ?? null, questionnaire: questionnaire ?? null };
};

const u = schema.users;
const userName = sql<string>`${u.firstName} || ' ' || ${u.lastName}`;

/** A user of the tenant (optionally of one role): an owner, a linked account, a role-50 petitioner. */
export const findTenantUser = async (tx: Executor, tenantId: string, userId: string, roleId?: number) => {
  const [row] = await tx
    .select({ id: u.id, name: userName, email: u.email, roleId: u.roleId })
    .from(u)
    .where(and(eq(u.tenantId, tenantId), eq(u.id, userId), roleId === undefined ? undefined : eq(u.roleId, roleId)));
  return row ?? null;
};

export const findSocCodeConfig = async (tx: Executor, tenantId: string, id: string) => {
  const soc = schema.socCodeConfigs;
  const [row] = await tx
    .select({ id: soc.id, name: soc.name })
    .from(soc)
    .where(and(eq(soc.tenantId, tenantId), eq(soc.id, id)));
  return row ?? null;
};

/** A service center the tenant sees: its own or a platform row (R-SVC-014). */
export const findVisibleServiceCenter = async (tx: Executor, tenantId: string, id: string) => {
  const sc = schema.serviceCenters;
  const [row] = await tx
    .select({ id: sc.id, name: sc.name })
    .from(sc)
    .where(and(or(isNull(sc.tenantId), eq(sc.tenantId, tenantId)), eq(sc.id, id)));
  return row ?? null;
};

/** Issue 34: the tenant's active SOC codes, for the SOC code fact. */
export const listSocCodeOptions = (tx: Executor, tenantId: string) => {
  const soc = schema.socCodeConfigs;
  return tx
    .select({ id: soc.id, name: soc.name, designation: soc.designation })
    .from(soc)
    .where(and(eq(soc.tenantId, tenantId), eq(soc.status, true)))
    .orderBy(asc(sql`lower(${soc.name})`), asc(soc.id));
};

/** Issue 34: the service centers the tenant sees (its own and the platform's, R-SVC-014). */
export const listServiceCenterOptions = (tx: Executor, tenantId: string) => {
  const sc = schema.serviceCenters;
  return tx
    .select({ id: sc.id, name: sc.name, typeName: pt.name })
    .from(sc)
    .innerJoin(pt, eq(pt.id, sc.typeId))
    .where(or(isNull(sc.tenantId), eq(sc.tenantId, tenantId)))
    .orderBy(asc(sql`lower(${sc.name})`), asc(sc.id));
};

/** Issue 34: the tenant's active users who can own cases (roles 3 and 4, those who open them). */
export const listOwnerOptions = (tx: Executor, tenantId: string) =>
  tx
    .select({ id: u.id, name: userName, roleId: u.roleId })
    .from(u)
    .where(and(eq(u.tenantId, tenantId), eq(u.isActive, true), inArray(u.roleId, [3, 4])))
    .orderBy(asc(sql`lower(${userName})`), asc(u.id));

/** Issue 34: the firm's forms and letters a (pinned) configuration names: the case's Documents checklist. */
export const listConfigLetters = (tx: Executor, tenantId: string, configId: string) => {
  const pcf = schema.petitionConfigForms;
  const fl = schema.formsAndLetters;
  return tx
    .select({ id: fl.id, name: fl.name, type: fl.type })
    .from(pcf)
    .innerJoin(fl, and(eq(fl.tenantId, pcf.tenantId), eq(fl.id, pcf.formId)))
    .where(and(eq(pcf.tenantId, tenantId), eq(pcf.configId, configId)))
    .orderBy(asc(fl.type), asc(sql`lower(${fl.name})`), asc(fl.id));
};

const ca = schema.caseAccounts;

export const listCaseAccounts = (tx: Executor, tenantId: string, caseId: string) =>
  tx
    .select({ userId: ca.userId, roleId: ca.roleId, name: userName, email: u.email })
    .from(ca)
    .innerJoin(u, eq(u.id, ca.userId))
    .where(and(eq(ca.tenantId, tenantId), eq(ca.caseId, caseId)))
    .orderBy(asc(ca.roleId), asc(ca.createdOn));

/** A link made by hand: kept when the case's petitioner changes (an automatic one linked by hand turns manual). */
export const insertCaseAccount = (tx: Executor, tenantId: string, caseId: string, userId: string, roleId: number) =>
  tx
    .insert(ca)
    .values({ tenantId, caseId, userId, roleId, automatic: false })
    .onConflictDoUpdate({ target: [ca.tenantId, ca.caseId, ca.userId, ca.roleId], set: { automatic: false } })
    .returning({ userId: ca.userId });

/** Issue 34: the petitioner's own account linked because the case names it; an existing link stays as it is. */
export const insertAutomaticAccount = (
  tx: Executor,
  tenantId: string,
  caseId: string,
  userId: string,
  roleId: number,
) =>
  tx
    .insert(ca)
    .values({ tenantId, caseId, userId, roleId, automatic: true })
    .onConflictDoNothing()
    .returning({ userId: ca.userId });

/** Removes only an automatic link (one made by hand stays). */
export const deleteAutomaticAccount = (
  tx: Executor,
  tenantId: string,
  caseId: string,
  userId: string,
  roleId: number,
) =>
  tx
    .delete(ca)
    .where(
      and(
        eq(ca.tenantId, tenantId),
        eq(ca.caseId, caseId),
        eq(ca.userId, userId),
        eq(ca.roleId, roleId),
        eq(ca.automatic, true),
      ),
    )
    .returning({ userId: ca.userId });

export const deleteCaseAccount = (tx: Executor, tenantId: string, caseId: string, userId: string, roleId: number) =>
  tx
    .delete(ca)
    .where(and(eq(ca.tenantId, tenantId), eq(ca.caseId, caseId), eq(ca.userId, userId), eq(ca.roleId, roleId)))
    .returning({ userId: ca.userId });

/** The case's audit rows (entity 'case'), in the audit list's shape. */
export const caseHistory = (
  tx: Executor,
  tenantId: string,
  caseId: string,
  q: { page: number; perpage: number; sorting: { path: string; order: 1 | -1 } },
) => auditPage(tx, auditScopesOf(tenantId), auditOfCase(caseId), q);

// A case's platform form editions and questionnaire version (issue 21): the case's own rows, read and written here
// so the cases area imports nothing of platform-library (issue 40).
const pf = schema.platformForms;
const pe = schema.platformFormEditions;
const pcpf = schema.petitionConfigPlatformForms;
const cfe = schema.caseFormEditions;
const qv = schema.publishedQuestionnaireVersions;

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
  const [row] = await tx
    .select({ caseNumber: k.caseNumber, questionnaireId: qv.questionnaireId, name: qv.name, version: qv.version })
    .from(k)
    .leftJoin(qv, eq(qv.id, k.questionnaireVersionId))
    .where(and(eq(k.tenantId, tenantId), eq(k.id, caseId)));
  return row ?? null;
};
