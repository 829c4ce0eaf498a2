/**
 * Inspection of an uploaded PDF before anything is recorded: run in the document pool (inspect-pdf.ts);
 * a PDF that breaks a rule, or whose inspection runs out of memory or time, is refused with 422 and
 * its code (PDF_UNREADABLE, PDF_TOO_COMPLEX, PDF_ENCRYPTED). The caller discards the staged file.
 */
import { readFile } from 'node:fs/promises';
import { unprocessable } from '../../lib/errors.js';
import { DocumentJobFailed, DocumentRefused, type DocumentJobs } from './document-jobs.js';
import type { AcceptedFile } from './files.service.js';

export interface InspectedPdf extends AcceptedFile {
  pages: number;
}

export async function inspectUpload(jobs: DocumentJobs, file: AcceptedFile): Promise<InspectedPdf> {
  const read = await readFile(file.tempPath);
  // A buffer of its own, so it can be moved to the worker without a copy of the rest of its memory.
  const bytes = read.byteOffset === 0 && read.buffer.byteLength === read.length ? read : new Uint8Array(read);
  try {
    const facts = await jobs.run({ kind: 'inspect', bytes });
    return { ...file, pages: facts.pages };
  } catch (error) {
    if (error instanceof DocumentRefused) throw unprocessable(error.message, error.code);
    if (error instanceof DocumentJobFailed) {
      throw unprocessable(
        'The PDF is too complex to be processed (it needs too much memory or time).',
        'PDF_TOO_COMPLEX',
      );
    }
    throw error;
  }
}
