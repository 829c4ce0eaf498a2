import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RECENT_ORDERS_DAYS,
  idempotencyKeySchema,
  orderCreateSchema,
  orderCreatedSchema,
  orderListSchema,
  orderSchema,
  ownedBooksSchema,
} from '@ebook/shared';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.js';
import { presentBook } from '../books/index.js';
import { presentOrder } from './orders.presenter.js';
import { createOrder } from './checkout.service.js';
import { orderPlacedListener } from './order-placed.js';
import { listOrders, listOwnedBooks } from './orders.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const onOrderPlaced = orderPlacedListener(app);
  app.post(
    '/orders',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          'Buy the selected cart books with a saved card (send an Idempotency-Key header; the same key with another body is refused, 422)',
        body: orderCreateSchema,
        headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }).passthrough(),
        response: { 200: orderCreatedSchema, 201: orderCreatedSchema },
      },
    },
    async (request, reply) => {
      const { view, replayed } = await createOrder(app.db, app.paymentGateway, {
        userId: callerOf(request).id,
        request: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        currency: app.config.STORE_CURRENCY,
        attemptTimeoutMs: app.config.PAYMENT_ATTEMPT_TIMEOUT_MS,
        onOrderPlaced,
      });
      return reply.status(replayed ? 200 : 201).send({ msg: 'Books purchased', order: presentOrder(view) });
    },
  );

  app.get(
    '/orders/recent',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: `The caller's orders of the last ${RECENT_ORDERS_DAYS} days, newest first`,
        response: { 200: z.array(orderSchema) },
      },
    },
    async (request) => {
      const since = new Date(Date.now() - RECENT_ORDERS_DAYS * DAY_MS);
      return (await listOrders(app.db, callerOf(request).id, since)).map(presentOrder);
    },
  );

  app.get(
    '/orders',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "All the caller's orders, newest first",
        response: { 200: orderListSchema },
      },
    },
    async (request) => ({ orders: (await listOrders(app.db, callerOf(request).id)).map(presentOrder) }),
  );

  app.get(
    '/orders/owned',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Every book the caller owns, with its PDF address',
        response: { 200: ownedBooksSchema },
      },
    },
    async (request) => {
      const rows = await listOwnedBooks(app.db, callerOf(request).id);
      return {
        books: rows.map((row) => ({
          ...presentBook(row.book),
          purchasedAt: row.purchasedAt.toISOString(),
          orderId: row.orderId,
        })),
      };
    },
  );
};

export default ordersRoutes;
