import { z } from 'zod';
import { bookSchema } from './books.js';

export const bookIdBodySchema = z.object({ bookId: z.uuid({ message: 'A valid bookId is required' }) });
export const bookIdParamSchema = z.object({ bookId: z.uuid({ message: 'Invalid book id' }) });

export const wishlistEntrySchema = z.object({ _id: z.string(), bookId: bookSchema, createdAt: z.string() });
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;
