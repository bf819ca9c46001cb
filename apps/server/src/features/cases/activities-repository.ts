import { type Executor, schema } from '@caseport/db/client';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';

// The workflow run of a case (issue 34 item 5): its case_activities rows and what a transition reads and writes.
const k = schema.cases;
const a = schema.caseActivities;
const pt = schema.petitionTypes;
const w = schema.workflows;
const u = schema.users;
const p = schema.persons;
const ca = schema.caseAccounts;
const owner = alias(u, 'activity_owner');
const doer = alias(u, 'activity_doer');

export type ActivityRow = typeof a.$inferSelect;
export type NewActivityRow = Omit<typeof a.$inferInsert, 'tenantId' | 'caseId'>;

const caseColumns = {
  id: k.id,
  caseNumber: k.caseNumber,
  workflowId: k.workflowId,
  status: k.status,
  facts: k.facts,
  beneficiaryId: k.beneficiaryId,
  petitionerId: k.petitionerId,
  typeCategory: pt.category,
  typeCode: pt.code,
  createdOn: k.createdOn,
};

/** The case a run belongs to; `lock` takes its row for the transaction, so that a case's transitions queue. */
export const findCase = async (tx: Executor, tenantId: string, caseId: string, lock = false) => {
  const query = tx
    .select(caseColumns)
    .from(k)
    .innerJoin(pt, eq(pt.id, k.typeId))
    .where(and(eq(k.tenantId, tenantId), eq(k.id, caseId)));
  const [row] = await (lock ? query.for('update', { of: k }) : query);
  return row ?? null;
};

export type RunCase = NonNullable<Awaited<ReturnType<typeof findCase>>>;

/** The stored workflow a case pins: what the run is instantiated from. */
export const findWorkflow = async (tx: Executor, tenantId: string, workflowId: string) => {
  const [row] = await tx
    .select({
      workflowType: w.workflowType,
      manageRfeCase: w.manageRfeCase,
      assignUsersOn: w.assignUsersOn,
      activities: w.activities,
    })
    .from(w)
    .where(and(eq(w.tenantId, tenantId), eq(w.id, workflowId)));
  return row ?? null;
};

const nameOf = (t: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`nullif(trim(${t.firstName} || ' ' || ${t.lastName}), '')`;

/** The case's activities in run order, with the names of their owner and of who did them. */
export const listActivities = (tx: Executor, tenantId: string, caseId: string) =>
  tx
    .select({
      row: a,
      ownerName: nameOf(owner),
      doneByName: nameOf(doer),
    })
    .from(a)
    .leftJoin(owner, eq(owner.id, a.ownerId))
    .leftJoin(doer, eq(doer.id, a.doneBy))
    .where(and(eq(a.tenantId, tenantId), eq(a.caseId, caseId)))
    .orderBy(asc(a.seq));

export type ListedActivity = Awaited<ReturnType<typeof listActivities>>[number];

export const countActivities = async (tx: Executor, tenantId: string, caseId: string) => {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(a)
    .where(and(eq(a.tenantId, tenantId), eq(a.caseId, caseId)));
  return row?.n ?? 0;
};

export const insertActivities = (tx: Executor, tenantId: string, caseId: string, rows: NewActivityRow[]) =>
  rows.length ? tx.insert(a).values(rows.map((r) => ({ ...r, tenantId, caseId }))) : Promise.resolve();

/**
 * One row's change (a transition, a due date), only if nobody changed it since it was read (optimistic
 * concurrency): bumps the version; answers whether the row was updated.
 */
export const updateActivity = async (
  tx: Executor,
  tenantId: string,
  id: string,
  version: number,
  set: Partial<Pick<ActivityRow, 'status' | 'uscisResponses' | 'dueOn' | 'data' | 'ownerId' | 'doneBy' | 'doneOn'>>,
) => {
  const rows = await tx
    .update(a)
    .set({ ...set, version: sql`${a.version} + 1`, updatedOn: sql`now()` })
    .where(and(eq(a.tenantId, tenantId), eq(a.id, id), eq(a.version, version)))
    .returning({ id: a.id });
  return rows.length === 1;
};

/** An active user of the tenant holding the role, or null. */
export const findActiveUserOfRole = async (tx: Executor, tenantId: string, userId: string, roleId: number) => {
  const [row] = await tx
    .select({ id: u.id, name: nameOf(u) })
    .from(u)
    .where(and(eq(u.tenantId, tenantId), eq(u.id, userId), eq(u.roleId, roleId), eq(u.isActive, true)));
  return row ?? null;
};

/** Who the outside-people activities wait for on this case (issue 34 item 5; issue 35 lets them act). */
export const outsidePeople = async (
  tx: Executor,
  tenantId: string,
  c: { id: string; beneficiaryId: string | null; petitionerId: string | null },
) => {
  const [beneficiary] = c.beneficiaryId
    ? await tx
        .select({ name: sql<string>`trim(${p.givenName} || ' ' || ${p.familyName})` })
        .from(p)
        .where(and(eq(p.tenantId, tenantId), eq(p.id, c.beneficiaryId)))
    : [];
  const accounts = await tx
    .select({ roleId: ca.roleId, name: nameOf(u) })
    .from(ca)
    .innerJoin(u, eq(u.id, ca.userId))
    .where(and(eq(ca.tenantId, tenantId), eq(ca.caseId, c.id), inArray(ca.roleId, [11, 12, 50])))
    .orderBy(asc(ca.createdOn));
  const [petitioner] = c.petitionerId
    ? await tx
        .select({ name: nameOf(u) })
        .from(u)
        .where(and(eq(u.tenantId, tenantId), eq(u.id, c.petitionerId)))
    : [];
  const account = (roleId: number) => accounts.find((x) => x.roleId === roleId)?.name ?? null;
  return {
    beneficiary: beneficiary?.name ?? account(11),
    petitioner: account(50) ?? petitioner?.name ?? null,
    signatory: account(12),
  };
};

export const updateCaseFacts = (tx: Executor, tenantId: string, caseId: string, facts: Record<string, unknown>) =>
  tx
    .update(k)
    .set({ facts })
    .where(and(eq(k.tenantId, tenantId), eq(k.id, caseId)));

export const closeCase = (tx: Executor, tenantId: string, caseId: string, closedOn: Date) =>
  tx
    .update(k)
    .set({ status: 'closed', closedOn: closedOn.toISOString() })
    .where(and(eq(k.tenantId, tenantId), eq(k.id, caseId)));
