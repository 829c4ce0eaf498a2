/**
 * What the document worker's PDF jobs (src/document.worker.ts) use of files: the reader of untrusted
 * PDFs, and nothing that reaches the database, the file store or the server, which the module's
 * index.ts would load in every worker. The EPUB readers are in epub-documents.ts, so that a PDF job
 * does not load them, nor an EPUB job pdf-lib.
 */
export { PdfRefusal, loadUntrusted } from './inspect-pdf.js';
