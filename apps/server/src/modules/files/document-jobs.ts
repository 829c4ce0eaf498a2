/**
 * The document pool (plugin `document-jobs`): every piece of work on an uploaded PDF (inspection at
 * upload, cutting a sample, stamping a sold copy) runs here, in a worker thread of its own, never on
 * the request thread. Uploaded books are untrusted, so each job is boxed in:
 *
 * - a fresh worker per job with a heap limit (`resourceLimits`): a PDF that needs more memory ends its
 *   worker, not the server;
 * - a time limit: a job still running after DOCUMENT_JOB_SECONDS (an inspection after
 *   DOCUMENT_INSPECT_SECONDS) has its worker terminated;
 * - DOCUMENT_WORKERS jobs at once and at most DOCUMENT_QUEUE waiting, each for at most
 *   DOCUMENT_QUEUE_WAIT_SECONDS; past either a job is refused with 503 DOCUMENTS_BUSY instead of
 *   piling up (and of holding a request until its connection times out).
 *
 * A job answers with its result, with a refusal (the document breaks a rule: `DocumentRefused`), or
 * fails (`DocumentJobFailed`: out of memory, out of time, or crashed).
 *
 * An import's files run in a session (`session()`): the same boxes, but the worker is kept from one
 * file to the next (starting one costs more than checking a small book) and replaced after
 * SESSION_JOBS files. The heap limit holds for each file (the previous file's objects are garbage
 * once it is answered), the time limit is per file, and a file that crashes its worker or hits a
 * limit, or that the checks refuse, ends that worker and fails that file only: the next file gets a fresh
 * worker. A session's
 * worker serves one import, whose files the admin chose (docs/import.md says what this gives up).
 */
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '@ebook/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unavailable } from '../../lib/errors.js';
import type { DocumentJob, DocumentResults, WorkerAnswer } from './document-job-types.js';

export type { DocumentJob, DocumentResults };

/** The document broke a rule (unreadable, too complex, too short for a sample): a 4xx, not a fault. */
export class DocumentRefused extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DocumentRefused';
  }
}

/** The job's worker ran out of memory or time, or stopped without an answer. */
export class DocumentJobFailed extends Error {
  constructor(
    readonly reason: 'memory' | 'time' | 'crashed',
    message: string,
  ) {
    super(message);
    this.name = 'DocumentJobFailed';
  }
}

export interface DocumentJobRunner {
  /** Runs a job in the pool; the job's bytes are moved to the worker (the caller's copy is emptied). */
  run<K extends DocumentJob['kind']>(job: Extract<DocumentJob, { kind: K }>): Promise<DocumentResults[K]>;
}

/** Jobs of one import on a worker kept between them (see the module's comment). */
export interface DocumentSession extends DocumentJobRunner {
  /** Ends the session's worker; call it when the import ends, however it ends. */
  close(): Promise<void>;
}

export interface DocumentJobs extends DocumentJobRunner {
  /** A session for a run of jobs (an import's files); each job still waits for a slot of the pool. */
  session(): DocumentSession;
  /** Jobs running and waiting now (for tests and health figures). */
  load(): { running: number; waiting: number };
}

/** A session's worker is replaced after this many jobs: what one file may leave behind is bounded. */
export const SESSION_JOBS = 50;

declare module 'fastify' {
  interface FastifyInstance {
    documentJobs: DocumentJobs;
  }
}

export interface DocumentJobsOptions {
  workers: number;
  queue: number;
  memoryMb: number;
  /** Samples and stamping. */
  timeoutMs: number;
  /** Inspection at upload: the uploader waits for it, within the connection's idle timeout. */
  inspectTimeoutMs: number;
  queueWaitMs: number;
}

export function documentJobOptions(config: FastifyInstance['config']): DocumentJobsOptions {
  return {
    workers: config.DOCUMENT_WORKERS ?? Math.min(4, Math.max(1, availableParallelism() - 1)),
    queue: config.DOCUMENT_QUEUE,
    memoryMb: config.DOCUMENT_JOB_MEMORY_MB,
    timeoutMs: config.DOCUMENT_JOB_SECONDS * 1000,
    inspectTimeoutMs: config.DOCUMENT_INSPECT_SECONDS * 1000,
    queueWaitMs: config.DOCUMENT_QUEUE_WAIT_SECONDS * 1000,
  };
}

