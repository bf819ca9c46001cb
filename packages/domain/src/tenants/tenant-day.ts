import { TIMEZONES } from '../reminders/timezones';

/**
 * A tenant's day (issue 38 finding 2): every date the product shows, stores as "today" or prints for a tenant
 * (its letters' {todayDate}, its invoices, its renewal date, the day a case opened, its fee versions, its case
 * numbers' date parts) is the calendar date in the tenant's time zone, never the server's (UTC) day. One rule for
 * which zone that is, one function for the date; the server reads both settings in one statement
 * (apps/server/src/platform/tenant-day.ts).
 */

/** Calendar date of an instant in a time zone (the tenant's, D-17), as zero-padded strings. */
export interface CalendarDate {
  year: string;
  month: string;
  day: string;
}

export const calendarDateIn = (instant: Date, timeZone: string): CalendarDate => {
  const parts = dateFormatIn(timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: get('year').padStart(4, '0'), month: get('month'), day: get('day') };
};

/** A formatter per zone, made once (making one costs ~60 µs, using it ~5; a request may ask many times). */
const formats = new Map<string, Intl.DateTimeFormat>();
const dateFormatIn = (timeZone: string) => {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    // Zones are ~600, but a name may come in any letter case: the cache never grows past a bound.
    if (formats.size >= 1_000) formats.clear();
    formats.set(timeZone, format);
  }
  return format;
};

/** The parts of a calendar date written YYYY-MM-DD (a tenant's day from `dayIn`). */
export const calendarDateOf = (day: string): CalendarDate => ({
  year: day.slice(0, 4),
  month: day.slice(5, 7),
  day: day.slice(8, 10),
});

/** The calendar date (YYYY-MM-DD) of an instant in a time zone: "today" for a tenant. */
export const dayIn = (instant: Date, timeZone: string): string => {
  const d = calendarDateIn(instant, timeZone);
  return `${d.year}-${d.month}-${d.day}`;
};

export const isValidTimeZone = (timeZone: string): boolean => {
  try {
    // Through the per-zone cache: a valid zone's formatter is made once (the set of zones is bounded), an
    // invalid one throws before it is kept.
    dateFormatIn(timeZone);
    return true;
  } catch {
    return false;
  }
};

/**
 * The zone a tenant's dates are in: the time zone of its global configuration (`tenantDefaultTZ`, 002 §2.1,
 * R-REM-069, an id of the time zone master), else the tenant's own zone (`tenants.timezone`, an IANA name), else
 * UTC.
 */
export const tenantZoneOf = (settings: { tenantDefaultTZ?: number | null; timezone?: string | null }): string => {
  const configured = TIMEZONES.find((t) => t.id === settings.tenantDefaultTZ)?.name;
  if (configured) return configured;
  if (settings.timezone && isValidTimeZone(settings.timezone)) return settings.timezone;
  return 'UTC';
};
