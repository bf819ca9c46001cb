import { type Executor, schema } from '@caseport/db/client';
import type { AgreementListBody, ContractListBody, EsignListBody } from '@caseport/domain/templates/contracts';
import { and, count, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { containsText, orderByOf, pageWindow, toPage } from '../../platform/list';

const e = schema.esignTemplates;
const c = schema.contractTemplates;
const a = schema.agreements;
const k = schema.signDocTypes;

/** The three template tables share these columns (schema/templates.ts templateColumns). */
export type TemplateTable = typeof e | typeof c | typeof a;
/** Typed as one table so drizzle accepts the union; only the shared columns are used through it. */
const asOne = (t: TemplateTable) => t as typeof c;

/** The caller's own rows: tenant_id = tenant, or null for the platform team (RLS holds the same line). */
const ownedBy = (tenantColumn: PgColumn, tenantId: string | null): SQL =>
  tenantId ? eq(tenantColumn, tenantId) : isNull(tenantColumn);

const DOCUMENT = (t: TemplateTable) => ({
  _id: t.id,
  name: t.name,
  document: sql<{
    path: string;
    name: string;
  }>`json_build_object('path', ${t.documentPath}, 'name', ${t.documentName})`,
  createdOn: t.createdOn,
  updatedOn: t.updatedOn,
});

const NEWEST = { path: 'createdOn', order: -1 } as const;

// ---- lists: one page and its count over the same WHERE (R-ESIGN-012, R-CONTRACT-006, R-AGREE-009) ----

const esignWhere = (tenantId: string | null, title?: string, id?: string) =>
  and(
    ownedBy(e.tenantId, tenantId),
    title ? or(containsText(e.name, title), containsText(k.name, title)) : undefined,
    id ? eq(e.id, id) : undefined,
  );

export const listEsign = async (tx: Executor, tenantId: string | null, q: EsignListBody, id?: string) => {
  const where = esignWhere(tenantId, q.filters.title, id);
  const { limit, offset } = pageWindow(q);
  const rows = await tx
    .select({
      ...DOCUMENT(e),
      tplType: e.tplType,
      tplTypeName: k.name,
      prepareTemplateId: e.documentPath,
      noOfWorkLocations: sql<1 | 2 | 3>`${e.noOfWorkLocations}`,
      templateId: e.id,
    })
    .from(e)
    .innerJoin(k, eq(k.id, e.tplType))
    .where(where)
    .orderBy(
      ...orderByOf(
        q.sorting,
        {
          name: sql`lower(${e.name})`,
          tplTypeName: k.name,
          noOfWorkLocations: e.noOfWorkLocations,
          createdOn: e.createdOn,
        },
        NEWEST,
        e.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  return toPage(
    rows,
    q,
    async () => (await tx.select({ n: count() }).from(e).innerJoin(k, eq(k.id, e.tplType)).where(where))[0]?.n ?? 0,
  );
};

export const listContracts = async (tx: Executor, tenantId: string | null, q: ContractListBody, id?: string) => {
  const where = and(
    ownedBy(c.tenantId, tenantId),
    containsText(c.name, q.filters.title),
    id ? eq(c.id, id) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const rows = await tx
    .select({ ...DOCUMENT(c), templateId: c.documentPath })
    .from(c)
    .where(where)
    .orderBy(...orderByOf(q.sorting, { name: sql`lower(${c.name})`, createdOn: c.createdOn }, NEWEST, c.id))
    .limit(limit)
    .offset(offset);
  return toPage(rows, q, async () => (await tx.select({ n: count() }).from(c).where(where))[0]?.n ?? 0);
};

export const listAgreements = async (tx: Executor, tenantId: string | null, q: AgreementListBody, id?: string) => {
  const title = q.filters.title;
  const where = and(
    ownedBy(a.tenantId, tenantId),
    title ? or(containsText(a.name, title), containsText(a.serviceTypeName, title)) : undefined,
    id ? eq(a.id, id) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const rows = await tx
    .select({
      ...DOCUMENT(a),
      serviceType: a.serviceType,
      serviceTypeName: a.serviceTypeName,
      templateId: a.documentPath,
    })
    .from(a)
    .where(where)
    .orderBy(
      ...orderByOf(
        q.sorting,
        { serviceTypeName: a.serviceTypeName, name: sql`lower(${a.name})`, createdOn: a.createdOn },
        NEWEST,
        a.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  return toPage(rows, q, async () => (await tx.select({ n: count() }).from(a).where(where))[0]?.n ?? 0);
};

// ---- rows of any of the three tables ----

export const findTemplate = async (tx: Executor, table: TemplateTable, tenantId: string | null, id: string) => {
  const t = asOne(table);
  const [row] = await tx
    .select()
    .from(t)
    .where(and(ownedBy(t.tenantId, tenantId), eq(t.id, id)));
  return (row as Record<string, unknown> | undefined) ?? null;
};

/** Names are unique per tenant and list, ignoring case (a unique index holds it under races too). */
export const nameTaken = async (
  tx: Executor,
  table: TemplateTable,
  tenantId: string | null,
  name: string,
  exceptId?: string,
) => {
  const t = asOne(table);
  const [row] = await tx
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        ownedBy(t.tenantId, tenantId),
        sql`lower(${t.name}) = lower(${name})`,
        exceptId ? ne(t.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
};

export const countTemplates = async (tx: Executor, table: TemplateTable, tenantId: string | null) => {
  const t = asOne(table);
  return (await tx.select({ n: count() }).from(t).where(ownedBy(t.tenantId, tenantId)))[0]?.n ?? 0;
};

export const insertTemplate = async (tx: Executor, table: TemplateTable, values: Record<string, unknown>) => {
  const [row] = await tx
    .insert(asOne(table))
    .values(values as typeof c.$inferInsert)
    .returning({ id: asOne(table).id });
  return row!.id;
};

export const updateTemplate = async (
  tx: Executor,
  table: TemplateTable,
  tenantId: string | null,
  id: string,
  values: Record<string, unknown>,
) => {
  const t = asOne(table);
  const [row] = await tx
    .update(t)
    .set(values as Partial<typeof c.$inferInsert>)
    .where(and(ownedBy(t.tenantId, tenantId), eq(t.id, id)))
    .returning({ id: t.id });
  return row?.id ?? null;
};

export const deleteTemplate = async (tx: Executor, table: TemplateTable, tenantId: string | null, id: string) => {
  const t = asOne(table);
  const [row] = await tx
    .delete(t)
    .where(and(ownedBy(t.tenantId, tenantId), eq(t.id, id)))
    .returning({ id: t.id });
  return row?.id ?? null;
};

// ---- reference data and documents ----

export const typeName = async (tx: Executor, table: typeof k | typeof schema.agreementTypes, id: number) => {
  const [row] = await tx.select({ name: table.name }).from(table).where(eq(table.id, id));
  return row?.name ?? null;
};

/** The caller's own upload at this stored path (RLS limits files to the tenant too). */
export const findDocument = async (tx: Executor, tenantId: string | null, path: string) => {
  const f = schema.files;
  const [row] = await tx
    .select({ path: f.storedName, name: f.originalName, mimetype: f.mimetype })
    .from(f)
    .where(and(ownedBy(f.tenantId, tenantId), eq(f.storedName, path)));
  return row ?? null;
};
