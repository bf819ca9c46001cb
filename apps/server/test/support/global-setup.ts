import { mkdirSync, rmSync } from 'node:fs';
import { inSystemTx, migrateDatabase, openDatabase } from '@caseport/db/client';
import { seedDemo } from '@caseport/db/seed/demo';
import { seedReferenceData } from '@caseport/db/seed/reference-data';
import pg from 'pg';
import { hashPassword } from '../../src/platform/passwords';
import { PG_TEMPLATE_DB, TEMPLATE_DIR, TEST_PASSWORD, TEST_ROOT } from './constants';

/** Migrates and seeds one template database; every test file then copies it (ARCHITECTURE pitfalls). */
export default async function setup() {
  const hash = await hashPassword(TEST_PASSWORD);
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${PG_TEMPLATE_DB}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${PG_TEMPLATE_DB}`;
    const database = await openDatabase({ databaseUrl: target.toString() });
    await migrateDatabase(database);
    await inSystemTx(database.db, async (tx) => {
      await seedReferenceData(tx);
      await seedDemo(tx, hash);
    });
    await database.close();
    return;
  }
  rmSync(TEST_ROOT, { recursive: true, force: true });
  mkdirSync(TEST_ROOT, { recursive: true });
  const database = await openDatabase({ dataDir: TEMPLATE_DIR });
  await migrateDatabase(database);
  await inSystemTx(database.db, async (tx) => {
    await seedReferenceData(tx);
    await seedDemo(tx, hash);
  });
  await database.close();
}
