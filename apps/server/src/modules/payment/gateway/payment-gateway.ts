/**
 * The payment processor as the store sees it. The store never holds a card number or a CVV: it hands
 * them to the gateway once and keeps the token, brand, last 4 digits and the gateway's fingerprint
 * (keyed with the gateway's own secret, so the store's data cannot be turned back into a number).
 */
export interface CardDetails {
  holder: string;
  /** Digits, with or without separators. */
  number: string;
  expiry: string;
  cvv: string;
}

export interface SavedCard {
  token: string;
  brand: string;
  last4: string;
  /**
   * Same card number, same fingerprint (for spotting duplicates without keeping the number). Keyed
   * with the gateway's secret, which the store never holds.
   */
  fingerprint: string;
}

export interface ChargeRequest {
  token: string;
  amountCents: number;
  currency: string;
  /** The gateway charges at most once per key and answers a repeat with the first outcome. */
  idempotencyKey: string;
}

export interface PartialRefund {
  amountCents: number;
  /** The gateway refunds once per key: a retry after a crash gives nothing back twice. */
  idempotencyKey: string;
}

/** A charge the gateway took. A refunded charge is money given back, never a payment. */
export interface Charge {
  id: string;
  amountCents: number;
  currency: string;
  status: 'succeeded' | 'refunded';
}

export type ChargeFailure = {
  ok: false;
  reason: 'declined' | 'insufficient_funds' | 'unknown_card';
  message: string;
};

export type ChargeResult = { ok: true; charge: Charge } | ChargeFailure;

export interface PaymentGateway {
  readonly name: string;
  /** Validates and vaults a card; throws a 400 AppError for a number the network would refuse. */
  saveCard(card: CardDetails): Promise<SavedCard>;
  /** Forgets a vaulted card (after the store deleted or replaced it). */
  removeCard(token: string): Promise<void>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** What became of the charge made with this key; null when no charge was ever made with it. */
  findCharge(idempotencyKey: string): Promise<ChargeResult | null>;
  /**
   * Gives money back. Without `part`, the whole charge (idempotent), when the store could not complete
   * the order it paid for. With `part`, that amount of it (an admin's refund of some or all books),
   * at most once per idempotency key; a repeat of a key is a no-op. Never more than the charge.
   */
  refund(chargeId: string, part?: PartialRefund): Promise<void>;
  /** Releases what the gateway holds open (files, connections). */
  close(): Promise<void>;
}
