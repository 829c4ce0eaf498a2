import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieName } from '../../plugins/auth.js';
import type { IssuedSession } from './auth.service.js';

/** The web app's session: the token in an HttpOnly, SameSite=Strict cookie. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: IssuedSession): void {
  reply.setCookie(sessionCookieName(request), session.token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
    // Without Remember Me the cookie has no expiry, so it ends with the browser.
    ...(session.persistent ? { expires: session.expiresAt } : {}),
  });
}
