/**
 * GET /api/auth/google/start and /callback: browser navigations, not API calls. The start sends the
 * browser to the provider with the flow's secrets sealed in a short-lived cookie; the callback ends
 * on a page of the web app: where the member was, signed in, or the login page with the reason's code.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@ebook/shared';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { notifyAdmins } from '../notifications/index.js';
import { issueSession } from './auth.service.js';
import {
  finishGoogleSignIn,
  googleClient,
  memberForGoogle,
  startGoogleSignIn,
  type GoogleFlow,
} from './google.service.js';
import { setSessionCookie } from './session-cookie.js';

const FLOW_COOKIE = 'google-flow';
const FLOW_MINUTES = 10;
const FLOW_AUDIENCE = 'google-sign-in-flow';

/** A path of the web app (`/book/…`), never another site (`//evil.example`). */
const returnToSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/)
  .catch('/')
  .default('/');

const googleRoutes: FastifyPluginAsyncZod = async (app) => {
  const client = googleClient(app.config);
  const key = new TextEncoder().encode(app.config.JWT_SECRET);
  const perMinute = app.config.LOGIN_ATTEMPTS_PER_MINUTE;

  app.get(
    '/auth/google/start',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: "Login with Google: redirects to the provider's sign-in page (404 when not configured)",
        querystring: z.object({ returnTo: returnToSchema }),
        response: { 404: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { url, flow } = await startGoogleSignIn(await client(), {
        config: app.config,
        returnTo: request.query.returnTo,
      });
      const sealed = await new SignJWT({ ...flow })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(FLOW_AUDIENCE)
        .setExpirationTime(`${FLOW_MINUTES}m`)
        .sign(key);
      // Lax, not Strict: the provider's redirect back is a navigation from another site.
      reply.setCookie(FLOW_COOKIE, sealed, {
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        path: '/api/auth/google',
        maxAge: FLOW_MINUTES * 60,
      });
      return reply.redirect(url.href, 302);
    },
  );

  app.get(
    '/auth/google/callback',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: "Login with Google: the provider's redirect back; ends on the web app, signed in or told why not",
        querystring: z.record(z.string(), z.string()),
      },
    },
    async (request, reply) => {
      reply.clearCookie(FLOW_COOKIE, { path: '/api/auth/google', secure: request.protocol === 'https' });
      try {
        const flow = await openFlow(request.cookies[FLOW_COOKIE]);
        const callbackUrl = new URL(request.url, app.config.PUBLIC_URL);
        const identity = await finishGoogleSignIn(await client(), { callbackUrl, flow });
        const { user, created } = await memberForGoogle(app, identity);
        if (created) {
          await notifyAdmins(app.db, {
            kind: 'new-member',
            title: 'New member',
            body: `${user.name} (${user.email}) joined with Google.`,
            link: '/admin-dashboard/members',
          });
        }
        const session = await issueSession(app, { user, persistent: false, userAgent: request.headers['user-agent'] });
        setSessionCookie(request, reply, session);
        return reply.redirect(`/#${flow.returnTo}`, 302);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        request.log.info({ code: error.code, reason: error.message }, 'google sign-in refused');
        return reply.redirect(`/#/login?google=${error.code}`, 302);
      }
    },
  );

  async function openFlow(sealed: string | undefined): Promise<GoogleFlow> {
    try {
      if (!sealed) throw new Error('no flow cookie');
      const { payload } = await jwtVerify(sealed, key, { algorithms: ['HS256'], audience: FLOW_AUDIENCE });
      return {
        codeVerifier: String(payload.codeVerifier),
        state: String(payload.state),
        nonce: String(payload.nonce),
        returnTo: returnToSchema.parse(payload.returnTo),
      };
    } catch {
      // Expired, from another browser, or never started here.
      throw new AppError(400, 'GOOGLE_SIGN_IN_FAILED', 'This Google sign-in has expired. Please try again.');
    }
  }
};

export default googleRoutes;
