/**
 * Document jobs in a worker thread (see modules/files/document-jobs.ts). Started with a job, it answers
 * it (its bytes transferred, not copied) with the result or a refusal, and ends. Started to serve (an
 * import's run of files), it answers each job posted to it in turn until the pool ends it. An entry point
 * like server.ts, beside it, since it runs the PDF work of several modules (files inspects uploads,
 * reading cuts samples, downloads stamps sold copies).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { cutSample } from './modules/reading/cut-sample.js';
import type { DocumentJob, WorkerAnswer } from './modules/files/document-job-types.js';
import { inspectPdf, PdfRefusal } from './modules/files/inspect-pdf.js';
import { stampPdf } from './modules/downloads/stamp-pdf.js';
import { EpubRefusal } from './modules/files/epub-archive.js';
import { inspectEpub } from './modules/files/inspect-epub.js';
import { stampEpub } from './modules/downloads/stamp-epub.js';
import { cutEpubSample } from './modules/reading/cut-epub-sample.js';
import { CalibreRefusal, readCalibreDb } from './modules/imports/calibre-db.js';

async function run(job: DocumentJob): Promise<{ result: unknown; transfer: ArrayBuffer[] }> {
  switch (job.kind) {
    case 'inspect':
      return { result: await inspectPdf(job.bytes), transfer: [] };
    case 'inspect-epub':
      return { result: await inspectEpub(job.bytes), transfer: [] };
    case 'sample': {
      const sample = await cutSample(job.bytes, job.chosen, { title: job.title, author: job.author });
      return { result: sample, transfer: [sample.bytes.buffer as ArrayBuffer] };
    }
    case 'epub-sample': {
      const sample = await cutEpubSample(job.bytes, { title: job.title, author: job.author });
      return { result: sample, transfer: [sample.bytes.buffer as ArrayBuffer] };
    }
    case 'stamp': {
      const stamped = await stampPdf(job.bytes, { ...job.stamp, soldAt: new Date(job.stamp.soldAt) });
      return { result: stamped, transfer: [stamped.buffer as ArrayBuffer] };
    }
    case 'stamp-epub': {
      const stamped = await stampEpub(job.bytes, { ...job.stamp, soldAt: new Date(job.stamp.soldAt) });
      return { result: stamped, transfer: [stamped.buffer as ArrayBuffer] };
    }
    case 'read-calibre':
      return { result: await readCalibreDb(job.bytes, { priceColumn: job.priceColumn }), transfer: [] };
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

function refusal(job: DocumentJob, error: unknown): WorkerAnswer {
  const epub = job.kind.includes('epub');
  return error instanceof CalibreRefusal
    ? { ok: false, code: 'IMPORT_UNREADABLE', msg: error.message }
    : error instanceof PdfRefusal || error instanceof EpubRefusal
      ? { ok: false, code: error.code, msg: error.message }
      : epub
        ? { ok: false, code: 'EPUB_UNREADABLE', msg: 'The EPUB cannot be read.' }
        : error instanceof RangeError
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
