import type { Database } from '@caseport/db/client';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Every table of the public schema but `skip`, as `table:md5` lines sorted by table: what a refused request
 * must leave as it was (nested-ids.test.ts, audit-every-mutation.test.ts). One statement for all tables: a round
 * trip per table made hundreds of snapshots of ~100 tables most of those files' time. `rowText` is the text a
 * row of a table is hashed by (the whole row unless a column is throttle state that may change by design).
 */
export const tableHashes = async (
  database: Database,
  skip: readonly string[],
  rowText: (table: string) => SQL = () => sql`x::text`,
): Promise<string> => {
  const tables = await database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
        and table_name <> '__drizzle_migrations' order by 1`,
  );
  const hashes = sql.join(
    tables.rows
      .filter((r) => !skip.includes(r.table_name))
      .map(
        ({ table_name }) =>
          sql`select ${table_name}::text as t, (select md5(string_agg(${rowText(table_name)}, '|' order by ${rowText(table_name)})) from ${sql.identifier(table_name)} x) as h`,
      ),
    sql` union all `,
  );
  const r = await database.db.execute<{ t: string; h: string | null }>(sql`select t, h from (${hashes}) s order by t`);
  return r.rows.map((row) => `${row.t}:${row.h ?? ''}`).join('\n');
};
