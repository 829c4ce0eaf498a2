import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberSummarySchema } from '@ebook/shared';
import { callerOf } from '../../plugins/auth.js';
import { memberCounts } from './dashboard.service.js';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/me/summary',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: "The member dashboard's counts: favourites, cart items, pending books, saved cards",
        response: { 200: memberSummarySchema },
      },
    },
    async (request) => ({
      ...(await memberCounts(app.db, callerOf(request).id)),
      currency: app.config.STORE_CURRENCY,
    }),
  );
};

export default dashboardRoutes;
