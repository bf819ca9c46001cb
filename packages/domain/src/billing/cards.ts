import cardValidator from 'card-validator';
import { z } from 'zod';
import { listOf } from '../api/responses';
import { int4, text } from '../api/scalars';

/** R-BILL-004, R-BILL-006, R-BILL-008, R-BILL-022: the card section's texts, verbatim (typos included). */
export const CARD_MESSAGES = {
  termsRequired: '* You must agree payment Terms',
  invalidCard: 'Please enter valid card details',
  updated: 'Card details are updated successfully',
  subscribeFailed: 'somthing went wrong',
  termsAccepted: 'Payment terms accepted',
  declined: 'Your card was declined',
  noCard: 'Add a card before subscribing',
} as const;

/** R-BILL-021: the card list is requested with a page size of 100. */
export const CARDS_PER_PAGE = 100;

/**
 * R-BILL-001, D-26: the card on file as billing knows it, and all billing ever knows of it: brand, last 4 and
 * expiry (the provider's token stays on the server). Never the number, never the CVC.
 */
export const CardSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
});
export type Card = z.infer<typeof CardSchema>;
export const CardListSchema = listOf(CardSchema);

/** R-BILL-021: POST card list `{page, perpage (100), subscriber}`. */
export const CardListBodySchema = z
  .object({
    page: z.number().int().min(1).max(1000).default(1),
    perpage: z.literal(CARDS_PER_PAGE).default(CARDS_PER_PAGE),
  })
  .strict();

/** Attach payment method: the provider's token of a card the browser sent to the tokenization endpoint. */
export const AttachPaymentMethodBodySchema = z
  .object({
    token: text()
      .min(1, CARD_MESSAGES.invalidCard)
      .max(100)
      .regex(/^[A-Za-z0-9_]+$/, CARD_MESSAGES.invalidCard),
  })
  .strict();
export type AttachPaymentMethodBody = z.infer<typeof AttachPaymentMethodBodySchema>;
export const AttachPaymentMethodSchema = z.object({ message: z.string(), card: CardSchema });

/** R-BILL-005: POST /tenant/pay-terms-accepted carries nothing: the caller's tenant accepts. */
export const PayTermsBodySchema = z.object({}).strict();
export const PayTermsSchema = z.object({ message: z.string(), payTermsAccepted: z.literal(true) });

// ---- The card checks, shared by the browser form and the sandbox processor (R-BILL-006, R-BILL-007) ----

/** The card fields as typed; spaces and dashes in the number are ignored. */
export interface CardInput {
  number: string;
  expMonth: string | number;
  expYear: string | number;
  cvc: string;
}
export type CardField = 'number' | 'expMonth' | 'expYear' | 'cvc';

const digits = (v: string) => v.replace(/[\s-]/g, '');

/** Brand names as a processor reports them (card-validator's types mapped to the usual display names). */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  'american-express': 'American Express',
  discover: 'Discover',
  'diners-club': 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
};
export const AMEX = 'American Express';

/** The brand of a (partly) typed number, or null when none matches. */
export const cardBrand = (number: string): string | null => {
  const type = cardValidator.number(digits(number)).card?.type;
  return type ? (BRAND_NAMES[type] ?? null) : null;
};

/** R-BILL-007: 3 digits, or 4 for American Express. */
export const cvcLength = (brand: string | null): number => (brand === AMEX ? 4 : 3);

const toInt = (v: string | number) => (typeof v === 'number' ? v : /^\d{1,4}$/.test(v.trim()) ? Number(v) : Number.NaN);

/**
 * R-BILL-006, R-BILL-007: the number passes Luhn and names a known brand, the expiry is a real month not in the
 * past (a two-digit year is 20YY), the CVC has the brand's length. Returns the failing fields, or the card's
 * brand, last 4 and expiry.
 */
export const checkCard = (
  input: CardInput,
  today: Date,
): { ok: true; card: Card } | { ok: false; fields: { name: CardField; message: string }[] } => {
  const number = digits(input.number);
  const fields: { name: CardField; message: string }[] = [];
  const validated = cardValidator.number(number);
  const brand = validated.isValid && validated.card ? (BRAND_NAMES[validated.card.type] ?? null) : null;
  if (!/^\d{12,19}$/.test(number) || !brand) fields.push({ name: 'number', message: CARD_MESSAGES.invalidCard });
  const month = toInt(input.expMonth);
  let year = toInt(input.expYear);
  if (year >= 0 && year < 100) year += 2000;
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    fields.push({ name: 'expMonth', message: CARD_MESSAGES.invalidCard });
  } else if (!Number.isInteger(year) || year > today.getUTCFullYear() + 20) {
    fields.push({ name: 'expYear', message: CARD_MESSAGES.invalidCard });
  } else if (year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) {
    fields.push({ name: 'expYear', message: CARD_MESSAGES.invalidCard });
  }
  if (!new RegExp(`^\\d{${cvcLength(brand)}}$`).test(input.cvc.trim())) {
    fields.push({ name: 'cvc', message: CARD_MESSAGES.invalidCard });
  }
  if (fields.length || !brand) return { ok: false, fields };
  return { ok: true, card: { brand, last4: number.slice(-4), exp_month: month, exp_year: year } };
};

/**
 * D-26: the sandbox processor's tokenization request, shaped like a processor's (`number`, `exp_month`,
 * `exp_year`, `cvc`). Only the sandbox route reads it; billing code never sees it.
 */
export const SandboxTokenBodySchema = z
  .object({
    number: text().max(23),
    exp_month: z.union([int4(), text().max(2)]),
    exp_year: z.union([int4(), text().max(4)]),
    cvc: text().max(4),
  })
  .strict();
export type SandboxTokenBody = z.infer<typeof SandboxTokenBodySchema>;
export const SandboxTokenSchema = z.object({ id: z.string(), card: CardSchema });

/** The seeded demo tenants' card token prefix: the sandbox charges it without a tokenization (D-27 demo). */
export const DEMO_CARD_TOKEN_PREFIX = 'tok_demo_';
