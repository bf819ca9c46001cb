import { z } from 'zod';
import { text } from '../api/scalars';
import { DaySchema } from '../filing-fees/contracts';

/**
 * Issue 21 (quickbooksSettings, label 'Settings'): no accounting service can be reached, so the tab maps what
 * the firm books to QuickBooks names, saved per tenant, and exports a date range as files QuickBooks imports
 * (IIF for Desktop, CSV for Online). The books are the firm's: the invoice list holds the firm's Caseport
 * subscription invoices, which the firm owes, so they are bills from the vendor Caseport (an expense paid from
 * the firm's bank account); the firm's fee lines are its income items.
 */

/** QuickBooks Desktop caps account and item names at 31 characters, customer and vendor names at 41. */
export const QB_NAME_MAX = 31;
export const QB_CUSTOMER_MAX = 41;
/** The fee lines a firm maps (one per fee code; the fee schedule has far fewer). */
export const ACCOUNTING_FEE_LINES_MAX = 500;
/** The longest range one export covers (five years of days). */
export const EXPORT_RANGE_MAX_DAYS = 366 * 5;

/** The names a tenant starts from: QuickBooks' own default chart-of-accounts names where it has one. */
export const DEFAULT_ACCOUNTS = {
  legalFees: 'Legal Fees',
  filingFees: 'Filing Fees Reimbursed',
  vendor: 'Caseport',
  expense: 'Dues & Subscriptions',
  payable: 'Accounts Payable',
  bank: 'Checking',
} as const;

