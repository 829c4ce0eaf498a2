/**
 * Authentication: a Bearer token or the HttpOnly session cookie, checked against the sessions table
 * on every request (so logout and password changes take effect at once). Routes declare what they
 * need with `onRequest: app.requireUser` or `app.requireAdmin`: onRequest runs before the body is
 * read, so a visitor cannot make the server read (and hold) a large body only to be refused.
 */
import cookie from '@fastify/cookie';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessions, users } from '../db/schema/index.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { TokenService } from '../lib/tokens.js';

export const SESSION_COOKIE = 'session';
/** Over HTTPS: Secure, host-only and path / by the browser's own rule, so no sibling site can plant it. */
export const SECURE_SESSION_COOKIE = '__Host-session';

/** The session cookie's name for this request: `__Host-session` over HTTPS, `session` over HTTP. */
export function sessionCookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

export interface AuthUser {
  id: string;
  role: 'admin' | 'member';
  name: string;
  email: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    requireUser: (request: FastifyRequest) => Promise<void>;
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** Resolves the caller if a valid session is presented; null for visitors. */
    currentUser: (request: FastifyRequest) => Promise<AuthUser | null>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export default fp<{ jwtSecret: string }>(
  async (app, { jwtSecret }) => {
    await app.register(cookie);
    const tokens = new TokenService(jwtSecret);
    app.decorate('tokens', tokens);
    app.decorateRequest('user', null);

    const resolved = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();

    async function lookup(request: FastifyRequest): Promise<AuthUser | null> {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ')
        ? header.slice(7).trim()
        : request.cookies[sessionCookieName(request)];
      if (!token) return null;
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const [row] = await app.db
        .select({ id: users.id, role: users.role, name: users.name, email: users.email })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.id, claims.sessionId),
            eq(sessions.userId, claims.userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
            isNull(users.suspendedAt),
          ),
        )
        .limit(1);
      return row ? { ...row, sessionId: claims.sessionId } : null;
    }

    app.decorate('currentUser', async (request: FastifyRequest) => {
      let pending = resolved.get(request);
      if (!pending) {
        pending = lookup(request);
        resolved.set(request, pending);
      }
      request.user = await pending;
      return request.user;
    });

    app.decorate('requireUser', async (request: FastifyRequest) => {
      const user = await app.currentUser(request);
      if (!user) throw unauthorized();
    });

    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const user = await app.currentUser(request);
      if (!user) throw unauthorized();
      if (user.role !== 'admin') throw forbidden('Only an admin can do this.');
    });

    // A route that names requireUser/requireAdmin as a preHandler (after the body is read) gets it
    // moved to the front of its onRequest hooks, so no route can read a visitor's body by mistake.
    app.addHook('onRoute', (route) => {
      const guards = [app.requireUser, app.requireAdmin];
      const preHandlers = [route.preHandler ?? []].flat();
      const hoisted = preHandlers.filter((hook) => guards.includes(hook as never));
      if (hoisted.length === 0) return;
      route.preHandler = preHandlers.filter((hook) => !hoisted.includes(hook));
      route.onRequest = [...hoisted, ...[route.onRequest ?? []].flat()] as typeof route.onRequest;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The signed-in caller; only valid after requireUser or requireAdmin ran. */
export function callerOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
