import { z } from 'zod';
import { text } from '../api/scalars';

/**
 * The dates a case carries for its reminders (issue 17, beyond the spec): each is a calendar date
 * (YYYY-MM-DD, no time and no zone) that one or more reminder blocks of the global configuration count from
 * (`REMINDER_RULES` in ./engine.ts). The case-dates editor and the engine both read this list.
 */
export const CASE_DATE_KEYS = [
  'passportExpiry',
  'i94Expiry',
  'visaExpiry',
  'workAuthorizationExpiry',
  'maxStayOn',
  'lotterySelectedOn',
  'lcaSubmittedOn',
  'pwdCertifiedOn',
  'pwdExpiry',
  'firstAdvertisementOn',
  'lastAdvertisementOn',
  'permFiledOn',
  'permCertifiedOn',
  'priorityDateCurrentOn',
  'i140ApprovedOn',
  'i130ApprovedOn',
  'i485ApprovedOn',
  'invoiceIssuedOn',
] as const;
export type CaseDateKey = (typeof CASE_DATE_KEYS)[number];

export const CASE_DATE_LABELS: Record<CaseDateKey, string> = {
  passportExpiry: 'Passport expiry',
  i94Expiry: 'I-94 expiry',
  visaExpiry: 'Visa expiry',
  workAuthorizationExpiry: 'Work authorization expiry',
  maxStayOn: 'Maximum stay reached',
  lotterySelectedOn: 'Selected in the lottery',
  lcaSubmittedOn: 'LCA submitted',
  pwdCertifiedOn: 'PWD certified',
  pwdExpiry: 'PWD expiry',
  firstAdvertisementOn: 'First advertisement',
  lastAdvertisementOn: 'Last advertisement',
  permFiledOn: 'PERM filed',
  permCertifiedOn: 'PERM certified',
  priorityDateCurrentOn: 'Priority date current',
  i140ApprovedOn: 'I-140 approved',
  i130ApprovedOn: 'I-130 approved',
  i485ApprovedOn: 'I-485 approved',
  invoiceIssuedOn: 'Invoice issued',
};

/** The editor's groups, in the order a case moves through them. */
export const CASE_DATE_GROUPS: { title: string; keys: CaseDateKey[] }[] = [
  {
    title: 'Travel and status',
    keys: ['passportExpiry', 'i94Expiry', 'visaExpiry', 'workAuthorizationExpiry', 'maxStayOn'],
  },
  { title: 'H-1B', keys: ['lotterySelectedOn', 'lcaSubmittedOn'] },
  {
    title: 'PERM',
    keys: [
      'pwdCertifiedOn',
      'pwdExpiry',
      'firstAdvertisementOn',
      'lastAdvertisementOn',
      'permFiledOn',
      'permCertifiedOn',
    ],
  },
  {
    title: 'Green card and citizenship',
    keys: ['priorityDateCurrentOn', 'i140ApprovedOn', 'i130ApprovedOn', 'i485ApprovedOn'],
  },
  { title: 'Billing', keys: ['invoiceIssuedOn'] },
];

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date between 1900 and 2200 (a typo like 20266-01-01 or 2026-02-30 is refused). */
export const isCalendarDate = (s: string): boolean => {
  if (!DATE_SHAPE.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  if (y < 1900 || y > 2200) return false;
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};
export const INVALID_DATE = 'Enter a valid date';
export const CalendarDateSchema = text().max(10).refine(isCalendarDate, INVALID_DATE);

export type CaseDates = Partial<Record<CaseDateKey, string>>;

/** A case's dates on the wire: every key optional; null (or absent) clears a date. */
export const CaseDatesInSchema = z
  .object(
    Object.fromEntries(CASE_DATE_KEYS.map((k) => [k, CalendarDateSchema.nullable().optional()])) as Record<
      CaseDateKey,
      z.ZodOptional<z.ZodNullable<typeof CalendarDateSchema>>
    >,
  )
  .strict();
export const CaseDatesSchema = z.object(
  Object.fromEntries(CASE_DATE_KEYS.map((k) => [k, z.string().optional()])) as Record<
    CaseDateKey,
    z.ZodOptional<z.ZodString>
  >,
);

/** Only the dates that are set, in the list's order (what the case stores). */
export const compactCaseDates = (dates: Partial<Record<CaseDateKey, string | null | undefined>>): CaseDates => {
  const out: CaseDates = {};
  for (const k of CASE_DATE_KEYS) {
    const v = dates[k];
    if (v) out[k] = v;
  }
  return out;
};

export const CaseDatesBodySchema = z.object({ caseId: z.uuid() }).strict();
export const CaseDatesUpdateBodySchema = z.object({ caseId: z.uuid(), dates: CaseDatesInSchema }).strict();
export type CaseDatesUpdateBody = z.infer<typeof CaseDatesUpdateBodySchema>;
export const CaseDatesDetailsSchema = z.object({
  caseId: z.string(),
  caseNumber: z.string(),
  dates: CaseDatesSchema,
});
export type CaseDatesDetails = z.infer<typeof CaseDatesDetailsSchema>;
export const CaseDatesSavedSchema = z.object({ message: z.string(), dates: CaseDatesSchema });
