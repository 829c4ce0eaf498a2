/**
 * The book API: the public catalogue, a book, and creating, editing and deleting books. Files live in
 * books-files.routes.ts (registered from here); review lists and actions in the submissions module.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PDF_MAX_BYTES,
  type Book,
  bookListQuerySchema,
  bookListResponseSchema,
  bookMutationResponseSchema,
  bookOwnersResponseSchema,
  bookSchema,
  bookSuggestQuerySchema,
  bookSuggestionsResponseSchema,
  deleteBookResponseSchema,
  epubMetadataSchema,
  idParamSchema,
} from '@ebook/shared';
import { z } from 'zod';
import { tooManyRequests } from '../../lib/errors.js';
import { callerOf } from '../../plugins/auth.js';
import { readBookInput, readEpubMetadata } from './books-input.js';
import { findPublicBookCached, listPublicBooks, type BookRecord } from './books-query.service.js';
import { presentBook, presentSuggestion } from './books.presenter.js';
import { suggestBooks } from './books-suggest.service.js';
import booksFilesRoutes from './books-files.routes.js';
import { countOwners, ownedAmong } from './ownership.service.js';
import { createBook, deleteBook, getVisibleBook, listAllPublicBooks, updateBook } from './books.service.js';

/** Room for a 100 MB PDF and a 5 MB cover as base64 text in JSON (4/3 of the bytes, plus fields). */
const JSON_BOOK_BODY_LIMIT = Math.ceil(((PDF_MAX_BYTES + 5 * 1024 * 1024) * 4) / 3) + 1024 * 1024;

/**
 * Lists are presented by presentBook, whose return type is the contract; re-validating every book
 * with zod on the way out cost more than the query (bench/README.md), so these routes only stringify.
 */
const plainJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

const bookBodyDoc =
  'JSON (image, pdf and epub as data URLs or base64) or multipart/form-data (fields, meta as JSON or meta.<key>, files image, pdf and epub). A new book needs a PDF, an EPUB or both.';

