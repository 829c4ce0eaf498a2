/**
 * Imports from the admin screen run as background jobs: the upload (a CSV, or a zip of a calibre
 * library) is kept in a folder of its own under DATA_DIR/imports, previewed first (a dry run), then,
 * when the admin confirms, committed from the same upload. The screen polls the job for its progress
 * and may cancel it: a cancelled commit stops after the book it is writing (whole books only: see
 * calibre-import.ts and import.service.ts), and its folder is removed.
 *
 * Jobs live in this process's memory (one store process holds the embedded database; on PostgreSQL
 * the admin polls the instance that took the upload). One job runs at a time; a job left previewed
 * and not confirmed is dropped after an hour.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import type { ImportJob, ImportSummary } from '@ebook/shared';
import { AppError, conflict, notFound, payloadTooLarge } from '../../lib/errors.js';
import { importCalibreLibrary } from './calibre-import.js';
import { readCatalogueCsv } from './catalogue-csv.js';
import { emptySummary, importCatalogue } from './import.service.js';
import { libraryZipLimits, unpackLibrary } from './unpack-library.js';

type JobDeps = Pick<FastifyInstance, 'db' | 'caches' | 'fileStore' | 'documentJobs' | 'config' | 'log'>;

export interface JobOptions {
  defaultPriceCents: number;
  header: boolean;
  map: string[];
  priceColumn?: string;
}

interface Job {
  view: ImportJob;
  dir: string;
  upload: string;
  options: JobOptions;
  controller: AbortController;
  /** The unpacked library (calibre), once unpacked. */
  library?: string;
  expires?: NodeJS.Timeout;
  finished?: Promise<void>;
}

const PREVIEW_KEPT_MS = 60 * 60 * 1000;
const KEPT_JOBS = 20;

/** Rows of a CSV (its lines but the header: an estimate for the progress bar). */
async function countLines(file: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(file)) {
    for (const byte of chunk as Buffer) if (byte === 10) lines += 1;
  }
  return lines;
}

function limitBytes(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > max) callback(payloadTooLarge(`The file is larger than ${Math.round(max / 1024 / 1024)} MB.`));
      else callback(null, chunk);
    },
  });
}

