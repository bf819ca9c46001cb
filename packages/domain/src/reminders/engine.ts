import { z } from 'zod';
import { id, int4 } from '../api/scalars';
import { Role } from '../auth/roles';
import { CalendarDateSchema, type CaseDateKey, type CaseDates } from './case-dates';
import { RemindersInSchema } from './contracts';
import {
  PERM_COOLING_PERIOD_DAYS,
  PERM_FILING_WINDOW_DAYS,
  REMINDER_KEY_DEFS,
  type ReminderKey,
  reminderTabs,
} from './days';
import { TIMEZONES } from './timezones';

/**
 * The reminder engine's pure core (issue 17, beyond the spec). Given a tenant's reminder configuration and its
 * cases' dates, it answers which reminders fall on which calendar day and to which roles. The server's runner
 * writes a day's reminders to the outbox, the preview lists the next N days: both call these functions, so
 * what an admin previews is what fires. Every date is a calendar date (YYYY-MM-DD) in the tenant's time zone;
 * the arithmetic is on days, so a daylight-saving change moves no reminder.
 */

/** What a rule needs of the configuration: the reminder blocks and the advertisement cooling period. */
export interface EngineConfig {
  reminders: Partial<Record<ReminderKey, { whoWillSendReminder?: number[]; config: { days: number }[] }>>;
  advCoolingPeriod: number;
}

export interface EngineCase {
  id: string;
  caseNumber: string;
  /** The case type's code (H1B, L1 ...): the H-1B and L-1 expiration blocks count only for their type. */
  typeCode: string;
  dates: CaseDates;
}

export interface Reminder {
  caseId: string;
  key: ReminderKey;
  /** The date the reminder is about (shown beside it). */
  dateKey: CaseDateKey;
  /** The day the offsets count from (the date itself, or a deadline derived from it). */
  anchorOn: string;
  /** The configured entry: days before (prior) or after the anchor. */
  offsetDays: number;
  dueOn: string;
  roleIds: number[];
}

const DAY_MS = 86_400_000;
const toDayNumber = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS;
const fromDayNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** A calendar date moved by whole days (no clock time, so no DST). */
export const addDays = (date: string, days: number): string => fromDayNumber(toDayNumber(date) + days);
export const daysBetween = (from: string, to: string): number => toDayNumber(to) - toDayNumber(from);

/** The IANA name of the configuration's time zone (tenantDefaultTZ is an id of the time zone master). */
export const timeZoneNameOf = (tzId: number | null | undefined): string =>
  TIMEZONES.find((t) => t.id === tzId)?.name ?? 'UTC';

interface Rule {
  dateKey: CaseDateKey;
  /** Counting before the anchor (a deadline, an expiry) or after it (an event). */
  direction: 'before' | 'after';
  anchor: (d: CaseDates, config: EngineConfig) => string | null;
  /** Case types the block is about (type codes); absent: every case. */
  caseTypes?: readonly string[];
  /** The reminder is about something still to do: it stops once this date is reached. */
  doneBy?: CaseDateKey;
  /** The first day the reminder may fall on (e.g. the end of the cooling period). */
  notBefore?: (d: CaseDates, config: EngineConfig) => string | null;
}

const on = (key: CaseDateKey) => (d: CaseDates) => d[key] ?? null;
const later = (a: string | undefined, b: string | undefined) => (a && b ? (a > b ? a : b) : null);

/**
 * Which case date each block of the global configuration counts from (002 §2.1's block texts). `pwdExpiry`
 * (the password expiry list of §2.2), `i140` (no recipients, R-REM-067) and the Global Status lists (a case
 * carries no country yet) have no case date: null.
 */
