import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookIdParamSchema, cartAddSchema, cartSchema, okSchema } from '@ebook/shared';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.js';
import { presentBook } from '../books/index.js';
import { addToCart, listCart, removeFromCart } from './cart.service.js';

const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cart',
    {
      onRequest: app.requireUser,
      schema: { tags: ['cart'], summary: "The caller's cart", response: { 200: cartSchema } },
    },
    async (request) => {
      const bookRows = await listCart(app.db, callerOf(request).id);
      return {
        items: bookRows.map((book) => ({ bookId: presentBook(book), quantity: 1 as const })),
        totalCents: bookRows.reduce((sum, book) => sum + book.priceCents, 0),
        currency: app.config.STORE_CURRENCY,
      };
    },
  );

  app.post(
    '/cart/add',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['cart'],
        summary: 'Add a paid book (quantity is always 1 for an e-book)',
        body: cartAddSchema,
        response: { 201: z.object({ msg: z.string(), bookId: z.string() }) },
      },
    },
    async (request, reply) => {
      const book = await addToCart(app.db, { userId: callerOf(request).id, bookId: request.body.bookId });
      return reply.status(201).send({ msg: 'Added to Cart', bookId: book.id });
    },
  );

  app.delete(
    '/cart/remove/:bookId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['cart'],
        summary: 'Remove a book from the cart',
        params: bookIdParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await removeFromCart(app.db, { userId: callerOf(request).id, bookId: request.params.bookId });
      return { msg: 'Item removed from cart.' };
    },
  );
};

export default cartRoutes;
