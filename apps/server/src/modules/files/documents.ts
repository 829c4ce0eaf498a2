/**
 * What the document worker (src/document.worker.ts) uses of files: the readers of untrusted PDFs and
 * EPUBs, and nothing that reaches the database, the file store or the server. A worker is started for
 * every job, so what this brings in is loaded for every upload, sample and sold copy; the module's
 * index.ts, which does reach them, would load the database schema and the image library in each.
 */
export { PdfRefusal, loadUntrusted } from './inspect-pdf.js';
export { EpubRefusal } from './epub-archive.js';
export { openEpub, resolveHref } from './inspect-epub.js';
export type { ManifestItem } from './inspect-epub.js';
