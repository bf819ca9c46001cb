import { z } from 'zod';
import { text } from '../api/scalars';
import { DaySchema } from '../fees/contracts';

/**
 * Issue 21 (quickbooksSettings, label 'Settings'): no accounting service can be reached, so the tab maps the
 * firm's invoice lines and fee lines to QuickBooks accounts and items, saved per tenant, and exports a date
 * range as files QuickBooks imports (IIF for Desktop, CSV for Online).
 */

/** QuickBooks Desktop caps account and item names at 31 characters, customer names at 41. */
export const QB_NAME_MAX = 31;
export const QB_CUSTOMER_MAX = 41;
/** The fee lines a firm maps (one per fee code; the fee schedule has far fewer). */
export const ACCOUNTING_FEE_LINES_MAX = 500;
/** The longest range one export covers (five years of days). */
export const EXPORT_RANGE_MAX_DAYS = 366 * 5;

export const DEFAULT_ACCOUNTS = {
  legalFees: 'Legal Fees',
  filingFees: 'Filing Fees Reimbursed',
  receivable: 'Accounts Receivable',
  deposit: 'Undeposited Funds',
} as const;

export const ACCOUNTING_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${QB_NAME_MAX} characters`,
  nameCharacters: 'Name cannot contain tabs, line breaks or double quotes',
  duplicateFee: 'A fee code appears twice',
  itemTwoAccounts: 'This item already posts to another income account',
  sameAccount: 'Receivables and deposits need two different accounts',
  incomeIsBalance: 'An income account cannot be the receivables or deposit account',
  unknownFee: 'This fee is not one of your fee lines',
  dateRequired: 'Date is required',
  rangeOrder: 'From must be on or before To',
  rangeTooLong: 'The range can be at most five years',
  saved: 'Accounting settings saved successfully',
  tenantRequired: 'Customer is required',
} as const;

/**
 * An account or item name as QuickBooks stores it: 1..31 characters, and none of the characters that would
 * break an IIF row (tab, line break) or a quoted field ("). A colon names a sub-account ("Income:Legal Fees").
 */
export const QbNameSchema = text()
  .trim()
  .min(1, ACCOUNTING_MESSAGES.nameRequired)
  .max(QB_NAME_MAX, ACCOUNTING_MESSAGES.nameTooLong)
  .regex(/^[^\t\r\n"]*$/, ACCOUNTING_MESSAGES.nameCharacters);

/** Where one kind of line goes: the QuickBooks item on the invoice line and the income account it posts to. */
export const LineMappingSchema = z.object({ item: QbNameSchema, incomeAccount: QbNameSchema }).strict();
export type LineMapping = z.infer<typeof LineMappingSchema>;

export const FeeCodeRefSchema = text().regex(/^[A-Z0-9_-]{1,40}$/, 'Fee code must be letters, digits, - or _');

export const FeeLineMappingSchema = LineMappingSchema.extend({ code: FeeCodeRefSchema }).strict();
export type FeeLineMapping = z.infer<typeof FeeLineMappingSchema>;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The rules across fields: one item posts to one income account (QuickBooks keeps one account per item),
 * receivables and deposits are two balance-sheet accounts, and no income account is one of them.
 */
export const mappingProblems = (m: {
  receivableAccount: string;
  depositAccount: string;
  invoiceLine: LineMapping;
  feeLines: FeeLineMapping[];
}): { path: (string | number)[]; message: string }[] => {
  const problems: { path: (string | number)[]; message: string }[] = [];
  if (same(m.receivableAccount, m.depositAccount))
    problems.push({ path: ['depositAccount'], message: ACCOUNTING_MESSAGES.sameAccount });
  const lines: [(string | number)[], LineMapping][] = [
    [['invoiceLine'], m.invoiceLine],
    ...m.feeLines.map((f, i): [(string | number)[], LineMapping] => [['feeLines', i], f]),
  ];
  const itemAccount = new Map<string, string>();
  const codes = new Set<string>();
  m.feeLines.forEach((f, i) => {
    if (codes.has(f.code)) problems.push({ path: ['feeLines', i, 'code'], message: ACCOUNTING_MESSAGES.duplicateFee });
    codes.add(f.code);
  });
  for (const [path, l] of lines) {
    if (same(l.incomeAccount, m.receivableAccount) || same(l.incomeAccount, m.depositAccount))
      problems.push({ path: [...path, 'incomeAccount'], message: ACCOUNTING_MESSAGES.incomeIsBalance });
    const key = l.item.trim().toLowerCase();
    const account = itemAccount.get(key);
    if (account !== undefined && !same(account, l.incomeAccount))
      problems.push({ path: [...path, 'incomeAccount'], message: ACCOUNTING_MESSAGES.itemTwoAccounts });
    else itemAccount.set(key, l.incomeAccount);
  }
  return problems;
};

/** The saved mapping of one tenant. */
export const AccountingMappingSchema = z
  .object({
    receivableAccount: QbNameSchema,
    depositAccount: QbNameSchema,
    /** The line of every invoice of the invoice list (its plan). */
    invoiceLine: LineMappingSchema,
    feeLines: z.array(FeeLineMappingSchema).max(ACCOUNTING_FEE_LINES_MAX),
  })
  .strict()
  .superRefine((m, ctx) => {
    for (const p of mappingProblems(m)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });
export type AccountingMapping = z.infer<typeof AccountingMappingSchema>;

/** A fee line of the firm (its filing fee schedules): what the mapping screen lists. */
export const AccountingFeeLineSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** R-FEE-016: 'USCIS' fees are reimbursed filing fees; 'other' are the firm's own (legal) fees. */
  type: z.string(),
});
export type AccountingFeeLine = z.infer<typeof AccountingFeeLineSchema>;

/** A fee line's default: USCIS filing fees go to "Filing Fees Reimbursed", the firm's own fees to "Legal Fees". */
export const defaultFeeLineMapping = (fee: AccountingFeeLine): FeeLineMapping => ({
  code: fee.code,
  item:
    fee.name
      .replace(/[\t\r\n"]+/g, ' ')
      .trim()
      .slice(0, QB_NAME_MAX) || fee.code.slice(0, QB_NAME_MAX),
  incomeAccount: fee.type === 'USCIS' ? DEFAULT_ACCOUNTS.filingFees : DEFAULT_ACCOUNTS.legalFees,
});

/** The mapping a tenant starts from; saved fee lines win, a fee line added since gets its default. */
export const mappingWithDefaults = (
  saved: AccountingMapping | null,
  fees: readonly AccountingFeeLine[],
): AccountingMapping => {
  const savedFees = new Map((saved?.feeLines ?? []).map((f) => [f.code, f]));
  const m: AccountingMapping = {
    receivableAccount: saved?.receivableAccount ?? DEFAULT_ACCOUNTS.receivable,
    depositAccount: saved?.depositAccount ?? DEFAULT_ACCOUNTS.deposit,
    invoiceLine: saved?.invoiceLine ?? { item: DEFAULT_ACCOUNTS.legalFees, incomeAccount: DEFAULT_ACCOUNTS.legalFees },
    feeLines: fees.map((f) => savedFees.get(f.code) ?? defaultFeeLineMapping(f)),
  };
  // Two fees of one name but different kinds would give one item two accounts: the later one goes by its code.
  const accountOf = new Map<string, string>([[m.invoiceLine.item.toLowerCase(), m.invoiceLine.incomeAccount]]);
  m.feeLines = m.feeLines.map((f) => {
    const taken = accountOf.get(f.item.toLowerCase());
    if (taken !== undefined && taken !== f.incomeAccount && !savedFees.has(f.code))
      return { ...f, item: f.code.slice(0, QB_NAME_MAX) };
    accountOf.set(f.item.toLowerCase(), f.incomeAccount);
    return f;
  });
  return m;
};

/** POST /api/accounting/settings: role 1 names the customer (D-02); a tenant role reads its own. */
export const AccountingSettingsBodySchema = z.object({ tenantId: z.uuid().optional() }).strict();
export const AccountingSettingsSchema = z.object({
  /** Null until the tenant saves (the mapping is then the defaults). */
  _id: z.string().nullable(),
  mapping: AccountingMappingSchema,
  feeLines: z.array(AccountingFeeLineSchema),
  timeZone: z.string(),
});
export type AccountingSettings = z.infer<typeof AccountingSettingsSchema>;

export const AccountingSaveBodySchema = z
  .object({ tenantId: z.uuid().optional(), mapping: AccountingMappingSchema })
  .strict();
export type AccountingSaveBody = z.infer<typeof AccountingSaveBodySchema>;

export const EXPORT_FORMATS = ['iif', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  iif: 'IIF (QuickBooks Desktop): invoices and payments',
  csv: 'CSV (QuickBooks Online): invoices',
};

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/** POST /api/accounting/export: the days are the tenant's calendar days, both included. */
export const AccountingExportQuerySchema = z
  .object({
    format: z.enum(EXPORT_FORMATS),
    from: DaySchema,
    to: DaySchema,
    tenantId: z.uuid().optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: ACCOUNTING_MESSAGES.rangeOrder });
    else if (dayNumber(q.to) - dayNumber(q.from) >= EXPORT_RANGE_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: ACCOUNTING_MESSAGES.rangeTooLong });
  });
export type AccountingExportQuery = z.infer<typeof AccountingExportQuerySchema>;
