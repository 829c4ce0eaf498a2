/**
 * What the document worker's EPUB jobs (src/document.worker.ts) use of files: the readers of untrusted
 * EPUBs, without pdf-lib (pdf-documents.ts) and without the database, the file store or the server.
 */
export { EpubRefusal } from './epub-archive.js';
export { openEpub, resolveHref } from './inspect-epub.js';
export type { ManifestItem } from './inspect-epub.js';
