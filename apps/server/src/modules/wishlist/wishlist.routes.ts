import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookIdBodySchema, bookIdParamSchema, okSchema, wishlistEntrySchema } from '@ebook/shared';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.js';
import { presentBook, ownedAmong } from '../books/index.js';
import { addToWishlist, listWishlist, removeFromWishlist } from './wishlist.service.js';

const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wishlist',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['wishlist'],
        summary: "The caller's wishlist, newest first",
        response: { 200: z.array(wishlistEntrySchema) },
      },
    },
    async (request) => {
      const userId = callerOf(request).id;
      const entries = await listWishlist(app.db, userId);
      const owned = await ownedAmong(
        app.db,
        userId,
        entries.map((entry) => entry.book.id),
      );
      return entries.map((entry) => ({
        _id: entry.id,
        bookId: { ...presentBook(entry.book), owned: owned.has(entry.book.id) },
        createdAt: entry.createdAt.toISOString(),
      }));
    },
  );

  app.post(
    '/wishlist/add',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['wishlist'],
        summary: 'Add a book (adding twice is harmless)',
        body: bookIdBodySchema,
        response: { 200: okSchema, 201: okSchema },
      },
    },
    async (request, reply) => {
      const added = await addToWishlist(app.db, { userId: callerOf(request).id, bookId: request.body.bookId });
      return reply.status(added ? 201 : 200).send({ msg: 'Book added to your wishlist!' });
    },
  );

  app.delete(
    '/wishlist/remove/:bookId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['wishlist'],
        summary: 'Remove a book from the wishlist',
        params: bookIdParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await removeFromWishlist(app.db, { userId: callerOf(request).id, bookId: request.params.bookId });
      return { msg: 'Book removed from wishlist.' };
    },
  );
};

export default wishlistRoutes;
