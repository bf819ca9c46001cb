import type { SortOrder } from '@caseport/domain/list/list-query';
import { type AnyColumn, asc, desc, ilike, type SQL, sql } from 'drizzle-orm';

/**
 * The one server list helper (ARCHITECTURE §5). A repository selects its columns plus `totalCount`
 * (a window count, so page and count come from one query), orders by an allow-listed column, and hands
 * the rows to `toPage`. Sort paths are zod enums in the domain contract, so `columns[path]` can only be
 * one of the columns listed here: no user text ever reaches ORDER BY.
 */
export interface ListWindow {
  page: number;
  perpage: number;
  sorting?: { path: string; order: SortOrder } | null;
}

/** `count(*) over ()`: the number of rows matching the WHERE, before LIMIT/OFFSET. */
export const totalCountColumn = () => sql<number>`count(*) over ()`.mapWith(Number);

export const pageWindow = (q: ListWindow) => ({ limit: q.perpage, offset: (q.page - 1) * q.perpage });

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
 * `{ list, totalCount }` from rows carrying the window count. A page past the end has no rows to carry
 * the count, so only then is the count asked separately.
 */
export const toPage = async <Row extends { totalCount: number }>(
  rows: Row[],
  q: ListWindow,
  countAll: () => Promise<number>,
): Promise<{ list: Omit<Row, 'totalCount'>[]; totalCount: number }> => {
  const totalCount = rows[0]?.totalCount ?? (q.page > 1 ? await countAll() : 0);
  return { list: rows.map(({ totalCount: _, ...rest }) => rest), totalCount };
};
