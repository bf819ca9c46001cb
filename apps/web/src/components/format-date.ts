/**
 * One date format on every list and detail (issue 15, LISTS.md): the tenant's locale and time zone.
 * Tenants are US firms and companies (locale en-US); the zone is the tenant's `timezone` from /auth/me
 * (platform users, who have no tenant, see their browser's zone). RequireAuth sets it once signed in.
 */
import { dayIn } from '@caseport/domain/tenants/tenant-day';

export const DISPLAY_LOCALE = 'en-US';
let displayZone: string | undefined;

/** The zone dates are shown in; undefined means the browser's. Unknown zone names fall back to it. */
export const setDisplayTimeZone = (zone: string | null | undefined) => {
  if (!zone) {
    displayZone = undefined;
    return;
  }
  try {
    new Intl.DateTimeFormat(DISPLAY_LOCALE, { timeZone: zone });
    displayZone = zone;
  } catch {
    displayZone = undefined;
  }
};

/** A bare calendar date ('2026-11-16', a due date) is a day, not an instant: it is shown as written. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const format = (value: string | Date | null | undefined, withTime: boolean): string => {
  if (!value) return '—';
  const dateOnly = typeof value === 'string' && DATE_ONLY.test(value);
  const d = dateOnly ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  const timeZone = dateOnly ? 'UTC' : displayZone;
  const date = new Intl.DateTimeFormat(DISPLAY_LOCALE, { month: 'short', day: 'numeric', year: 'numeric', timeZone });
  if (!withTime || dateOnly) return date.format(d);
  const time = new Intl.DateTimeFormat(DISPLAY_LOCALE, { hour: 'numeric', minute: '2-digit', timeZone });
  // Some ICU versions put a narrow no-break space before AM/PM; one plain space everywhere.
  return `${date.format(d)} ${time.format(d).replace(/\s/gu, ' ')}`;
};

/** List dates ('Nov 22, 2026'); an empty or unreadable value shows a dash rather than "Invalid Date". */
export const formatDate = (value: string | Date | null | undefined): string => format(value, false);
/** Dates with time, in details ('Nov 22, 2026 3:04 PM'). */
export const formatDateTime = (value: string | Date | null | undefined): string => format(value, true);
/** The zone dates are shown in: the tenant's (issue 38 finding 2), else the browser's. */
export const displayTimeZone = (): string => {
  if (displayZone) return displayZone;
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** Which zone the dates on screen are in (the account menu): the tenant's, or, for the platform, this browser's. */
export const datesNote = (me: { tenant: unknown }) =>
  me.tenant ? `Dates in ${displayTimeZone()}` : `Dates in ${displayTimeZone()} (this browser)`;

/** Today as YYYY-MM-DD in the zone dates are shown in (the tenant's day): the maximum of created-date filters
 *  (R-LIST-017), the day a form checks "not in the future" against, the `today` a request carries. */
export const todayIso = (now: Date = new Date()): string => dayIn(now, displayTimeZone());
