import { z } from 'zod';
import { BOOK_STATUSES, BOOK_TYPES } from '../constants.js';
import { parsePriceToCents } from '../money.js';

/** Said when a required field of a book is missing; the form names the very fields left empty. */
export const BOOK_VALIDATION_MESSAGE =
  'Please fill in every required field: title, price, category, author, cover image, book file (PDF), short story and description.';

/** The files a book may have: a PDF, an EPUB or both. */
export const BOOK_FORMATS = ['pdf', 'epub'] as const;
export const bookFormatSchema = z.enum(BOOK_FORMATS);
export type BookFormat = z.infer<typeof bookFormatSchema>;

export const bookTypeSchema = z.enum(BOOK_TYPES);
export type BookType = z.infer<typeof bookTypeSchema>;

/** GET /api/books query. */
export const bookListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(9),
  q: z.string().trim().max(200).optional(),
  category: z.string().trim().max(100).optional(),
  type: bookTypeSchema.default('all'),
  sort: z.enum(['newest', 'relevance', 'title', 'price-asc', 'price-desc', 'rating']).optional(),
});
export type BookListQuery = z.infer<typeof bookListQuerySchema>;

const metaText = z.string().trim().max(200).optional().nullable();
const metaNumber = z.coerce.number().int().min(0).max(100_000).optional().nullable();

export const bookMetaSchema = z.object({
  sku: metaText,
  tags: metaText,
  category: metaText,
  format: metaText,
  pages: metaNumber,
  publishYear: z.coerce.number().int().min(-3000).max(3000).optional().nullable(),
  language: metaText,
  country: metaText,
  century: metaText,
  availability: metaText,
  /** Imported from calibre: the series with the book's place in it ("Discworld #3"), and the publisher. */
  series: metaText,
  publisher: metaText,
});
export type BookMeta = z.infer<typeof bookMetaSchema>;

/** A price as the API accepts it, turned into cents. */
export const priceInputSchema = z
  .union([z.number(), z.string()], { error: BOOK_VALIDATION_MESSAGE })
  .transform((value, ctx) => {
    const cents = parsePriceToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'Price must be a number, or Free' });
      return z.NEVER;
    }
    return cents;
  });

const required = (max: number) =>
  z.string({ error: BOOK_VALIDATION_MESSAGE }).trim().min(1, BOOK_VALIDATION_MESSAGE).max(max);

/**
 * Book fields of POST /api/books and PUT /api/books/{id}, without the files. The files arrive either
 * as multipart parts or as base64/data-URL strings (image, pdf); the server checks them by content.
 */
export const bookFieldsSchema = z.object({
  title: required(300),
  author: required(200),
  category: required(100),
  price: priceInputSchema,
  story: required(20_000),
  description: required(20_000),
  meta: bookMetaSchema.optional().default({}),
  status: z.enum(BOOK_STATUSES).optional(),
  /**
   * Pages of the sample ("Read A Little"), 1-50; empty or null: the first 10% of the pages, up to 20.
   * Left out of an edit: kept as it is.
   */
  samplePages: z.preprocess(
    (value) => (value === '' ? null : typeof value === 'string' ? Number(value) : value),
    z
      .number({ error: 'Sample pages must be a whole number from 1 to 50' })
      .int('Sample pages must be a whole number from 1 to 50')
      .min(1, 'Sample pages must be a whole number from 1 to 50')
      .max(50, 'Sample pages must be a whole number from 1 to 50')
      .nullable()
      .optional(),
  ),
});
export type BookFields = z.infer<typeof bookFieldsSchema>;

