import { randomBytes } from 'node:crypto';
import {
  type Database,
  inSystemTx,
  migrateDatabase,
  openDatabase,
  pgliteDataDir,
  withStartupLock,
} from '@caseport/db/client';
import { isDatabaseEmpty, seedDemo } from '@caseport/db/seed/demo';
import { seedQuestionnaires } from '@caseport/db/seed/questionnaires';
import { hasReferenceData, seedReferenceData } from '@caseport/db/seed/reference-data';
import { hashPassword } from './platform/passwords';

export interface PrepareOptions {
  dataDir: string;
  databaseUrl: string | null;
  seedPassword: string | null;
  /** Seed the demo tenants and accounts when the database has none. */
  seedDemoData: boolean;
  dbPoolSize?: number;
}

export interface Prepared {
  database: Database;
  /** Set only when this start created the demo accounts with a generated password. */
  generatedPassword: string | null;
  /** The demo accounts' password when this start created them (the demo content signs in with it). */
  seededPassword: string | null;
  seeded: boolean;
}

/** Opens the database, applies committed migrations, loads reference data and the demo on first start. */
export const prepareDatabase = async (options: PrepareOptions): Promise<Prepared> => {
  const database = await openDatabase(
    options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir: pgliteDataDir(options.dataDir) },
    { poolSize: options.dbPoolSize },
  );
  // Two processes starting at once on one PostgreSQL take turns here: the second finds it done (issue 22).
  return withStartupLock(database, async () => {
    await migrateDatabase(database);
    if (!(await hasReferenceData(database.db))) {
      await inSystemTx(database.db, (tx) => seedReferenceData(tx));
    } else {
      // Issue 21: data dirs made before the starter questionnaires existed get them (idempotent).
      await inSystemTx(database.db, (tx) => seedQuestionnaires(tx));
    }
    let generatedPassword: string | null = null;
    let seededPassword: string | null = null;
    let seeded = false;
    if (options.seedDemoData && (await isDatabaseEmpty(database.db))) {
      const password = options.seedPassword ?? randomBytes(12).toString('base64url');
      if (!options.seedPassword) generatedPassword = password;
      const hash = await hashPassword(password);
      await inSystemTx(database.db, (tx) => seedDemo(tx, hash));
      seededPassword = password;
      seeded = true;
    }
    return { database, generatedPassword, seededPassword, seeded };
  });
};
