import type { Executor } from '@caseport/db/client';
import { LIST_COUNT_CAP } from '@caseport/domain/api/responses';
import type { SortOrder } from '@caseport/domain/list/list-query';
import { type ListCursor, type PageCursors, parseSeekKey } from '@caseport/domain/list/seek';
import { type AnyColumn, asc, desc, type SQL, type Subquery, sql } from 'drizzle-orm';
import { type ListWindow, pageWindow } from './list';

/**
 * Issue 37: the lists that grow without bound (the audit trail, cases) cost about the same for a tenant of a
 * hundred rows and one of a hundred thousand. Three things, each here once:
 * - the page is read in the list's order from an index that serves it (ORDERED_READ: whatever the planner guesses);
 * - a move to the next or previous page is read from the key of the row it starts after (keyset paging,
 *   domain list/seek.ts), not by skipping every row before it with OFFSET; a jump still reads by page number;
 * - the count stops LIST_COUNT_CAP rows past the page ('more than'), counted from the key when there is one.
 */

/**
 * A growing list is read in its order from its index, whatever the planner guesses. Under row-level security the
 * policy compares the tenant with `(select app_current_tenant())`, a value the planner cannot see: it guesses a
 * tenant holds 1/n of the rows, and for a large tenant it then prefers a bitmap or sequential scan of every row plus
 * a sort (seen in list-cost.test.ts: 20,003 rows read and sorted for a page of 25). These settings, local to the
 * read's transaction (one batch: they are sent with the page and the count), leave the ordered index read, which
 * stops after the page. And the page keeps one plan (plan_cache_mode): the read batches' statements are named
 * (statement-names.ts), and PostgreSQL then chooses per execution between the generic plan and planning again
 * with the values; for a tenant of 100,000 rows its cost model preferred planning again, every request (the
 * growth bench: the same page 1.5 ms slower on PGlite, all of it planning). With the scans fixed above, the generic
 * plan is the ordered index read whatever the values; list-cost.test.ts checks the generic plans themselves.
 */
