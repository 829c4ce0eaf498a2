/**
 * The payment processor as the store sees it. The store never holds a card number or a CVV: it hands
 * them to the gateway once and keeps the token, brand, last 4 digits and a fingerprint.
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
  /** Same card number, same fingerprint (for spotting duplicates without keeping the number). */
  fingerprint: string;
}

export interface ChargeRequest {
  token: string;
  amountCents: number;
  currency: string;
  /** The gateway charges at most once per key and answers a repeat with the first outcome. */
  idempotencyKey: string;
}

export type ChargeResult =
  | { ok: true; chargeId: string }
  | { ok: false; reason: 'declined' | 'insufficient_funds' | 'unknown_card'; message: string };

export interface PaymentGateway {
  readonly name: string;
  /** Validates and vaults a card; throws a 400 AppError for a number the network would refuse. */
  saveCard(card: CardDetails): Promise<SavedCard>;
  /** Forgets a vaulted card (after the store deleted or replaced it). */
  removeCard(token: string): Promise<void>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Gives a charge back when the store could not complete the order it paid for. */
  refund(chargeId: string): Promise<void>;
}
