import { z } from 'zod';
import { MONEY_INVALID, money, text } from '../api/scalars';
import { CalendarDateSchema } from '../reminders/case-dates';
import type { ActivityCode } from '../workflows/catalogue';
import { FACT_BY_KEY, factValueSchema } from './facts';
import type { RunKind, UscisOutcome } from './run';

/**
 * What an activity of the workflow run records when it is completed (issue 34 item 5), per kind (run.ts
 * RunKind), checked by the web form and again by the server (ARCHITECTURE 1). Amounts are dollars with at most
 * two decimals on the wire; dates are calendar dates in the firm's own day (YYYY-MM-DD).
 *
 * - assign (ASSIGN_*): the user picked, who must be an active user of the tenant holding the role the activity
 *   names (run.ts ASSIGN_ROLES); the server checks that, the schema only the id.
 * - lca (LCA_REQUEST, LCA_SUBMIT): the LCA case number the Department of Labor gives (I-200-YYDDD-NNNNNN) and,
 *   once certified, its validity; LCA_SUBMIT needs the validity and records when it was submitted. The server
 *   writes them into the case's facts (lcaNumber, lcaValidFrom, lcaValidTo, lcaSubmittedOn).
 * - fee (FILING_FEE): what was paid, how and when.
 * - invoice (CREATE_INVOICE): the invoice's lines as the Fees tab shows them. The server issues the case's invoice
 *   from them (case-invoices.ts: a numbered case_invoices row and its PDF), records its id and number on the
 *   activity and sets the case's invoiceIssuedOn fact; an undo voids the invoice.
 * - uscis (UPDATE_USCIS_RESPONSE), per outcome: the receipt number (the case's receiptNumber fact), an RFE
 *   (issued, response due), a decision (its date).
 * - step and approve: an optional note.
 */

/** I-200-YYDDD-NNNNNN: the year, the day of the year (001-366) the LCA was filed, and a serial. */
export const LCA_NUMBER_PATTERN = /^I-200-\d{2}(00[1-9]|0[1-9]\d|[12]\d{2}|3[0-5]\d|36[0-6])-\d{6}$/;

export const RUN_DATA_MESSAGES = {
  lcaNumber: 'LCA case number looks like I-200-24123-123456',
  lcaValidTo: 'Valid to must be on or after valid from',
  amount: 'Amount must be greater than 0',
  /** money() refuses more than two decimals with this message. */
  cents: MONEY_INVALID,
  rfeDue: 'The response due date must be on or after the date the RFE was issued',
  lines: 'Add at least one invoice line',
  userRequired: 'Choose a user',
} as const;

export const FEE_METHODS = ['check', 'card', 'ACH'] as const;
export type FeeMethod = (typeof FEE_METHODS)[number];
export const FEE_METHOD_LABELS: Record<FeeMethod, string> = { check: 'Check', card: 'Card', ACH: 'ACH' };

const dollars = () => money().positive(RUN_DATA_MESSAGES.amount).max(1_000_000);
const note = text().trim().max(1000).optional();

export const AssignDataSchema = z.object({ userId: z.uuid(RUN_DATA_MESSAGES.userRequired), note }).strict();
export type AssignData = z.infer<typeof AssignDataSchema>;

const LcaNumberSchema = text().trim().toUpperCase().regex(LCA_NUMBER_PATTERN, RUN_DATA_MESSAGES.lcaNumber);
const validity = <T extends { validFrom?: string; validTo?: string }>(d: T, ctx: z.RefinementCtx) => {
  if (d.validFrom && d.validTo && d.validTo < d.validFrom)
    ctx.addIssue({ code: 'custom', path: ['validTo'], message: RUN_DATA_MESSAGES.lcaValidTo });
};
/** LCA_REQUEST: the number once the LCA is filed with the Department of Labor; the validity when known. */
export const LcaRequestDataSchema = z
  .object({
    lcaNumber: LcaNumberSchema,
    validFrom: CalendarDateSchema.optional(),
    validTo: CalendarDateSchema.optional(),
    note,
  })
  .strict()
  .superRefine(validity);
