/**
 * Uploads at once: how many a member may send at the same time, and how many large JSON bodies
 * (files as base64 text, the specification's client) the server reads at the same time. A JSON
 * body is held in memory while it is parsed, so these bound the memory that uploads can take;
 * multipart uploads stream to disk. Both answer 429 beyond their limit. Routes use it after
 * authentication: `onRequest: [app.requireUser, app.uploadSlot]`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests, unauthorized } from '../lib/errors.js';

/** A JSON body above this size counts as a large one. */
const SMALL_JSON_BYTES = 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    uploadSlot: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The uploads being received now: a member's, and the large JSON bodies across the server. */
    uploadsInProgress: () => { byMember: ReadonlyMap<string, number>; largeJson: number };
  }
}

export interface UploadGuardOptions {
  perMember: number;
  largeJsonAtOnce: number;
}

export default fp<UploadGuardOptions>(
  async (app, { perMember, largeJsonAtOnce }) => {
    const byMember = new Map<string, number>();
    let largeJson = 0;
    app.decorate('uploadsInProgress', () => ({ byMember, largeJson }));

    app.decorate('uploadSlot', async (request: FastifyRequest, reply: FastifyReply) => {
      const user = await app.currentUser(request);
      if (!user) throw unauthorized();
      const count = byMember.get(user.id) ?? 0;
      if (count >= perMember) {
        throw tooManyRequests(
          `You can send ${perMember} upload${perMember === 1 ? '' : 's'} at a time. Please wait for the current one to finish.`,
          'TOO_MANY_UPLOADS',
        );
      }
      // The body is not parsed yet (isMultipart() is set by its parser), so the declared type decides.
      const isLargeJson = !isMultipart(request) && declaredLength(request) > SMALL_JSON_BYTES;
      if (isLargeJson && largeJson >= largeJsonAtOnce) {
        throw tooManyRequests('The store is receiving other uploads. Please try again in a moment.', 'UPLOADS_BUSY');
      }
      byMember.set(user.id, count + 1);
      if (isLargeJson) largeJson += 1;
      // The response's close comes once, whether it was sent or the connection dropped.
      reply.raw.once('close', () => {
        const left = (byMember.get(user.id) ?? 1) - 1;
        if (left > 0) byMember.set(user.id, left);
        else byMember.delete(user.id);
        if (isLargeJson) largeJson -= 1;
      });
    });
  },
  { name: 'upload-guard', dependencies: ['auth'] },
);

/** The body's declared length; a body sent without one (chunked) may be any size. */
function declaredLength(request: FastifyRequest): number {
  const header = request.headers['content-length'];
  if (header === undefined) return request.headers['transfer-encoding'] ? Number.POSITIVE_INFINITY : 0;
  const length = Number(header);
  return Number.isFinite(length) ? length : Number.POSITIVE_INFINITY;
}

function isMultipart(request: FastifyRequest): boolean {
  return /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');
}
