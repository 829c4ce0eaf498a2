import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '@ebook/shared';
import { files } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { contentTag, sendFile } from './http-file.js';

/**
 * GET /api/files/{id}: images (covers, profile pictures), with validators and conditions (http-file.ts).
 * PDFs are served by the books module.
 */
const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:id',
    { schema: { tags: ['files'], summary: 'An image file (cover or profile picture)', params: idParamSchema } },
    async (request, reply) => {
      const [file] = await app.db.select().from(files).where(eq(files.id, request.params.id)).limit(1);
      if (!file || !file.mime.startsWith('image/')) throw notFound('File not found.');
      // A file id names one content for good: its date is when it was stored.
      return sendFile(request, reply, {
        etag: contentTag(file.sha256),
        lastModified: file.createdAt,
        size: file.sizeBytes,
        contentType: file.mime,
        cacheControl: 'public, max-age=31536000, immutable',
        body: (range) => app.fileStore.read(file.sha256, range),
      });
    },
  );
};

export default filesRoutes;
