import { z } from 'zod';
import { int4 } from '../api/scalars';
import { ListCursorSchema } from './seek';

/** Common list behaviour (R-LIST-001..009, ARCHITECTURE §5). */
export const PER_PAGE_OPTIONS = [10, 25, 50, 75, 100] as const;
export const DEFAULT_PER_PAGE = 25;
export const PAGE_RANGE = 3;
export const MARGIN_PAGES = 2;
export type SortOrder = 1 | -1;

export const SortOrderSchema = z.union([z.literal(1), z.literal(-1)]);

/** A real calendar date as YYYY-MM-DD (2026-02-30 is refused, so it never reaches the database). */
export const IsoDateSchema = z.iso.date();
/** Created-date filters (workflows, case codes, service centers, SOC): [from, to]. */
export const DateRangeSchema = z.array(IsoDateSchema).max(2);

/**
 * Builds the request contract of one list: page, perpage (one of the options), sorting on an
 * allow-listed path, and the list's own filters. Unknown keys are refused (strict).
 */
export const listQuerySchema = <
  const Paths extends readonly [string, ...string[]],
  Filters extends z.ZodRawShape,
>(options: {
  sortPaths: Paths;
  defaultSort: { path: Paths[number]; order: SortOrder };
  filters: Filters;
  /** Picker lists (tenant list 10000, 001 §9) take any page size up to this instead of the Per Page options. */
  maxPerPage?: number;
}) =>
  z
    .object({
      page: int4().min(1).max(1_000_000).default(1),
      perpage: (options.maxPerPage
        ? int4().min(1).max(options.maxPerPage)
        : int4().refine(
            (n) => (PER_PAGE_OPTIONS as readonly number[]).includes(n),
            'perpage must be 10, 25, 50, 75 or 100',
          )
      ).default(DEFAULT_PER_PAGE),
      sorting: z
        .object({ path: z.enum(options.sortPaths), order: SortOrderSchema })
        .strict()
        .default(options.defaultSort as { path: Paths[number]; order: SortOrder }),
      filters: z
        .object(options.filters)
        .strict()
        .default({} as never),
    })
    .strict();

/**
 * Issue 37: the request contract of a list that pages by key (list/seek.ts): listQuerySchema's, plus the optional
 * `cursor` of a move to the next or previous page. Only the `seekPaths` sorts (a timestamp and the id) have keys:
 * a cursor with another sort is refused on `cursor`.
 */
export const seekListQuerySchema = <const Paths extends readonly [string, ...string[]], Filters extends z.ZodRawShape>(
  options: Parameters<typeof listQuerySchema<Paths, Filters>>[0] & { seekPaths: readonly Paths[number][] },
) =>
  listQuerySchema(options)
    .extend({ cursor: ListCursorSchema.optional() })
    .superRefine((body, ctx) => {
      if (body.cursor && !(options.seekPaths as readonly string[]).includes(body.sorting.path))
        ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'This sort pages by number only' });
    });

/** Next sort order when a header is clicked (R-LIST-006): same column toggles; a new column starts
 *  descending for `descendingPaths` (the dates, createdOn/updatedOn, by default) and ascending otherwise.
 *  The template lists start only createdOn descending (R-LIST-008, TEMPLATE_DESCENDING_PATHS). */
export const nextSort = (
  current: { path: string; order: SortOrder } | null,
  path: string,
  descendingPaths: readonly string[] = ['createdOn', 'updatedOn'],
): { path: string; order: SortOrder } => {
  if (current && current.path === path) return { path, order: current.order === 1 ? -1 : 1 };
  return { path, order: descendingPaths.includes(path) ? -1 : 1 };
};

/** Page numbers to show (range 3, margins 2, R-LIST-004); null marks a gap. 1-based. */
export const pageItems = (page: number, pageCount: number): (number | null)[] => {
  if (pageCount <= 0) return [];
  const keep = new Set<number>();
  for (let i = 1; i <= Math.min(MARGIN_PAGES, pageCount); i++) keep.add(i);
  for (let i = Math.max(1, pageCount - MARGIN_PAGES + 1); i <= pageCount; i++) keep.add(i);
  const start = Math.max(1, Math.min(page - Math.floor(PAGE_RANGE / 2), pageCount - PAGE_RANGE + 1));
  for (let i = start; i < start + PAGE_RANGE && i <= pageCount; i++) keep.add(i);
  const sorted = [...keep].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - (sorted[i - 1] as number) > 1) out.push(null);
    out.push(n);
  });
  return out;
};
