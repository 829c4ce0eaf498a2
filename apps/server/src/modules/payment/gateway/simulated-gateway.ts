/**
 * The built-in simulated gateway: a processor's test mode. Its vault and ledger are its own tables
 * (gateway_cards, gateway_charges), and it keeps no card number either, only the behaviour the test
 * number asks for. Test numbers (documented in the README):
 *   any Luhn-valid number         succeeds (4242-4242-4242-4242, 5555-5555-5555-4444, ...)
 *   4000-0000-0000-0002           declined at charge time
 *   4000-0000-0000-9995           insufficient funds at charge time
 *   a number failing the Luhn check is refused when the card is saved.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { passesLuhn } from '@ebook/shared';
import type { Db } from '../../../db/client.js';
import { gatewayCards, gatewayCharges } from '../../../db/schema/index.js';
import { badRequest } from '../../../lib/errors.js';
import type { CardDetails, ChargeRequest, ChargeResult, PaymentGateway, SavedCard } from './payment-gateway.js';

export const TEST_CARD_NUMBERS = {
  succeeds: ['4242424242424242', '5555555555554444'],
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

type Behaviour = (typeof gatewayCards.$inferSelect)['behaviour'];

const DECLINE_MESSAGES: Record<Exclude<Behaviour, 'succeed'>, string> = {
  decline: 'Your card was declined. Please use another card.',
  insufficient_funds: 'Your card has insufficient funds. Please use another card.',
};

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'card';
}

export class SimulatedGateway implements PaymentGateway {
  readonly name = 'simulated';
  private readonly fingerprintKey: Buffer;

  constructor(
    private readonly db: Db,
    secret: string,
  ) {
    this.fingerprintKey = createHmac('sha256', secret).update('simulated-gateway:fingerprint').digest();
  }

  async saveCard(card: CardDetails): Promise<SavedCard> {
    const digits = card.number.replace(/\D/g, '');
    if (digits.length < 12 || digits.length > 19 || !passesLuhn(digits)) {
      throw badRequest('This card number is not valid. Please check it and try again.', 'CARD_NUMBER_INVALID');
    }
    if (!/^\d{3,4}$/.test(card.cvv)) throw badRequest('CVV must be 3 digits', 'CVV_INVALID');
    const behaviour: Behaviour =
      digits === TEST_CARD_NUMBERS.declined
        ? 'decline'
        : digits === TEST_CARD_NUMBERS.insufficientFunds
          ? 'insufficient_funds'
          : 'succeed';
    const token = `tok_${randomBytes(16).toString('hex')}`;
    const fingerprint = createHmac('sha256', this.fingerprintKey).update(digits).digest('hex').slice(0, 32);
    await this.db.insert(gatewayCards).values({ token, fingerprint, behaviour });
    return { token, brand: cardBrand(digits), last4: digits.slice(-4), fingerprint };
  }

  async removeCard(token: string): Promise<void> {
    await this.db.delete(gatewayCards).where(eq(gatewayCards.token, token));
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const previous = await this.findCharge(request.idempotencyKey);
    if (previous) return previous;

    const [card] = await this.db.select().from(gatewayCards).where(eq(gatewayCards.token, request.token));
    const outcome: string = !card ? 'unknown_card' : card.behaviour === 'succeed' ? 'succeeded' : card.behaviour;
    // The unique idempotency key decides a race: whoever loses reads the winner's outcome.
    await this.db
      .insert(gatewayCharges)
      .values({
        id: `ch_${randomBytes(12).toString('hex')}`,
        idempotencyKey: request.idempotencyKey,
        token: request.token,
        amountCents: request.amountCents,
        currency: request.currency,
        outcome,
      })
      .onConflictDoNothing({ target: gatewayCharges.idempotencyKey });
    const settled = await this.findCharge(request.idempotencyKey);
    if (!settled) throw new Error('simulated gateway: charge vanished');
    return settled;
  }

  async refund(chargeId: string): Promise<void> {
    await this.db.update(gatewayCharges).set({ outcome: 'refunded' }).where(eq(gatewayCharges.id, chargeId));
  }

  private async findCharge(idempotencyKey: string): Promise<ChargeResult | null> {
    const [row] = await this.db.select().from(gatewayCharges).where(eq(gatewayCharges.idempotencyKey, idempotencyKey));
    if (!row) return null;
    if (row.outcome === 'succeeded' || row.outcome === 'refunded') return { ok: true, chargeId: row.id };
    if (row.outcome === 'decline' || row.outcome === 'insufficient_funds') {
      return {
        ok: false,
        reason: row.outcome === 'decline' ? 'declined' : 'insufficient_funds',
        message: DECLINE_MESSAGES[row.outcome],
      };
    }
    return { ok: false, reason: 'unknown_card', message: 'This card can no longer be charged. Please add it again.' };
  }
}
