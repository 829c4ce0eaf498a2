/**
 * What other modules use of downloads. Other modules import from here, never from the files inside.
 */
export { sendBookFile, sendPdf } from './send-book-file.js';