const booksRoutes: FastifyPluginAsyncZod = async (app) => {
  const searchRateLimit = {
    max: app.config.SEARCHES_PER_MINUTE,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      tooManyRequests(
        `Too many searches. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        'SEARCH_RATE_LIMITED',
      ),
  };
  /**
   * Books with `owned` for a signed-in caller, added per request: the cached pages are shared by
   * everyone. A visitor (no session cookie or token) costs no lookup at all.
   */
  async function presentForCaller(request: FastifyRequest, list: BookRecord[]): Promise<Book[]> {
    const caller = await app.currentUser(request);
    if (!caller) return list.map((book) => presentBook(book));
    const owned = await ownedAmong(
      app.db,
      caller.id,
      list.map((book) => book.id),
    );
    return list.map((book) => ({ ...presentBook(book), owned: owned.has(book.id) }));
  }

  app.get(
    '/books',
    {
      ...plainJson,
      // Searches per address (each may miss every cache); browsing the catalogue is not counted.
      config: {
        rateLimit: { ...searchRateLimit, allowList: (request) => !(request.query as { q?: unknown }).q },
      },
      schema: {
        tags: ['books'],
        summary: 'The public catalogue: search, filters, category facets and paging',
        querystring: bookListQuerySchema,
        response: { 200: bookListResponseSchema },
      },
    },
    async (request) => {
      const result = await listPublicBooks(app.db, app.caches, request.query, app.catalogueIndex);
      return {
        books: await presentForCaller(request, result.books),
        total: result.total,
        page: request.query.page,
        limit: request.query.limit,
        categories: result.categories,
      };
    },
  );

  app.get(
    '/books/suggest',
    {
      // Counted like searches (each keystroke may miss every cache).
      config: { rateLimit: searchRateLimit },
      schema: {
        tags: ['books'],
        summary: 'Up to 5 public books for what has been typed so far (search as you type)',
        querystring: bookSuggestQuerySchema,
        response: { 200: bookSuggestionsResponseSchema },
      },
    },
    async (request) => ({
      books: (await suggestBooks(app.db, request.query.q, app.caches, app.catalogueIndex)).map(presentSuggestion),
    }),
  );

  app.get(
    '/books/all',
    {
      ...plainJson,
      schema: {
        tags: ['books'],
        summary: 'Every public book, newest first (at most 1,000; use GET /api/books to page)',
        response: { 200: z.array(bookSchema) },
      },
    },
    async (request) => presentForCaller(request, await listAllPublicBooks(app.db)),
  );

  app.get(
    '/books/:id',
    {
      schema: {
        tags: ['books'],
        summary: 'A book (pending or rejected ones only for their submitter and admins)',
        params: idParamSchema,
        response: { 200: bookSchema },
      },
    },
    async (request) => {
      const cached = await findPublicBookCached(app.db, app.caches, request.params.id);
      const book = cached ?? (await getVisibleBook(app.db, request.params.id, () => app.currentUser(request)));
      const [presented] = await presentForCaller(request, [book]);
      return presented!;
    },
  );

  app.post(
    '/books/',
    {
      onRequest: [app.requireUser, app.uploadSlot],
      bodyLimit: JSON_BOOK_BODY_LIMIT,
      schema: {
        tags: ['books'],
        summary: 'Add a book (admin: added; member: pending, waiting for review)',
        description: bookBodyDoc,
        response: { 201: bookMutationResponseSchema },
      },
    },
    async (request, reply) => {
      const input = await readBookInput(request, app.fileStore, app.documentJobs);
      const book = await createBook(app, { caller: callerOf(request), input });
      return reply.status(201).send({ msg: 'Book added successfully.', book: presentBook(book) });
    },
  );

  app.post(
    '/books/epub-metadata',
    {
      onRequest: [app.requireUser, app.uploadSlot],
      schema: {
        tags: ['books'],
        summary: "An EPUB's metadata, to prefill the book form (checked like an upload; nothing is stored)",
        description:
          'multipart/form-data with the file field epub. 422 EPUB_UNREADABLE, EPUB_TOO_LARGE, EPUB_UNSAFE_PATH, EPUB_ENCRYPTED or EPUB_INVALID when it breaks a rule.',
        response: { 200: epubMetadataSchema },
      },
    },
    async (request) => readEpubMetadata(request, app.fileStore, app.documentJobs),
  );

  app.put(
    '/books/:id',
    {
      onRequest: [app.requireUser, app.uploadSlot],
      bodyLimit: JSON_BOOK_BODY_LIMIT,
      schema: {
        tags: ['books'],
        summary: 'Edit a book; files are optional (the current ones are kept); the status is kept',
        description: bookBodyDoc,
        params: idParamSchema,
        response: { 200: bookMutationResponseSchema },
      },
    },
    async (request) => {
      const input = await readBookInput(request, app.fileStore, app.documentJobs);
      const book = await updateBook(app, { id: request.params.id, caller: callerOf(request), input });
      return { msg: 'Book updated successfully.', book: presentBook(book) };
    },
  );

  app.delete(
    '/books/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['books'],
        summary:
          'Delete a book (admin: any; member: own, while not approved) and its unused files; a book members own is unlisted instead',
        params: idParamSchema,
        response: { 200: deleteBookResponseSchema },
      },
    },
    async (request) => {
      const outcome = await deleteBook(app, { id: request.params.id, caller: callerOf(request) });
      return outcome.kind === 'unlisted'
        ? { msg: 'Book has been removed.', outcome: 'unlisted' as const, owners: outcome.owners }
        : { msg: 'Book has been removed.', outcome: 'deleted' as const, owners: 0 };
    },
  );

  app.get(
    '/books/:id/owners',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['books'],
        summary: 'Admin: how many members own the book (the delete confirmation says so)',
        params: idParamSchema,
        response: { 200: bookOwnersResponseSchema },
      },
    },
    async (request) => {
      await getVisibleBook(app.db, request.params.id, async () => callerOf(request));
      return { owners: await countOwners(app.db, request.params.id) };
    },
  );

  await app.register(booksFilesRoutes);
};

export default booksRoutes;
