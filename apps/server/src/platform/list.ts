import type { Executor } from '@caseport/db/client';
import type { SortOrder } from '@caseport/domain/list/list-query';
import * as drizzle from 'drizzle-orm';
import { type AnyColumn, and, asc, Column, desc, eq, gte, ilike, is, isNull, lt, SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';

/** drizzle's own ordering of a select's fields for its row mapper (exported at runtime, internal in its types). */
const { orderSelectedFields } = drizzle as unknown as {
  orderSelectedFields: (fields: Record<string, unknown>) => { path: string[]; field: unknown }[];
};

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

/** The `%text%` pattern of `containsText` (the LIKE wildcards of the user's text escaped); undefined for blank text. */
export const likePattern = (text: string | null | undefined): string | undefined => {
  const t = text?.trim();
  return t ? `%${t.replace(/[\\%_]/g, '\\$&')}%` : undefined;
};

/** `ILIKE '%text%'` with the LIKE wildcards of the user's text escaped; no condition for blank text. */
export const containsText = (column: AnyColumn | SQL, text: string | null | undefined): SQL | undefined => {
  const pattern = likePattern(text);
  return pattern ? ilike(column, pattern) : undefined;
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
 * up to the end of `to`, both inclusive. On an instant (created on, paid on) give the `zone` whose days the list
 * shows (tenant-day.ts `filterDayZone`): a firm in New York picking Nov 30 finds what it sees dated Nov 30, also
 * what was made at 23:30 there (04:30 UTC, Dec 1). Without a zone the days are compared as written (date columns).
 * The bounds are constants against the column, so its index still serves.
 */
export const withinDays = (column: AnyColumn, range: readonly string[] | undefined, zone?: string): SQL | undefined => {
  const [from, to] = range ?? [];
  const startOf = (day: SQL) => (zone ? sql`(${day})::timestamp at time zone ${zone}` : day);
  return and(
    from ? gte(column, startOf(sql`${from}::date`)) : undefined,
    to ? lt(column, startOf(sql`(${to}::date + 1)`)) : undefined,
  );
};

/** A select built with `sql.placeholder`s in place of its values (drizzle's QueryBuilder: no session). */
type ShapedSelect = { toSQL(): { sql: string; params: unknown[] } } & { _: { result: unknown } };
interface BuiltShape {
  query: { sql: string; params: unknown[] };
  fields: ReturnType<typeof orderSelectedFields>;
  joinsNotNullableMap: unknown;
  /** Rows of a flat select mapped with each column's decoder found once, not per row and field (mapResultRow). */
  mapRows: ((rows: unknown[][]) => unknown[]) | undefined;
}
type Decoder = { mapFromDriverValue(value: unknown): unknown };
/** The decoder drizzle's mapResultRow uses for a column or an SQL expression; undefined for anything else. */
const decoderOf = (field: unknown): Decoder | undefined =>
  is(field, Column) ? field : is(field, SQL) ? (field as unknown as { decoder: Decoder }).decoder : undefined;
// A flat select (every field at the top level) never reaches mapResultRow's join handling, which is for nested
// fields only.
const rowMapperOf = (fields: BuiltShape['fields']): BuiltShape['mapRows'] => {
  const decoders = fields.map((f) => decoderOf(f.field));
  if (fields.some((f) => f.path.length !== 1) || decoders.some((d) => !d)) return undefined;
  const keys = fields.map((f) => f.path[0] as string);
  const n = keys.length;
  return (rows) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        const raw = row[i];
        out[keys[i] as string] = raw === null ? null : (decoders[i] as Decoder).mapFromDriverValue(raw);
      }
      return out;
    });
};
/** The part of drizzle's session a select runs through (pg-core/session: prepareQuery, then execute). */
interface SessionOf {
  session: {
    prepareQuery(
      query: BuiltShape['query'],
      fields: BuiltShape['fields'],
      name: undefined,
      isResponseInArrayMode: boolean,
      customResultMapper?: (rows: unknown[][]) => unknown[],
    ): { joinsNotNullableMap?: unknown; execute(values: Record<string, unknown>): Promise<unknown[]> };
  };
}

/** Builds selects for `QueryShapes` (no database: they only become SQL text). */
export const shapeBuilder = new QueryBuilder();

/**
 * Selects built once per query shape and then only bound (issue 22). Building a drizzle select and turning it
 * into SQL text (`sqlToQuery`) was about a fifth of a list request's server CPU, and a list's SQL text depends
 * only on which filters are present and on the sort, not on their values. A caller names the shape in `key`
 * (everything that changes the text: the filters present, the sort column and order, the number of values in
 * an IN list), builds the select with `sql.placeholder`s on `shapeBuilder`, and passes the values by name.
 * The select runs through the caller's own drizzle session as drizzle would run it (its row mapping, the read
 * batch's prepared statements, row-level security). With SHAPE_CHECK=1 (the API tests) every run builds the
 * select again and fails if the text differs from the kept one, so a key that misses a part of the shape
 * fails a test.
 */
export class QueryShapes {
  private readonly built = new Map<string, BuiltShape>();
  private readonly check = process.env.SHAPE_CHECK === '1';

  constructor(private readonly maxShapes = 256) {}

  run<B extends ShapedSelect>(
    tx: Executor,
    key: string,
    build: () => B,
    values: Record<string, unknown>,
  ): Promise<B['_']['result']> {
    let shape = this.built.get(key);
    if (!shape || this.check) {
      const select = build();
      const fields = orderSelectedFields(
        (select as unknown as { config: { fields: Record<string, unknown> } }).config.fields,
      );
      const joinsNotNullableMap = (select as unknown as { joinsNotNullableMap: unknown }).joinsNotNullableMap;
      const fresh: BuiltShape = {
        query: select.toSQL(),
        fields,
        joinsNotNullableMap,
        mapRows: rowMapperOf(fields),
      };
      if (shape && shape.query.sql !== fresh.query.sql)
        throw new Error(`query shape '${key}' kept other SQL than it builds now: its key misses part of the shape`);
      if (!shape && this.built.size < this.maxShapes) this.built.set(key, fresh);
      shape = shape ?? fresh;
    }
    const prepared = (tx as unknown as SessionOf).session.prepareQuery(
      shape.query,
      shape.fields,
      undefined,
      true,
      shape.mapRows,
    );
    prepared.joinsNotNullableMap = shape.joinsNotNullableMap;
    return prepared.execute(values) as Promise<B['_']['result']>;
  }
}
