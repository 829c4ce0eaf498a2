/**
 * Inspection of an uploaded PDF or EPUB before anything is recorded, run in the document pool
 * (inspect-pdf.ts, inspect-epub.ts). A document that breaks a rule, or whose inspection runs out of
 * memory or time, is refused with 422 and its code (PDF_UNREADABLE, PDF_TOO_COMPLEX, PDF_ENCRYPTED;
 * EPUB_UNREADABLE, EPUB_TOO_LARGE, EPUB_UNSAFE_PATH, EPUB_ENCRYPTED, EPUB_INVALID). The caller
 * discards the staged file.
 */
import { readFile } from 'node:fs/promises';
import type { EpubMetadata } from '@ebook/shared';
import { unprocessable } from '../../lib/errors.js';
import { DocumentJobFailed, DocumentRefused, type DocumentJobRunner } from './document-jobs.js';
import { EPUB_MIMETYPE } from './epub-archive.js';
import type { AcceptedFile } from './files.service.js';

export interface InspectedPdf extends AcceptedFile {
  pages: number;
}

export interface InspectedEpub extends AcceptedFile {
  metadata: EpubMetadata;
}

/** The staged file's bytes in a buffer of its own, so it can be moved to the worker without a copy. */
async function ownBytes(file: AcceptedFile): Promise<Uint8Array> {
  const read = await readFile(file.tempPath);
  return read.byteOffset === 0 && read.buffer.byteLength === read.length ? read : new Uint8Array(read);
}

/** Runs an inspection, turning a refusal or a failed job into the 422 the uploader sees. */
async function inspect<T>(
  run: () => Promise<T>,
  tooComplex: { msg: string; code: 'PDF_TOO_COMPLEX' | 'EPUB_TOO_LARGE' },
) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DocumentRefused) throw unprocessable(error.message, error.code);
    if (error instanceof DocumentJobFailed) throw unprocessable(tooComplex.msg, tooComplex.code);
    throw error;
  }
}

export async function inspectUpload(jobs: DocumentJobRunner, file: AcceptedFile): Promise<InspectedPdf> {
  const bytes = await ownBytes(file);
  const facts = await inspect(() => jobs.run({ kind: 'inspect', bytes }), {
    msg: 'The PDF is too complex to be processed (it needs too much memory or time).',
    code: 'PDF_TOO_COMPLEX',
  });
  return { ...file, pages: facts.pages };
}

/** An EPUB checked (zip limits, paths, DRM, container and package) with its metadata; kept as an EPUB. */
export async function inspectEpubUpload(jobs: DocumentJobRunner, file: AcceptedFile): Promise<InspectedEpub> {
  const bytes = await ownBytes(file);
  const metadata = await inspect(() => jobs.run({ kind: 'inspect-epub', bytes }), {
    msg: 'The EPUB is too large to be processed (it needs too much memory or time).',
    code: 'EPUB_TOO_LARGE',
  });
  return { ...file, mime: EPUB_MIMETYPE, metadata };
}
