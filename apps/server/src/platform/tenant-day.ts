import { type Executor, schema } from '@caseport/db/client';
import { dayIn, tenantZoneOf } from '@caseport/domain/tenants/tenant-day';
import { eq, sql } from 'drizzle-orm';
import type { RequestContext } from './context';

/**
 * Issue 38 finding 2: the tenant's time zone (packages/domain/src/tenants/tenant-day.ts `tenantZoneOf`: its global
 * configuration's tenantDefaultTZ, else tenants.timezone, else UTC), both settings in one statement. Platform SQL:
 * letters, cases, activities, fees, billing and accounting all date things in it, and none imports another.
 */
export const tenantZone = async (tx: Executor, tenantId: string): Promise<string> => {
  const [row] = await tx
    .select({
      timezone: schema.tenants.timezone,
      // Written out: drizzle leaves a column of the outer table unqualified inside a subquery of the select list,
      // where it then names the inner table's own column (the copy this replaced never saw the setting).
      tenantDefaultTZ: sql<number | null>`(select (g.config->>'tenantDefaultTZ')::int
        from global_configs g where g.tenant_id = ${tenantId})`,
    })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, tenantId));
  return tenantZoneOf(row ?? {});
};

/**
 * The tenant's calendar date (YYYY-MM-DD) at `instant`: "today" for it, or the day something happened
 * (`calendarDateOf` gives its parts, e.g. for the date parts of a case number, D-17).
 */
export const tenantDay = async (tx: Executor, tenantId: string, instant: Date): Promise<string> =>
  dayIn(instant, await tenantZone(tx, tenantId));

/**
 * The zone of the days a list's date filter picks: the zone its rows' dates are shown in (format-date.ts), so a day
 * picked finds the rows shown on that day — the tenant's zone for a tenant's users (and for roles 1/2 acting in a
 * tenant), the zone the platform user's screen says it shows (`X-Time-Zone`), else UTC. Read only when a filter has
 * a day.
 */
export const filterDayZone = async (
  tx: Executor,
  ctx: Pick<RequestContext, 'tenantId' | 'viewZone'>,
  ...ranges: (readonly unknown[] | undefined)[]
): Promise<string> => {
  if (!ranges.some((range) => range?.length)) return 'UTC';
  if (ctx.tenantId) return tenantZone(tx, ctx.tenantId);
  return ctx.viewZone ?? 'UTC';
};
