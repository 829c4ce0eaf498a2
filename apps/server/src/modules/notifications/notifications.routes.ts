/** The signed-in caller's bell: list (newest first, unread count), mark one read, mark all read. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, notificationListQuerySchema, notificationListSchema, okSchema } from '@ebook/shared';
import { callerOf } from '../../plugins/auth.js';
import { listNotifications, markAllRead, markRead, presentNotification } from './notifications.service.js';

const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: "The caller's notifications, newest first, with the unread count",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { rows, unread } = await listNotifications(app.db, callerOf(request).id, request.query.limit);
      return { notifications: rows.map(presentNotification), unread };
    },
  );

  app.patch(
    '/notifications/:id/read',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of the caller’s notifications read',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await markRead(app.db, { userId: callerOf(request).id, id: request.params.id });
      return { msg: 'Marked as read' };
    },
  );

  app.post(
    '/notifications/read-all',
    {
      onRequest: app.requireUser,
      schema: { tags: ['notifications'], summary: 'Mark every notification read', response: { 200: okSchema } },
    },
    async (request) => {
      await markAllRead(app.db, callerOf(request).id);
      return { msg: 'All marked as read' };
    },
  );
};

export default notificationsRoutes;
