/**
 * The submissions API: the admin's pending queue and full book list, approve/reject, and a member's
 * own submissions.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookMutationResponseSchema,
  bookPageResponseSchema,
  bookSchema,
  idParamSchema,
  manageBooksQuerySchema,
  myBooksQuerySchema,
  reviewDecisionSchema,
} from '@ebook/shared';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.js';
import { presentBook, presentSubmitted } from '../books/index.js';
import { announceReview, reviewReasonOf } from './review-announcement.js';
import { listAllForAdmin, listOwnBooks, listOwnPending, listPendingBooks, reviewBook } from './submissions.service.js';

const submissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/books/pending',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['books'],
        summary: 'Admin: every pending book, oldest first, with submittedBy',
        response: { 200: z.array(bookSchema) },
      },
    },
    async () => (await listPendingBooks(app.db)).map(presentSubmitted),
  );

  app.get(
    '/books/user/pending',
    {
      onRequest: app.requireUser,
      schema: { tags: ['books'], summary: "The caller's own pending books", response: { 200: z.array(bookSchema) } },
    },
    async (request) => (await listOwnPending(app.db, callerOf(request).id)).map((book) => presentBook(book)),
  );

  app.get(
    '/books/mine',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['books'],
        summary: "The caller's own submissions, every status, newest first",
        querystring: myBooksQuerySchema,
        response: { 200: bookPageResponseSchema },
      },
    },
    async (request) => {
      const { rows, total } = await listOwnBooks(app.db, callerOf(request).id, request.query);
      return { books: rows.map(presentSubmitted), total, page: request.query.page, limit: request.query.limit };
    },
  );

  app.get(
    '/books/manage',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['books'],
        summary: 'Admin: every book of any status, newest first, with search and status filter',
        querystring: manageBooksQuerySchema,
        response: { 200: bookPageResponseSchema },
      },
    },
    async (request) => {
      const { rows, total } = await listAllForAdmin(app.db, app.caches, request.query);
      return { books: rows.map(presentSubmitted), total, page: request.query.page, limit: request.query.limit };
    },
  );

  for (const [action, decision, msg] of [
    ['approve', 'approved', 'The book has been approved.'],
    ['reject', 'rejected', 'The book has been rejected.'],
  ] as const) {
    app.patch(
      `/books/${action}/:id`,
      {
        onRequest: app.requireAdmin,
        schema: {
          tags: ['books'],
          summary: `Admin: ${action} a pending book (409 if it is not pending, or changed since the version sent)`,
          params: idParamSchema,
          body: reviewDecisionSchema,
          response: { 200: bookMutationResponseSchema },
        },
      },
      async (request) => {
        const book = await reviewBook(app, { id: request.params.id, decision, seen: request.body ?? {} });
        // Told after the review committed, with the reason the admin gave, if any.
        announceReview(app, book, decision, reviewReasonOf(request.body));
        return { msg, book: presentBook(book) };
      },
    );
  }
};

export default submissionsRoutes;
