import { z } from 'zod';
import { bookFormatSchema, bookSchema } from './books.js';

/** The most pages a book may have for its reading progress (a sanity bound, not a real limit). */
export const MAX_READING_PAGES = 100_000;
/** The longest EPUB locator (an EPUB CFI) kept as reading progress. */
export const MAX_LOCATOR_LENGTH = 1000;

/** PUT /api/books/{id}/progress in a PDF: the page and the page count. */
export const pdfProgressInputSchema = z
  .object({
    format: z.literal('pdf').optional(),
    page: z
      .number({ error: 'The page must be a whole number' })
      .int('The page must be a whole number')
      .min(1, 'The page must be at least 1'),
    pages: z
      .number({ error: 'The page count must be a whole number' })
      .int('The page count must be a whole number')
      .min(1, 'The page count must be at least 1')
      .max(MAX_READING_PAGES, `The page count must be at most ${MAX_READING_PAGES}`),
  })
  .refine((value) => value.page <= value.pages, { message: 'The page must not be past the last page', path: ['page'] });

/** PUT /api/books/{id}/progress in an EPUB: a locator (an EPUB CFI) and how far through the book (0..1). */
export const epubProgressInputSchema = z.object({
  format: z.literal('epub'),
  locator: z
    .string({ error: 'The locator must be text' })
    .trim()
    .min(1, 'The locator must not be empty')
    .max(MAX_LOCATOR_LENGTH, `The locator must be at most ${MAX_LOCATOR_LENGTH} characters`),
  percentage: z
    .number({ error: 'The percentage must be a number from 0 to 1' })
    .min(0, 'The percentage must be a number from 0 to 1')
    .max(1, 'The percentage must be a number from 0 to 1'),
});

/** PUT /api/books/{id}/progress: a PDF's `{ page, pages }` or an EPUB's `{ format: 'epub', locator, percentage }`. */
export const readingProgressInputSchema = z.union([epubProgressInputSchema, pdfProgressInputSchema]);
export type ReadingProgressInput = z.infer<typeof readingProgressInputSchema>;

export const readingProgressSchema = z.object({
  format: bookFormatSchema,
  /** PDF: the page and page count; null in an EPUB. */
  page: z.number().int().nullable(),
  pages: z.number().int().nullable(),
  /** EPUB: where the reader is (an EPUB CFI); null in a PDF. */
  locator: z.string().nullable(),
  /** How far through the book, 0..1 (a PDF's page / pages). */
  percentage: z.number(),
  updatedAt: z.string(),
});
export type ReadingProgress = z.infer<typeof readingProgressSchema>;

/** GET /api/books/{id}/progress: null until the member has opened the book in the reader. */
export const readingProgressResponseSchema = z.object({ progress: readingProgressSchema.nullable() });
export type ReadingProgressResponse = z.infer<typeof readingProgressResponseSchema>;

/** GET /api/users/me/reading: the books the member is reading, last read first. */
export const readingListResponseSchema = z.object({
  books: z.array(z.object({ book: bookSchema, progress: readingProgressSchema })),
});
export type ReadingListResponse = z.infer<typeof readingListResponseSchema>;
export type ReadingListEntry = ReadingListResponse['books'][number];
