import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { forbidden } from '../lib/errors.js';

/** A year, subdomains included: once a browser has seen the store over HTTPS it never tries HTTP. */
const HSTS = 'max-age=31536000; includeSubDomains';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin this request was addressed to, as a browser would write it (default ports dropped). */
function ownOrigin(request: FastifyRequest): string | undefined {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return undefined;
  }
}

function isForeignOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined || !STATE_CHANGING.has(request.method)) return false;
  try {
    return new URL(origin).origin !== ownOrigin(request);
  } catch {
    return true; // "null" (a sandboxed page, a privacy redirect) or garbage
  }
}

/**
 * Security headers, HTTPS and cross-site requests. The CSP allows no inline script; images may be
 * data:/blob: URLs (previews of files being uploaded, generated avatars), and styles and fonts blob:
 * URLs (an EPUB's own style sheets and fonts, which the reader unpacks in the browser). Nothing may
 * come from another site: an EPUB's chapter, drawn in a sandboxed frame that inherits this policy,
 * can reach no network. Over HTTPS (as seen
 * through the proxies TRUST_PROXY names) responses carry HSTS. A state-changing request (POST, PUT,
 * PATCH, DELETE, multipart included) whose Origin is another site is refused with 403, whatever
 * the session cookie's SameSite; API clients that send no Origin (Bearer tokens) are not affected.
 *
 * helmet itself, built once: the Fastify wrapper rebuilt its middleware (and re-parsed the CSP) on
 * every request, 4% of the server's time under load.
 */
export default fp(
  async (app) => {
    const setHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'", 'blob:'],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameSrc: ["'self'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    });
    let untrustedProxyWarned = false;
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(request.raw, reply.raw, (error?: unknown) => {
        if (error instanceof Error) return done(error);
        if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
        else if (!untrustedProxyWarned && request.headers['x-forwarded-proto'] === 'https') {
          untrustedProxyWarned = true;
          request.log.warn(
            "A request came through an HTTPS proxy that TRUST_PROXY does not name: the session cookie lacks Secure and client addresses are the proxy's. Set TRUST_PROXY.",
          );
        }
        if (isForeignOrigin(request)) {
          return done(forbidden('Requests from other sites are not allowed.', 'FOREIGN_ORIGIN'));
        }
        done();
      });
    });
  },
  { name: 'security' },
);
