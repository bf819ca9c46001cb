import { describe, expect, it } from 'vitest';
import { timezoneIdOf } from '../reminders/timezones';
import { calendarDateIn, calendarDateOf, dayIn, tenantZoneOf } from './tenant-day';

describe("issue 38 finding 2: a tenant's day", () => {
  const at = new Date('2026-11-28T04:30:00Z'); // 23:30 on Nov 27 in New York

  it('is the calendar date in its zone, not the UTC date', () => {
    expect(dayIn(at, 'America/New_York')).toBe('2026-11-27');
    expect(dayIn(at, 'UTC')).toBe('2026-11-28');
    expect(dayIn(at, 'Asia/Tokyo')).toBe('2026-11-28');
  });

  it('has the same parts written out or split (the date parts of a case number, D-17)', () => {
    expect(calendarDateOf(dayIn(at, 'America/New_York'))).toEqual(calendarDateIn(at, 'America/New_York'));
    expect(calendarDateOf('2027-01-05')).toEqual({ year: '2027', month: '01', day: '05' });
  });

  it("takes its configuration's zone (tenantDefaultTZ), else its own zone, else UTC", () => {
    const tokyo = timezoneIdOf('Asia/Tokyo');
    expect(tenantZoneOf({ tenantDefaultTZ: tokyo, timezone: 'America/New_York' })).toBe('Asia/Tokyo');
    expect(tenantZoneOf({ tenantDefaultTZ: timezoneIdOf('UTC'), timezone: 'America/New_York' })).toBe('UTC');
    expect(tenantZoneOf({ tenantDefaultTZ: null, timezone: 'America/Chicago' })).toBe('America/Chicago');
    expect(tenantZoneOf({ tenantDefaultTZ: 9999, timezone: 'Not/AZone' })).toBe('UTC');
    expect(tenantZoneOf({})).toBe('UTC');
  });
});