export const REMINDER_RULES: Record<ReminderKey, Rule | null> = {
  passportExpiry: { dateKey: 'passportExpiry', direction: 'before', anchor: on('passportExpiry') },
  i94Expiry: { dateKey: 'i94Expiry', direction: 'before', anchor: on('i94Expiry') },
  visaExpiry: { dateKey: 'visaExpiry', direction: 'before', anchor: on('visaExpiry') },
  workAuthorizationExpiry: {
    dateKey: 'workAuthorizationExpiry',
    direction: 'before',
    anchor: on('workAuthorizationExpiry'),
  },
  totalStayIsNearing6Years: { dateKey: 'maxStayOn', direction: 'before', anchor: on('maxStayOn') },
  priorToExpiryDaysH1b: {
    dateKey: 'workAuthorizationExpiry',
    direction: 'before',
    anchor: on('workAuthorizationExpiry'),
    caseTypes: ['H1B', 'H1B1'],
  },
  priorToExpiryl1aOrl1b: {
    dateKey: 'workAuthorizationExpiry',
    direction: 'before',
    anchor: on('workAuthorizationExpiry'),
    caseTypes: ['L1'],
  },
  caseSeleByUscisInLotteryDays: { dateKey: 'lotterySelectedOn', direction: 'after', anchor: on('lotterySelectedOn') },
  lcaSubAndQuestNotSubBriefDays: { dateKey: 'lcaSubmittedOn', direction: 'after', anchor: on('lcaSubmittedOn') },
  // Release of Advertisements: after the PWD is certified, until the PWD expires or the first advertisement ran.
  pwdCertOrBeforeExpiryDays: {
    dateKey: 'pwdCertifiedOn',
    direction: 'after',
    anchor: on('pwdCertifiedOn'),
    doneBy: 'firstAdvertisementOn',
  },
  // Filing of PERM: before the 180-day window of the first advertisement closes (R-CONST-004), once the cooling
  // period after the last advertisement is over (R-CONST-005, advCoolingPeriod), until PERM is filed.
  lastAdvReleaseBriefDays: {
    dateKey: 'lastAdvertisementOn',
    direction: 'before',
    anchor: (d) =>
      d.firstAdvertisementOn && d.lastAdvertisementOn ? addDays(d.firstAdvertisementOn, PERM_FILING_WINDOW_DAYS) : null,
    notBefore: (d, c) =>
      d.lastAdvertisementOn ? addDays(d.lastAdvertisementOn, c.advCoolingPeriod ?? PERM_COOLING_PERIOD_DAYS) : null,
    doneBy: 'permFiledOn',
  },
  sponQuestionnire: { dateKey: 'permFiledOn', direction: 'after', anchor: on('permFiledOn') },
  // Filing of I-140: before the PERM certification expires (180 days after it was certified).
  priorToExpiryPermDays: {
    dateKey: 'permCertifiedOn',
    direction: 'before',
    anchor: (d) => (d.permCertifiedOn ? addDays(d.permCertifiedOn, PERM_FILING_WINDOW_DAYS) : null),
    doneBy: 'i140ApprovedOn',
  },
  // Filing of I-485: once the I-140 (I-130) is approved and the priority date is current, whichever is later.
  i140ApprovedDuringDays: {
    dateKey: 'i140ApprovedOn',
    direction: 'after',
    anchor: (d) => later(d.i140ApprovedOn, d.priorityDateCurrentOn),
  },
  i130ApprovedDuringDays: {
    dateKey: 'i130ApprovedOn',
    direction: 'after',
    anchor: (d) => later(d.i130ApprovedOn, d.priorityDateCurrentOn),
  },
  gcEmpi485ApprovedDays: { dateKey: 'i485ApprovedOn', direction: 'after', anchor: on('i485ApprovedOn') },
  invoicePaymentReminder: { dateKey: 'invoiceIssuedOn', direction: 'after', anchor: on('invoiceIssuedOn') },
  pwdExpiry: null,
  i140: null,
};

/** Every reminder a case produces under a configuration, on whatever day each falls. */
export const remindersOfCase = (c: EngineCase, config: EngineConfig): Reminder[] => {
  const out: Reminder[] = [];
  for (const [key, rule] of Object.entries(REMINDER_RULES) as [ReminderKey, Rule | null][]) {
    const block = config.reminders[key];
    if (!rule || !block?.whoWillSendReminder?.length) continue;
    if (rule.caseTypes && !rule.caseTypes.includes(c.typeCode)) continue;
    const anchorOn = rule.anchor(c.dates, config);
    if (!anchorOn) continue;
    const notBefore = rule.notBefore?.(c.dates, config) ?? null;
    const done = rule.doneBy ? (c.dates[rule.doneBy] ?? null) : null;
    // An offset listed twice (a stored list the ordering check did not see) fires once.
    for (const offsetDays of [...new Set(block.config.map((e) => e.days))]) {
      const dueOn = addDays(anchorOn, rule.direction === 'before' ? -offsetDays : offsetDays);
      if (notBefore && dueOn < notBefore) continue;
      if (done && dueOn >= done) continue;
      out.push({
        caseId: c.id,
        key,
        dateKey: rule.dateKey,
        anchorOn,
        offsetDays,
        dueOn,
        roleIds: [...block.whoWillSendReminder],
      });
    }
  }
  return out;
};

const byDueThenCase = (a: Reminder, b: Reminder) =>
  a.dueOn.localeCompare(b.dueOn) || a.caseId.localeCompare(b.caseId) || a.key.localeCompare(b.key);

/** The reminders due on one day (what the runner writes for that day). */
export const remindersDueOn = (day: string, cases: readonly EngineCase[], config: EngineConfig): Reminder[] =>
  cases.flatMap((c) => remindersOfCase(c, config).filter((r) => r.dueOn === day)).sort(byDueThenCase);

