import { afterEach, describe, expect, it } from 'vitest';
import { selectedPlanBody } from '../lib/shell-queries';
import { datesNote, displayTimeZone, formatDate, formatDateTime, setDisplayTimeZone, todayIso } from './format-date';

describe('one date format on every list (issue 15, LISTS.md)', () => {
  afterEach(() => setDisplayTimeZone(null));

  it("shows an instant in the tenant's time zone, as 'Nov 24, 2026'", () => {
    setDisplayTimeZone('America/New_York');
    // 03:00 UTC on Nov 25 is still Nov 24 in New York.
    expect(formatDate('2026-11-25T03:00:00.000Z')).toBe('Nov 24, 2026');
    expect(formatDateTime('2026-11-25T03:00:00.000Z')).toBe('Nov 24, 2026 10:00 PM');
    setDisplayTimeZone('Asia/Kolkata');
    expect(formatDate('2026-11-25T03:00:00.000Z')).toBe('Nov 25, 2026');
  });

  it('shows a bare calendar date (a due date) as written, whatever the zone', () => {
    setDisplayTimeZone('Pacific/Honolulu');
    expect(formatDate('2026-11-16')).toBe('Nov 16, 2026');
  });

  it('shows a dash for an empty or unreadable value, and ignores an unknown zone', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    setDisplayTimeZone('Not/AZone');
    expect(formatDate(new Date(2026, 10, 24, 12))).toBe('Nov 24, 2026');
  });

  it("issue 38 finding 2: today is the tenant's day at 23:30 in New York, in filters and in the plan request", () => {
    setDisplayTimeZone('America/New_York');
    const at = new Date('2026-11-28T04:30:00Z'); // 23:30 on Nov 27 in New York
    expect(todayIso(at)).toBe('2026-11-27');
    expect(displayTimeZone()).toBe('America/New_York');
    const me = { user: { firstName: 'Ann', lastName: 'Lee', email: 'a@firm.test' } } as Parameters<
      typeof selectedPlanBody
    >[0];
    expect(selectedPlanBody(me, at)).toMatchObject({ today: '2026-11-27', timezone: 'America/New_York' });
    setDisplayTimeZone('Asia/Tokyo');
    expect(todayIso(at)).toBe('2026-11-28');
    // The account menu says which zone that is; the platform (no tenant) sees its browser's, and says so.
    expect(datesNote({ tenant: { timezone: 'Asia/Tokyo' } })).toBe('Dates in Asia/Tokyo');
    setDisplayTimeZone(null);
    expect(datesNote({ tenant: null })).toMatch(/^Dates in .+ \(this browser\)$/);
  });
});
