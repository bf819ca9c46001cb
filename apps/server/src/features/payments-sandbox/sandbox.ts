import { randomBytes } from 'node:crypto';
import { type Card, checkCard, DEMO_CARD_TOKEN_PREFIX } from '@caseport/domain/billing/cards';
import { AppError, fieldErrors } from '../../platform/errors';
import type { ChargeInput, ChargeResult, SandboxProvider, TokenOwner } from '../../platform/payments';

/**
 * D-26: the documented test cards of the sandbox processor (README "Payments sandbox"). Any other number
 * that passes Luhn with a known brand tokenizes and charges successfully.
 */
export const SANDBOX_CARDS = {
  /** Tokenization succeeds; charges succeed. */
  success: ['4242424242424242', '5555555555554444', '378282246310005', '6011111111111117'],
  /** Tokenization answers "Your card was declined". */
  declineOnTokenize: ['4000000000000002'],
  /** Tokenizes (the card can be saved) but every charge is declined: subscribe fails. */
  declineOnCharge: ['4000000000000341'],
} as const;

interface Entry {
  card: Card;
  chargeable: boolean;
  /** Issue 39: the tenant and user the token was made for. */
  owner: TokenOwner;
}

/**
 * The in-process sandbox: validates like a processor (Luhn, brand, expiry, CVC 3 or 4 for American Express),
 * answers a token, and keeps only token → brand/last4/expiry (and whether charges pass). The number and the
 * CVC are dropped as soon as they are checked. Tokens live as long as the process.
 */
export const createSandboxProvider = (now: () => Date): SandboxProvider => {
  const tokens = new Map<string, Entry>();
  /** A processor answers a repeated idempotency key with the first charge (Stripe keeps them 24 hours). */
  const charges = new Map<string, ChargeResult>();
  const provider: SandboxProvider = {
    tokenize(body, owner) {
      const checked = checkCard(
        { number: body.number, expMonth: body.exp_month, expYear: body.exp_year, cvc: body.cvc },
        now(),
      );
      if (!checked.ok) {
        throw fieldErrors(checked.fields, 'Please enter valid card details');
      }
      const number = body.number.replace(/[\s-]/g, '');
      if ((SANDBOX_CARDS.declineOnTokenize as readonly string[]).includes(number)) {
        throw new AppError('PAYMENT_FAILED', 'Your card was declined', [
          { name: 'number', message: 'Your card was declined' },
        ]);
      }
      const id = `tok_${randomBytes(12).toString('hex')}`;
      tokens.set(id, {
        card: checked.card,
        chargeable: !(SANDBOX_CARDS.declineOnCharge as readonly string[]).includes(number),
        owner: { tenantId: owner.tenantId, userId: owner.userId },
      });
      return { id, card: checked.card };
    },
    async retrieveCard(token, owner) {
      const entry = tokens.get(token);
      if (!entry || entry.owner.tenantId !== owner.tenantId || entry.owner.userId !== owner.userId) return null;
      return entry.card;
    },
    async charge(input: ChargeInput): Promise<ChargeResult> {
      const earlier = charges.get(input.idempotencyKey);
      if (earlier) return earlier;
      const chargeable = input.token.startsWith(DEMO_CARD_TOKEN_PREFIX) || tokens.get(input.token)?.chargeable === true;
      if (!chargeable || input.amountCents < 0) return { ok: false, reason: 'card_declined' };
      const result: ChargeResult = { ok: true, chargeId: `ch_${randomBytes(12).toString('hex')}` };
      charges.set(input.idempotencyKey, result);
      return result;
    },
  };
  return provider;
};
