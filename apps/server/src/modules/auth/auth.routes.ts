import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  loginResponseSchema,
  loginSchema,
  okSchema,
  registerSchema,
  userSchema,
} from '@ebook/shared';
import { z } from 'zod';
import { accountExistsMail, welcomeMail } from '../mail/index.js';
import { notifyAdmins } from '../notifications/index.js';
import { callerOf, sessionCookieName } from '../../plugins/auth.js';
import { presentUser, getUser } from '../users/index.js';
import { login, logout, registerMember, normaliseEmail } from './auth.service.js';
import { setSessionCookie } from './session-cookie.js';
import { LoginThrottle } from '../../lib/login-throttle.js';

/** The one answer to every accepted registration (the web app shows "Registration Successful!"). */
export const REGISTERED_MESSAGE = 'Registration Successful!';
const registerResponseSchema = z.object({ msg: z.string() });
const HOUR_MS = 3_600_000;

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const perMinute = app.config.LOGIN_ATTEMPTS_PER_MINUTE;
  const throttle = new LoginThrottle(app.counters, app.config.LOGIN_FAILURES_BEFORE_DELAY);

  app.post(
    '/auth/register',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Create a member account',
        body: registerSchema,
        // The same answer for a new and an already registered e-mail: it reveals no accounts.
        response: { 201: registerResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await registerMember(app, request.body);
      if (result.created) {
        app.mail.send(welcomeMail(app.config, result.user));
        await notifyAdmins(app.db, {
          kind: 'new-member',
          title: 'New member',
          body: `${result.user.name} (${result.user.email}) joined.`,
          link: '/admin-dashboard/members',
        });
      } else if (result.existing) {
        // At most one such message per recipient per hour, however often someone tries.
        const sent = await app.counters.hit(`account-exists-mail:${result.existing.email}`, HOUR_MS);
        if (sent.count === 1) app.mail.send(accountExistsMail(app.config, result.existing));
      }
      return reply.status(201).send({ msg: REGISTERED_MESSAGE });
    },
  );

  app.post(
    '/auth/login',
    {
      // A flood limit on every attempt from an address; the throttle below counts failures.
      config: { rateLimit: { max: perMinute * 3, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Log in; returns a Bearer token and sets the session cookie',
        body: loginSchema,
        response: { 200: loginResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await throttle.guard(normaliseEmail(request.body.email), request.ip, () =>
        login(app, { input: request.body, userAgent: request.headers['user-agent'] }),
      );
      setSessionCookie(request, reply, session);
      return { token: session.token, user: presentUser(session.user) };
    },
  );

  // The web app asks this on every load: a visitor is an answer (user: null), not an error.
  app.get(
    '/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, or null for a visitor',
        response: { 200: z.object({ user: userSchema.nullable() }) },
      },
    },
    async (request) => {
      const caller = await app.currentUser(request);
      return { user: caller ? presentUser(await getUser(app.db, caller.id)) : null };
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.requireUser,
      schema: { tags: ['auth'], summary: 'End the current session', response: { 200: okSchema } },
    },
    async (request, reply) => {
      await logout(app.db, callerOf(request).sessionId);
      reply.clearCookie(sessionCookieName(request), { path: '/', secure: request.protocol === 'https' });
      return { msg: 'Logged out' };
    },
  );
};

export default authRoutes;