export function importJobs(app: JobDeps) {
  const jobs = new Map<string, Job>();
  const root = path.join(app.config.dataDir, 'imports');

  const running = () => [...jobs.values()].find((job) => job.view.state === 'running');

  async function drop(job: Job) {
    clearTimeout(job.expires);
    await rm(job.dir, { recursive: true, force: true });
  }

  function remember(job: Job) {
    jobs.set(job.view.id, job);
    // Only the latest jobs are kept to be looked at.
    for (const [id, old] of jobs) {
      if (jobs.size <= KEPT_JOBS) break;
      if (old.view.state === 'running') continue;
      jobs.delete(id);
      void drop(old);
    }
  }

  async function run(job: Job) {
    const { view } = job;
    const onProgress = (summary: ImportSummary) => {
      view.summary = summary;
      view.done = summary.rows;
    };
    let finalState: ImportJob['state'];
    try {
      let summary: ImportSummary;
      if (view.source === 'csv') {
        view.total ??= Math.max(0, (await countLines(job.upload)) - (job.options.header ? 1 : 0));
        const rows = readCatalogueCsv(createReadStream(job.upload), {
          header: job.options.header,
          map: job.options.map,
        });
        summary = await importCatalogue(app, rows, {
          dryRun: view.dryRun,
          defaultPriceCents: job.options.defaultPriceCents,
          signal: job.controller.signal,
          onProgress,
        });
      } else {
        job.library ??= await unpackLibrary(
          job.upload,
          path.join(job.dir, 'library'),
          libraryZipLimits(app.config.IMPORT_UNPACKED_MAX_MB * 1024 * 1024),
          job.controller.signal,
        );
        // The zip is no longer needed once unpacked.
        await rm(job.upload, { force: true });
        summary = await importCalibreLibrary(app, {
          dir: job.library,
          dryRun: view.dryRun,
          defaultPriceCents: job.options.defaultPriceCents,
          priceColumn: job.options.priceColumn,
          signal: job.controller.signal,
          onTotal: (total) => (view.total = total),
          onProgress,
        });
      }
      view.summary = summary;
      view.done = summary.rows;
      finalState = job.controller.signal.aborted ? 'cancelled' : 'done';
    } catch (error) {
      finalState = job.controller.signal.aborted ? 'cancelled' : 'failed';
      view.error = error instanceof AppError ? error.message : 'The import stopped on an unexpected error.';
      if (!(error instanceof AppError)) app.log.error({ err: error }, 'import job failed');
    }
    // A preview waits for the admin's confirmation (for an hour); anything else is over. The state is
    // told once the folder is dealt with.
    if (finalState === 'done' && view.dryRun) {
      job.expires = setTimeout(() => void drop(job), PREVIEW_KEPT_MS);
      job.expires.unref();
    } else {
      await drop(job);
    }
    view.state = finalState;
  }

  return {
    /** Keeps the upload and starts its preview. */
    async start({
      body,
      source,
      options,
    }: {
      body: Readable;
      source: 'csv' | 'calibre';
      options: JobOptions;
    }): Promise<ImportJob> {
      if (running()) throw conflict('Another import is running; wait for it or cancel it.');
      const id = randomUUID();
      const dir = path.join(root, id);
      await mkdir(dir, { recursive: true });
      const upload = path.join(dir, source === 'csv' ? 'upload.csv' : 'upload.zip');
      try {
        await pipeline(
          body,
          limitBytes(app.config.IMPORT_UPLOAD_MAX_MB * 1024 * 1024),
          createWriteStream(upload, { mode: 0o640 }),
        );
      } catch (error) {
        body.resume();
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
      const job: Job = {
        dir,
        upload,
        options,
        controller: new AbortController(),
        view: {
          id,
          source,
          dryRun: true,
          state: 'running',
          done: 0,
          total: null,
          summary: emptySummary(true),
          preview: null,
          error: null,
        },
      };
      remember(job);
      job.finished = run(job);
      return job.view;
    },

    get(id: string): ImportJob {
      const job = jobs.get(id);
      if (!job) throw notFound('No such import.', 'IMPORT_NOT_FOUND');
      return job.view;
    },

    /** Commits a previewed import from the same upload. */
    commit(id: string): ImportJob {
      const job = jobs.get(id);
      if (!job) throw notFound('No such import.', 'IMPORT_NOT_FOUND');
      if (job.view.state !== 'done' || !job.view.dryRun) {
        throw conflict('Only a finished preview can be confirmed.');
      }
      if (running()) throw conflict('Another import is running; wait for it or cancel it.');
      clearTimeout(job.expires);
      job.view.preview = job.view.summary;
      job.view.dryRun = false;
      job.view.state = 'running';
      job.view.done = 0;
      job.view.summary = emptySummary(false);
      job.controller = new AbortController();
      job.finished = run(job);
      return job.view;
    },

    /** Cancels a running job (it stops after the book it is writing), or drops a preview. */
    async cancel(id: string): Promise<ImportJob> {
      const job = jobs.get(id);
      if (!job) throw notFound('No such import.', 'IMPORT_NOT_FOUND');
      if (job.view.state === 'running') {
        job.controller.abort();
      } else if (job.view.state === 'done' && job.view.dryRun) {
        job.view.state = 'cancelled';
        await drop(job);
      }
      return job.view;
    },

    /** Stops every job (the server is closing): whole books only, folders removed. */
    async close() {
      for (const job of jobs.values()) job.controller.abort();
      await Promise.all([...jobs.values()].flatMap((job) => (job.finished ? [job.finished] : [])));
      await rm(root, { recursive: true, force: true }).catch(() => undefined);
    },
  };
}
