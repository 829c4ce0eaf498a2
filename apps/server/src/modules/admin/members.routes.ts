/**
 * Admin member management: GET /api/users/ and DELETE /api/users/{id}. Admin only, whatever the
 * client sends.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminMemberSchema,
  idParamSchema,
  memberDetailSchema,
  memberListQuerySchema,
  memberListResponseSchema,
  okSchema,
} from '@ebook/shared';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.js';
import { deleteMember, presentAdminMember, presentUser } from '../users/index.js';
import { listAdminOrders, presentAdminOrder } from '../shop/index.js';
import { findMemberRecord, listAllMembers, listMembersPage, setSuspended } from './members.service.js';

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
        const { page, limit, q } = request.query;
        if (page === undefined) return (await listAllMembers(app.db)).map(presentUser);
        const result = await listMembersPage(app.db, { page, limit, q: q || undefined });
        return { users: result.users.map(presentAdminMember), total: result.total, page, limit };
      },
    );
  }

  app.get(
    '/admin/members/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "A member's page: their orders, books owned, submissions and reviews",
        params: idParamSchema,
        response: { 200: memberDetailSchema },
      },
    },
    async (request) => {
      const record = await findMemberRecord(app.db, request.params.id);
      const orders = await listAdminOrders(app.db, { buyerId: record.member.id }, { page: 1, limit: 50 });
      return {
        member: presentAdminMember(record.member),
        orders: orders.records.map(presentAdminOrder),
        ordersTotal: orders.total,
        owned: record.owned.map((book) => ({
          _id: book.id,
          title: book.title,
          author: book.author,
          purchasedAt: book.purchasedAt.toISOString(),
        })),
        submissions: record.submissions.map((book) => ({
          _id: book.id,
          title: book.title,
          status: book.status,
          createdAt: book.createdAt.toISOString(),
        })),
        reviews: record.reviews.map((review) => ({
          _id: review.id,
          bookId: review.bookId,
          title: review.title,
          rating: review.rating,
          text: review.text,
          createdAt: review.createdAt.toISOString(),
        })),
      };
    },
  );

  for (const [action, suspended] of [
    ['suspend', true],
    ['reinstate', false],
  ] as const) {
    app.post(
      `/admin/members/:id/${action}`,
      {
        onRequest: app.requireAdmin,
        schema: {
          tags: ['admin'],
          summary: suspended
            ? 'Suspend a member: no sign-in, no app passwords, every session ended; their data is kept'
            : 'Reinstate a suspended member',
          params: idParamSchema,
          response: { 200: z.object({ msg: z.string(), member: adminMemberSchema }) },
        },
      },
      async (request) => {
        const member = await setSuspended(app.db, request.params.id, suspended);
        return {
          msg: suspended ? 'Member has been suspended.' : 'Member has been reinstated.',
          member: presentAdminMember(member),
        };
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
