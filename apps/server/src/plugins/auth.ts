/**
 * Authentication: a Bearer token or the HttpOnly session cookie, checked against the sessions table
 * on every request (so logout and password changes take effect at once). Routes declare what they
 * need with `preHandler: app.requireUser` or `app.requireAdmin`.
 */
import cookie from '@fastify/cookie';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessions, users } from '../db/schema/index.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { TokenService } from '../lib/tokens.js';

export const SESSION_COOKIE = 'session';

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
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : request.cookies[SESSION_COOKIE];
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
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The signed-in caller; only valid after requireUser or requireAdmin ran. */
export function callerOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
