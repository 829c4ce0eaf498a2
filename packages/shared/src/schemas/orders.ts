import { z } from 'zod';

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
});

export const orderSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  totalCents: z.number().int(),
  total: z.number(),
  currency: z.string(),
  cardLast4: z.string().nullable(),
  books: z.array(orderBookSchema),
});
export type Order = z.infer<typeof orderSchema>;