export default fp(
  async (app: FastifyInstance) => {
    const options = documentJobOptions(app.config);
    const running = new Set<Worker>();
    const waiting: { start: () => void; cancel: (error: Error) => void }[] = [];
    let active = 0;
    let closed = false;

    function startWorker(data: DocumentJob | { kind: 'serve' }): Worker {
      const script = workerScript();
      const worker = new Worker(script, {
        eval: typeof script === 'string',
        workerData: data,
        transferList: data.kind === 'serve' ? [] : [data.bytes.buffer as ArrayBuffer],
        resourceLimits: {
          maxOldGenerationSizeMb: options.memoryMb,
          maxYoungGenerationSizeMb: 32,
          stackSizeMb: 4,
        },
      });
      running.add(worker);
      worker.once('exit', () => running.delete(worker));
      return worker;
    }

    const timeLimit = (job: DocumentJob) =>
      job.kind === 'inspect' || job.kind === 'inspect-epub' ? options.inspectTimeoutMs : options.timeoutMs;

    const failureOf = (job: DocumentJob, error: Error & { code?: string }) =>
      error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new DocumentJobFailed('memory', `The ${job.kind} job ran out of memory.`)
        : new DocumentJobFailed('crashed', `The ${job.kind} job failed: ${error.message}`);

    const stopped = (job: DocumentJob, code: number) =>
      new DocumentJobFailed('crashed', `The ${job.kind} job stopped (exit code ${code}).`);

    /** One job in a fresh worker, answered when the worker has ended. */
    function runWorker(job: DocumentJob): Promise<unknown> {
      return new Promise((resolve, reject) => {
        const worker = startWorker(job);
        let failure: DocumentJobFailed | undefined;
        let answer: WorkerAnswer | undefined;
        const timer = setTimeout(() => {
          failure = new DocumentJobFailed('time', `The ${job.kind} job ran past its time limit.`);
          void worker.terminate();
        }, timeLimit(job));
        worker.once('message', (message: WorkerAnswer) => {
          answer = message;
        });
        worker.once('error', (error: Error & { code?: string }) => {
          failure ??= failureOf(job, error);
        });
        worker.once('exit', (code) => {
          clearTimeout(timer);
          if (answer?.ok) resolve(answer.result);
          // Ended by the server's shutdown: not the document's fault, nothing to record.
          else if (closed) reject(unavailable('The server is shutting down.', 'DOCUMENTS_BUSY'));
          else if (answer && !failure) reject(new DocumentRefused(answer.code, answer.msg));
          else reject(failure ?? stopped(job, code));
        });
      });
    }

    interface Served {
      worker: Worker | undefined;
      jobs: number;
    }

    /** One job on the session's worker (started, or replaced, as needed); a failure ends the worker. */
    function runServed(session: Served, job: DocumentJob): Promise<unknown> {
      if (!session.worker || session.jobs >= SESSION_JOBS) {
        if (session.worker) void session.worker.terminate();
        const worker = startWorker({ kind: 'serve' });
        // An idle worker's error (none is expected) must not reach the process as an unhandled event,
        // and a worker that ended while idle is not posted to again.
        worker.on('error', () => undefined);
        worker.once('exit', () => {
          if (session.worker === worker) session.worker = undefined;
        });
        session.worker = worker;
        session.jobs = 0;
      }
      const worker = session.worker;
      session.jobs += 1;
      return new Promise((resolve, reject) => {
        let failure: DocumentJobFailed | undefined;
        const finish = () => {
          clearTimeout(timer);
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
        };
        // The worker is not used again once it failed: the next job starts a fresh one.
        const drop = () => {
          if (session.worker === worker) session.worker = undefined;
        };
        const timer = setTimeout(() => {
          failure = new DocumentJobFailed('time', `The ${job.kind} job ran past its time limit.`);
          drop();
          void worker.terminate();
        }, timeLimit(job));
        const onMessage = (answer: WorkerAnswer) => {
          finish();
          if (answer.ok) return resolve(answer.result);
          // A refused file is the hostile kind: whatever it left in the worker goes with the worker.
          drop();
          void worker.terminate();
          reject(new DocumentRefused(answer.code, answer.msg));
        };
        const onError = (error: Error & { code?: string }) => {
          failure ??= failureOf(job, error);
        };
        const onExit = (code: number) => {
          finish();
          drop();
          if (closed) reject(unavailable('The server is shutting down.', 'DOCUMENTS_BUSY'));
          else reject(failure ?? stopped(job, code));
        };
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
        worker.postMessage(job, [job.bytes.buffer as ArrayBuffer]);
      });
    }

    async function withSlot<T>(work: () => Promise<T>): Promise<T> {
      if (closed) throw unavailable('The server is shutting down.', 'DOCUMENTS_BUSY');
      if (active >= options.workers) {
        if (waiting.length >= options.queue) {
          throw unavailable('The store is busy preparing books; try again in a minute.', 'DOCUMENTS_BUSY');
        }
        // A request waits at most QUEUE_WAIT_MS for a worker, so its connection is never held
        // until it times out: past that it is answered 503 at once.
        await new Promise<void>((start, cancel) => {
          const entry = {
            start: () => {
              clearTimeout(timer);
              start();
            },
            cancel,
          };
          const timer = setTimeout(() => {
            waiting.splice(waiting.indexOf(entry), 1);
            cancel(unavailable('The store is busy preparing books; try again in a minute.', 'DOCUMENTS_BUSY'));
          }, options.queueWaitMs);
          waiting.push(entry);
        });
      }
      active += 1;
      try {
        return await work();
      } finally {
        active -= 1;
        waiting.shift()?.start();
      }
    }

    app.decorate('documentJobs', {
      run(job) {
        return withSlot(() => runWorker(job)) as never;
      },
      session() {
        const served: Served = { worker: undefined, jobs: 0 };
        return {
          run(job) {
            return withSlot(() => runServed(served, job)) as never;
          },
          async close() {
            const worker = served.worker;
            served.worker = undefined;
            await worker?.terminate();
          },
        };
      },
      load: () => ({ running: active, waiting: waiting.length }),
    } satisfies DocumentJobs);

    app.addHook('preClose', async () => {
      closed = true;
      for (const entry of waiting.splice(0))
        entry.cancel(unavailable('The server is shutting down.', 'DOCUMENTS_BUSY'));
      await Promise.all([...running].map((worker) => worker.terminate()));
    });
  },
  { name: 'document-jobs' },
);

/**
 * The worker's script: beside the built server (dist/document.worker.js); from the TypeScript sources
 * (tests, development) a small script that loads it through tsx.
 */
function workerScript(): string | URL {
  // Bundled, the worker sits beside server.js; from source, at src/document.worker.ts.
  if (!import.meta.url.endsWith('.ts')) return new URL('./document.worker.js', import.meta.url);
  // The API tests bundle it once (test/global-setup.ts): started from source, each job's worker would
  // compile the TypeScript again.
  if (process.env.DOCUMENT_WORKER_BUNDLE) return pathToFileURL(process.env.DOCUMENT_WORKER_BUNDLE);
  const source = new URL('../../document.worker.ts', import.meta.url).href;
  return `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
}
