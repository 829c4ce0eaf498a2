/** The admin area's own endpoints (overview, notifications) and member management. Admin only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminNotificationsResponseSchema, adminOverviewSchema, notificationsQuerySchema } from '@ebook/shared';
import { getOverview, listNotifications } from './admin.service.js';
import membersRoutes from './members.routes.js';

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(membersRoutes);

  app.get(
    '/admin/overview',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Counts for the dashboard tiles: members, books in the catalogue, pending submissions',
        response: { 200: adminOverviewSchema },
      },
    },
    async () => ({ ...(await getOverview(app.db)), currency: app.config.STORE_CURRENCY }),
  );

  app.get(
    '/admin/notifications',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Recent member submissions, newest first',
        querystring: notificationsQuerySchema,
        response: { 200: adminNotificationsResponseSchema },
      },
    },
    async (request) => listNotifications(app.db, request.query.limit),
  );
};

export default adminRoutes;
