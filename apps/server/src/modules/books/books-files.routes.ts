/**
 * A book's cover (original or WebP thumbnail, cached for a year, with validators and conditional
 * requests). The PDF and its signed links are modules/downloads.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coverQuerySchema, idParamSchema } from '@ebook/shared';
import { coverVersion } from './books.presenter.js';
import { contentTag, sendFile, getThumbnail } from '../files/index.js';
import { getCoverFile } from './books-files.service.js';

const YEAR_CACHE = 'public, max-age=31536000, immutable';

const booksFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/books/:id/cover',
    {
      schema: {
        tags: ['books'],
        summary: 'The cover: the original, or a WebP thumbnail with size=card (300 px) or detail (600 px)',
        params: idParamSchema,
        querystring: coverQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await getCoverFile(app.db, app.caches, request.params.id, () => app.currentUser(request));
      const size = request.query.size;
      // A URL naming the current cover version (v) never changes content: cache it for a year.
      // Without it, a day, then revalidate (the cover may be replaced).
      const versioned = request.query.v !== undefined && request.query.v === coverVersion(file.fileId);
      const common = {
        lastModified: file.lastModified,
        cacheControl: versioned ? YEAR_CACHE : 'public, max-age=86400, must-revalidate',
      };
      if (!size) {
        return sendFile(request, reply, {
          ...common,
          etag: contentTag(file.sha256),
          size: file.sizeBytes,
          contentType: file.mime,
          body: (range) => app.fileStore.read(file.sha256, range),
        });
      }
      // The thumbnail's tag is named by its own bytes (it is an encoding of the cover, not the cover).
      const thumbnail = await getThumbnail(app.fileStore, app.caches, file.sha256, size);
      return sendFile(request, reply, {
        ...common,
        etag: contentTag(createHash('sha256').update(thumbnail).digest('hex')),
        size: thumbnail.length,
        contentType: 'image/webp',
        body: (range) => (range ? thumbnail.subarray(range.start, range.end + 1) : thumbnail),
      });
    },
  );
};

export default booksFilesRoutes;
