import { z } from 'zod';
import { bookSchema } from './books.js';

/** POST /api/cart/add. E-books are bought once: any quantity is taken as 1. */
export const cartAddSchema = z.object({
  bookId: z.uuid({ message: 'A valid bookId is required' }),
  quantity: z.coerce.number().int().min(1).max(99).optional(),
});

export const cartItemSchema = z.object({ bookId: bookSchema, quantity: z.literal(1) });
/** GET /api/cart. `totalCents` is what the cart costs now, in the store `currency`. */
export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  totalCents: z.number().int(),
  currency: z.string(),
});
export type Cart = z.infer<typeof cartSchema>;
