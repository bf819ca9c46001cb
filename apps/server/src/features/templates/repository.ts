import { type Executor, schema } from '@caseport/db/client';
import type { SortOrder } from '@caseport/domain/list/list-query';
import type { AgreementListBody, ContractListBody, EsignListBody } from '@caseport/domain/templates/contracts';
import { and, count, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { containsText, orderByOf, ownedBy, pageWindow, toPage } from '../../platform/list';

const e = schema.esignTemplates;
const c = schema.contractTemplates;
const a = schema.agreements;
const k = schema.signDocTypes;

/** The three template tables share these columns (schema/templates.ts templateColumns). */
export type TemplateTable = typeof e | typeof c | typeof a;
/** Typed as one table so drizzle accepts the union; only the shared columns are used through it. */
const asOne = (t: TemplateTable) => t as typeof c;

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

/** Every template list starts newest first (R-LIST-008); the contracts' default sort says the same. */
const NEWEST = { path: 'createdOn', order: -1 } as const;

interface TemplateListQuery<Path extends string> {
  filters: { title?: string };
  page: number;
  perpage: number;
  sorting?: { path: Path; order: SortOrder } | null;
}
interface ListSpec<Path extends string, Fields extends SelectedFields> {
  fields: Fields;
  /** filters.title matches any of these, ignoring case. */
  searchIn: (PgColumn | SQL)[];
  /** The allow-listed sort paths of the kind's contract; ties by id. */
  sortBy: Record<Path, PgColumn | SQL>;
}

/**
 * One page of a template list and its count over the same WHERE (R-ESIGN-012, R-CONTRACT-006, R-AGREE-009):
 * the caller's own rows, filters.title, or one id (the item a save answers).
 */
const listOf = async <Path extends string, Fields extends SelectedFields>(
  tx: Executor,
  table: TemplateTable,
  spec: ListSpec<Path, Fields>,
  tenantId: string | null,
  q: TemplateListQuery<Path>,
  id?: string,
) => {
  const t = asOne(table);
  const title = q.filters.title;
  const where = and(
    ownedBy(t.tenantId, tenantId),
    title ? or(...spec.searchIn.map((column) => containsText(column, title))) : undefined,
    id ? eq(t.id, id) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  // Built on the plain field map (drizzle cannot follow a generic one through the builder); typed back here.
  const rows = tx
    .select(spec.fields as SelectedFields)
    .from(t)
    .where(where)
    .orderBy(...orderByOf(q.sorting, spec.sortBy, NEWEST as { path: Path; order: SortOrder }, t.id))
    .limit(limit)
    .offset(offset) as PromiseLike<SelectResultFields<Fields>[]>;
  return toPage(rows, tx.select({ n: count() }).from(t).where(where));
};

/** The e-sign template's type name (master data sign_doc_tpl), read per row by its primary key. */
const TPL_TYPE_NAME = sql<string>`(select ${k.name} from ${k} where ${k.id} = ${e.tplType})`;

export const listEsign = (tx: Executor, tenantId: string | null, q: EsignListBody, id?: string) =>
  listOf(
    tx,
    e,
    {
      fields: {
        ...DOCUMENT(e),
        tplType: e.tplType,
        tplTypeName: TPL_TYPE_NAME,
        prepareTemplateId: e.documentPath,
        noOfWorkLocations: sql<1 | 2 | 3>`${e.noOfWorkLocations}`,
        templateId: e.id,
      },
      searchIn: [e.name, TPL_TYPE_NAME],
      sortBy: {
        name: sql`lower(${e.name})`,
        tplTypeName: TPL_TYPE_NAME,
        noOfWorkLocations: e.noOfWorkLocations,
        createdOn: e.createdOn,
      },
    },
    tenantId,
    q,
    id,
  );

export const listContracts = (tx: Executor, tenantId: string | null, q: ContractListBody, id?: string) =>
  listOf(
    tx,
    c,
    {
      fields: { ...DOCUMENT(c), templateId: c.documentPath },
      searchIn: [c.name],
      sortBy: { name: sql`lower(${c.name})`, createdOn: c.createdOn },
    },
    tenantId,
    q,
    id,
  );

export const listAgreements = (tx: Executor, tenantId: string | null, q: AgreementListBody, id?: string) =>
  listOf(
    tx,
    a,
    {
      fields: {
        ...DOCUMENT(a),
        serviceType: a.serviceType,
        serviceTypeName: a.serviceTypeName,
        templateId: a.documentPath,
      },
      searchIn: [a.name, a.serviceTypeName],
      sortBy: { serviceTypeName: a.serviceTypeName, name: sql`lower(${a.name})`, createdOn: a.createdOn },
    },
    tenantId,
    q,
    id,
  );

// ---- rows of any of the three tables ----

/** Names are unique per tenant and list, ignoring case (a unique index holds it under races too). */
export const nameTaken = async (
  tx: Executor,
  tenantId: string | null,
  table: TemplateTable,
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

export const countTemplates = async (tx: Executor, tenantId: string | null, table: TemplateTable) => {
  const t = asOne(table);
  return (await tx.select({ n: count() }).from(t).where(ownedBy(t.tenantId, tenantId)))[0]?.n ?? 0;
};

export const insertTemplate = async (
  tx: Executor,
  tenantId: string | null,
  table: TemplateTable,
  values: Record<string, unknown>,
) => {
  const [row] = await tx
    .insert(asOne(table))
    .values({ ...values, tenantId } as typeof c.$inferInsert)
    .returning({ id: asOne(table).id });
  return row!.id;
};

export const updateTemplate = async (
  tx: Executor,
  tenantId: string | null,
  table: TemplateTable,
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

export const deleteTemplate = async (tx: Executor, tenantId: string | null, table: TemplateTable, id: string) => {
  const t = asOne(table);
  const [row] = await tx
    .delete(t)
    .where(and(ownedBy(t.tenantId, tenantId), eq(t.id, id)))
    .returning({ id: t.id });
  return row?.id ?? null;
};

// ---- reference data ----

/** @platformScope e-sign and agreement types are master data */
export const typeName = async (tx: Executor, table: typeof k | typeof schema.agreementTypes, id: number) => {
  const [row] = await tx.select({ name: table.name }).from(table).where(eq(table.id, id));
  return row?.name ?? null;
};
