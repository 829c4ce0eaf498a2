/**
 * What other modules use of files. Other modules import from here, never from the files inside.
 */
export { DocumentJobFailed, DocumentRefused } from './document-jobs.js';
export type { DocumentJobRunner, DocumentJobs } from './document-jobs.js';
export type { CalibreBook } from './document-job-types.js';
export { findFileRow, getFileRow, recordFile, removeUnusedFiles } from './file-records.service.js';
export { acceptFile, acceptImage, decodeBase64File, fileUrl } from './files.service.js';
export type { AcceptedFile, AcceptedImage } from './files.service.js';
export { bookDisposition, contentTag, latest, sendFile } from './http-file.js';
export { PdfRefusal, loadUntrusted } from './inspect-pdf.js';
export { inspectUpload } from './inspect-upload.js';
export type { InspectedPdf } from './inspect-upload.js';
export { getThumbnail } from './thumbnails.js';
export { EPUB_LIMITS, EpubRefusal } from './epub-archive.js';
export { openEpub, resolveHref } from './inspect-epub.js';
export type { ManifestItem } from './inspect-epub.js';
export { inspectEpubUpload } from './inspect-upload.js';
export type { InspectedEpub } from './inspect-upload.js';
export { default as documentJobsPlugin } from './document-jobs.js';
