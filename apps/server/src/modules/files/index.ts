/**
 * What other modules use of files. Other modules import from here, never from the files inside; the
 * document worker's code imports pdf-documents.ts or epub-documents.ts (the readers of untrusted files)
 * instead.
 */
export { DocumentJobFailed, DocumentRefused } from './document-jobs.js';
export type { DocumentJobRunner, DocumentJobs } from './document-jobs.js';
export type { CalibreBook } from './document-job-types.js';
export { findFileRow, getFileRow, recordFile, removeUnusedFiles } from './file-records.service.js';
export { acceptFile, acceptImage, decodeBase64File, fileUrl } from './files.service.js';
export type { AcceptedFile, AcceptedImage } from './files.service.js';
export { bookDisposition, contentTag, latest, sendFile } from './http-file.js';
export { inspectUpload } from './inspect-upload.js';
export type { InspectedPdf } from './inspect-upload.js';
export { getThumbnail } from './thumbnails.js';
export { EPUB_LIMITS } from './epub-archive.js';
export { openEpub } from './inspect-epub.js';
export { inspectEpubUpload } from './inspect-upload.js';
export type { InspectedEpub } from './inspect-upload.js';
export { default as documentJobsPlugin } from './document-jobs.js';
