/**
 * Sales figures for the admin (GET /api/admin/sales), authors' earnings for the admin with a payouts
 * CSV (GET /api/admin/earnings, /api/admin/earnings/payouts), and a member's own earnings from the
 * books they submitted (GET /api/users/me/earnings).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorEarningsSchema, earningsSchema, salesQuerySchema, salesSchema } from '@ebook/shared';
import { callerOf } from '../../plugins/auth.js';
import { csvRow } from '../../lib/csv.js';
import { badRequest } from '../../lib/errors.js';
import { authorEarnings, memberEarnings, salesFigures } from './sales.service.js';

const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  const percent = () => app.config.AUTHOR_ROYALTY_PERCENT;

  app.get(
    '/admin/sales',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Revenue by day, week or month, orders, average order, refunds, promotion cost and top books',
        querystring: salesQuerySchema,
        response: { 200: salesSchema },
      },
    },
    async (request) => {
      if (request.query.from > request.query.to) throw badRequest('The start date is after the end date.');
      return { currency: app.config.STORE_CURRENCY, ...(await salesFigures(app.db, request.query)) };
    },
  );

  app.get(
    '/admin/earnings',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "Each author's copies sold, revenue and royalty at AUTHOR_ROYALTY_PERCENT",
        response: { 200: authorEarningsSchema },
      },
    },
    async () => ({
      currency: app.config.STORE_CURRENCY,
      royaltyPercent: percent(),
      authors: await authorEarnings(app.db, percent()),
    }),
  );

  app.get(
    '/admin/earnings/payouts',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'The payouts report as CSV: what each author is owed' },
    },
    async (_request, reply) => {
      const rows = await authorEarnings(app.db, percent());
      const amount = (cents: number) => (cents / 100).toFixed(2);
      const body =
        '\ufeff' +
        csvRow(['Author', 'E-mail', 'Books sold', 'Copies', 'Revenue', `Royalty (${percent()}%)`, 'Currency']) +
        rows
          .map((row) =>
            csvRow([
              row.name,
              row.email,
              row.books,
              row.copies,
              amount(row.revenueCents),
              amount(row.royaltyCents),
              app.config.STORE_CURRENCY,
            ]),
          )
          .join('');
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="payouts-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/users/me/earnings',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Copies sold and revenue of each paid book the caller submitted',
        response: { 200: earningsSchema },
      },
    },
    async (request) => ({
      currency: app.config.STORE_CURRENCY,
      royaltyPercent: percent(),
      books: await memberEarnings(app.db, callerOf(request).id, percent()),
    }),
  );
};

export default salesRoutes;
