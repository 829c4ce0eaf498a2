/**
 * POST /api/contact (anyone): the message is stored, the admins' bells ring, and it is mailed to
 * STORE_EMAIL (Reply-To: the sender). The admin's Messages screen: list, mark read, delete.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactMessageInputSchema,
  contactMessageListQuerySchema,
  contactMessageListSchema,
  idParamSchema,
  okSchema,
} from '@ebook/shared';
import { contactMail } from '../mail/index.js';
import {
  deleteContactMessage,
  listContactMessages,
  markContactMessageRead,
  presentContactMessage,
  saveContactMessage,
} from './contact.service.js';

export const CONTACT_MESSAGES_PER_MINUTE = 5;

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      config: { rateLimit: { max: CONTACT_MESSAGES_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the store (stored for the admins and mailed to STORE_EMAIL)',
        body: contactMessageInputSchema,
        response: { 201: okSchema },
      },
    },
    async (request, reply) => {
      await saveContactMessage(app.db, request.body);
      app.mail.send(contactMail(app.config, request.body));
      return reply.status(201).send({ msg: 'Thank you! Your message has been sent.' });
    },
  );

  app.get(
    '/admin/messages',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['contact'],
        summary: 'Admin: contact messages, newest first, with the unread count',
        querystring: contactMessageListQuerySchema,
        response: { 200: contactMessageListSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { page, limit } = request.query;
      const { rows, total, unread } = await listContactMessages(app.db, { page, limit });
      return { messages: rows.map(presentContactMessage), total, unread, page, limit };
    },
  );

  app.patch(
    '/admin/messages/:id/read',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['contact'],
        summary: 'Admin: mark a message read',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await markContactMessageRead(app.db, request.params.id);
      return { msg: 'Marked as read' };
    },
  );

  app.delete(
    '/admin/messages/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['contact'],
        summary: 'Admin: delete a message',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await deleteContactMessage(app.db, request.params.id);
      return { msg: 'Message deleted.' };
    },
  );
};

export default contactRoutes;
