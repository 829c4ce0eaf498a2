/**
 * A book's files: the cover (original or WebP thumbnail, cached for a year, with validators and
 * conditional requests) and the PDF (streamed, with Range and conditional requests, gated by price and
 * purchase), plus signed download links.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coverQuerySchema, downloadLinkResponseSchema, idParamSchema, pdfQuerySchema } from '@ebook/shared';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { forbidden } from '../../lib/errors.js';
import { coverVersion } from './books.presenter.js';
import { contentTag, sendFile } from '../files/http-file.js';
import { keepFreeBook, sendBookFile } from '../files/send-book-file.js';
import { getThumbnail } from '../files/thumbnails.js';
import { assertMayDownload, getCoverFile, signDownload, verifyDownload } from './books-files.service.js';
import { getVisibleBook } from './books.service.js';

const YEAR_CACHE = 'public, max-age=31536000, immutable';

const booksFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The member a signed link was made for, if they still exist; null for a visitor's link. */
  const linkHolder = async (userId: string | undefined) => {
    if (!userId) return null;
    const [holder] = await app.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
    if (!holder) throw forbidden('This download link is no longer valid.', 'LINK_REVOKED');
    return holder;
  };
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

  app.get(
    '/books/:id/pdf',
    {
      schema: {
        tags: ['books'],
        summary: 'Download the PDF (free: anyone; paid: buyer, submitter or admin), with Range support',
        description: 'A signed link from POST /api/books/{id}/download-link (exp, sig) works without a session.',
        params: idParamSchema,
        querystring: pdfQuerySchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { exp, sig, u } = request.query;
      const signed = exp !== undefined && sig !== undefined && verifyDownload(app.config.JWT_SECRET, id, u, exp, sig);
      // A signed link acts as the member it was made for, as they are now (a deleted member: nobody).
      const caller = signed ? await linkHolder(u) : await app.currentUser(request);
      const book = await getVisibleBook(app.db, id, async () => caller);
      return sendBookFile(app, request, reply, book, caller);
    },
  );

  app.post(
    '/books/:id/download-link',
    {
      schema: {
        tags: ['books'],
        summary: 'A download URL for the PDF, valid for 5 minutes, usable without a session',
        params: idParamSchema,
        response: { 200: downloadLinkResponseSchema },
      },
    },
    async (request) => {
      const caller = await app.currentUser(request);
      const book = await getVisibleBook(app.db, request.params.id, async () => caller);
      await assertMayDownload(app.db, book, caller);
      await keepFreeBook(app, caller, book);
      return signDownload(app.config.JWT_SECRET, book.id, caller?.id);
    },
  );
};

export default booksFilesRoutes;
