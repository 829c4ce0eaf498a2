/** /api/users/me/app-passwords: the signed-in member's app passwords for e-reader apps (OPDS). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appPasswordListSchema,
  createAppPasswordSchema,
  createdAppPasswordSchema,
  idParamSchema,
  okSchema,
} from '@ebook/shared';
import { callerOf } from '../../plugins/auth.js';
import { createAppPassword, listAppPasswords, presentAppPassword, revokeAppPassword } from './app-passwords.service.js';

const appPasswordsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/me/app-passwords',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: "The caller's app passwords (names and dates, never the passwords)",
        response: { 200: appPasswordListSchema },
      },
    },
    async (request) => ({
      appPasswords: (await listAppPasswords(app.db, callerOf(request).id)).map(presentAppPassword),
    }),
  );

  app.post(
    '/users/me/app-passwords',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Create an app password for an e-reader app; the answer is the only time it is shown',
        body: createAppPasswordSchema,
        response: { 201: createdAppPasswordSchema },
      },
    },
    async (request, reply) => {
      const { row, password } = await createAppPassword(app.db, callerOf(request).id, request.body.name);
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send({ appPassword: presentAppPassword(row), password });
    },
  );

  app.delete(
    '/users/me/app-passwords/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Revoke an app password: the apps using it are signed out at once',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await revokeAppPassword(app.db, callerOf(request).id, request.params.id);
      return { msg: 'App password revoked' };
    },
  );
};

export default appPasswordsRoutes;
