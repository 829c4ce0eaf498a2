/**
 * The server's public entry point for tools outside it (the benchmarks): build an app, open a
 * database, the schema, and the demo catalogue's files. Everything else is private to the server.
 */
export { buildApp, type App } from './app.js';
export { loadConfig } from './config/index.js';
export { openDatabase, type Db } from './db/client.js';
export { books, files } from './db/schema/index.js';
export { renderCover, renderPdf } from './db/seed/catalogue.js';
export { SEED_BOOKS } from './db/seed/catalogue-data.js';
export { LocalFileStore } from './lib/file-store.js';
export { CatalogueIndexKeeper } from './modules/books/catalogue-index-keeper.js';
export { listFromIndex } from './modules/books/catalogue-index-search.js';
