import { type Executor, schema } from '@caseport/db/client';
import type { FormLetterListBody } from '@caseport/domain/letters/contracts';
import { isValidTimeZone } from '@caseport/domain/tenants/tenant-day';
import { and, count, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { containsText, orderByOf, pageWindow, toPage, withinDays } from '../../platform/list';

const fl = schema.formsAndLetters;
const pt = schema.petitionTypes;
const st = schema.petitionSubTypes;

const CASE_TYPE_NAME = sql<string | null>`(select ${pt.name} from ${pt} where ${pt.id} = ${fl.caseTypeId})`;
const CASE_SUB_TYPE_NAME = sql<string | null>`(select ${st.name} from ${st} where ${st.id} = ${fl.caseSubTypeId})`;

/**
 * The zone of the created days (R-LETTER-012's `timezone`: the web sends the zone its dates are shown in, the
 * tenant's): a known IANA zone, else UTC — anything else is ignored.
 */
const zoneOf = (timezone: string | undefined) => (timezone && isValidTimeZone(timezone) ? timezone : 'UTC');

const SORT = {
  name: sql`lower(${fl.name})`,
  type: fl.type,
  caseTypeName: CASE_TYPE_NAME,
  createdOn: fl.createdOn,
} as const;

/**
 * One page of the tenant's forms and letters with its count (R-CASETYPE-014, R-LETTER-012..014): typeIds,
 * docTypeIds (a list without docTypeIds shows no headers once typeIds asks for letters), title over name and
 * type, the created days, or one id (the row a save answers).
 */
export const listFormLetters = (tx: Executor, tenantId: string, q: FormLetterListBody, id?: string) => {
  const f = q.filters;
  const zone = zoneOf(q.timezone);
  const headers = f.docTypeIds?.length;
  const where = and(
    eq(fl.tenantId, tenantId),
    f.typeIds?.length ? inArray(fl.type, f.typeIds) : undefined,
    headers ? inArray(fl.docTypeId, f.docTypeIds ?? []) : f.typeIds?.length ? isNull(fl.docTypeId) : undefined,
    f.title ? or(containsText(fl.name, f.title), containsText(fl.type, f.title)) : undefined,
    withinDays(fl.createdOn, f.createdDateRange, zone),
    id ? eq(fl.id, id) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const rows = tx
    .select({
      _id: fl.id,
      name: fl.name,
      type: fl.type,
      docTypeId: fl.docTypeId,
      description: fl.description,
      edition: fl.edition,
      tenantId: fl.tenantId,
      fromTenant: fl.fromTenant,
      caseTypeId: fl.caseTypeId,
      caseTypeName: CASE_TYPE_NAME,
      caseSubTypeId: fl.caseSubTypeId,
      caseSubTypeName: CASE_SUB_TYPE_NAME,
      createdOn: fl.createdOn,
      documentPath: fl.documentPath,
      documentName: fl.documentName,
    })
    .from(fl)
    .where(where)
    .orderBy(...orderByOf(q.sorting ?? { path: 'name', order: 1 }, SORT, { path: 'createdOn', order: -1 }, fl.id))
    .limit(limit)
    .offset(offset);
  return toPage(rows, tx.select({ n: count() }).from(fl).where(where));
};

export const findFormLetter = async (tx: Executor, tenantId: string, id: string) => {
  const [row] = await tx
    .select()
    .from(fl)
    .where(and(eq(fl.tenantId, tenantId), eq(fl.id, id)));
  return row ?? null;
};

export const deleteFormLetter = (tx: Executor, tenantId: string, id: string) =>
  tx.delete(fl).where(and(eq(fl.tenantId, tenantId), eq(fl.id, id)));

export const nameTaken = async (
  tx: Executor,
  tenantId: string,
  name: string,
  docTypeId: string | null,
  exceptId?: string,
) => {
  const [row] = await tx
    .select({ id: fl.id })
    .from(fl)
    .where(
      and(
        eq(fl.tenantId, tenantId),
        sql`lower(${fl.name}) = lower(${name})`,
        docTypeId ? eq(fl.docTypeId, docTypeId) : isNull(fl.docTypeId),
        exceptId ? ne(fl.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
};

export type FormLetterValues = Omit<typeof fl.$inferInsert, 'id' | 'tenantId' | 'createdOn'>;

export const insertFormLetter = async (tx: Executor, tenantId: string, values: FormLetterValues) => {
  const [row] = await tx
    .insert(fl)
    .values({ ...values, tenantId })
    .returning({ id: fl.id });
  return row!.id;
};

export const updateFormLetter = (tx: Executor, tenantId: string, id: string, values: Partial<FormLetterValues>) =>
  tx
    .update(fl)
    .set(values)
    .where(and(eq(fl.tenantId, tenantId), eq(fl.id, id)));

/**
 * Whether a case type, and a sub-type of it, exist (master data).
 * @platformScope case types and sub-types are master data, the same for every tenant.
 */
export const caseTypeExists = async (tx: Executor, typeId: number) =>
  !!(await tx.select({ id: pt.id }).from(pt).where(eq(pt.id, typeId)).limit(1))[0];
/** @platformScope case types and sub-types are master data, the same for every tenant. */
export const subTypeOf = async (tx: Executor, subTypeId: number) =>
  (await tx.select({ typeId: st.petitionTypeId }).from(st).where(eq(st.id, subTypeId)).limit(1))[0]?.typeId ?? null;
