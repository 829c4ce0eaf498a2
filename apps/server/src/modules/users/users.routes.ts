import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PROFILE_IMAGE_MAX_BYTES,
  accountDeleteSchema,
  errorResponseSchema,
  okSchema,
  passwordChangeSchema,
  phoneSchema,
  profileUpdateSchema,
  userSchema,
} from '@ebook/shared';
import { z } from 'zod';
import { badRequest, forbidden, payloadTooLarge } from '../../lib/errors.js';
import { LoginThrottle } from '../../lib/login-throttle.js';
import { accountDeletedMail, passwordChangedMail } from '../mail/index.js';
import { callerOf, sessionCookieName } from '../../plugins/auth.js';
import { assertValidText } from '../../plugins/text-guard.js';
import { removeMemberAccount } from './account-deletion.service.js';
import { presentUser } from './users.presenter.js';
import { collectMyData } from './my-data.service.js';
import {
  assertPassword,
  changePassword,
  getUser,
  profileImageFromJson,
  updateProfile,
  type ProfileChanges,
} from './users.service.js';

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Guessing the password through a session is throttled exactly like the login form.
  const throttle = new LoginThrottle(app.counters, app.config.LOGIN_FAILURES_BEFORE_DELAY);

  app.get(
    '/users/me',
    {
      onRequest: app.requireUser,
      schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: userSchema } },
    },
    async (request) => presentUser(await getUser(app.db, callerOf(request).id)),
  );

  app.get(
    '/users/me/data',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary:
          'Download my data: profile, orders, reviews, reading progress and owned books with download links (JSON)',
      },
    },
    async (request, reply) => {
      const data = await collectMyData(app.db, { userId: callerOf(request).id });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Disposition', `attachment; filename="my-data-${day}.json"`)
        .header('Cache-Control', 'no-store')
        .send(data);
    },
  );

  app.put(
    '/users/me',
    {
      onRequest: [app.requireUser, app.uploadSlot],
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags: ['users'],
        summary: 'Update name, phone and profile picture (JSON with a data URL, or multipart)',
        response: { 200: z.object({ msg: z.string(), user: userSchema }) },
      },
    },
    async (request) => {
      const changes = request.isMultipart() ? await readMultipartProfile(request) : readJsonProfile(request.body);
      const user = await updateProfile(app, { userId: callerOf(request).id, changes });
      return { msg: 'Profile updated successfully', user: presentUser(user) };
    },
  );

  app.put(
    '/users/me/password',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary:
          'Change the password; other sessions end (and every app password, with revokeAppPasswords); wrong guesses are throttled like logins',
        body: passwordChangeSchema,
        response: { 200: okSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { email } = await getUser(app.db, caller.id);
      const user = await throttle.guard(email, request.ip, () =>
        changePassword(app, { userId: caller.id, sessionId: caller.sessionId, change: request.body }),
      );
      app.mail.send(passwordChangedMail(app.config, user));
      return {
        msg: request.body.revokeAppPasswords
          ? 'Password changed. Your other sessions and your e-reader apps have been logged out.'
          : 'Password changed. Your other sessions have been logged out.',
      };
    },
  );

  app.delete(
    '/users/me',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary:
          "Delete the caller's account (the password confirms): orders stay without personal data, what the member bought goes with them",
        body: accountDeleteSchema,
        response: { 200: okSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { email } = await getUser(app.db, caller.id);
      const user = await throttle.guard(email, request.ip, () =>
        assertPassword(app.db, { userId: caller.id, password: request.body.password }),
      );
      if (user.role === 'admin') throw forbidden('An admin account cannot be deleted.', 'CANNOT_DELETE_ADMIN');
      await removeMemberAccount(app, {
        memberId: caller.id,
        onCleanupError: (error) =>
          request.log.warn({ err: error }, 'account deleted; removing a file or a vaulted card failed'),
      });
      app.mail.send(accountDeletedMail(app.config, user));
      reply.clearCookie(sessionCookieName(request), { path: '/', secure: request.protocol === 'https' });
      return { msg: 'Your account has been deleted.' };
    },
  );
};

function readJsonProfile(body: unknown): ProfileChanges {
  const input = profileUpdateSchema.parse(body ?? {});
  return { name: input.name, phone: input.phone, profileImage: profileImageFromJson(input.profileImage) };
}

async function readMultipartProfile(request: FastifyRequest): Promise<ProfileChanges> {
  const changes: ProfileChanges = {};
  for await (const part of request.parts()) {
    if (part.type === 'field' && typeof part.value === 'string') assertValidText(part.value, part.fieldname);
    if (part.type === 'file') {
      if (part.fieldname !== 'profileImage') throw badRequest(`Unexpected file field ${part.fieldname}.`);
      // Buffered: profile pictures are small, and the limit stops a large one early.
      changes.profileImage = await readLimited(part.file, PROFILE_IMAGE_MAX_BYTES);
    } else if (part.fieldname === 'name') {
      changes.name = profileUpdateSchema.shape.name.parse(part.value);
    } else if (part.fieldname === 'phone') {
      changes.phone = phoneSchema.parse(part.value);
    } else if (part.fieldname === 'removeProfileImage' && part.value === 'true') {
      changes.profileImage = null;
    }
  }
  return changes;
}

export default usersRoutes;

async function readLimited(stream: AsyncIterable<Buffer> & { resume(): void }, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > maxBytes) {
      stream.resume();
      throw payloadTooLarge(`The profile picture must be at most ${maxBytes / 1024 / 1024} MB.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
