import type { TenantTypeId } from '../auth/roles';
import type { ReminderRoleList } from './recipients';

/**
 * The reminder blocks of the global configuration (002 §2.1, §3.2, §5.1): which key each block stores, how
 * its day entries are ordered, which recipient list its role multi-select offers, and where it shows. The
 * reminders screen and the server's check of a saved configuration both read this table.
 */
export const REMINDER_KEYS = [
  'pwdExpiry',
  'i140',
  'sponQuestionnire',
  'passportExpiry',
  'i94Expiry',
  'visaExpiry',
  'workAuthorizationExpiry',
  'totalStayIsNearing6Years',
  'caseSeleByUscisInLotteryDays',
  'priorToExpiryDaysH1b',
  'invoicePaymentReminder',
  'lcaSubAndQuestNotSubBriefDays',
  'pwdCertOrBeforeExpiryDays',
  'lastAdvReleaseBriefDays',
  'priorToExpiryPermDays',
  'i140ApprovedDuringDays',
  'gcEmpi485ApprovedDays',
  'i130ApprovedDuringDays',
  'priorToExpiryl1aOrl1b',
] as const;
export type ReminderKey = (typeof REMINDER_KEYS)[number];

/**
 * 'prior': days before an expiry, strictly decreasing down the list (R-REM-033); 'after': days after an
 * event, increasing (R-REM-036). The spec's grouping of §5.1, key by key.
 */
export type DayOrder = 'prior' | 'after';

export interface ReminderKeyDef {
  order: DayOrder;
  /** The recipient list of §6; null for `i140`, which has config only (R-REM-067). */
  roles: ReminderRoleList | null;
}

export const REMINDER_KEY_DEFS: Record<ReminderKey, ReminderKeyDef> = {
  pwdExpiry: { order: 'prior', roles: 'pwd' },
  i140: { order: 'after', roles: null },
  sponQuestionnire: { order: 'after', roles: 'sponsorship' },
  passportExpiry: { order: 'prior', roles: 'passport' },
  i94Expiry: { order: 'prior', roles: 'i94' },
  visaExpiry: { order: 'prior', roles: 'visa' },
  workAuthorizationExpiry: { order: 'prior', roles: 'workAuthorization' },
  totalStayIsNearing6Years: { order: 'prior', roles: 'durationOfStay' },
  caseSeleByUscisInLotteryDays: { order: 'after', roles: 'lottery' },
  priorToExpiryDaysH1b: { order: 'prior', roles: 'renewal' },
  invoicePaymentReminder: { order: 'prior', roles: 'invoice' },
  lcaSubAndQuestNotSubBriefDays: { order: 'after', roles: 'sponsorship' },
  pwdCertOrBeforeExpiryDays: { order: 'after', roles: 'pwd' },
  // "cooling" of §5.1: the Filing of PERM block counts from the cooling period of the last advertisement.
  lastAdvReleaseBriefDays: { order: 'prior', roles: 'perm' },
  priorToExpiryPermDays: { order: 'prior', roles: 'employment' },
  i140ApprovedDuringDays: { order: 'after', roles: 'employment' },
  gcEmpi485ApprovedDays: { order: 'after', roles: 'family' },
  i130ApprovedDuringDays: { order: 'after', roles: 'family' },
  priorToExpiryl1aOrl1b: { order: 'prior', roles: 'renewal' },
};

/** Global Status day lists are 'prior to expiry' lists (§5.1). */
export const GLOBAL_STATUS_ORDER: DayOrder = 'prior';

/** Issue 38 finding 9: the order a day list must be in, said beside it while the user types (not only on save). */
export const DAY_ORDER_HINT: Record<DayOrder, string> = {
  prior: 'Days from the largest to the smallest',
  after: 'Days from the smallest to the largest',
};

/** R-REM-032, §9: days inputs accept digits only, at most 3 characters. */
export const DAYS_MAX_LENGTH = 3;
export const DAYS_PATTERN = /^\d{1,3}$/;
/** What a days input keeps of what was typed: the digits, at most 3. */
export const sanitizeDaysInput = (typed: string): string => typed.replace(/\D/g, '').slice(0, DAYS_MAX_LENGTH);

export const DAY_MESSAGES = {
  lessThanAbove: 'Days should be less than above entry',
  greaterThanBelow: 'Days should be greater than below entry',
  greaterThanAbove: 'Days should be greater than above entry',
  lessThanBelow: 'Days should be less than below entry',
  required: 'Days is required',
  digits: 'Days should be a number of at most 3 digits',
} as const;

