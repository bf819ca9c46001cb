import { type Executor, schema } from '@caseport/db/client';
import type { PersonListBody, PersonValues } from '@caseport/domain/people/contracts';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { cappedCount, growingWindowOf, toGrowingPage } from '../../platform/growing-list';
import { containsText, orderByOf } from '../../platform/list';

const p = schema.persons;

/** The name key of personNameKey (people/contracts.ts) in SQL: NFKC, lower case, whitespace folded. */
const keyOf = (column: SQL | typeof p.givenName | typeof p.familyName) =>
  sql`lower(regexp_replace(btrim(normalize(${column}, NFKC)), '\\s+', ' ', 'g'))`;
const keyOfText = (value: string) => value.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * How many of the tenant's cases name the person (qualified by hand: drizzle leaves single-table columns bare): as
 * beneficiary, plus as sponsor of a case they are not the beneficiary of. Two counts, each by its own index
 * ((tenant_id, beneficiary_id), (tenant_id, sponsor_id)), not one OR that needs both at once (issue 37: the growing
 * lists read with bitmap scans off, and the OR then read every case of the tenant for each person).
 */
const caseCount = sql<number>`((select count(*) from cases c where c.tenant_id = "persons"."tenant_id"
    and c.beneficiary_id = "persons"."id")
  + (select count(*) from cases c where c.tenant_id = "persons"."tenant_id" and c.sponsor_id = "persons"."id"
    and c.beneficiary_id is distinct from "persons"."id"))::int`;

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

/**
 * The tenant's people, a page (the case picker searches them). Issue 37: people grow with cases, so the page is
 * read in its order from (tenant_id, lower(family_name), lower(given_name), id) or (tenant_id, created_on, id), and
 * the count stops LIST_COUNT_CAP rows past the page ('more than'). By page number only: the picker shows page 1.
 */
export const listPersons = async (
  tx: Executor,
  tenantId: string,
  q: PersonListBody & { page: number; perpage: number },
) => toGrowingPage(tx, ...personListQueries(tx, tenantId, q));

/** The statements of a people page, unawaited: its rows, its capped count and their window (EXPLAIN tests). */
export const personListQueries = (
  tx: Executor,
  tenantId: string,
  q: PersonListBody & { page: number; perpage: number },
) => {
  const where = and(eq(p.tenantId, tenantId), containsText(fullName, q.filters?.searchString));
  const sorting = (q.sorting ?? { path: 'familyName', order: 1 }) as {
    path: 'familyName' | 'createdOn';
    order: 1 | -1;
  };
  const window = growingWindowOf({ page: q.page, perpage: q.perpage, sorting });
  const order = () =>
    orderByOf(
      sorting,
      { familyName: sql`lower(${p.familyName}), lower(${p.givenName})`, createdOn: p.createdOn },
      { path: 'familyName', order: 1 },
      p.id,
    );
  // The page's ids first (the rows a deep page skips are not described), then only those rows with their cases.
  const page = tx
    .select({ id: p.id })
    .from(p)
    .where(where)
    .orderBy(...order())
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
  const rows = tx
    .select(PERSON)
    .from(p)
    .innerJoin(page, eq(page.id, p.id))
    .orderBy(...order());
  return [rows, cappedCount(tx, tx.select({ one: sql`1` }).from(p).where(where), window), window] as const;
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
