/**
 * What other modules use of downloads. Other modules import from here, never from the files inside.
 */
export { FORMAT_MIME, sendBookFile, sendDocument } from './send-book-file.js';
export { stampEpub } from './stamp-epub.js';
