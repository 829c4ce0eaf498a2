/**
 * A book's files: the cover (original or WebP thumbnail, cached for a year with ETags) and the PDF
 * (streamed, with Range requests, gated by price and purchase), plus signed download links.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coverQuerySchema, downloadLinkResponseSchema, idParamSchema, pdfQuerySchema } from '@ebook/shared';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { coverVersion } from './books.presenter.js';
import {
  assertMayDownload,
  getCoverFile,
  getFileRow,
  getThumbnail,
  parseRange,
  pdfDisposition,
  signDownload,
  verifyDownload,
} from './books-files.service.js';
import { getVisibleBook, isPublicStatus } from './books.service.js';
import type { BookRecord } from './books-query.service.js';
import { recordFreeDownload } from './ownership.service.js';

const YEAR_CACHE = 'public, max-age=31536000, immutable';

const booksFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A member who takes a free book keeps it in their library (and may then review it). */
  async function keepFreeBook(caller: { id: string; role: string } | null, book: BookRecord): Promise<void> {
    if (caller?.role === 'member' && book.priceCents === 0 && isPublicStatus(book.status)) {
      await recordFreeDownload(app.db, caller.id, book.id);
    }
  }

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
      const file = await getCoverFile(app.db, request.params.id, () => app.currentUser(request));
      const size = request.query.size;
      const etag = `"${file.sha256.slice(0, 32)}${size ? `-${size}` : ''}"`;
      // A URL naming the current cover version (v) never changes content: cache it for a year.
      // Without it, a day, then revalidate with the ETag (the cover may be replaced).
      const versioned = request.query.v !== undefined && request.query.v === coverVersion(file.fileId);
      reply
        .header('ETag', etag)
        .header('Cache-Control', versioned ? YEAR_CACHE : 'public, max-age=86400, must-revalidate');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      if (!size) {
        return reply
          .header('Content-Type', file.mime)
          .header('Content-Length', file.sizeBytes)
          .send(app.fileStore.read(file.sha256));
      }
      const thumbnail = await getThumbnail(app.fileStore, file.sha256, size);
      return reply.header('Content-Type', 'image/webp').send(thumbnail);
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
      await assertMayDownload(app.db, book, caller);
      await keepFreeBook(caller, book);
      const file = await getFileRow(app.db, book.pdfFileId);
      const size = (await app.fileStore.size(file.sha256)) ?? undefined;
      if (size === undefined) throw notFound('The file of this book is missing.', 'FILE_MISSING');

      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        return reply.status(416).header('Content-Range', `bytes */${size}`).send({
          msg: 'The requested range is not in the file.',
          code: 'RANGE_NOT_SATISFIABLE',
        });
      }
      reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', pdfDisposition(book.title))
        .header('Accept-Ranges', 'bytes')
        .header('ETag', `"${file.sha256.slice(0, 32)}"`)
        .header('Cache-Control', 'private, no-store');
      if (!range) return reply.header('Content-Length', size).send(app.fileStore.read(file.sha256));
      return reply
        .status(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
        .header('Content-Length', range.end - range.start + 1)
        .send(app.fileStore.read(file.sha256, range));
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
      await keepFreeBook(caller, book);
      return signDownload(app.config.JWT_SECRET, book.id, caller?.id);
    },
  );
};

export default booksFilesRoutes;
