import { type Executor, schema } from '@caseport/db/client';
import type { PersonListBody, PersonValues } from '@caseport/domain/people/contracts';
import { and, count, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { containsText, orderByOf, pageWindow, toPage } from '../../platform/list';

const p = schema.persons;

/** The name key of personNameKey (people/contracts.ts) in SQL: NFKC, lower case, whitespace folded. */
const keyOf = (column: SQL | typeof p.givenName | typeof p.familyName) =>
  sql`lower(regexp_replace(btrim(normalize(${column}, NFKC)), '\\s+', ' ', 'g'))`;
const keyOfText = (value: string) => value.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** How many of the tenant's cases name the person (qualified by hand: drizzle leaves single-table columns bare). */
const caseCount = sql<number>`(select count(*)::int from cases c where c.tenant_id = "persons"."tenant_id"
  and (c.beneficiary_id = "persons"."id" or c.sponsor_id = "persons"."id"))`;

const PERSON = {
  _id: p.id,
  givenName: p.givenName,
  familyName: p.familyName,
  dateOfBirth: p.dateOfBirth,
  countryOfBirth: p.countryOfBirth,
  countryOfCitizenship: p.countryOfCitizenship,
  passportNumber: p.passportNumber,
  passportExpiry: p.passportExpiry,
  i94Number: p.i94Number,
  i94Expiry: p.i94Expiry,
  currentStatus: p.currentStatus,
  statusExpiry: p.statusExpiry,
  inUS: p.inUS,
  email: p.email,
  phone: p.phone,
  address: p.address,
  caseCount,
};
export type PersonRow = Awaited<ReturnType<typeof findPerson>> & {};

const fullName = sql`${p.givenName} || ' ' || ${p.familyName}`;

export const listPersons = async (
  tx: Executor,
  tenantId: string,
  q: PersonListBody & { page: number; perpage: number },
) => {
  const where = and(eq(p.tenantId, tenantId), containsText(fullName, q.filters?.searchString));
  const { limit, offset } = pageWindow(q);
  const rows = tx
    .select(PERSON)
    .from(p)
    .where(where)
    .orderBy(
      ...orderByOf(
        q.sorting as { path: 'familyName' | 'createdOn'; order: 1 | -1 },
        { familyName: sql`lower(${p.familyName}), lower(${p.givenName})`, createdOn: p.createdOn },
        { path: 'familyName', order: 1 },
        p.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  return toPage(rows, tx.select({ n: count() }).from(p).where(where));
};

export const findPerson = async (tx: Executor, tenantId: string, personId: string) => {
  const [row] = await tx
    .select(PERSON)
    .from(p)
    .where(and(eq(p.tenantId, tenantId), eq(p.id, personId)));
  return row ?? null;
};

/** Same name key, and the same date of birth when one is given (people without one match too). */
export const findSimilarPersons = (
  tx: Executor,
  tenantId: string,
  name: { givenName: string; familyName: string; dateOfBirth?: string | null },
  exceptId?: string,
) =>
  tx
    .select(PERSON)
    .from(p)
    .where(
      and(
        eq(p.tenantId, tenantId),
        sql`${keyOf(p.givenName)} = ${keyOfText(name.givenName)}`,
        sql`${keyOf(p.familyName)} = ${keyOfText(name.familyName)}`,
        name.dateOfBirth ? or(eq(p.dateOfBirth, name.dateOfBirth), isNull(p.dateOfBirth)) : undefined,
        exceptId ? sql`${p.id} <> ${exceptId}` : undefined,
      ),
    )
    .orderBy(p.createdOn, p.id)
    .limit(20);

const columnsOf = (v: PersonValues) => ({
  givenName: v.givenName,
  familyName: v.familyName,
  dateOfBirth: v.dateOfBirth ?? null,
  countryOfBirth: v.countryOfBirth ?? null,
  countryOfCitizenship: v.countryOfCitizenship ?? null,
  passportNumber: v.passportNumber ?? null,
  passportExpiry: v.passportExpiry ?? null,
  i94Number: v.i94Number ?? null,
  i94Expiry: v.i94Expiry ?? null,
  currentStatus: v.currentStatus ?? null,
  statusExpiry: v.statusExpiry ?? null,
  inUS: v.inUS,
  email: v.email ?? null,
  phone: v.phone ?? null,
  address: v.address ?? null,
});

export const insertPerson = async (tx: Executor, tenantId: string, v: PersonValues, createdBy: string | null) => {
  const [row] = await tx
    .insert(p)
    .values({ ...columnsOf(v), tenantId, createdBy })
    .returning({ id: p.id });
  return (row as { id: string }).id;
};

export const updatePerson = (tx: Executor, tenantId: string, personId: string, v: PersonValues) =>
  tx
    .update(p)
    .set({ ...columnsOf(v), updatedOn: new Date() })
    .where(and(eq(p.tenantId, tenantId), eq(p.id, personId)));
