/** /api/users/me/app-passwords: the signed-in member's app passwords for e-reader apps (OPDS). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appPasswordListSchema,
  createAppPasswordSchema,
  createdAppPasswordSchema,
  errorResponseSchema,
  idParamSchema,
  okSchema,
} from '@ebook/shared';
import { callerOf } from '../../plugins/auth.js';
import { LoginThrottle } from '../../lib/login-throttle.js';
import { appPasswordCreatedMail } from '../mail/index.js';
import { assertPassword, getUser } from '../users/index.js';
import { createAppPassword, listAppPasswords, presentAppPassword, revokeAppPassword } from './app-passwords.service.js';

const appPasswordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const throttle = new LoginThrottle(app.counters, app.config.LOGIN_FAILURES_BEFORE_DELAY);

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
        summary:
          'Create an app password for an e-reader app (the account password confirms it; the owner is e-mailed); the answer is the only time it is shown',
        body: createAppPasswordSchema,
        response: { 201: createdAppPasswordSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      // The account password confirms it (a stolen session alone makes no lasting way in), under the
      // login throttle; the owner hears of every new app password.
      const { email } = await getUser(app.db, caller.id);
      const user = await throttle.guard(email, request.ip, () =>
        assertPassword(app.db, { userId: caller.id, password: request.body.password }),
      );
      const { row, password } = await createAppPassword(app.db, { userId: caller.id, name: request.body.name });
      app.mail.send(appPasswordCreatedMail(app.config, user, row.name));
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
      await revokeAppPassword(app.db, { userId: callerOf(request).id, id: request.params.id });
      return { msg: 'App password revoked' };
    },
  );
};

export default appPasswordsRoutes;