export const ACCOUNTING_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${QB_NAME_MAX} characters`,
  vendorTooLong: `Name must be at most ${QB_CUSTOMER_MAX} characters`,
  nameCharacters: 'Name cannot contain tabs, line breaks or double quotes',
  duplicateFee: 'A fee code appears twice',
  itemTwoAccounts: 'This item already posts to another income account',
  payableIsBank: 'Accounts payable and the bank account need two different accounts',
  expenseIsBalance: 'The expense account cannot be the payable or bank account',
  incomeIsBillAccount: 'An income account cannot be the expense, payable or bank account',
  unknownFee: 'This fee is not one of your fee lines',
  dateRequired: 'Date is required',
  rangeOrder: 'From must be on or before To',
  rangeTooLong: 'The range can be at most five years',
  saved: 'Accounting settings saved successfully',
  tenantRequired: 'Customer is required',
} as const;

const qbName = (max: number, tooLong: string) =>
  text()
    .trim()
    .min(1, ACCOUNTING_MESSAGES.nameRequired)
    .max(max, tooLong)
    .regex(/^[^\t\r\n"]*$/, ACCOUNTING_MESSAGES.nameCharacters);

/**
 * An account or item name as QuickBooks stores it: 1..31 characters, and none of the characters that would
 * break an IIF row (tab, line break) or a quoted field ("). A colon names a sub-account ("Income:Legal Fees").
 */
export const QbNameSchema = qbName(QB_NAME_MAX, ACCOUNTING_MESSAGES.nameTooLong);
/** A vendor (or customer) name: the same characters, up to 41. */
export const QbVendorNameSchema = qbName(QB_CUSTOMER_MAX, ACCOUNTING_MESSAGES.vendorTooLong);

/** Where one kind of line goes: the QuickBooks item on the invoice line and the income account it posts to. */
export const LineMappingSchema = z.object({ item: QbNameSchema, incomeAccount: QbNameSchema }).strict();
export type LineMapping = z.infer<typeof LineMappingSchema>;

export const FeeCodeRefSchema = text().regex(/^[A-Z0-9_-]{1,40}$/, 'Fee code must be letters, digits, - or _');

export const FeeLineMappingSchema = LineMappingSchema.extend({ code: FeeCodeRefSchema }).strict();
export type FeeLineMapping = z.infer<typeof FeeLineMappingSchema>;

/**
 * The firm's Caseport subscription invoices as its books hold them: a bill from `vendor` on `expenseAccount`
 * owed on `payableAccount`, and once paid a bill payment from `bankAccount`.
 */
export const SubscriptionBillMappingSchema = z
  .object({
    vendor: QbVendorNameSchema,
    expenseAccount: QbNameSchema,
    payableAccount: QbNameSchema,
    bankAccount: QbNameSchema,
  })
  .strict();
export type SubscriptionBillMapping = z.infer<typeof SubscriptionBillMappingSchema>;

export const DEFAULT_SUBSCRIPTION_BILL: SubscriptionBillMapping = {
  vendor: DEFAULT_ACCOUNTS.vendor,
  expenseAccount: DEFAULT_ACCOUNTS.expense,
  payableAccount: DEFAULT_ACCOUNTS.payable,
  bankAccount: DEFAULT_ACCOUNTS.bank,
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

type Problem = { path: (string | number)[]; message: string };

/**
 * The rules across fields: payable and bank are two balance-sheet accounts and the expense account is
 * neither; an income account is none of the three (QuickBooks keeps one type per account); one item posts to
 * one income account (QuickBooks keeps one account per item); a fee code appears once.
 */
export const mappingProblems = (m: {
  subscriptionBill: SubscriptionBillMapping;
  feeLines: FeeLineMapping[];
}): Problem[] => {
  const problems: Problem[] = [];
  const bill = m.subscriptionBill;
  if (same(bill.payableAccount, bill.bankAccount))
    problems.push({ path: ['subscriptionBill', 'bankAccount'], message: ACCOUNTING_MESSAGES.payableIsBank });
  if (same(bill.expenseAccount, bill.payableAccount) || same(bill.expenseAccount, bill.bankAccount))
    problems.push({ path: ['subscriptionBill', 'expenseAccount'], message: ACCOUNTING_MESSAGES.expenseIsBalance });
  const billAccounts = [bill.expenseAccount, bill.payableAccount, bill.bankAccount];
  const itemAccount = new Map<string, string>();
  const codes = new Set<string>();
  m.feeLines.forEach((f, i) => {
    if (codes.has(f.code)) problems.push({ path: ['feeLines', i, 'code'], message: ACCOUNTING_MESSAGES.duplicateFee });
    codes.add(f.code);
    if (billAccounts.some((a) => same(a, f.incomeAccount)))
      problems.push({ path: ['feeLines', i, 'incomeAccount'], message: ACCOUNTING_MESSAGES.incomeIsBillAccount });
    const key = f.item.trim().toLowerCase();
    const account = itemAccount.get(key);
    if (account !== undefined && !same(account, f.incomeAccount))
      problems.push({ path: ['feeLines', i, 'incomeAccount'], message: ACCOUNTING_MESSAGES.itemTwoAccounts });
    else itemAccount.set(key, f.incomeAccount);
  });
  return problems;
};

/** The saved mapping of one tenant. */
export const AccountingMappingSchema = z
  .object({
    /** Every invoice of the invoice list: the firm's Caseport subscription, a bill in the firm's books. */
    subscriptionBill: SubscriptionBillMappingSchema,
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

/** The fee lines, saved ones winning; two fees of one name but different kinds would give one item two
 * accounts: the later unsaved one goes by its code. */
const withFeeDefaults = (
  fees: readonly AccountingFeeLine[],
  savedFees: ReadonlyMap<string, FeeLineMapping>,
): FeeLineMapping[] => {
  const accountOf = new Map<string, string>();
  return fees.map((fee) => {
    const saved = savedFees.get(fee.code);
    let f = saved ?? defaultFeeLineMapping(fee);
    const taken = accountOf.get(f.item.toLowerCase());
    if (taken !== undefined && taken !== f.incomeAccount && !saved) f = { ...f, item: fee.code.slice(0, QB_NAME_MAX) };
    accountOf.set(f.item.toLowerCase(), f.incomeAccount);
    return f;
  });
};

/**
 * The mapping a tenant starts from: the saved one where it still holds, the defaults elsewhere; a fee line
 * added since gets its default. `saved` is the stored jsonb, read leniently: a row of an older shape (issue 21's
 * first mapping had receivable/deposit accounts and an invoice line, booking the subscription as income) keeps
 * its fee lines and takes the default subscription bill; a part that no longer passes the rules falls back to
 * its default, so what this answers always passes `AccountingMappingSchema`.
 */
export const mappingWithDefaults = (saved: unknown, fees: readonly AccountingFeeLine[]): AccountingMapping => {
  const stored = saved && typeof saved === 'object' ? (saved as Record<string, unknown>) : {};
  const bill = SubscriptionBillMappingSchema.safeParse(stored.subscriptionBill);
  const savedFees = new Map<string, FeeLineMapping>();
  for (const f of Array.isArray(stored.feeLines) ? stored.feeLines : []) {
    const parsed = FeeLineMappingSchema.safeParse(f);
    if (parsed.success && !savedFees.has(parsed.data.code)) savedFees.set(parsed.data.code, parsed.data);
  }
  const build = (subscriptionBill: SubscriptionBillMapping, kept: ReadonlyMap<string, FeeLineMapping>) => {
    const m: AccountingMapping = { subscriptionBill, feeLines: withFeeDefaults(fees, kept) };
    return mappingProblems(m).length === 0 ? m : null;
  };
  const subscriptionBill = bill.success ? bill.data : DEFAULT_SUBSCRIPTION_BILL;
  return (
    build(subscriptionBill, savedFees) ??
    build(DEFAULT_SUBSCRIPTION_BILL, savedFees) ??
    build(subscriptionBill, new Map()) ??
    build(DEFAULT_SUBSCRIPTION_BILL, new Map()) ?? {
      subscriptionBill: DEFAULT_SUBSCRIPTION_BILL,
      feeLines: withFeeDefaults(fees, new Map()),
    }
  );
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
  iif: 'IIF (QuickBooks Desktop): bills and bill payments',
  csv: 'CSV (QuickBooks Online): bills',
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
