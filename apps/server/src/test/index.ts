/** The test support the benchmarks share with the API tests (`@ebook/server/testing`). */
export { dataUrl, makePdf, makePng } from './books.js';
export { createAdmin, type Actor } from './factories.js';
export * from './search-quality.js';
export { deeplyNestedPdf, hugeArrayPdf, manyObjectsPdf } from './crafted-pdfs.js';
export { buildEpub } from '../lib/build-epub.js';
