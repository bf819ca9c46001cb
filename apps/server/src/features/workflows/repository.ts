import { type Executor, schema } from '@caseport/db/client';
import type { ActivityWire, WorkflowListBody } from '@caseport/domain/workflows/contracts';
import { and, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { containsText, orderByOf, pageWindow, toPage, withinDays } from '../../platform/list';

const w = schema.workflows;
const t = schema.tenants;
const links = schema.workflowConfigs;

/** `tenantId` null means the platform context of roles 1/2 (RLS opens workflows for reading only). */
const inTenant = (tenantId: string | null): SQL | undefined => (tenantId ? eq(w.tenantId, tenantId) : undefined);

const columns = {
  _id: w.id,
  name: w.name,
  tplTypeId: w.tplTypeId,
  workflowType: w.workflowType,
  assignUsersOn: w.assignUsersOn,
  manageRfeCase: w.manageRfeCase,
  showPetitionAlert: w.showPetitionAlert,
  configCompleted: w.configCompleted,
  active: w.active,
  isDefault: w.isDefault,
  tenantId: w.tenantId,
  tenantName: t.name,
  tenantType: t.type,
  createdOn: w.createdOn,
  updatedOn: w.updatedOn,
};

/** One workflow; `tenantId` null is the platform view across customers (roles 1 and 2, D-02). */
export const findWorkflow = async (tx: Executor, tenantId: string | null, workflowId: string) => {
  const [row] = await tx
    .select({ ...columns, activities: w.activities })
    .from(w)
    .innerJoin(t, eq(t.id, w.tenantId))
    .where(and(eq(w.id, workflowId), inTenant(tenantId)));
  return row ?? null;
};
export type WorkflowRow = NonNullable<Awaited<ReturnType<typeof findWorkflow>>>;

/** R-WF-060: another workflow of the tenant with this name, ignoring case. */
export const nameTaken = async (tx: Executor, tenantId: string, name: string, exceptId?: string) => {
  const [row] = await tx
    .select({ id: w.id })
    .from(w)
    .where(
      and(eq(w.tenantId, tenantId), sql`lower(${w.name}) = lower(${name})`, exceptId ? ne(w.id, exceptId) : undefined),
    )
    .limit(1);
  return !!row;
};

export interface WorkflowValues {
  name: string;
  tplTypeId: number;
  workflowType: string;
  assignUsersOn: string;
  manageRfeCase: string;
  showPetitionAlert: boolean;
  configCompleted: boolean;
  active: boolean;
  activities: ActivityWire[];
}

export const insertWorkflow = async (tx: Executor, tenantId: string, createdBy: string, values: WorkflowValues) => {
  const [row] = await tx
    .insert(w)
    .values({ ...values, tenantId, createdBy })
    .returning({ id: w.id });
  return row!.id;
};

export const updateWorkflow = (
  tx: Executor,
  tenantId: string,
  workflowId: string,
  values: Partial<WorkflowValues>,
  now: Date,
) =>
  tx
    .update(w)
    .set({ ...values, updatedOn: now })
    .where(and(eq(w.tenantId, tenantId), eq(w.id, workflowId)));

export const deleteWorkflow = (tx: Executor, tenantId: string, workflowId: string) =>
  tx.delete(w).where(and(eq(w.tenantId, tenantId), eq(w.id, workflowId)));

/** R-API-003/004: how many cases run on this workflow; update and delete refuse with LINKED_WITH_PETITION. */
export const countLinkedCases = async (tx: Executor, tenantId: string, workflowId: string): Promise<number> => {
  const c = schema.cases;
  const [row] = await tx
    .select({ n: count() })
    .from(c)
    .where(and(eq(c.tenantId, tenantId), eq(c.workflowId, workflowId)));
  return row?.n ?? 0;
};

/** Case-type links of a workflow (R-WF-075). */
export const countConfigLinks = async (tx: Executor, tenantId: string, workflowId: string) =>
  (
    await tx
      .select({ n: count() })
      .from(links)
      .where(and(eq(links.tenantId, tenantId), eq(links.workflowId, workflowId)))
  )[0]?.n ?? 0;

/** One page and the total; `tenantId` null is the platform view across customers (roles 1 and 2, D-02). */
export const listWorkflows = async (tx: Executor, tenantId: string | null, q: WorkflowListBody, zone: string) => {
  const f = q.filters;
  const oneOf = <V extends string>(
    list: V[] | undefined,
    yes: V,
    column: typeof w.active | typeof w.configCompleted,
  ) => (list && list.length === 1 ? eq(column, list[0] === yes) : undefined);
  const where = and(
    inTenant(tenantId),
    containsText(w.name, f.title),
    withinDays(w.createdOn, f.createdDateRange, zone),
    oneOf(f.activeList, 'Active', w.active),
    oneOf(f.configList, 'Complete', w.configCompleted),
    !tenantId && f.tenantIds?.length ? inArray(w.tenantId, f.tenantIds) : undefined,
  );
  const window = q.getAll ? { limit: 10_000, offset: 0 } : pageWindow(q);
  const rows = tx
    .select(columns)
    .from(w)
    .innerJoin(t, eq(t.id, w.tenantId))
    .where(where)
    .orderBy(
      ...orderByOf(
        q.sorting,
        { name: w.name, createdOn: w.createdOn, updatedOn: w.updatedOn, tplTypeId: w.tplTypeId },
        { path: 'createdOn', order: -1 },
        w.id,
      ),
    )
    .limit(window.limit)
    .offset(window.offset);
  return toPage(rows, tx.select({ n: count() }).from(w).where(where));
};

/** @platformScope case types and sub-types are master data, the same for every tenant. */
export const petitionTypeExists = async (
  tx: Executor,
  petitionTypeId: number,
  petitionSubTypeId: number | null | undefined,
) => {
  if (petitionSubTypeId) {
    const [row] = await tx
      .select({ id: schema.petitionSubTypes.id })
      .from(schema.petitionSubTypes)
      .where(
        and(
          eq(schema.petitionSubTypes.id, petitionSubTypeId),
          eq(schema.petitionSubTypes.petitionTypeId, petitionTypeId),
        ),
      );
    return !!row;
  }
  const [row] = await tx
    .select({ id: schema.petitionTypes.id })
    .from(schema.petitionTypes)
    .where(eq(schema.petitionTypes.id, petitionTypeId));
  return !!row;
};

export interface ConfigLinkValues {
  workflowId: string;
  petitionTypeId: number;
  petitionSubTypeId: number | null;
  questionnaireId: string | null;
  active: boolean;
}

export const findConfigLink = async (tx: Executor, tenantId: string, id: string) => {
  const [row] = await tx
    .select()
    .from(links)
    .where(and(eq(links.tenantId, tenantId), eq(links.id, id)));
  return row ?? null;
};

export const configLinkFor = async (
  tx: Executor,
  tenantId: string,
  petitionTypeId: number,
  petitionSubTypeId: number | null,
) => {
  const [row] = await tx
    .select({ id: links.id })
    .from(links)
    .where(
      and(
        eq(links.tenantId, tenantId),
        eq(links.petitionTypeId, petitionTypeId),
        petitionSubTypeId === null
          ? sql`${links.petitionSubTypeId} is null`
          : eq(links.petitionSubTypeId, petitionSubTypeId),
      ),
    );
  return row?.id ?? null;
};

export const insertConfigLink = async (tx: Executor, tenantId: string, createdBy: string, v: ConfigLinkValues) => {
  const [row] = await tx
    .insert(links)
    .values({ ...v, tenantId, createdBy })
    .returning({ id: links.id });
  return row!.id;
};

export const updateConfigLink = (tx: Executor, tenantId: string, id: string, v: ConfigLinkValues, now: Date) =>
  tx
    .update(links)
    .set({ ...v, updatedOn: now })
    .where(and(eq(links.tenantId, tenantId), eq(links.id, id)));
