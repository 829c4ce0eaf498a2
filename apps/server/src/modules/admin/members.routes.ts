/**
 * Admin member management: GET /api/users/ and DELETE /api/users/{id}. Admin only, whatever the
 * client sends.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, memberListQuerySchema, memberListResponseSchema, okSchema } from '@ebook/shared';
import { callerOf } from '../../plugins/auth.js';
import { deleteMember, presentUser } from '../users/index.js';
import { listAllMembers, listMembersPage } from './members.service.js';

const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  // The specification's client calls /api/users/ (trailing slash); both spellings answer.
  for (const url of ['/users', '/users/']) {
    app.get(
      url,
      {
        onRequest: app.requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Members, newest first (admins are never listed); one page when ?page is given',
          querystring: memberListQuerySchema,
          response: { 200: memberListResponseSchema },
        },
      },
      async (request) => {
        const { page, limit } = request.query;
        if (page === undefined) return (await listAllMembers(app.db)).map(presentUser);
        const result = await listMembersPage(app.db, { page, limit });
        return { users: result.users.map(presentUser), total: result.total, page, limit };
      },
    );
  }

  app.delete(
    '/users/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Delete a member with their cart, wishlist, cards and unpublished submissions; orders stay',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await deleteMember(app, {
        callerId: callerOf(request).id,
        memberId: request.params.id,
        onCleanupError: (error) =>
          request.log.warn({ err: error }, 'member deleted; removing a file or a vaulted card failed'),
      });
      return { msg: 'Member has been removed.' };
    },
  );
};

export default membersRoutes;