/**
 * The problem of entry `index` of a day list, or null (R-REM-033..038): a prior-to-expiry list must strictly
 * decrease, an after-event list increase. Compared with the entries above and below that hold a value.
 */
export const dayEntryProblem = (order: DayOrder, days: readonly (number | null)[], index: number): string | null => {
  const value = days[index];
  if (value === null || value === undefined) return DAY_MESSAGES.required;
  if (!Number.isInteger(value) || value < 0 || value > 999) return DAY_MESSAGES.digits;
  const above = days[index - 1];
  const below = days[index + 1];
  const hasAbove = index > 0 && above !== null && above !== undefined;
  const hasBelow = below !== null && below !== undefined;
  if (order === 'prior') {
    if (hasAbove && value >= above) return DAY_MESSAGES.lessThanAbove;
    if (hasBelow && value <= below) return DAY_MESSAGES.greaterThanBelow;
  } else {
    if (hasAbove && value <= above) return DAY_MESSAGES.greaterThanAbove;
    if (hasBelow && value >= below) return DAY_MESSAGES.lessThanBelow;
  }
  return null;
};

/** Every entry's problem (null where the entry is fine). */
export const dayListProblems = (order: DayOrder, days: readonly (number | null)[]): (string | null)[] =>
  days.map((_, i) => dayEntryProblem(order, days, i));

export const dayListValidates = (order: DayOrder, days: readonly (number | null)[]): boolean =>
  days.length > 0 && dayListProblems(order, days).every((p) => p === null);

/**
 * R-REM-030 / §4.1: an entry that fails its ordering check is cleared and flagged. Returns the list with the
 * entry at `index` cleared when it fails, and the message to flag it with.
 */
export const applyDayEntry = (
  order: DayOrder,
  days: readonly (number | null)[],
  index: number,
): { days: (number | null)[]; problem: string | null } => {
  const problem = days[index] === null ? null : dayEntryProblem(order, days, index);
  if (!problem) return { days: [...days], problem: null };
  return { days: days.map((d, i) => (i === index ? null : d)), problem };
};

/**
 * R-REM-007/008: '+ More' is hidden when the last entry's days is 1 for the prior-to-expiry lists (nothing
 * can come after one day before), and for pwdExpiry also at 0.
 */
export const moreHidden = (key: ReminderKey | 'globalStatus', days: readonly (number | null)[]): boolean => {
  const last = days.at(-1);
  const order = key === 'globalStatus' ? GLOBAL_STATUS_ORDER : REMINDER_KEY_DEFS[key].order;
  if (order !== 'prior') return false;
  return last === 1 || (key === 'pwdExpiry' && last === 0);
};

/** R-REM-005/006: '+ More' adds an entry only when it shows and the current list validates. */
export const canAddDayEntry = (key: ReminderKey | 'globalStatus', days: readonly (number | null)[]): boolean => {
  const order = key === 'globalStatus' ? GLOBAL_STATUS_ORDER : REMINDER_KEY_DEFS[key].order;
  return !moreHidden(key, days) && dayListValidates(order, days);
};

/** R-REM-004: the delete icon shows only when the block has more than one entry. */
export const canDeleteDayEntry = (days: readonly unknown[]): boolean => days.length > 1;

/**
 * The reminder config lists of the settings Reminders tab (§2.2, §3.8): password expiry,
 * permanent-days-prior-to-expiry and global statuses. R-REM-083/084: Show More extends a list unless its last
 * entry is the sentinel, 999, or 0 for the global statuses.
 */
export type ReminderConfigList = 'passwordExpiry' | 'permanentDaysPriorToExpiry' | 'globalStatuses';
export const REMINDER_LIST_SENTINEL: Record<ReminderConfigList, number> = {
  passwordExpiry: 999,
  permanentDaysPriorToExpiry: 999,
  globalStatuses: 0,
};
export const canShowMore = (list: ReminderConfigList, days: readonly (number | null)[]): boolean =>
  days.at(-1) !== REMINDER_LIST_SENTINEL[list];

/** Where each block shows: the tabs of §2.1 and their blocks, in the spec's order. */
export type ReminderTabKey =
  | 'BeneficiaryProfile'
  | 'H1BVisa'
  | 'L1Visa'
  | 'PERM'
  | 'I140ImmigrantPetition'
  | 'I485Family'
  | 'N400Application'
  | 'Others';

