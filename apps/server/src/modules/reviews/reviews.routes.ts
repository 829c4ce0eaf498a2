/** Reviews of a book: read by anyone who can see the book; written by its owners; removed by admins. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, okSchema, reviewInputSchema, reviewListSchema, reviewSchema } from '@ebook/shared';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.js';
import { createReview, listReviews, removeOwnReview, removeReviewById, updateReview } from './reviews.service.js';

const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/books/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: "A book's reviews, newest first, with the average; for a member also their own and canReview",
        params: idParamSchema,
        response: { 200: reviewListSchema },
      },
    },
    async (request) => listReviews(app.db, request.params.id, await app.currentUser(request)),
  );

  app.post(
    '/books/:id/reviews',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Review a book you own: rating 1-5 and a text; once per book (409 after)',
        params: idParamSchema,
        body: reviewInputSchema,
        response: { 201: z.object({ msg: z.string(), review: reviewSchema }) },
      },
    },
    async (request, reply) => {
      const review = await createReview(app, {
        caller: callerOf(request),
        bookId: request.params.id,
        input: request.body,
      });
      return reply.status(201).send({ msg: 'Thank you for your review!', review });
    },
  );

  app.put(
    '/books/:id/reviews/mine',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Edit your review of this book',
        params: idParamSchema,
        body: reviewInputSchema,
        response: { 200: z.object({ msg: z.string(), review: reviewSchema }) },
      },
    },
    async (request) => {
      const review = await updateReview(app, {
        caller: callerOf(request),
        bookId: request.params.id,
        input: request.body,
      });
      return { msg: 'Review updated.', review };
    },
  );

  app.delete(
    '/books/:id/reviews/mine',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Remove your review of this book',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await removeOwnReview(app, { caller: callerOf(request), bookId: request.params.id });
      return { msg: 'Review removed.' };
    },
  );

  app.delete(
    '/reviews/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['reviews'],
        summary: 'Admin: remove any review',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await removeReviewById(app, { reviewId: request.params.id });
      return { msg: 'Review removed.' };
    },
  );
};

export default reviewsRoutes;