export const bookSchema = z.object({
  _id: z.string(),
  title: z.string(),
  author: z.string(),
  category: z.string(),
  price: z.number(),
  priceCents: z.number().int(),
  isFree: z.boolean(),
  story: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  thumbnail: z.string().nullable(),
  pdf: z.string().nullable(),
  /** The formats the book's files are in (what Download offers), PDF first. */
  formats: z.array(bookFormatSchema),
  /**
   * The sample PDF ("Read A Little": the first pages, cut on the server) unless the book's PDF could
   * not be cut; null then, and the story text stands in.
   */
  sample: z.string().nullable(),
  /** The sample's page count the author or admin chose; null: automatic (10%, up to 20). */
  samplePages: z.number().int().nullable(),
  status: z.enum(BOOK_STATUSES),
  /** For a signed-in caller: whether they own it (bought, or took it free). Absent for visitors. */
  owned: z.boolean().optional(),
  /** Average stars (one decimal) and how many reviews; null average when none. */
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
  userId: z.string().nullable(),
  submittedBy: z.string().nullable().optional(),
  meta: bookMetaSchema,
  /** Bumped on every change; the admin's approve/reject names the version it saw. */
  version: z.number().int(),
  /** The admin's reason for a rejection (rejected books only, seen by the submitter and admins). */
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Book = z.infer<typeof bookSchema>;

export const REJECTION_REASON_MAX_LENGTH = 1000;

/**
 * Body of PATCH /api/books/approve/{id} and /reject/{id}: the version the admin looked at (when
 * given, a book changed since is 409 BOOK_CHANGED; the specification's client sends no body) and, for
 * a rejection, an optional reason for the submitter.
 */
export const reviewDecisionSchema = z
  .object({
    version: z.number().int().min(1).optional(),
    reason: z
      .string()
      .trim()
      .max(REJECTION_REASON_MAX_LENGTH, `The reason must be at most ${REJECTION_REASON_MAX_LENGTH} characters`)
      .optional(),
  })
  .nullish();
export type ReviewDecisionBody = z.infer<typeof reviewDecisionSchema>;

export const bookListResponseSchema = z.object({
  books: z.array(bookSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  categories: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type BookListResponse = z.infer<typeof bookListResponseSchema>;

export const SUGGESTIONS_MAX = 5;

/** GET /api/books/suggest: what has been typed so far in the search box. */
export const bookSuggestQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type at least one letter').max(100),
});
export type BookSuggestQuery = z.infer<typeof bookSuggestQuerySchema>;

/** Up to SUGGESTIONS_MAX public books: titles starting with the text first, then titles and authors containing its words. */
export const bookSuggestionsResponseSchema = z.object({
  books: z.array(
    z.object({ _id: z.string(), title: z.string(), author: z.string(), thumbnail: z.string().nullable() }),
  ),
});
export type BookSuggestion = z.infer<typeof bookSuggestionsResponseSchema>['books'][number];

/** GET /api/books/mine: the member's own submissions, every status. */
export const myBooksQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(5),
});
export type MyBooksQuery = z.infer<typeof myBooksQuerySchema>;

/** GET /api/books/manage: the admin's list of every book, any status. */
export const manageBooksQuerySchema = myBooksQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  status: z.enum(BOOK_STATUSES).optional(),
});
export type ManageBooksQuery = z.infer<typeof manageBooksQuerySchema>;

export const bookPageResponseSchema = z.object({
  books: z.array(bookSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type BookPageResponse = z.infer<typeof bookPageResponseSchema>;

/** Answer of create, update, approve and reject. */
export const bookMutationResponseSchema = z.object({ msg: z.string(), book: bookSchema });
export type BookMutationResponse = z.infer<typeof bookMutationResponseSchema>;

export const coverSizeSchema = z.enum(['card', 'detail']);
export type CoverSize = z.infer<typeof coverSizeSchema>;
export const coverQuerySchema = z.object({ size: coverSizeSchema.optional(), v: z.string().max(40).optional() });

/** GET /api/books/{id}/pdf and /epub: a signed link (exp, sig) works without a session. */
export const pdfQuerySchema = z.object({
  exp: z.coerce.number().int().optional(),
  sig: z.string().max(200).optional(),
  /** The member the link was made for: the link works only while that member may download the book. */
  u: z.uuid().optional(),
});

/** POST /api/books/{id}/download-link: which file the link downloads (the PDF unless told). */
export const downloadLinkQuerySchema = z.object({ format: bookFormatSchema.default('pdf') });

/**
 * POST /api/books/epub-metadata: what an uploaded EPUB's package document says, to prefill the book
 * form (nothing is stored). Texts are trimmed; absent ones are empty strings.
 */
export const epubMetadataSchema = z.object({
  title: z.string(),
  authors: z.array(z.string()),
  language: z.string(),
  identifier: z.string(),
  /** The ISBN among the identifiers (digits, with a final X for ISBN-10), or empty. */
  isbn: z.string(),
  description: z.string(),
  publisher: z.string(),
  date: z.string(),
  subjects: z.array(z.string()),
  hasCover: z.boolean(),
});
export type EpubMetadata = z.infer<typeof epubMetadataSchema>;

export const downloadLinkResponseSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type DownloadLinkResponse = z.infer<typeof downloadLinkResponseSchema>;

/** DELETE /api/books/{id}: a book members own is unlisted (they keep it) rather than deleted. */
export const deleteBookResponseSchema = z.object({
  msg: z.string(),
  outcome: z.enum(['deleted', 'unlisted']),
  owners: z.number().int(),
});
export type DeleteBookResponse = z.infer<typeof deleteBookResponseSchema>;

/** GET /api/books/{id}/owners (admin): how many members own the book, for the delete confirmation. */
export const bookOwnersResponseSchema = z.object({ owners: z.number().int() });
export type BookOwnersResponse = z.infer<typeof bookOwnersResponseSchema>;
