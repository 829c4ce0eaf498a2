/** POST /api/auth/forgot-password and POST /api/auth/reset-password. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, forgotPasswordSchema, okSchema, resetPasswordSchema } from '@ebook/shared';
import { tooManyRequests } from '../../lib/errors.js';
import { passwordChangedMail, passwordResetMail } from '../mail/index.js';
import { normaliseEmail } from './auth.service.js';
import { createPasswordReset, resetPassword, RESET_TOKEN_MINUTES } from './password-reset.service.js';

export const RESET_REQUESTED_MESSAGE =
  'If an account exists for this e-mail, we have sent it a link to choose a new password. The link works for 30 minutes.';

const HOUR_MS = 3_600_000;
/** An address may ask for this many times as many links, for all e-mails (an office shares one). */
const ADDRESS_FACTOR = 4;

const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const perHour = app.config.PASSWORD_RESET_REQUESTS_PER_HOUR;

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password-reset link; the answer is the same whether or not the e-mail is registered',
        body: forgotPasswordSchema,
        response: { 202: okSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email);
      // Counted per e-mail and address together (registered or not, so the limit reveals nothing
      // either), and per address for all e-mails. Never per e-mail alone: a stranger's requests from
      // elsewhere would block the owner's own.
      const [byAddress, byEmail] = await Promise.all([
        app.counters.hit(`reset:ip:${request.ip}`, HOUR_MS),
        app.counters.hit(`reset:email-ip:${email}:${request.ip}`, HOUR_MS),
      ]);
      if (byAddress.count > perHour * ADDRESS_FACTOR || byEmail.count > perHour) {
        const minutes = Math.max(1, Math.ceil(Math.max(byAddress.ttlMs, byEmail.ttlMs) / 60_000));
        throw tooManyRequests(
          `Too many password reset requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
      const reset = await createPasswordReset(app.db, email);
      if (reset) app.mail.send(passwordResetMail(app.config, reset.user, reset.token, RESET_TOKEN_MINUTES));
      return reply.status(202).send({ msg: RESET_REQUESTED_MESSAGE });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { rateLimit: { max: app.config.LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary:
          'Choose a new password with the e-mailed token (single use, 30 minutes); every session and app password ends',
        body: resetPasswordSchema,
        response: { 200: okSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await resetPassword(app, { token: request.body.token, password: request.body.password });
      app.mail.send(passwordChangedMail(app.config, user));
      return { msg: 'Your password has been changed. Please log in with your new password.' };
    },
  );
};

export default passwordResetRoutes;
