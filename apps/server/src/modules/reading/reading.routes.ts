/**
 * Reading in the browser: where a member left off in a book (any device), the books they are reading,
 * and a book's sample PDF for "Read A Little" (served with Range, like the book's own PDF).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ErrorResponse,
  idParamSchema,
  readingListResponseSchema,
  readingProgressInputSchema,
  readingProgressResponseSchema,
  readingProgressSchema,
} from '@ebook/shared';
import { notFound, unprocessable } from '../../lib/errors.js';
import { STILL_WORKING, waitAtMost } from '../../lib/wait-at-most.js';
import { getFileRow, latest } from '../files/index.js';
import { sendPdf } from '../downloads/index.js';
import { presentBook, getVisibleBook } from '../books/index.js';
import { callerOf } from '../../plugins/auth.js';
import { getProgress, listReading, saveProgress } from './progress.service.js';

/** When a reader whose sample is still being cut should ask again. */
const SAMPLE_RETRY_AFTER_SECONDS = 2;

const readingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/books/:id/progress',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reading'],
        summary: 'Where the member left off in the book (null before they open it in the reader)',
        params: idParamSchema,
        response: { 200: readingProgressResponseSchema },
      },
    },
    async (request) => ({
      progress: await getProgress(app.db, request.params.id, callerOf(request)),
    }),
  );

  app.put(
    '/books/:id/progress',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reading'],
        summary: 'Keep the page the member is on (a member who may read the whole book)',
        params: idParamSchema,
        body: readingProgressInputSchema,
        response: { 200: readingProgressSchema },
      },
    },
    async (request) => saveProgress(app.db, request.params.id, callerOf(request), request.body),
  );

  app.get(
    '/users/me/reading',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reading'],
        summary: 'Continue reading: the books the member has a place in, last read first',
        response: { 200: readingListResponseSchema },
      },
    },
    async (request) => {
      const rows = await listReading(app.db, callerOf(request));
      return { books: rows.map((row) => ({ book: presentBook(row.book), progress: row.progress })) };
    },
  );

  app.get(
    '/books/:id/sample',
    {
      schema: {
        tags: ['reading'],
        summary: "The sample PDF: the book's first pages (10%, up to 20, or the count chosen), with Range support",
        description:
          'Anyone who may see the book. Cut on the first request if not ready yet: a cut that takes longer than COPY_WAIT_SECONDS is answered 202 SAMPLE_PREPARING with Retry-After (ask again; HEAD moves no body). 422 SAMPLE_UNAVAILABLE when the PDF cannot be cut.',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const visible = await getVisibleBook(app.db, request.params.id, () => app.currentUser(request));
      let book = visible;
      if (book.sampleStatus === 'pending') {
        const cut = await waitAtMost(app.samples.ensure(book.id), app.config.COPY_WAIT_SECONDS * 1000);
        if (cut === STILL_WORKING) {
          return reply
            .code(202)
            .header('Retry-After', String(SAMPLE_RETRY_AFTER_SECONDS))
            .header('Cache-Control', 'no-store')
            .send({ msg: 'Preparing the sample...', code: 'SAMPLE_PREPARING' } satisfies ErrorResponse);
        }
        book = await getVisibleBook(app.db, book.id, () => app.currentUser(request));
      }
      if (!book.pdfFileId) throw notFound('This book has no PDF.', 'FILE_NOT_FOUND');
      if (book.sampleStatus !== 'ready' || !book.sampleFileId) {
        throw unprocessable('No sample can be made from this book.', 'SAMPLE_UNAVAILABLE');
      }
      const file = await getFileRow(app.db, book.sampleFileId);
      return sendPdf(app, {
        request,
        reply,
        sha256: file.sha256,
        disposition: 'inline; filename="sample.pdf"',
        cacheControl: 'private, no-cache',
        missing: 'The sample of this book is missing.',
        lastModified: latest(book.updatedAt, file.createdAt),
      });
    },
  );
};

export default readingRoutes;
