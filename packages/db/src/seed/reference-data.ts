import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../client';
import { seedDataDir } from '../paths';
import {
  agreementTypes,
  cities,
  countries,
  petitionSubTypes,
  petitionTypes,
  platformFormEditions,
  platformForms,
  signDocTypes,
  states,
  templateTypes,
  userRoles,
} from '../schema/index';
import { seedQuestionnaires } from './questionnaires';
import { seedServiceCenters } from './service-centers';
import { seedSocCodes } from './soc-codes';

const load = <T>(file: string): T[] => JSON.parse(readFileSync(join(seedDataDir(), file), 'utf8')) as T[];

const CHUNK = 2000;
const insertAll = async (db: Executor, table: PgTable, rows: Record<string, unknown>[]) => {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insert(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .onConflictDoNothing();
  }
};

/**
 * The big lists (cities ~20,000 rows, states ~5,000, countries) as one JSON parameter per table that PostgreSQL
 * unpacks itself (json_populate_recordset), instead of statements of 2,000 rows whose ~10,000 bind parameters
 * drizzle builds one by one: about 0.5 s of the first start (issue 38 finding 11). The same rows and the same
 * ON CONFLICT DO NOTHING. For tables of plain columns without defaults (a key missing from a row is NULL here,
 * as it was there).
 */
const insertJson = async (db: Executor, table: PgTable, rows: Record<string, unknown>[]) => {
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const names = keys.map((k) => {
    const column = columns[k];
    if (!column || column.hasDefault) throw new Error(`reference data: ${k} is no plain column`);
    return column.name;
  });
  const records = rows.map((r) => Object.fromEntries(keys.map((k, i) => [names[i], r[k] ?? null])));
  const list = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json) on conflict do nothing`,
  );
};

/**
 * Loads the reference data that ships with the product (sources and dates in data/SOURCES.md). Idempotent:
 * existing ids are left as they are, so a newer release can add rows without touching tenants' choices.
 */
export const seedReferenceData = async (db: Executor): Promise<void> => {
  await insertJson(db, countries, load('countries.json'));
  await insertJson(db, states, load('states.json'));
  await insertJson(db, cities, load('cities.json'));
  await insertAll(db, userRoles, load('user-roles.json'));
  await insertAll(db, petitionTypes, load('petition-types.json'));
  await insertAll(db, petitionSubTypes, load('petition-sub-types.json'));
  await insertAll(db, templateTypes, load('template-types.json'));
  await insertAll(db, signDocTypes, load('sign-doc-types.json'));
  await insertAll(db, agreementTypes, load('agreement-types.json'));
  await seedPlatformForms(db);
  await seedSocCodes(db);
  await seedServiceCenters(db);
  await seedQuestionnaires(db);
};

interface PlatformFormSeed {
  id: string;
  kind: 'Form' | 'Letter';
  formNumber: string;
  title: string;
  typeIds: number[];
  subTypeIds: number[];
  editionDate: string;
}

/**
 * Issue 21: the common USCIS forms of the platform library, metadata only (the platform admin uploads each
 * edition's PDF). Edition dates: data/SOURCES.md. Fixed ids keep the load idempotent.
 */
const seedPlatformForms = async (db: Executor) => {
  const rows = load<PlatformFormSeed>('platform-forms.json');
  await insertAll(
    db,
    platformForms,
    rows.map(({ editionDate: _e, ...form }) => form),
  );
  await insertAll(
    db,
    platformFormEditions,
    rows.map((r) => ({ formId: r.id, editionDate: r.editionDate })),
  );
};

export const hasReferenceData = async (db: Executor): Promise<boolean> => {
  const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from user_roles`);
  return (r.rows[0]?.n ?? 0) > 0;
};
