import type { SortOrder } from '@caseport/domain/list/list-query';
import { type AnyColumn, and, asc, desc, eq, gte, ilike, isNull, lt, type SQL, sql } from 'drizzle-orm';

/**
 * The one server list helper (ARCHITECTURE §5). A repository selects one page of its columns, ordered by
 * an allow-listed column (LIMIT/OFFSET from `pageWindow`), and hands the rows to `toPage` with a count
 * query over the same WHERE. Sort paths are zod enums in the domain contract, so `columns[path]` can only
 * be one of the columns listed here: no user text ever reaches ORDER BY.
 */
export interface ListWindow {
  page: number;
  perpage: number;
  sorting?: { path: string; order: SortOrder } | null;
}

export const pageWindow = (q: ListWindow) => ({ limit: q.perpage, offset: (q.page - 1) * q.perpage });

/**
 * The caller's own rows of a table whose `tenant_id` null holds the platform team's rows (labels, templates):
 * tenant_id = tenant, or null in the platform context. Row-level security holds the same line.
 */
export const ownedBy = (tenantColumn: AnyColumn, tenantId: string | null): SQL =>
  tenantId ? eq(tenantColumn, tenantId) : isNull(tenantColumn);

/** ORDER BY the allow-listed column for the sort path, then the tie-breaker (stable pages). */
export const orderByOf = <Path extends string>(
  sorting: { path: Path; order: SortOrder } | null | undefined,
  columns: Record<Path, AnyColumn | SQL>,
  fallback: { path: Path; order: SortOrder },
  tieBreaker: AnyColumn,
): SQL[] => {
  const s = sorting ?? fallback;
  const column = columns[s.path] ?? columns[fallback.path];
  return [s.order === -1 ? desc(column) : asc(column), s.order === -1 ? desc(tieBreaker) : asc(tieBreaker)];
};

/** `ILIKE '%text%'` with the LIKE wildcards of the user's text escaped; no condition for blank text. */
export const containsText = (column: AnyColumn | SQL, text: string | null | undefined): SQL | undefined => {
  const t = text?.trim();
  return t ? ilike(column, `%${t.replace(/[\\%_]/g, '\\$&')}%`) : undefined;
};

/**
 * `{ list, totalCount }` from the page query and the count query, started together: on PostgreSQL they
 * share one round trip (inTenantRead). Callers pass the queries unawaited.
 * The count is its own query (an index-only scan where the WHERE has an index), not `count(*) over ()`:
 * that window reads every matching row for every page, and at 1,000 rows per tenant it made a page ten
 * times slower.
 */
export const toPage = async <Row>(
  rows: PromiseLike<Row[]>,
  total: PromiseLike<{ n: number }[]>,
): Promise<{ list: Row[]; totalCount: number }> => {
  const [list, counted] = await Promise.all([rows, total]);
  return { list, totalCount: counted[0]?.n ?? 0 };
};

/**
 * A [from, to] calendar-day filter (the lists' date-range pickers send YYYY-MM-DD): from the start of `from`
 * up to the end of `to`, both inclusive; a one-day range is [from]. Works on date and timestamp columns.
 */
export const withinDays = (column: AnyColumn, range: readonly string[] | undefined): SQL | undefined => {
  const [from, to] = range ?? [];
  return and(from ? gte(column, sql`${from}::date`) : undefined, to ? lt(column, sql`(${to}::date + 1)`) : undefined);
};
