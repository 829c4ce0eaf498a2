import { z } from 'zod';

/** Every error the API returns has this shape. */
export const errorResponseSchema = z.object({
  msg: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const idParamSchema = z.object({ id: z.uuid({ message: 'Invalid id' }) });

export const okSchema = z.object({ msg: z.string() });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(9),
});

/** GET /api/store. */
export const storeInfoSchema = z.object({
  currency: z.string().length(3),
  /** STORE_NAME, STORE_EMAIL, STORE_PHONE: the footer and the e-mails show them. */
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type StoreInfo = z.infer<typeof storeInfoSchema>;
