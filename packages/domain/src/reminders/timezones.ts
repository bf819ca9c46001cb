/**
 * The `timezone` master list (002 §3.2, §7.1, R-REM-069/072): a fixed list, served by master data and
 * checked by the configuration's contract. `tenantDefaultTZ` is one of these ids; the IANA name is what
 * dates are computed in (tenants.timezone holds the same names).
 */
export interface TimezoneOption {
  id: number;
  name: string;
}

const NAMES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
  'Pacific/Guam',
  'America/Toronto',
  'America/Mexico_City',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Asia/Manila',
  'Australia/Sydney',
  'UTC',
] as const;

export const TIMEZONES: readonly TimezoneOption[] = NAMES.map((name, i) => ({ id: i + 1, name }));

/** R-REM-069: a time zone is shown as name (id). */
export const timezoneLabel = (tz: TimezoneOption): string => `${tz.name} (${tz.id})`;

export const timezoneIdOf = (name: string | null | undefined): number =>
  TIMEZONES.find((t) => t.name === name)?.id ?? 1;