/** The reminders due from `from` through `from + days - 1` (the preview's timeline). */
export const remindersDueWithin = (
  from: string,
  days: number,
  cases: readonly EngineCase[],
  config: EngineConfig,
): Reminder[] => {
  const to = addDays(from, days - 1);
  return cases
    .flatMap((c) => remindersOfCase(c, config).filter((r) => r.dueOn >= from && r.dueOn <= to))
    .sort(byDueThenCase);
};

/**
 * Issue 34: the roles that are people of the case, not the firm's staff: petitioner contact (50), sponsor (51),
 * authorized signatory (12) and beneficiary (11). Their reminders go to the accounts linked to the case
 * (case_accounts), never to every user of the tenant holding the role; the beneficiary without an account is
 * reached at the person's own e-mail.
 */
export const CASE_PEOPLE_ROLES: readonly number[] = [Role.Petitioner, Role.Sponsor, Role.AuthorizedSignatory, 11];
/** Kept for readers of issue 17's rule: the outsiders (now reached through the case's linked accounts). */
export const EXTERNAL_ROLES: readonly number[] = [Role.Petitioner, Role.Sponsor];

export interface RecipientUser {
  id: string;
  roleId: number;
  email: string;
  name: string;
}

/** Who one role of a reminder reaches on one case: users (in-app and e-mail), an e-mail only, or nobody. */
export type RoleRecipients =
  | { roleId: number; kind: 'users'; users: RecipientUser[] }
  | { roleId: number; kind: 'email'; name: string; email: string }
  | { roleId: number; kind: 'missing' };

export interface CaseRecipientSources {
  /** The tenant's active staff users (any role). */
  staff: readonly RecipientUser[];
  /** The case's linked accounts (case_accounts), active. */
  accounts: readonly RecipientUser[];
  /** The case's beneficiary: the person's name and e-mail. */
  beneficiary: { name: string; email: string | null } | null;
}

/**
 * Who each configured role of a reminder reaches on its case (issue 34 item 4). Staff roles: the tenant's users
 * of the role. Case people: the accounts linked to the case in that role; role 51 shown as 'Petitioner' in the
 * family and employment lists (D-15) falls back to the case's petitioner contact (50); the beneficiary (11)
 * without an account is reached at the person's e-mail. A role the case has nobody for is 'missing', never
 * dropped in silence.
 */
export const caseRecipientsFor = (
  r: Pick<Reminder, 'key' | 'roleIds'>,
  sources: CaseRecipientSources,
): RoleRecipients[] =>
  r.roleIds.map((roleId): RoleRecipients => {
    if (!CASE_PEOPLE_ROLES.includes(roleId)) {
      const users = sources.staff.filter((u) => u.roleId === roleId);
      return users.length ? { roleId, kind: 'users', users } : { roleId, kind: 'missing' };
    }
    let users = sources.accounts.filter((u) => u.roleId === roleId);
    const list = REMINDER_KEY_DEFS[r.key]?.roles;
    if (!users.length && roleId === Role.Sponsor && (list === 'family' || list === 'employment'))
      users = sources.accounts.filter((u) => u.roleId === Role.Petitioner);
    if (users.length) return { roleId, kind: 'users', users };
    if (roleId === 11 && sources.beneficiary?.email)
      return { roleId, kind: 'email', name: sources.beneficiary.name, email: sources.beneficiary.email };
    return { roleId, kind: 'missing' };
  });

/** The staff users a reminder goes to (issue 17): the tenant's active users of its roles, case people left out. */
export const recipientsOf = <U extends { id: string; roleId: number }>(r: Reminder, users: readonly U[]): U[] =>
  users.filter((u) => r.roleIds.includes(u.roleId) && !CASE_PEOPLE_ROLES.includes(u.roleId));

/** The block's title on the Reminders screen ("Expiry of Passport"), for the bell and the timeline. */
export const reminderTitle = (key: ReminderKey, tenantType: 1 | 2): string => {
  for (const tab of reminderTabs(tenantType))
    for (const b of tab.blocks)
      if (b.key === key) return tab.key === 'BeneficiaryProfile' ? b.title : `${tab.label}: ${b.title}`;
  return key;
};

/** 1..366 days ahead. */
export const PREVIEW_MAX_DAYS = 366;

/** What the preview takes of the form's unsaved values: the reminders, the time zone, the cooling period. */
export const PreviewConfigSchema = z
  .object({
    reminders: RemindersInSchema,
    tenantDefaultTZ: id().refine((v) => TIMEZONES.some((t) => t.id === v), 'Unknown time zone'),
    advCoolingPeriod: int4().min(0).max(999),
  })
  .strict();

