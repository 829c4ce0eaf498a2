/**
 * What other modules use of books: the access policy's answers, the book records, their search and
 * presentation, and who owns them. Other modules import from here, never from the files inside.
 */
export { bookAccess, isPublicStatus, publicStatus } from './books.policy.js';
export type { BookAccess, Caller } from './books.policy.js';
export { bookColumns, listPublicBooks } from './books-query.service.js';
export type { BookListResult, BookRecord } from './books-query.service.js';
export { buildSearch } from './books-search.service.js';
export { coverVersion, presentBook, presentSubmitted, sampleUrl } from './books.presenter.js';
export { findBook, getDownloadableBook, getVisibleBook } from './books.service.js';
export type { Caches } from './catalogue-caches.js';
export type { CatalogueIndexKeeper } from './catalogue-index-keeper.js';
export { ownedAmong, ownsBook, pageOwnedBooks, recordFreeDownload } from './ownership.service.js';
export { default as catalogueCachesPlugin } from './catalogue-caches.js';
