import { describe, expect, it } from 'vitest';
import { dayIn } from '../tenants/tenant-day';
import { BELL_UNREAD_SHOWN, bellCountLabel } from './bell';
import { CaseDatesInSchema, isCalendarDate } from './case-dates';
import {
  addDays,
  caseRecipientsFor,
  type EngineCase,
  type EngineConfig,
  recipientsOf,
  remindersDueOn,
  remindersDueWithin,
  remindersOfCase,
  timeZoneNameOf,
} from './engine';
import { TIMEZONES } from './timezones';

const config = (over: Partial<EngineConfig['reminders']> = {}): EngineConfig => ({
  advCoolingPeriod: 30,
  reminders: {
    passportExpiry: { whoWillSendReminder: [3, 4], config: [{ days: 90 }, { days: 60 }, { days: 30 }, { days: 7 }] },
    ...over,
  },
});
const kase = (dates: EngineCase['dates'], typeCode = 'H1B', id = 'c1'): EngineCase => ({
  id,
  caseNumber: `N-${id}`,
  typeCode,
  dates,
});

/** A fake clock: "today" for the tenant is read from this instant in its time zone. */
const NOW = new Date('2026-10-02T15:00:00Z');
const NEW_YORK = 'America/New_York';

describe('reminder engine', () => {
  it('a case whose passport expires in 30 days produces exactly the configured reminders on the right days', () => {
    const today = dayIn(NOW, NEW_YORK);
    expect(today).toBe('2026-10-02');
    const c = kase({ passportExpiry: addDays(today, 30) });
    const all = remindersOfCase(c, config());
    expect(all.map((r) => [r.offsetDays, r.dueOn])).toEqual([
      [90, '2026-08-03'],
      [60, '2026-09-02'],
      [30, '2026-10-02'],
      [7, '2026-10-25'],
    ]);
    // Today the 30-day reminder is due, to roles 3 and 4; nothing else.
    const due = remindersDueOn(today, [c], config());
    expect(due).toHaveLength(1);
    expect(due[0]).toMatchObject({ key: 'passportExpiry', offsetDays: 30, anchorOn: '2026-11-01', roleIds: [3, 4] });
    // The next 30 days hold today's and the 7-day reminder.
    expect(remindersDueWithin(today, 30, [c], config()).map((r) => r.dueOn)).toEqual(['2026-10-02', '2026-10-25']);
    expect(remindersDueOn('2026-10-03', [c], config())).toEqual([]);
  });

  it("reads the day in the tenant's time zone: the same instant is another day in New York and Tokyo", () => {
    const instant = new Date('2026-10-02T02:00:00Z'); // 22:00 on Oct 1 in New York, 11:00 on Oct 2 in Tokyo
    expect(dayIn(instant, NEW_YORK)).toBe('2026-10-01');
    expect(dayIn(instant, 'Asia/Tokyo')).toBe('2026-10-02');
    const c = kase({ passportExpiry: '2026-10-31' });
    expect(remindersDueOn(dayIn(instant, NEW_YORK), [c], config())).toHaveLength(1);
    expect(remindersDueOn(dayIn(instant, 'Asia/Tokyo'), [c], config())).toHaveLength(0);
  });

  it('DST edge: a reminder across the November change falls on its calendar day, read at local midnight', () => {
    // US daylight saving ends on 2026-11-01 at 02:00 EDT. The passport expires on Nov 8; the 7-day reminder is
    // due on Nov 1 whatever the clock does that night.
    const c = kase({ passportExpiry: '2026-11-08' });
    expect(remindersOfCase(c, config()).find((r) => r.offsetDays === 7)?.dueOn).toBe('2026-11-01');
    // 00:30 EDT on Nov 1 is 04:30Z; 23:30 EST on Nov 1 is 04:30Z on Nov 2: both read Nov 1 in New York.
    for (const instant of ['2026-11-01T04:30:00Z', '2026-11-02T04:30:00Z']) {
      const day = dayIn(new Date(instant), NEW_YORK);
      expect(day).toBe('2026-11-01');
      expect(remindersDueOn(day, [c], config()).map((r) => r.offsetDays)).toEqual([7]);
    }
    // 23:30 EDT on Oct 31 (03:30Z Nov 1) is still Oct 31: nothing due yet.
    expect(remindersDueOn(dayIn(new Date('2026-11-01T03:30:00Z'), NEW_YORK), [c], config())).toEqual([]);
    // And in March (clocks go forward on 2026-03-08): 30 days before April 7 is March 8.
    expect(remindersOfCase(kase({ passportExpiry: '2026-04-07' }), config())[2]?.dueOn).toBe('2026-03-08');
  });

  it('after-event blocks count forward, type-bound blocks only for their case type, done steps stop reminding', () => {
    const cfg = config({
      caseSeleByUscisInLotteryDays: { whoWillSendReminder: [3], config: [{ days: 7 }, { days: 30 }] },
      priorToExpiryDaysH1b: { whoWillSendReminder: [3], config: [{ days: 180 }] },
      priorToExpiryl1aOrl1b: { whoWillSendReminder: [3], config: [{ days: 120 }] },
      priorToExpiryPermDays: { whoWillSendReminder: [3], config: [{ days: 60 }, { days: 30 }] },
    });
    const h1b = kase({ lotterySelectedOn: '2026-03-31', workAuthorizationExpiry: '2027-09-30' });
    expect(
      remindersOfCase(h1b, cfg)
        .map((r) => [r.key, r.dueOn])
        .sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    ).toEqual([
      ['caseSeleByUscisInLotteryDays', '2026-04-07'],
      ['caseSeleByUscisInLotteryDays', '2026-04-30'],
      ['priorToExpiryDaysH1b', '2027-04-03'],
    ]);
    const l1 = kase({ workAuthorizationExpiry: '2027-09-30' }, 'L1', 'c2');
    expect(remindersOfCase(l1, cfg).map((r) => r.key)).toEqual(['priorToExpiryl1aOrl1b']);
    // Filing of I-140: before the PERM certification's 180 days run out, until the I-140 is approved.
    const perm = kase({ permCertifiedOn: '2026-01-01', i140ApprovedOn: '2026-05-15' }, 'PERM', 'c3');
    expect(remindersOfCase(perm, cfg).map((r) => r.dueOn)).toEqual(['2026-05-01']);
  });

  it('R-CONST-004: R-CONST-005: Filing of PERM counts back from 180 days after the first advertisement, not inside the cooling period', () => {
    const cfg = config({
      lastAdvReleaseBriefDays: { whoWillSendReminder: [3], config: [{ days: 150 }, { days: 30 }] },
    });
    const c = kase({ firstAdvertisementOn: '2026-01-01', lastAdvertisementOn: '2026-01-20' }, 'PERM');
    // Deadline 2026-06-30; 150 days before is 2026-01-31, before the cooling period ends on 2026-02-19.
    expect(remindersOfCase(c, cfg).map((r) => [r.offsetDays, r.anchorOn, r.dueOn])).toEqual([
      [30, '2026-06-30', '2026-05-31'],
    ]);
    expect(remindersOfCase(c, { ...cfg, advCoolingPeriod: 5 }).map((r) => r.offsetDays)).toEqual([150, 30]);
  });

  it('a block with no roles, a date not set and the no-recipient blocks write nothing', () => {
    const cfg = config({ i94Expiry: { whoWillSendReminder: [], config: [{ days: 10 }] } });
    expect(remindersOfCase(kase({ i94Expiry: '2026-12-01' }), cfg)).toEqual([]);
    expect(remindersOfCase(kase({}), config())).toEqual([]);
  });

  it('recipients are the staff users holding a configured role; the case’s people are not reached through the tenant’s users', () => {
    const [r] = remindersDueOn(
      '2026-10-02',
      [kase({ passportExpiry: '2026-11-01' })],
      config({
        passportExpiry: { whoWillSendReminder: [3, 50, 51], config: [{ days: 30 }] },
      }),
    );
    const users = [
      { id: 'a', roleId: 3 },
      { id: 'b', roleId: 4 },
      { id: 'p', roleId: 50 },
      { id: 's', roleId: 51 },
    ];
    expect(r && recipientsOf(r, users).map((u) => u.id)).toEqual(['a']);
  });

  it('issue 34: the case’s people receive through its linked accounts, the beneficiary at its e-mail; a role with nobody is missing', () => {
    const u = (id: string, roleId: number) => ({ id, roleId, email: `${id}@x.test`, name: id });
    const sources = {
      staff: [u('admin', 3)],
      accounts: [u('contact', 50)],
      beneficiary: { name: 'Ana Silva', email: 'ana@x.test' },
    };
    expect(caseRecipientsFor({ key: 'passportExpiry', roleIds: [3, 4, 50, 51, 11] }, sources)).toEqual([
      { roleId: 3, kind: 'users', users: [u('admin', 3)] },
      { roleId: 4, kind: 'missing' },
      { roleId: 50, kind: 'users', users: [u('contact', 50)] },
      { roleId: 51, kind: 'missing' },
      { roleId: 11, kind: 'email', name: 'Ana Silva', email: 'ana@x.test' },
    ]);
    // D-15: 51 is 'Petitioner' in the employment list: the petitioner contact receives it.
    expect(caseRecipientsFor({ key: 'i140ApprovedDuringDays', roleIds: [51] }, sources)[0]).toMatchObject({
      kind: 'users',
      users: [u('contact', 50)],
    });
    expect(caseRecipientsFor({ key: 'passportExpiry', roleIds: [11] }, { ...sources, beneficiary: null })).toEqual([
      { roleId: 11, kind: 'missing' },
    ]);
  });

  it('time zones come from the master list; calendar dates are checked', () => {
    expect(timeZoneNameOf(TIMEZONES.find((t) => t.name === 'Asia/Kolkata')?.id)).toBe('Asia/Kolkata');
    expect(timeZoneNameOf(9999)).toBe('UTC');
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('20266-01-01')).toBe(false);
    expect(CaseDatesInSchema.safeParse({ passportExpiry: '2026-13-01' }).success).toBe(false);
    expect(CaseDatesInSchema.safeParse({ passportExpiry: null, i94Expiry: '2027-01-31' }).success).toBe(true);
    expect(CaseDatesInSchema.safeParse({ unknownDate: '2027-01-31' }).success).toBe(false);
  });
});

describe('the bell’s number (issue 37)', () => {
  it('issue 37: says the count up to 99 and “99+” past it (the server counts at most 100 unread)', () => {
    expect(BELL_UNREAD_SHOWN).toBe(99);
    expect(bellCountLabel(1)).toBe('1');
    expect(bellCountLabel(99)).toBe('99');
    expect(bellCountLabel(100)).toBe('99+');
  });
});
