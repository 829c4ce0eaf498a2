import { maskedCardNumber, type Card } from '@ebook/shared';
import type { PaymentCardRow } from '../../db/schema/index.js';

/** A saved card as the API shows it: masked number, never the token, fingerprint or CVV. */
export function presentCard(card: PaymentCardRow): Card {
  return {
    _id: card.id,
    cardHolder: card.holder,
    brand: card.brand,
    last4: card.last4,
    cardNumber: maskedCardNumber(card.last4),
    expiry: card.expiry,
    createdAt: card.createdAt.toISOString(),
  };
}