export const ORDERED_READ = sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true),
  set_config('plan_cache_mode', 'force_generic_plan', true)`;

/**
 * Reads of a growing table, each in its index's order: ORDERED_READ and the reads in one batch, the settings first.
 * A drizzle query starts when something first waits on it: the settings are started here, before the reads, so all
 * go together (list-cost.test.ts checks it). Their answers, in order.
 */
export const orderedReads = async <T extends readonly unknown[]>(
  tx: Executor,
  ...reads: { [K in keyof T]: PromiseLike<T[K]> }
): Promise<T> => {
  const settings = tx.execute(ORDERED_READ).then(() => undefined);
  const [, ...answers] = await Promise.all([settings, ...reads]);
  return answers as unknown as T;
};

/** A growing list's request: its page, sort, and the cursor of a move by one page (seekListQuerySchema). */
export interface GrowingQuery extends ListWindow {
  sorting: { path: string; order: SortOrder };
  cursor?: ListCursor | undefined;
}

/** The key a list pages by: its sort timestamp and its id (the columns of its index, after the tenant). */
export interface SeekKey {
  sort: AnyColumn;
  id: AnyColumn;
  idType: 'uuid' | 'bigint';
}

/** Where a growing list's page is read from and how its count is told. */
export interface GrowingWindow {
  /** The page size. */
  limit: number;
  /** Rows skipped before the page: 0 when the page is read from a key. */
  offset: number;
  /** Read from a key: only the rows after (or, reversed, before) it in the list's order. */
  seek?: SQL;
  /** Read back from the key (the previous page): in the reverse of the list's order, turned round after. */
  reversed: boolean;
  /** Read from a key: the rows the count counts (from the page's first row on). */
  countFrom?: SQL;
  /** What the count adds to: the rows before those it counts. */
  base: number;
  /** The count reads at most cap + 1 rows; past cap the total is base + cap, 'more than'. */
  cap: number;
}

/** Where a page of a growing list is read from: by key when the request moves by one page, else by page number. */
export const growingWindowOf = (q: GrowingQuery, key?: SeekKey): GrowingWindow => {
  const { limit, offset } = pageWindow(q);
  const at = key && q.cursor ? parseSeekKey(q.cursor.key) : null;
  if (!key || !q.cursor || !at) return { limit, offset, reversed: false, base: 0, cap: offset + LIST_COUNT_CAP };
  const row = sql`(${key.sort}, ${key.id})`;
  const bound =
    key.idType === 'uuid'
      ? sql`(${at.at}::timestamptz, ${at.id}::uuid)`
      : sql`(${at.at}::timestamptz, ${at.id}::bigint)`;
  const newestFirst = q.sorting.order === -1;
  const after = newestFirst ? sql`${row} < ${bound}` : sql`${row} > ${bound}`;
  if (q.cursor.direction === 'after')
    return { limit, offset: 0, seek: after, reversed: false, countFrom: after, base: offset, cap: LIST_COUNT_CAP };
  // The previous page: the `limit` rows just before the key, read backwards; counted from the key on.
  return {
    limit,
    offset: 0,
    seek: newestFirst ? sql`${row} > ${bound}` : sql`${row} < ${bound}`,
    reversed: true,
    countFrom: newestFirst ? sql`${row} <= ${bound}` : sql`${row} >= ${bound}`,
    base: offset + limit,
    cap: LIST_COUNT_CAP,
  };
};

/** The ORDER BY of a growing list's read: the sort column and the id, in the list's order or reversed. */
export const growingOrder = (key: Pick<SeekKey, 'sort' | 'id'>, order: SortOrder, window: GrowingWindow): SQL[] => {
  const ascending = (order === 1) !== window.reversed;
  return ascending ? [asc(key.sort), asc(key.id)] : [desc(key.sort), desc(key.id)];
};

/** A row's key as the cursors carry it (SEEK_KEY_PATTERN): its sort time to the microsecond, UTC, and its id. */
export const seekKeyOf = (key: Pick<SeekKey, 'sort' | 'id'>) =>
  sql<string>`to_char(${key.sort} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '~' || ${key.id}::text`;

/**
 * The count of a growing list's WHERE that stops at the window's cap + 1 rows. `rows` is the list's rows as
 * `select 1 from … where …` (no order, no limit), the window's countFrom included.
 */
export const cappedCount = (
  tx: Executor,
  rows: { limit(n: number): { as(alias: string): Subquery } },
  window: GrowingWindow,
) => tx.select({ n: sql<number>`count(*)::int` }).from(rows.limit(window.cap + 1).as('counted'));

/**
 * `{ list, totalCount, totalCountCapped?, cursors? }` of a growing list: ORDERED_READ first, in the same batch as the
 * page and the capped count. Rows that carry `_key` (seekKeyOf; null where the sort has no key) give the page's
 * cursors; the key itself is not answered.
 */
export const toGrowingPage = async <Row extends object>(
  tx: Executor,
  rows: PromiseLike<Row[]>,
  total: PromiseLike<{ n: number }[]>,
  window: GrowingWindow,
): Promise<{
  list: Omit<Row, '_key'>[];
  totalCount: number;
  totalCountCapped?: true;
  cursors?: PageCursors;
}> => {
  const [read, counted] = await orderedReads(tx, rows, total);
  const page = window.reversed ? [...read].reverse() : read;
  const n = counted[0]?.n ?? 0;
  const told =
    n > window.cap
      ? { totalCount: window.base + window.cap, totalCountCapped: true as const }
      : { totalCount: window.base + n };
  const keyOf = (row: Row | undefined) => (row as { _key?: string | null } | undefined)?._key;
  const first = keyOf(page[0]);
  const last = keyOf(page.at(-1));
  const list = page.map((row) => {
    const { _key, ...rest } = row as Row & { _key?: unknown };
    return rest as Omit<Row, '_key'>;
  });
  return first && last ? { list, ...told, cursors: { first, last } } : { list, ...told };
};
