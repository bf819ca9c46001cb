import { type Executor, schema } from '@caseport/db/client';
import type { MyCaseListBody } from '@caseport/domain/cases/my-cases';
import { and, asc, count, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { orderByOf, pageWindow, toPage } from '../../platform/list';
import { caseSearch } from './repository';

// Issue 35 item 1: the cases a person outside the firm is linked to (case_accounts), and what waits on them.
const k = schema.cases;
const ca = schema.caseAccounts;
const st = schema.petitionSubTypes;
const pt = schema.petitionTypes;
const t = schema.tenants;
const a = schema.caseActivities;

/** The case is linked to the user (any role). Row-level security says the same for app_party (0058). */
const linkedTo = (userId: string): SQL =>
  sql`exists (select 1 from ${ca} where ${ca.tenantId} = ${k.tenantId} and ${ca.caseId} = ${k.id} and ${ca.userId} = ${userId})`;

const columns = (userId: string) => ({
  _id: k.id,
  caseNumber: k.caseNumber,
  typeName: pt.name,
  subTypeName: st.name,
  status: k.status,
  createdOn: k.createdOn,
  closedOn: k.closedOn,
  firmName: t.name,
  beneficiaryName: k.beneficiaryName,
  applicantName: k.applicantName,
  petitionerName: k.petitionerName,
  sponsorName: k.sponsorName,
  hasPetitioner: sql<boolean>`${k.petitionerId} is not null`,
  myRoles: sql<number[]>`array(select ${ca.roleId} from ${ca} where ${ca.tenantId} = ${k.tenantId}
    and ${ca.caseId} = ${k.id} and ${ca.userId} = ${userId} order by 1)`,
});
export type MyCaseRow = NonNullable<Awaited<ReturnType<typeof findMyCase>>>;

export const listMyCases = async (tx: Executor, tenantId: string, userId: string, q: MyCaseListBody) => {
  const search = q.filters.searchString;
  const where = and(
    eq(k.tenantId, tenantId),
    linkedTo(userId),
    q.filters.statuses?.length ? inArray(k.status, q.filters.statuses) : undefined,
    caseSearch(search),
  );
  const { limit, offset } = pageWindow(q);
  const rows = tx
    .select(columns(userId))
    .from(k)
    .innerJoin(st, eq(st.id, k.subTypeId))
    .innerJoin(pt, eq(pt.id, k.typeId))
    .innerJoin(t, eq(t.id, k.tenantId))
    .where(where)
    .orderBy(
      ...orderByOf(
        q.sorting,
        { createdOn: k.createdOn, caseNumber: k.caseNumber },
        { path: 'createdOn', order: -1 },
        k.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  return toPage(rows, tx.select({ n: count() }).from(k).where(where));
};

/** One of the user's cases, or null (not linked to them, or another tenant's). */
export const findMyCase = async (tx: Executor, tenantId: string, userId: string, caseId: string) => {
  const [row] = await tx
    .select(columns(userId))
    .from(k)
    .innerJoin(st, eq(st.id, k.subTypeId))
    .innerJoin(pt, eq(pt.id, k.typeId))
    .innerJoin(t, eq(t.id, k.tenantId))
    .where(and(eq(k.tenantId, tenantId), eq(k.id, caseId), linkedTo(userId)));
  return row ?? null;
};

/** The open activities of these cases that wait on someone outside the firm (the service picks the user's). */
export const openOutsideActivities = (tx: Executor, tenantId: string, caseIds: string[]) =>
  caseIds.length === 0
    ? Promise.resolve([])
    : tx
        .select({ caseId: a.caseId, name: a.name, waitsFor: a.waitsFor })
        .from(a)
        .where(and(eq(a.tenantId, tenantId), inArray(a.caseId, caseIds), eq(a.status, 'open'), isNotNull(a.waitsFor)))
        .orderBy(asc(a.caseId), asc(a.seq));
