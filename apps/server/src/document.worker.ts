/**
 * Document jobs in a worker thread (see modules/files/document-jobs.ts). Started with a job, it answers
 * it (its bytes transferred, not copied) with the result or a refusal, and ends. Started to serve (an
 * import's run of files), it answers each job posted to it in turn until the pool ends it. An entry point
 * like server.ts, beside it, since it runs the PDF work of several modules (files inspects uploads,
 * reading cuts samples, downloads stamps sold copies).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DocumentRefusal } from './lib/document-refusal.js';
import type { DocumentJob, WorkerAnswer } from './modules/files/document-job-types.js';

/**
 * Each kind's code is loaded when its first job comes (the bundle is split per kind): an EPUB job never
 * loads pdf-lib (about 200 ms of CPU a worker) and a PDF job never the EPUB and calibre readers.
 */
async function run(job: DocumentJob): Promise<{ result: unknown; transfer: ArrayBuffer[] }> {
  switch (job.kind) {
    case 'inspect': {
      const { inspectPdf } = await import('./modules/files/inspect-pdf.js');
      return { result: await inspectPdf(job.bytes), transfer: [] };
    }
    case 'inspect-epub': {
      const { inspectEpub } = await import('./modules/files/inspect-epub.js');
      return { result: await inspectEpub(job.bytes), transfer: [] };
    }
    case 'sample': {
      const { cutSample } = await import('./modules/reading/cut-sample.js');
      const sample = await cutSample(job.bytes, job.chosen, { title: job.title, author: job.author });
      return { result: sample, transfer: [sample.bytes.buffer as ArrayBuffer] };
    }
    case 'epub-sample': {
      const { cutEpubSample } = await import('./modules/reading/cut-epub-sample.js');
      const sample = await cutEpubSample(job.bytes, { title: job.title, author: job.author });
      return { result: sample, transfer: [sample.bytes.buffer as ArrayBuffer] };
    }
    case 'stamp': {
      const { stampPdf } = await import('./modules/downloads/stamp-pdf.js');
      const stamped = await stampPdf(job.bytes, { ...job.stamp, soldAt: new Date(job.stamp.soldAt) });
      return { result: stamped, transfer: [stamped.buffer as ArrayBuffer] };
    }
    case 'stamp-epub': {
      const { stampEpub } = await import('./modules/downloads/stamp-epub.js');
      const stamped = await stampEpub(job.bytes, { ...job.stamp, soldAt: new Date(job.stamp.soldAt) });
      return { result: stamped, transfer: [stamped.buffer as ArrayBuffer] };
    }
    case 'read-calibre': {
      const { readCalibreDb } = await import('./modules/imports/calibre-db.js');
      return { result: await readCalibreDb(job.bytes, { priceColumn: job.priceColumn }), transfer: [] };
    }
  }
}

async function answer(job: DocumentJob): Promise<void> {
  try {
    const { result, transfer } = await run(job);
    parentPort!.postMessage({ ok: true, result } satisfies WorkerAnswer, transfer);
  } catch (error) {
    parentPort!.postMessage(refusal(job, error));
  }
}

/** The refusal a job's error stands for: a reader's own, or, for anything else it threw, its kind's. */
function refusal(job: DocumentJob, error: unknown): WorkerAnswer {
  if (error instanceof DocumentRefusal) return { ok: false, code: error.code, msg: error.message };
  if (job.kind === 'read-calibre') {
    return { ok: false, code: 'IMPORT_UNREADABLE', msg: 'The calibre library cannot be read.' };
  }
  if (job.kind.includes('epub')) return { ok: false, code: 'EPUB_UNREADABLE', msg: 'The EPUB cannot be read.' };
  return error instanceof RangeError
    ? { ok: false, code: 'PDF_TOO_COMPLEX', msg: 'The PDF is nested too deeply to be read.' }
    : { ok: false, code: 'PDF_UNREADABLE', msg: 'The PDF cannot be read.' };
}

const start = workerData as DocumentJob | { kind: 'serve' };
if (start.kind === 'serve') {
  // One job at a time: the pool posts the next only after this one's answer, and ends the worker.
  parentPort!.on('message', (job: DocumentJob) => void answer(job));
} else {
  await answer(start);
}
