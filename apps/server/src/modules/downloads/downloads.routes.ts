/**
 * Downloading a book's PDF or EPUB (streamed, with Range and conditional requests; who may have it and
 * which copy is books.policy's answer) and the signed links that download them without a session.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type BookFormat,
  downloadLinkQuerySchema,
  downloadLinkResponseSchema,
  epubQuerySchema,
  idParamSchema,
  pdfQuerySchema,
} from '@ebook/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { getDownloadableBook } from '../books/index.js';
import { fileIdOf, keepFreeBook, sendBookFile } from './send-book-file.js';
import { signDownload, verifyDownload } from './signed-links.js';

const downloadsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The member a signed link was made for, if they still exist; null for a visitor's link. */
  const linkHolder = async (userId: string | undefined) => {
    if (!userId) return null;
    const [holder] = await app.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
    if (!holder) throw forbidden('This download link is no longer valid.', 'LINK_REVOKED');
    return holder;
  };
  /** Sends the book's file of `format`: to the holder of a valid signed link, else to the session's caller. */
  async function download(
    request: FastifyRequest<{ Params: { id: string }; Querystring: { exp?: number; sig?: string; u?: string } }>,
    reply: FastifyReply,
    format: BookFormat,
  ) {
    const { id } = request.params;
    const { exp, sig, u } = request.query;
    const signed =
      exp !== undefined &&
      sig !== undefined &&
      verifyDownload(app.config.JWT_SECRET, { bookId: id, userId: u, expires: exp, sig, format });
    // A signed link acts as the member it was made for, as they are now (a deleted member: nobody).
    const caller = signed ? await linkHolder(u) : await app.currentUser(request);
    return sendBookFile(app, { request, reply, bookId: id, caller, format });
  }

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
    async (request, reply) => download(request, reply, 'pdf'),
  );

  app.get(
    '/books/:id/epub',
    {
      schema: {
        tags: ['books'],
        summary: 'Download the EPUB (free: anyone; paid: buyer, submitter or admin), with Range support',
        description:
          'A buyer gets their stamped copy. A signed link from POST /api/books/{id}/download-link?format=epub (exp, sig) works without a session.',
        params: idParamSchema,
        querystring: epubQuerySchema,
      },
    },
    async (request, reply) => download(request, reply, 'epub'),
  );

  app.post(
    '/books/:id/download-link',
    {
      schema: {
        tags: ['books'],
        summary: 'A download URL for the PDF (or the EPUB: format=epub), valid for 5 minutes, usable without a session',
        params: idParamSchema,
        querystring: downloadLinkQuerySchema,
        response: { 200: downloadLinkResponseSchema },
      },
    },
    async (request) => {
      const caller = await app.currentUser(request);
      const { book, access } = await getDownloadableBook(app.db, request.params.id, caller);
      const { format } = request.query;
      if (!fileIdOf(book, format)) throw notFound(`This book has no ${format.toUpperCase()}.`, 'FILE_NOT_FOUND');
      await keepFreeBook(app, caller, book, access);
      return signDownload(app.config.JWT_SECRET, book.id, caller?.id, Date.now(), format);
    },
  );
};

export default downloadsRoutes;