export interface ReminderBlock {
  key: ReminderKey | 'globalStatus';
  title: string;
  hint: string;
}

export interface ReminderTab {
  key: ReminderTabKey;
  label: string;
  blocks: readonly ReminderBlock[];
}

/** R-REM-001 and R-REM-009..026: the tabs and their blocks; R-REM-021 swaps 'Petitioner' for 'Company'. */
export const reminderTabs = (tenantType: TenantTypeId): ReminderTab[] => {
  const all: ReminderTab[] = [
    {
      key: 'BeneficiaryProfile',
      label: 'Beneficiary or Applicant',
      blocks: [
        {
          key: 'lcaSubAndQuestNotSubBriefDays',
          title: 'Submit Questionnaire',
          hint: 'Days after LCA is submitted and the questionnaire is not submitted',
        },
        { key: 'passportExpiry', title: 'Expiry of Passport', hint: 'Days prior to expiry' },
        { key: 'i94Expiry', title: 'Expiry of I-94', hint: 'Days prior to expiry' },
        { key: 'workAuthorizationExpiry', title: 'Expiry of Work Authorization', hint: 'Days prior to expiry' },
        {
          key: 'totalStayIsNearing6Years',
          title: 'Duration of Stay',
          hint: 'Days to reach the maximum stay in the current visa category',
        },
        { key: 'globalStatus', title: 'Global Status', hint: 'Days prior to expiry, per country' },
      ],
    },
    {
      key: 'H1BVisa',
      label: 'H-1B Visas',
      blocks: [
        {
          key: 'caseSeleByUscisInLotteryDays',
          title: 'File H-1B Petition',
          hint: 'Days after the case is selected by the immigration agency in the lottery',
        },
        { key: 'priorToExpiryDaysH1b', title: 'H-1B Visa Expiration', hint: 'Days prior to expiry' },
      ],
    },
    {
      key: 'L1Visa',
      label: 'L Visas',
      blocks: [{ key: 'priorToExpiryl1aOrl1b', title: 'L-1 Visa Expiration', hint: 'Days prior to the H-1B expiry' }],
    },
    {
      key: 'PERM',
      label: 'PERM',
      blocks: [
        {
          key: 'pwdCertOrBeforeExpiryDays',
          title: 'Release of Advertisements',
          hint: 'Days after PWD is certified / before expiry of PWD',
        },
        {
          key: 'lastAdvReleaseBriefDays',
          title: 'Filing of PERM',
          hint: 'Days after the 30-day cooling period of the last advertisement and within 180 days of the first advertisement',
        },
        {
          key: 'sponQuestionnire',
          title: `Sponsorship Questionnaire by ${tenantType === 2 ? 'Company' : 'Petitioner'}`,
          hint: 'If not submitted with N days from PERM Filed Date',
        },
      ],
    },
    {
      key: 'I140ImmigrantPetition',
      label: 'Employment Based',
      blocks: [
        {
          key: 'priorToExpiryPermDays',
          title: 'Filing of I-140',
          hint: 'Days prior to expiry of PERM, fewer than 180 days after PERM certified',
        },
        {
          key: 'i140ApprovedDuringDays',
          title: 'Filing of I-485',
          hint: 'I-140 approved and N days after the Priority Date is current',
        },
      ],
    },
    {
      key: 'I485Family',
      label: 'Family Based',
      blocks: [
        {
          key: 'i130ApprovedDuringDays',
          title: 'Filing of I-485',
          hint: 'I-130 approved and N days after the Priority Date is current',
        },
      ],
    },
    {
      key: 'N400Application',
      label: 'Citizenship',
      blocks: [{ key: 'gcEmpi485ApprovedDays', title: 'N-400', hint: 'Days after I-485 is approved' }],
    },
    {
      key: 'Others',
      label: 'Others',
      blocks: [{ key: 'invoicePaymentReminder', title: 'Issue Invoice', hint: 'Days after the invoice is issued' }],
    },
  ];
  // R-REM-002: a petitioner company has no Others, Citizenship or Family Based tabs.
  const removed: ReminderTabKey[] = tenantType === 2 ? ['Others', 'N400Application', 'I485Family'] : [];
  return all.filter((t) => !removed.includes(t.key));
};

/** R-CONST-004 / R-CONST-005 (§9): the PERM filing window and the advertisement cooling period, in days. */
export const PERM_FILING_WINDOW_DAYS = 180;
export const PERM_COOLING_PERIOD_DAYS = 30;
