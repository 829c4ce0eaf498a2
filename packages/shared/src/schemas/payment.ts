import { z } from 'zod';
import { isValidExpiry } from '../card.js';

/** A card holder's name: starts with a letter; then letters, marks, spaces, hyphens, apostrophes, periods. */
export const CARD_HOLDER_PATTERN = /^\p{L}[\p{L}\p{M} '’.-]*$/u;

/** The payment form and POST/PUT /api/payment. */
export const cardInputSchema = z.object({
  cardHolder: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters')
    // Names as people write them: letters of any script, with spaces, hyphens, apostrophes and
    // periods between ("Mary-Jane O'Neil", "J. R. R. Tolkien", "Zoë", "李小龙"); the specification's
    // message stays for anything else (digits, symbols).
    .regex(CARD_HOLDER_PATTERN, 'Only letters and spaces allowed'),
  cardNumber: z
    .string({ error: 'Card number is required' })
    .trim()
    .min(1, 'Card number is required')
    .regex(/^\d{4}-\d{4}-\d{4}-\d{4}$/, 'Use format: 1234-5678-9012-3456'),
  expiry: z
    .string({ error: 'Expiry is required' })
    .trim()
    .min(1, 'Expiry is required')
    .refine(isValidExpiry, 'Format MM/YY (YY ≥ 26)'),
  cvv: z
    .string({ error: 'CVV is required' })
    .trim()
    .min(1, 'CVV is required')
    .regex(/^\d{3}$/, 'CVV must be 3 digits'),
});
export type CardInput = z.infer<typeof cardInputSchema>;

/** A saved card as the API returns it: never the full number, never the CVV. */
export const cardSchema = z.object({
  _id: z.string(),
  cardHolder: z.string(),
  brand: z.string(),
  last4: z.string(),
  cardNumber: z.string(),
  expiry: z.string(),
  createdAt: z.string(),
});
export type Card = z.infer<typeof cardSchema>;

export const cardIdParamSchema = z.object({ cardId: z.uuid({ message: 'Card not found.' }) });
export const cardSavedSchema = z.object({ msg: z.string(), card: cardSchema });
