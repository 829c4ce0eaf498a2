/**
 * The built-in simulated gateway: a processor's test mode. Its vault and ledger live in its own
 * directory (SIMULATED_GATEWAY_DIR, outside DATA_DIR), never in the store's tables, and so does the
 * secret that keys card fingerprints: whoever holds the store's data cannot reverse a fingerprint.
 * It keeps no card number, only the behaviour the test number asks for. Test numbers (README):
 *   any Luhn-valid number         succeeds (4242-4242-4242-4242, 5555-5555-5555-4444, ...)
 *   4000-0000-0000-0002           declined at charge time
 *   4000-0000-0000-9995           insufficient funds at charge time
 *   a number failing the Luhn check is refused when the card is saved.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { passesLuhn } from '@ebook/shared';
import { badRequest } from '../../../lib/errors.js';
import type {
  PartialRefund,
  CardDetails,
  ChargeFailure,
  ChargeRequest,
  ChargeResult,
  PaymentGateway,
  SavedCard,
} from './payment-gateway.js';
import { SimulatedLedger, type CardBehaviour, type LedgerCharge, type LedgerRefund } from './simulated-ledger.js';

export const TEST_CARD_NUMBERS = {
  succeeds: ['4242424242424242', '5555555555554444'],
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

const FAILURES: Record<Exclude<LedgerCharge['outcome'], 'succeeded'>, ChargeFailure> = {
  declined: { ok: false, reason: 'declined', message: 'Your card was declined. Please use another card.' },
  insufficient_funds: {
    ok: false,
    reason: 'insufficient_funds',
    message: 'Your card has insufficient funds. Please use another card.',
  },
  unknown_card: {
    ok: false,
    reason: 'unknown_card',
    message: 'This card can no longer be charged. Please add it again.',
  },
};

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'card';
}

/** The journal file of a simulated gateway directory (the chaos script reads it to count charges). */
export const simulatedLedgerFile = (dir: string) => path.join(dir, 'ledger.jsonl');

/**
 * The gateway's own secret: SIMULATED_GATEWAY_SECRET when given, else generated once into
 * `<dir>/secret.key` (mode 0600), next to the gateway's ledger and away from the store's data.
 */
export function simulatedGatewaySecret(dir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, 'secret.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}

export class SimulatedGateway implements PaymentGateway {
  readonly name = 'simulated';
  private readonly ledger: SimulatedLedger;
  private readonly fingerprintKey: Buffer;

  constructor(dir: string, secret: string) {
    this.ledger = new SimulatedLedger(simulatedLedgerFile(dir));
    this.fingerprintKey = createHmac('sha256', secret).update('simulated-gateway:fingerprint').digest();
  }

  async saveCard(card: CardDetails): Promise<SavedCard> {
    const digits = card.number.replace(/\D/g, '');
    if (digits.length < 12 || digits.length > 19 || !passesLuhn(digits)) {
      throw badRequest('This card number is not valid. Please check it and try again.', 'CARD_NUMBER_INVALID');
    }
    if (!/^\d{3,4}$/.test(card.cvv)) throw badRequest('CVV must be 3 digits', 'CVV_INVALID');
    const behaviour: CardBehaviour =
      digits === TEST_CARD_NUMBERS.declined
        ? 'decline'
        : digits === TEST_CARD_NUMBERS.insufficientFunds
          ? 'insufficient_funds'
          : 'succeed';
    const token = `tok_${randomBytes(16).toString('hex')}`;
    await this.ledger.addCard(token, behaviour);
    const fingerprint = createHmac('sha256', this.fingerprintKey).update(digits).digest('hex').slice(0, 32);
    return { token, brand: cardBrand(digits), last4: digits.slice(-4), fingerprint };
  }

  async hasCard(token: string): Promise<boolean> {
    return (await this.ledger.cardBehaviour(token)) !== undefined;
  }

  removeCard(token: string): Promise<void> {
    return this.ledger.removeCard(token);
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const behaviour = await this.ledger.cardBehaviour(request.token);
    const outcome: LedgerCharge['outcome'] =
      behaviour === undefined
        ? 'unknown_card'
        : behaviour === 'succeed'
          ? 'succeeded'
          : behaviour === 'decline'
            ? 'declined'
            : 'insufficient_funds';
    const charge = await this.ledger.charge({
      id: `ch_${randomBytes(12).toString('hex')}`,
      idempotencyKey: request.idempotencyKey,
      token: request.token,
      amountCents: request.amountCents,
      currency: request.currency,
      outcome,
    });
    return resultOf(charge);
  }

  async findCharge(idempotencyKey: string): Promise<ChargeResult | null> {
    const charge = await this.ledger.findCharge(idempotencyKey);
    return charge ? resultOf(charge) : null;
  }

  async refund(chargeId: string, part?: PartialRefund): Promise<void> {
    const charge = part
      ? await this.ledger.refundPart(chargeId, part.amountCents, part.idempotencyKey)
      : await this.ledger.refund(chargeId);
    if (!charge) throw new Error(`simulated gateway: no charge ${chargeId} to refund`);
  }

  /** Every refund the gateway made (for the chaos script's accounting and for tests). */
  allRefunds(): Promise<LedgerRefund[]> {
    return this.ledger.allRefunds();
  }

  /** Every charge the gateway took (for the chaos script's accounting and for tests). */
  allCharges(): Promise<LedgerCharge[]> {
    return this.ledger.allCharges();
  }

  close(): Promise<void> {
    return this.ledger.close();
  }
}

function resultOf(charge: LedgerCharge): ChargeResult {
  if (charge.outcome !== 'succeeded') return FAILURES[charge.outcome];
  return {
    ok: true,
    charge: {
      id: charge.id,
      amountCents: charge.amountCents,
      currency: charge.currency,
      status: charge.refunded ? 'refunded' : 'succeeded',
    },
  };
}
