/**
 * Bringing a catalogue in and taking it out (admin only): a catalogue CSV, previewed (dryRun) or
 * committed, and the catalogue exported as the same CSV template (docs/import.md).
 */
import { Readable, Transform } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  csvImportQuerySchema,
  importJobQuerySchema,
  importJobSchema,
  importSummarySchema,
  parsePriceToCents,
} from '@ebook/shared';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/errors.js';
import { readCatalogueCsv } from './catalogue-csv.js';
import { exportCatalogueCsv } from './catalogue-export.js';
import { importCatalogue } from './import.service.js';
import { importJobs } from './import-jobs.js';

/** A catalogue CSV of 100,000 books is about 20 MB without descriptions; descriptions make it larger. */
export const IMPORT_CSV_MAX_BYTES = 64 * 1024 * 1024;

/** Passes the bytes through, failing with 413 past the limit (the body is read as a stream). */
function limitBytes(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > max) callback(payloadTooLarge(`The file is larger than ${max / 1024 / 1024} MB.`));
      else callback(null, chunk);
    },
  });
}

const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The CSV arrives as a stream and is parsed row by row; nothing buffers the whole file.
  app.addContentTypeParser(['text/csv', 'application/csv'], (_request, payload, done) => done(null, payload));
  // A zip of a calibre library, streamed to disk by the import job.
  app.addContentTypeParser(['application/zip', 'application/x-zip-compressed'], (_request, payload, done) =>
    done(null, payload),
  );

  const jobs = importJobs(app);
  app.addHook('onClose', () => jobs.close());
  const jobParams = z.object({ id: z.string().uuid() });

  app.post(
    '/admin/imports',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Start an import from the admin screen: its preview runs in the background (docs/import.md)',
        description:
          'The body is a catalogue CSV (Content-Type: text/csv) or a zip of a calibre library (application/zip). ' +
          'Poll GET /admin/imports/{id}; confirm with POST /admin/imports/{id}/commit.',
        querystring: importJobQuerySchema,
        response: { 202: importJobSchema },
      },
    },
    async (request, reply) => {
      if (!(request.body instanceof Readable)) {
        throw unsupportedMediaType('Send a CSV (text/csv) or a zip of a calibre library (application/zip).');
      }
      const defaultPriceCents = parsePriceToCents(request.query.defaultPrice);
      if (defaultPriceCents === null) throw badRequest('Default price must be a number, or Free', 'VALIDATION_ERROR');
      const source = (request.headers['content-type'] ?? '').includes('zip') ? 'calibre' : 'csv';
      const job = await jobs.start({
        body: request.body,
        source,
        options: {
          defaultPriceCents,
          header: request.query.header,
          map: request.query.map,
          priceColumn: request.query.priceColumn || undefined,
        },
      });
      return reply.status(202).send(job);
    },
  );

  app.get(
    '/admin/imports/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'An import job: its state, progress and summary',
        params: jobParams,
        response: { 200: importJobSchema },
      },
    },
    async (request) => jobs.get(request.params.id),
  );

  app.post(
    '/admin/imports/:id/commit',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Confirm a previewed import: it is written in the background',
        params: jobParams,
        response: { 202: importJobSchema },
      },
    },
    async (request, reply) => reply.status(202).send(jobs.commit(request.params.id)),
  );

  app.delete(
    '/admin/imports/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Cancel an import (it stops after the book it is writing) or drop a preview',
        params: jobParams,
        response: { 200: importJobSchema },
      },
    },
    async (request) => jobs.cancel(request.params.id),
  );

  app.post(
    '/admin/imports/csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Import a catalogue CSV (docs/import.md): a preview by default, written with dryRun=false',
        description:
          'The body is the CSV file (Content-Type: text/csv). map=column=field (repeatable) maps columns by header name or number.',
        querystring: csvImportQuerySchema,
        response: { 200: importSummarySchema },
      },
    },
    async (request) => {
      if (!(request.body instanceof Readable)) {
        throw unsupportedMediaType('Send the CSV file as the body, with Content-Type: text/csv.');
      }
      const defaultPriceCents = parsePriceToCents(request.query.defaultPrice);
      if (defaultPriceCents === null) throw badRequest('Default price must be a number, or Free', 'VALIDATION_ERROR');
      const body = request.body.pipe(limitBytes(IMPORT_CSV_MAX_BYTES));
      request.body.on('error', (error) => body.destroy(error));
      const rows = readCatalogueCsv(body, { header: request.query.header, map: request.query.map });
      return importCatalogue(app, rows, { dryRun: request.query.dryRun, defaultPriceCents });
    },
  );

  app.get(
    '/admin/exports/books.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The catalogue (every book but members’ submissions and unlisted ones) as a catalogue CSV',
      },
    },
    async (_request, reply) => {
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="catalogue-${date}.csv"`)
        .send(exportCatalogueCsv(app.db));
    },
  );
};

export default importsRoutes;
