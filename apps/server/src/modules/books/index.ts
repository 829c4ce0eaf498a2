/**
 * What other modules use of books: the access policy's answers, the book records and who owns them.
 */
export { getDownloadableBook } from './books.service.js';
export { recordFreeDownload } from './ownership.service.js';
export type { BookRecord } from './books-query.service.js';
export type { BookAccess, Caller } from './books.policy.js';
