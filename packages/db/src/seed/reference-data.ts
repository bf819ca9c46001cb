import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
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
 * Loads the reference data that ships with the product (sources and dates in data/SOURCES.md). Idempotent:
 * existing ids are left as they are, so a newer release can add rows without touching tenants' choices.
 */
export const seedReferenceData = async (db: Executor): Promise<void> => {
  await insertAll(db, countries, load('countries.json'));
  await insertAll(db, states, load('states.json'));
  await insertAll(db, cities, load('cities.json'));
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
