/**
 * Reading in the browser: where a member left off in a book (any device), the books they are reading,
 * and a book's sample PDF and sample EPUB for "Read A Little" (served with Range, like the book's own
 * files).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  readingListResponseSchema,
  readingProgressInputSchema,
  readingProgressResponseSchema,
  readingProgressSchema,
} from '@ebook/shared';
import { notFound, unprocessable } from '../../lib/errors.js';
import { getFileRow } from '../files/file-records.service.js';
import { latest } from '../files/http-file.js';
import { sendDocument } from '../downloads/send-book-file.js';
import { presentBook } from '../books/books.presenter.js';
import { getVisibleBook } from '../books/books.service.js';
import { callerOf } from '../../plugins/auth.js';
import { getProgress, listReading, saveProgress } from './progress.service.js';

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
          'Anyone who may see the book. Cut on the first request if not ready yet; 422 SAMPLE_UNAVAILABLE when the PDF cannot be cut.',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const visible = await getVisibleBook(app.db, request.params.id, () => app.currentUser(request));
      let book = visible;
      if (book.sampleStatus === 'pending') {
        await app.samples.ensure(book.id);
        book = await getVisibleBook(app.db, book.id, () => app.currentUser(request));
      }
      if (!book.pdfFileId) throw notFound('This book has no PDF.', 'FILE_NOT_FOUND');
      if (book.sampleStatus !== 'ready' || !book.sampleFileId) {
        throw unprocessable('No sample can be made from this book.', 'SAMPLE_UNAVAILABLE');
      }
      const file = await getFileRow(app.db, book.sampleFileId);
      return sendDocument(app, {
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

  app.get(
    '/books/:id/epub-sample',
    {
      schema: {
        tags: ['reading'],
        summary: "The sample EPUB: the book's first chapters (about 10% of its text), with Range support",
        description:
          'Anyone who may see the book. Made on the first request if not ready yet; 404 FILE_NOT_FOUND for a book without an EPUB; 422 SAMPLE_UNAVAILABLE when none can be made.',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      let book = await getVisibleBook(app.db, request.params.id, () => app.currentUser(request));
      if (!book.epubFileId) throw notFound('This book has no EPUB.', 'FILE_NOT_FOUND');
      if (book.epubSampleStatus === 'pending') {
        await app.samples.ensure(book.id, 'epub');
        book = await getVisibleBook(app.db, book.id, () => app.currentUser(request));
      }
      if (book.epubSampleStatus !== 'ready' || !book.epubSampleFileId) {
        throw unprocessable('No sample can be made from this book.', 'SAMPLE_UNAVAILABLE');
      }
      const file = await getFileRow(app.db, book.epubSampleFileId);
      return sendDocument(app, {
        request,
        reply,
        sha256: file.sha256,
        format: 'epub',
        disposition: 'inline; filename="sample.epub"',
        cacheControl: 'private, no-cache',
        missing: 'The sample of this book is missing.',
        lastModified: latest(book.updatedAt, file.createdAt),
      });
    },
  );
};

export default readingRoutes;
