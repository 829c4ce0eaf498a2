/**
 * The books' in-memory caches (plugin `caches`), one set per app: two apps in one process (tests, a
 * second copy) share none of them, and closing an app empties its own. Each is a LoadingCache (lib),
 * so a burst of identical requests runs the query once. Budgets and time limits are in
 * docs/scaling.md ("Caches").
 *
 * Every write to books calls `clear()`, so this app never serves a stale catalogue after its own write
 * (other copies see it when their entries expire).
 */
import fp from 'fastify-plugin';
import type { FileRow } from '../../db/schema/index.js';
import { LoadingCache } from '../../lib/loading-cache.js';
import type { BookRecord, Facets, PageKey, PreparedPage } from './books-query.service.js';
import type { TypedWord } from './books-search.service.js';
import type { IndexList } from './catalogue-index-search.js';

const CATALOGUE_TTL_MS = 5_000;
const THUMBNAIL_MEMORY_BYTES = 32 * 1024 * 1024;

export class Caches {
  /** Category counts and the total of the public catalogue per (type, search). */
  readonly facets = new LoadingCache<Facets>({ ttl: CATALOGUE_TTL_MS, staleMs: 60_000, max: 1_000 });
  /**
   * The sort key of the last row of every newest-first page, per (filter, page size). Capped by the
   * number of keys held (about 150 bytes each): 300,000 keys is every page of a million-book catalogue
   * at 9 a page, with room for its filters.
   */
  readonly pageKeys = new LoadingCache<PageKey[]>({
    ttl: 30_000,
    staleMs: 5 * 60_000,
    max: 500,
    maxSize: 300_000,
    sizeCalculation: (keys) => keys.length + 1,
  });
  /**
   * A catalogue page's rows, per (filter, sort, offset, page size). Popular pages (the first ones,
   * common searches) are served from memory, which matters most on the embedded database (one thread
   * for HTTP and SQL).
   */
  readonly pages = new LoadingCache<BookRecord[]>({ ttl: CATALOGUE_TTL_MS, max: 5_000 });
  /**
   * Answers of the in-memory index (page ids, total, category counts) per (index and its generation,
   * filter, sort, offset, page size): a popular search is not worked out again until the index changes.
   */
  readonly indexPages = new LoadingCache<IndexList>({ ttl: 60_000, max: 5_000 });
  /**
   * The rows of the books the index's pages show, per (index and its generation, book id): a page of
   * a never-seen search reads none of its books again until the index changes (any applied change
   * makes new keys). Capped by entries (about 1-2 KB each with the story and description).
   */
  readonly indexRows = new LoadingCache<{ book: BookRecord | null }>({ ttl: 10 * 60_000, max: 10_000 });
  /** Public books by id (detail and cover lookups); `book: null` = missing or not public. */
  readonly publicBooks = new LoadingCache<{ book: BookRecord | null }>({ ttl: CATALOGUE_TTL_MS, max: 10_000 });
  /** Cover file rows by id (content-addressed, so they never change). */
  readonly coverFiles = new LoadingCache<FileRow>({ ttl: 60_000, max: 10_000 });
  /** Per typed search word: whether it is a stop word, and the nearest known words. */
  readonly nearestWords = new LoadingCache<TypedWord>({ ttl: 60_000, max: 20_000 });
  /**
   * Cover thumbnails (WebP bytes) recently served, by `${sha256}-${size}`, up to a byte budget. They
   * are small (a few tens of KB); behind this memory, the copy in the file store.
   */
  readonly thumbnails = new LoadingCache<Buffer>({
    maxSize: THUMBNAIL_MEMORY_BYTES,
    sizeCalculation: (bytes) => Math.max(1, bytes.length),
  });
  /** The catalogue's named prepared statements (on the app's database), by name. */
  readonly preparedPages = new Map<string, PreparedPage>();

  /** After a write to books: drops what the catalogue shows (totals, pages, books, known words). */
  clear(): void {
    this.facets.clear();
    this.pageKeys.clear();
    this.pages.clear();
    this.publicBooks.clear();
    this.indexPages.clear();
    this.indexRows.clear();
    // New books bring new words.
    this.nearestWords.clear();
  }

  /** Drops every entry of every cache (and forgets the prepared statements). */
  clearAll(): void {
    for (const held of Object.values(this) as { clear(): void }[]) held.clear();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    caches: Caches;
  }
}

/** Decorates the app with its own caches, emptied when the app closes. */
export default fp(
  async (app) => {
    const caches = new Caches();
    app.decorate('caches', caches);
    app.addHook('onClose', async () => {
      caches.clearAll();
    });
  },
  { name: 'caches' },
);
