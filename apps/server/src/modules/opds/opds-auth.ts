/**
 * Who is reading an OPDS feed: HTTP Basic with the member's e-mail and one of their app passwords
 * (never the account password, and no session cookie: e-reader apps have neither). No credentials
 * is a visitor; wrong ones are a 401, and failures are throttled by the same counters as the login
 * form, so guessing through OPDS is no cheaper than guessing there.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors.js';
import { authenticateAppPassword, type AppPasswordUser } from '../app-passwords/index.js';
import { normaliseEmail } from '../auth/index.js';
import { LoginThrottle } from '../../lib/login-throttle.js';

export const INVALID_OPDS_CREDENTIALS =
  'The e-mail or app password is not correct. Create an app password in your Profile; your account password does not work here.';

/** The user and password of a Basic Authorization header, or null when it is not a readable one. */
export function parseBasic(header: string): { user: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // PostgreSQL cannot compare text holding NUL: such credentials are simply wrong.
  if (colon <= 0 || decoded.includes('\0')) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** A realm for WWW-Authenticate: the store's name in plain ASCII, without quotes. */
export function basicChallenge(storeName: string): string {
  const name = storeName.replace(/[^\x20-\x7e]|["\\]/g, '').trim() || 'Bookshelf';
  return `Basic realm="${name} OPDS", charset="UTF-8"`;
}

export type OpdsCaller = AppPasswordUser;

/** Resolves the OPDS caller of a request (once per request). */
export function opdsAuthenticator(app: FastifyInstance): (request: FastifyRequest) => Promise<OpdsCaller | null> {
  const throttle = new LoginThrottle(app.counters, app.config.LOGIN_FAILURES_BEFORE_DELAY);
  const resolved = new WeakMap<FastifyRequest, Promise<OpdsCaller | null>>();

  async function authenticate(request: FastifyRequest): Promise<OpdsCaller | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const credentials = parseBasic(header);
    if (!credentials) throw unauthorized(INVALID_OPDS_CREDENTIALS, 'INVALID_CREDENTIALS');
    const email = normaliseEmail(credentials.user);
    await throttle.check(email, request.ip);
    const user = await authenticateAppPassword(app.db, email, credentials.password);
    if (!user) {
      await throttle.failed(email, request.ip);
      throw unauthorized(INVALID_OPDS_CREDENTIALS, 'INVALID_CREDENTIALS');
    }
    await throttle.succeeded(email);
    return user;
  }

  return (request) => {
    let pending = resolved.get(request);
    if (!pending) {
      pending = authenticate(request);
      resolved.set(request, pending);
    }
    return pending;
  };
}
