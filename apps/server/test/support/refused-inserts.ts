import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';

/**
 * Runs `fn` while the database refuses inserts into `table` that match `when` (a trigger that raises), then
 * takes the trigger away: a transaction that fails after the files of its request were stored.
 */
export const whileInsertsRefused = async (t: TestApp, table: string, when: string, fn: () => Promise<void>) => {
  await t.database.db.execute(
    sql.raw(`create function refuse_insert() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`),
  );
  await t.database.db.execute(
    sql.raw(`create trigger refuse_insert before insert on ${table} for each row when (${when})
      execute function refuse_insert()`),
  );
  try {
    await fn();
  } finally {
    await t.database.db.execute(sql.raw(`drop trigger refuse_insert on ${table}`));
    await t.database.db.execute(sql.raw('drop function refuse_insert()'));
  }
};

/** How many stored files hold bytes: on disk (PGlite) and in file_blobs (PostgreSQL). */
export const storedByteFiles = async (t: TestApp) => {
  const onDisk = readdirSync(t.filesDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  const blobs = await t.database.db.execute<{ n: number }>(sql`select count(*)::int n from file_blobs`);
  return onDisk + blobs.rows[0]!.n;
};
