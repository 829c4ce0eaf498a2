import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '@ebook/shared';
import { files } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

/** GET /api/files/{id}: images (covers, profile pictures). PDFs are served by the books module. */
const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:id',
    { schema: { tags: ['files'], summary: 'An image file (cover or profile picture)', params: idParamSchema } },
    async (request, reply) => {
      const [file] = await app.db.select().from(files).where(eq(files.id, request.params.id)).limit(1);
      if (!file || !file.mime.startsWith('image/')) throw notFound('File not found.');
      const etag = `"${file.sha256}"`;
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply
        .header('Content-Type', file.mime)
        .header('Content-Length', file.sizeBytes)
        .header('ETag', etag)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(app.fileStore.read(file.sha256));
    },
  );
};

export default filesRoutes;
