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

export interface DocumentJobs {
  /** Runs a job in the pool; the job's bytes are moved to the worker (the caller's copy is emptied). */
  run<K extends DocumentJob['kind']>(job: Extract<DocumentJob, { kind: K }>): Promise<DocumentResults[K]>;
  /** Jobs running and waiting now (for tests and health figures). */
  load(): { running: number; waiting: number };
}

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

    function runWorker(job: DocumentJob): Promise<unknown> {
      return new Promise((resolve, reject) => {
        const script = workerScript();
        const worker = new Worker(script, {
          eval: typeof script === 'string',
          workerData: job,
          transferList: [job.bytes.buffer as ArrayBuffer],
          resourceLimits: {
            maxOldGenerationSizeMb: options.memoryMb,
            maxYoungGenerationSizeMb: 32,
            stackSizeMb: 4,
          },
        });
        running.add(worker);
        let failure: DocumentJobFailed | undefined;
        let answer: WorkerAnswer | undefined;
        const timer = setTimeout(
          () => {
            failure = new DocumentJobFailed('time', `The ${job.kind} job ran past its time limit.`);
            void worker.terminate();
          },
          job.kind === 'inspect' || job.kind === 'inspect-epub' ? options.inspectTimeoutMs : options.timeoutMs,
        );
        worker.once('message', (message: WorkerAnswer) => {
          answer = message;
        });
        worker.once('error', (error: Error & { code?: string }) => {
          failure ??=
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new DocumentJobFailed('memory', `The ${job.kind} job ran out of memory.`)
              : new DocumentJobFailed('crashed', `The ${job.kind} job failed: ${error.message}`);
        });
        worker.once('exit', (code) => {
          clearTimeout(timer);
          running.delete(worker);
          if (answer?.ok) resolve(answer.result);
          // Ended by the server's shutdown: not the document's fault, nothing to record.
          else if (closed) reject(unavailable('The server is shutting down.', 'DOCUMENTS_BUSY'));
          else if (answer && !failure) reject(new DocumentRefused(answer.code, answer.msg));
          else reject(failure ?? new DocumentJobFailed('crashed', `The ${job.kind} job stopped (exit code ${code}).`));
        });
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
