import { z } from 'zod';

/**
 * The scalars every API contract is built from (issue 23). Each one accepts only what the database can
 * store, so a value the validator lets through can never come back as a database error (5xx):
 * - `text()`: a string of well-formed Unicode without NUL. PostgreSQL text and jsonb hold neither a lone
 *   UTF-16 surrogate (`"\ud800"` in JSON) nor U+0000.
 * - `int4()`: an integer inside PostgreSQL's `integer` (the column type of every counted or coded number
 *   here); `id()`: a positive one, for master-data ids (countries, states, case types, sub-types ...).
 * A test walks every route's body and query schema and fails on a string or number that is not built
 * from these (apps/server/test/contract-scalars.test.ts).
 */

export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

export const TEXT_NOT_STORABLE = 'Text contains characters that cannot be stored';
export const NUMBER_TOO_LARGE = 'Number is too large';

/** A lone surrogate: a high one not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Can PostgreSQL text hold this string? (No lone surrogate, no NUL.) */
export const isStorableText = (value: string): boolean => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/** The one check every accepted string carries; the contract test finds it by identity. */
export const STORABLE_TEXT = z.refine<string>(isStorableText, TEXT_NOT_STORABLE);

/** A string the database can store. Chain `.trim()`, `.min()`, `.max()`, `.regex()` ... as on `z.string()`. */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).check(STORABLE_TEXT);

/** An integer a PostgreSQL `integer` column holds. Chain `.min()` / `.max()` / `.positive()` to narrow it. */
export const int4 = (params?: Parameters<typeof z.number>[0]) =>
  z.number(params).int().min(INT4_MIN, NUMBER_TOO_LARGE).max(INT4_MAX, NUMBER_TOO_LARGE);

/** A positive integer id (master data): 1 .. 2^31-1. */
export const id = (params?: Parameters<typeof z.number>[0]) =>
  z.number(params).int().min(1).max(INT4_MAX, NUMBER_TOO_LARGE);

export const IntIdSchema = id();

const hasCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
/** A decimal amount: finite, at most 1,000,000,000 either way, at most two decimals (cents). */
export const MONEY_INVALID = 'Amount has at most two decimals';
export const MONEY_AMOUNT = z.refine<number>(
  (n) => Number.isFinite(n) && Math.abs(n) <= 1_000_000_000 && hasCents(n),
  MONEY_INVALID,
);
/**
 * Issue 34: the one non-integer number a body may hold (a wage, an amount paid): bounded and in cents, so the
 * jsonb or numeric column that stores it holds exactly what was sent.
 */
export const money = (params?: Parameters<typeof z.number>[0]) => z.number(params).check(MONEY_AMOUNT);
