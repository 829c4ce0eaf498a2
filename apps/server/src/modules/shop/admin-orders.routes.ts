/**
 * The admin's Orders: GET /api/admin/orders (one page, filtered), GET /api/admin/orders/export (the
 * same filter as CSV, streamed), GET /api/admin/orders/{id}, POST /api/admin/orders/{id}/refunds.
 * Admin only, whatever the client sends.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderFilterSchema,
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  adminOrderSchema,
  idParamSchema,
  idempotencyKeySchema,
  refundCreateSchema,
  refundCreatedSchema,
} from '@ebook/shared';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.js';
import { notFound } from '../../lib/errors.js';
import { eachAdminOrder, findAdminOrder, listAdminOrders } from './admin-orders.service.js';
import { ORDERS_CSV_HEADER, orderCsvRow, presentAdminOrder } from './admin-orders.presenter.js';
import { refundListener } from './refund-announced.js';
import { refundOrder } from './refunds.service.js';

const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRefunded = refundListener(app);

  app.get(
    '/admin/orders',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'One page of orders, newest first: search by buyer e-mail, order number or book; dates; status',
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderPageSchema },
      },
    },
    async (request) => {
      const { page, limit, after, ...filter } = request.query;
      const { records, total, totalCapped, nextCursor } = await listAdminOrders(app.db, filter, { page, limit, after });
      return { orders: records.map(presentAdminOrder), total, totalCapped, page, limit, nextCursor };
    },
  );

  app.get(
    '/admin/orders/export',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Every order the filter shows, as CSV (streamed)',
        querystring: adminOrderFilterSchema,
      },
    },
    async (request, reply) => {
      const filter = request.query;
      async function* lines() {
        yield `\ufeff${ORDERS_CSV_HEADER}`;
        for await (const record of eachAdminOrder(app.db, filter)) yield orderCsvRow(record);
      }
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="orders-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(Readable.from(lines()));
    },
  );

  app.get(
    '/admin/orders/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'One order with its books, refunds and buyer',
        params: idParamSchema,
        response: { 200: adminOrderSchema },
      },
    },
    async (request) => {
      const record = await findAdminOrder(app.db, request.params.id);
      if (!record) throw notFound('Order not found.', 'ORDER_NOT_FOUND');
      return presentAdminOrder(record);
    },
  );

  app.post(
    '/admin/orders/:id/refunds',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Refund the whole order, or the given order lines, with a reason (send an Idempotency-Key header: a repeat refunds once)',
        params: idParamSchema,
        body: refundCreateSchema,
        headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }).passthrough(),
        response: { 200: refundCreatedSchema, 201: refundCreatedSchema },
      },
    },
    async (request, reply) => {
      const { created } = await refundOrder(
        app,
        {
          orderId: request.params.id,
          adminId: callerOf(request).id,
          itemIds: request.body.items,
          reason: request.body.reason,
          idempotencyKey: request.headers['idempotency-key'],
        },
        onRefunded,
      );
      const record = await findAdminOrder(app.db, request.params.id);
      if (!record) throw notFound('Order not found.', 'ORDER_NOT_FOUND');
      return reply.status(created ? 201 : 200).send({ msg: 'Refund issued', order: presentAdminOrder(record) });
    },
  );
};

export default adminOrdersRoutes;
