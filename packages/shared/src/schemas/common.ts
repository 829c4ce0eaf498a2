import { z } from 'zod';
import { runningPromotionSchema } from './promotion.js';

export const idParamSchema = z.object({ id: z.uuid({ message: 'Invalid id' }) });

export const okSchema = z.object({ msg: z.string() });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(9),
});

/**
 * GET /api/store. `name`, `email`, `phone`: STORE_NAME, STORE_EMAIL, STORE_PHONE (the footer and the
 * e-mails show them). `promotion`: the store-wide discount running now (null when none). `gateway`: the
 * payment gateway configured ('simulated' is a test mode: the card form shows its test numbers).
 */
export const storeInfoSchema = z.object({
  currency: z.string().length(3),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The phone fields' default country (ISO 3166 alpha-2, lower case), from DEFAULT_COUNTRY. */
  defaultCountry: z.string().regex(/^[a-z]{2}$/),
  promotion: runningPromotionSchema.nullable(),
  gateway: z.string(),
  /** Whether "Login with Google" works: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. */
  googleSignIn: z.boolean(),
  stats: z.object({ books: z.number().int(), freeBooks: z.number().int(), categories: z.number().int() }),
});
export type StoreInfo = z.infer<typeof storeInfoSchema>;