export const ReminderPreviewBodySchema = z
  .object({
    days: int4().min(1, 'Days must be at least 1').max(PREVIEW_MAX_DAYS, `Days must be at most ${PREVIEW_MAX_DAYS}`),
    config: PreviewConfigSchema.optional(),
    tenantId: z.uuid().optional(),
  })
  .strict();
export type ReminderPreviewBody = z.infer<typeof ReminderPreviewBodySchema>;

export const ReminderPreviewItemSchema = z.object({
  dueOn: z.string(),
  caseId: z.string(),
  caseNumber: z.string(),
  key: z.string(),
  title: z.string(),
  dateKey: z.string(),
  dateLabel: z.string(),
  anchorOn: z.string(),
  offsetDays: z.number(),
  direction: z.enum(['before', 'after']),
  /**
   * Issue 35 item 4: each configured role and who it reaches on that case (caseRecipientsFor, the runner's own
   * rule): the names of its users, the beneficiary's own e-mail, or nobody ('missing').
   */
  roles: z.array(
    z.object({
      roleId: z.number(),
      roleName: z.string(),
      status: z.enum(['users', 'email', 'missing']),
      names: z.array(z.string()),
    }),
  ),
});
export type ReminderPreviewItem = z.infer<typeof ReminderPreviewItemSchema>;

/** Issue 35 item 4: a role that nobody receives for, over every reminder of the preview: 'no Sponsor linked on 3 cases'. */
export const ReminderPreviewMissingSchema = z.object({
  roleId: z.number(),
  roleName: z.string(),
  caseCount: z.number(),
  reminderCount: z.number(),
  message: z.string(),
});
export const missingRecipientsText = (roleName: string, caseCount: number) =>
  `no ${roleName} linked on ${caseCount} ${caseCount === 1 ? 'case' : 'cases'}`;

/**
 * The roles nobody would receive for, over `items` (each reminder's roles as caseRecipientsFor answers them): per
 * role, on how many cases and for how many reminders, most cases first. The preview says so instead of dropping
 * those reminders silently, as the runner records them ('missing' outbox rows).
 */
export const missingRecipientsOf = (
  items: readonly { caseId: string; roles: readonly { roleId: number; roleName: string; status: string }[] }[],
) => {
  const byRole = new Map<number, { roleName: string; cases: Set<string>; reminders: number }>();
  for (const item of items)
    for (const role of item.roles) {
      if (role.status !== 'missing') continue;
      const entry = byRole.get(role.roleId) ?? { roleName: role.roleName, cases: new Set<string>(), reminders: 0 };
      entry.cases.add(item.caseId);
      entry.reminders++;
      byRole.set(role.roleId, entry);
    }
  return [...byRole.entries()]
    .map(([roleId, e]) => ({
      roleId,
      roleName: e.roleName,
      caseCount: e.cases.size,
      reminderCount: e.reminders,
      message: missingRecipientsText(e.roleName, e.cases.size),
    }))
    .sort((a, b) => b.caseCount - a.caseCount || a.roleId - b.roleId);
};
/** At most this many items are listed; `totalCount` says how many there are. */
export const PREVIEW_MAX_ITEMS = 500;
export const ReminderPreviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  list: z.array(ReminderPreviewItemSchema),
  totalCount: z.number(),
  /** Over all `totalCount` reminders, not only the ones listed. */
  missing: z.array(ReminderPreviewMissingSchema),
});
export type ReminderPreview = z.infer<typeof ReminderPreviewSchema>;

export const directionOf = (key: ReminderKey): 'before' | 'after' => REMINDER_RULES[key]?.direction ?? 'after';

/** The bell (in-app reminders of the signed-in user). */
export const BellItemSchema = z.object({
  _id: z.string(),
  caseId: z.string(),
  caseNumber: z.string(),
  key: z.string(),
  title: z.string(),
  dateLabel: z.string(),
  anchorOn: z.string(),
  offsetDays: z.number(),
  direction: z.enum(['before', 'after']),
  dueOn: z.string(),
  read: z.boolean(),
});
export type BellItem = z.infer<typeof BellItemSchema>;
export const BellCountSchema = z.object({ unread: z.number() });
export const BellListBodySchema = z.object({}).strict();
export const BellListSchema = z.object({ list: z.array(BellItemSchema), unread: z.number() });
export const BellMarkReadBodySchema = z
  .object({ ids: z.array(z.uuid()).min(1).max(100).optional(), all: z.literal(true).optional() })
  .strict()
  .refine((b) => !!b.ids !== !!b.all, { message: 'Send ids or all', path: ['ids'] });
export const BellMarkedSchema = z.object({ message: z.string(), unread: z.number() });

/** The command line's and the runner's date: a calendar date (npm run reminders -- --date 2026-12-01). */
export const RunDateSchema = CalendarDateSchema;