/** LCA_SUBMIT: the certified LCA, with its validity; submittedOn defaults to the firm's today. */
export const LcaSubmitDataSchema = z
  .object({
    lcaNumber: LcaNumberSchema,
    validFrom: CalendarDateSchema,
    validTo: CalendarDateSchema,
    submittedOn: CalendarDateSchema.optional(),
    note,
  })
  .strict()
  .superRefine(validity);
export type LcaData = z.infer<typeof LcaRequestDataSchema> & { submittedOn?: string };

export const FeeDataSchema = z
  .object({ amount: dollars(), method: z.enum(FEE_METHODS), paidOn: CalendarDateSchema, reference: note })
  .strict();
export type FeeData = z.infer<typeof FeeDataSchema>;

export const InvoiceLineSchema = z.object({ label: text().trim().min(1).max(200), amount: dollars() }).strict();
export const InvoiceDataSchema = z
  .object({
    lines: z.array(InvoiceLineSchema).min(1, RUN_DATA_MESSAGES.lines).max(50),
    issuedOn: CalendarDateSchema.optional(),
    note,
  })
  .strict();
export type InvoiceData = z.infer<typeof InvoiceDataSchema>;
/** The total the server records beside the lines, in dollars (summed in cents). */
export const invoiceTotal = (lines: readonly { amount: number }[]) =>
  lines.reduce((cents, l) => cents + Math.round(l.amount * 100), 0) / 100;

export const UscisReceiptDataSchema = z
  .object({
    receiptNumber: factValueSchema(FACT_BY_KEY.receiptNumber) as z.ZodType<string>,
    receivedOn: CalendarDateSchema.optional(),
  })
  .strict();
export const UscisRfeDataSchema = z
  .object({ issuedOn: CalendarDateSchema, responseDueOn: CalendarDateSchema })
  .strict()
  .superRefine((d, ctx) => {
    if (d.responseDueOn < d.issuedOn)
      ctx.addIssue({ code: 'custom', path: ['responseDueOn'], message: RUN_DATA_MESSAGES.rfeDue });
  });
export const UscisDecisionDataSchema = z.object({ decidedOn: CalendarDateSchema.optional(), note }).strict();
export type UscisRfeData = z.infer<typeof UscisRfeDataSchema>;

export const NoteDataSchema = z.object({ note }).strict();

export const USCIS_DATA_SCHEMAS: Record<UscisOutcome, z.ZodType> = {
  receipt: UscisReceiptDataSchema,
  rfe: UscisRfeDataSchema,
  approved: UscisDecisionDataSchema,
  denied: UscisDecisionDataSchema,
};

/** The data schema of completing an activity of `kind` (LCA: per code), or of a USCIS outcome. */
export const runDataSchemaFor = (
  target: { kind: RunKind; code: ActivityCode } | { outcome: UscisOutcome },
): z.ZodType => {
  if ('outcome' in target) return USCIS_DATA_SCHEMAS[target.outcome];
  switch (target.kind) {
    case 'assign':
      return AssignDataSchema;
    case 'lca':
      return target.code === 'LCA_SUBMIT' ? LcaSubmitDataSchema : LcaRequestDataSchema;
    case 'fee':
      return FeeDataSchema;
    case 'invoice':
      return InvoiceDataSchema;
    default:
      return NoteDataSchema;
  }
};

/**
 * Checks the data of an action; answers the parsed value or the field errors named `data.<path>` (the D-07
 * envelope's fields). Absent data is an empty object (a step needs none; the others then name what is missing).
 */
export const checkRunData = (
  target: Parameters<typeof runDataSchemaFor>[0],
  data: unknown,
): { ok: true; value: Record<string, unknown> } | { ok: false; fields: { name: string; message: string }[] } => {
  const input = data ?? {};
  const parsed = runDataSchemaFor(target).safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data as Record<string, unknown> };
  const at = (path: PropertyKey[]) =>
    path.reduce<unknown>(
      (v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined),
      input,
    );
  return {
    ok: false,
    fields: parsed.error.issues.map((i) => ({
      name: ['data', ...i.path.map(String)].join('.'),
      // A missing value says so (zod's own words name the expected type).
      message:
        i.code === 'invalid_type' && at(i.path) === undefined && i.message.startsWith('Invalid input')
          ? 'Required'
          : i.message,
    })),
  };
};
