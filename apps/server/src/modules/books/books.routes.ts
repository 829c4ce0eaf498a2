/**
 * The book API: the public catalogue, a book, and creating, editing and deleting books. Review lists
 * and actions live in books-review.routes.ts, files in books-files.routes.ts (registered from here).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PDF_MAX_BYTES,
  bookListQuerySchema,
  bookListResponseSchema,
  bookMutationResponseSchema,
  bookSchema,
  idParamSchema,
  okSchema,
} from '@ebook/shared';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.js';
import { readBookInput } from './books-input.js';
import { findPublicBookCached, listPublicBooks } from './books-query.service.js';
import { presentBook } from './books.presenter.js';
import booksFilesRoutes from './books-files.routes.js';
import booksReviewRoutes from './books-review.routes.js';
import { createBook, deleteBook, getVisibleBook, listAllPublicBooks, updateBook } from './books.service.js';

/** Room for a 100 MB PDF and a 5 MB cover as base64 text in JSON (4/3 of the bytes, plus fields). */
const JSON_BOOK_BODY_LIMIT = Math.ceil(((PDF_MAX_BYTES + 5 * 1024 * 1024) * 4) / 3) + 1024 * 1024;

/**
 * Lists are presented by presentBook, whose return type is the contract; re-validating every book
 * with zod on the way out cost more than the query (bench/README.md), so these routes only stringify.
 */
const plainJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

const bookBodyDoc =
  'JSON (image and pdf as data URLs or base64) or multipart/form-data (fields, meta as JSON or meta.<key>, files image and pdf).';

const booksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/books',
    {
      ...plainJson,
      schema: {
        tags: ['books'],
        summary: 'The public catalogue: search, filters, category facets and paging',
        querystring: bookListQuerySchema,
        response: { 200: bookListResponseSchema },
      },
    },
    async (request) => {
      const result = await listPublicBooks(app.db, request.query);
      return {
        books: result.books.map((book) => presentBook(book)),
        total: result.total,
        page: request.query.page,
        limit: request.query.limit,
        categories: result.categories,
      };
    },
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
    async () => (await listAllPublicBooks(app.db)).map((book) => presentBook(book)),
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
      // The session is looked up only for a book that is not public.
      const cached = await findPublicBookCached(app.db, request.params.id);
      return presentBook(cached ?? (await getVisibleBook(app.db, request.params.id, () => app.currentUser(request))));
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
      const input = await readBookInput(request, app.fileStore);
      const book = await createBook(app.db, callerOf(request), input);
      return reply.status(201).send({ msg: 'Book added successfully.', book: presentBook(book) });
    },
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
      const input = await readBookInput(request, app.fileStore);
      const book = await updateBook(
        app.db,
        app.fileStore,
        request.params.id,
        callerOf(request),
        input,
        app.config.STORE_CURRENCY,
      );
      return { msg: 'Book updated successfully.', book: presentBook(book) };
    },
  );

  app.delete(
    '/books/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['books'],
        summary: 'Delete a book (admin: any; member: own, while not approved) and its unused files',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await deleteBook(app.db, app.fileStore, request.params.id, callerOf(request));
      return { msg: 'Book has been removed.' };
    },
  );

  await app.register(booksReviewRoutes);
  await app.register(booksFilesRoutes);
};

export default booksRoutes;
