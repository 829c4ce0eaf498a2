import { z } from 'zod';
import { bookSchema } from './books.js';

/** POST /api/orders. userId is accepted for compatibility but the caller's session decides. */
export const orderCreateSchema = z.object({
  userId: z.string().max(100).optional(),
  books: z
    .array(z.uuid({ message: 'Invalid book id' }), { error: 'Please select at least one book and a card.' })
    .min(1, 'Please select at least one book and a card.')
    .max(100),
  total: z.union([z.number(), z.string()]).optional(),
  paymentId: z.uuid({ message: 'Please select at least one book and a card.' }),
});
export type OrderCreate = z.infer<typeof orderCreateSchema>;

export const orderBookSchema = z.object({
  _id: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  price: z.number(),
  priceCents: z.number().int(),
  /** Given back by a refund: the buyer no longer owns it. */
  refunded: z.boolean(),
});

export const orderSchema = z.object({
  _id: z.string(),
  /** The order number people read aloud, `BK-2026-000123`. */
  number: z.string(),
  createdAt: z.string(),
  totalCents: z.number().int(),
  total: z.number(),
  currency: z.string(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  status: z.enum(['paid', 'partially_refunded', 'refunded']),
  /** What the promotion took off the books' own prices. */
  discountCents: z.number().int(),
  refundedCents: z.number().int(),
  books: z.array(orderBookSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** The `Idempotency-Key` header of POST /api/orders: one per checkout attempt. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8, 'Idempotency-Key must be 8 to 200 characters')
  .max(200, 'Idempotency-Key must be 8 to 200 characters')
  .regex(/^[\w.:-]+$/, 'Idempotency-Key may only hold letters, digits, dot, colon, dash and underscore');

export const orderCreatedSchema = z.object({ msg: z.string(), order: orderSchema });
export const orderListSchema = z.object({ orders: z.array(orderSchema) });

/** GET /api/orders/owned: every book the member owns, with its PDF address. */
export const ownedBookSchema = bookSchema.extend({ purchasedAt: z.string(), orderId: z.string().nullable() });
export type OwnedBook = z.infer<typeof ownedBookSchema>;
export const ownedBooksSchema = z.object({ books: z.array(ownedBookSchema) });

/** GET /api/users/me/summary: the member dashboard's tiles. */
export const memberSummarySchema = z.object({
  favourites: z.number().int(),
  cartItems: z.number().int(),
  pendingBooks: z.number().int(),
  savedCards: z.number().int(),
  ownedBooks: z.number().int(),
  currency: z.string(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;
