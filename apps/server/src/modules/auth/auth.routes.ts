import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { tooManyRequests } from '../../lib/errors.js';
import { SESSION_COOKIE, callerOf } from '../../plugins/auth.js';
import { presentUser } from '../users/users.presenter.js';
import { getUser } from '../users/users.service.js';
import { login, logout, registerMember, normaliseEmail, type IssuedSession } from './auth.service.js';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const perMinute = app.config.LOGIN_ATTEMPTS_PER_MINUTE;
  // Login attempts are limited per address, and per account whatever the address.
  const accountLimiter = app.attemptLimiter(perMinute, 60_000);
  const perAccount = async (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    const waitSeconds = await accountLimiter.hit(`login:${typeof email === 'string' ? normaliseEmail(email) : ''}`);
    if (waitSeconds > 0) throw tooManyRequests(`Too many attempts. Please try again in ${waitSeconds} seconds.`);
  };

  app.post(
    '/auth/register',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Create a member account',
        body: registerSchema,
        response: { 201: z.object({ msg: z.string(), user: userSchema }), 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await registerMember(app.db, request.body);
      return reply.status(201).send({ msg: 'Registration Successful!', user: presentUser(user) });
    },
  );

  app.post(
    '/auth/login',
    {
      config: { rateLimit: { max: perMinute * 3, timeWindow: '1 minute' } },
      preHandler: perAccount,
      schema: {
        tags: ['auth'],
        summary: 'Log in; returns a Bearer token and sets the session cookie',
        body: loginSchema,
        response: { 200: loginResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await login(app.db, app.tokens, app.config, request.body, request.headers['user-agent']);
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
      preHandler: app.requireUser,
      schema: { tags: ['auth'], summary: 'End the current session', response: { 200: okSchema } },
    },
    async (request, reply) => {
      await logout(app.db, callerOf(request).sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { msg: 'Logged out' };
    },
  );
};

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: IssuedSession): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
    // Without Remember Me the cookie has no expiry, so it ends with the browser.
    ...(session.persistent ? { expires: session.expiresAt } : {}),
  });
}

export default authRoutes;
