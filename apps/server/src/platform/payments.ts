import type { Card, SandboxTokenBody } from '@caseport/domain/billing/cards';

/**
 * D-26: the payment processor as billing sees it. The browser sends the card to the processor's tokenization
 * endpoint and hands billing the token; billing only ever resolves that token to brand, last 4 and expiry and
 * charges it. A real processor (Stripe: PaymentMethods + PaymentIntents) is one file implementing this
 * interface, passed as `AppConfig.payments`; the default is the in-process sandbox (features/payments-sandbox).
 */
/** Issue 39: who made a token; a token is good only for them (a Stripe adapter: the token's Customer). */
export interface TokenOwner {
  tenantId: string;
  userId: string;
}

export interface PaymentProvider {
  /**
   * The card a fresh token stands for, or null when the processor does not know the token or it was made for
   * another tenant or user (issue 39: a token is not a bearer credential).
   */
  retrieveCard(token: string, owner: TokenOwner): Promise<Card | null>;
  /** Charges a saved card; a decline is an answer, not an exception. */
  charge(input: ChargeInput): Promise<ChargeResult>;
}

export interface ChargeInput {
  token: string;
  amountCents: number;
  currency: 'USD';
  /** What the statement says, e.g. "Professional plan (month)". */
  description: string;
  /** Makes a retried charge of the same purchase a no-op at the processor. */
  idempotencyKey: string;
}

export type ChargeResult = { ok: true; chargeId: string } | { ok: false; reason: string };

/**
 * The in-process sandbox processor (features/payments-sandbox): a PaymentProvider that also tokenizes a card,
 * which its own route offers in place of a real processor's tokenization endpoint.
 */
export interface SandboxProvider extends PaymentProvider {
  tokenize(body: SandboxTokenBody, owner: TokenOwner): { id: string; card: Card };
}
