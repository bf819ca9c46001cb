import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { inSystemTx, migrateDatabase, openDatabase } from '@caseport/db/client';
import { seedDemo } from '@caseport/db/seed/demo';
import { seedReferenceData } from '@caseport/db/seed/reference-data';
import pg from 'pg';
import { hashPassword } from '../../src/platform/passwords';
import { CONFORMANCE_DIR } from './conformance';
import { PG_TEMPLATE_DB, TEMPLATE_DIR, TEST_PASSWORD, TEST_ROOT } from './constants';

/** Migrates and seeds one template database; every test file then copies it (ARCHITECTURE pitfalls). */
export default async function setup() {
  const hash = await hashPassword(TEST_PASSWORD);
  rmSync(CONFORMANCE_DIR, { recursive: true, force: true });
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
    return teardown;
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
  return teardown;
}

/** Issue 25 finding 8: how many real responses the run checked against /api/docs/json (test-app.ts). */
function teardown() {
  if (!existsSync(CONFORMANCE_DIR)) return;
  let total = 0;
  const heldBack = new Set<string>();
  for (const file of readdirSync(CONFORMANCE_DIR)) {
    if (file.startsWith('held-back-')) {
      for (const line of readFileSync(join(CONFORMANCE_DIR, file), 'utf8').split('\n')) if (line) heldBack.add(line);
      continue;
    }
    for (const line of readFileSync(join(CONFORMANCE_DIR, file), 'utf8').split('\n')) total += Number(line) || 0;
  }
  if (heldBack.size > 0) {
    console.log(`Fields handlers returned that the response schemas held back:\n${[...heldBack].sort().join('\n')}`);
  }
  console.log(`${total} API responses checked against /api/docs/json (a mismatch fails the test that sent it)`);
}
