import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Executor } from '../client';
import { seedDataDir } from '../paths';
import { socCodes } from '../schema/index';

/** SOC 2018 codes used most in employment-based immigration (sources: data/SOURCES.md, soc-codes.json). */
export const seedSocCodes = async (db: Executor): Promise<void> => {
  const rows = JSON.parse(readFileSync(join(seedDataDir(), 'soc-codes.json'), 'utf8'));
  await db.insert(socCodes).values(rows).onConflictDoNothing();
};
