/**
 * The server's in-memory caches, one set per app: two apps in one process (tests, a second copy)
 * share none of them, and closing an app empties its own. Each is an lru-cache whose misses load
 * through `getOrLoad()`, so a burst of identical requests runs the query once. Budgets and time limits
 * are in docs/scaling.md ("Caches").
 */
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { FileRow } from '../db/schema/index.js';
import type { BookRecord, Facets, PageKey, PreparedPage } from '../modules/books/books-query.service.js';
import type { TypedWord } from '../modules/books/books-search.service.js';

type Loader<V> = () => Promise<V>;
/** What lru-cache holds: any value but null and undefined. */
type Value = NonNullable<unknown>;

/** lru-cache's options (a union: a count, size or time limit is required) without those set here. */
type OwnOptions<O> = O extends unknown
  ? Omit<O, 'fetchMethod' | 'allowStale' | 'noDeleteOnFetchRejection' | 'ignoreFetchAbort'>
  : never;

export type LoadingCacheOptions<V extends Value> = OwnOptions<LRUCache.Options<string, V, Loader<V>>> & {
  /**
   * How long past its time limit an entry is still served while ONE background load replaces it
   * (stale-while-revalidate): a slow query then never holds up the requests that arrive while it
   * runs. A failed refresh keeps the stale value until it is too old. 0 (the default): never.
   */
  staleMs?: number;
};

/**
 * An lru-cache that loads its misses with the loader given to `getOrLoad()`. `clear()` drops everything,
 * stale entries included, so a write by this app is seen at once; a load already running when the
 * cache is cleared still answers its callers, but its result is not kept.
 */
export class LoadingCache<V extends Value> extends LRUCache<string, V, Loader<V>> {
  readonly staleMs: number;

  constructor({ staleMs = 0, ...options }: LoadingCacheOptions<V>) {
    super({
      ...options,
      fetchMethod: async (_key, _stale, { context }) => context(),
      // A failed refresh leaves the stale value in place (getOrLoad decides how long it is served).
      noDeleteOnFetchRejection: staleMs > 0,
      // A load cut short by clear(), delete() or an eviction still answers the requests waiting for
      // it; lru-cache then only leaves its result out of the cache.
      ignoreFetchAbort: true,
    });
    this.staleMs = staleMs;
  }

  /** The cached value of `key`, or the one `load` gives (kept unless it fails). */
  async getOrLoad(key: string, load: Loader<V>): Promise<V> {
    // Negative once past the time limit; Infinity without one (and 0 for a missing key).
    const tooOld = this.getRemainingTTL(key) <= -this.staleMs;
    const value = await this.fetch(key, { context: load, allowStale: this.staleMs > 0 && !tooOld });
    // fetch() answers undefined only for a loader that does, or a stale-serving failure we do not allow.
    if (value === undefined) throw new Error(`The cache load of "${key}" gave nothing.`);
    return value;
  }
}

export interface Caches {
  /** Category counts and the total of the public catalogue per (type, search). */
  facets: LoadingCache<Facets>;
  /** The sort key of the last row of every newest-first page, per (filter, page size). */
  pageKeys: LoadingCache<PageKey[]>;
  /** A catalogue page's rows, per (filter, sort, offset, page size). */
  pages: LoadingCache<BookRecord[]>;
  /** Public books by id (detail and cover lookups); `book: null` = missing or not public. */
  publicBooks: LoadingCache<{ book: BookRecord | null }>;
  /** Cover file rows by id (content-addressed, so they never change). */
  coverFiles: LoadingCache<FileRow>;
  /** Per typed search word: whether it is a stop word, and the nearest known words. */
  nearestWords: LoadingCache<TypedWord>;
  /** Cover thumbnails (WebP bytes) recently served, by `${sha256}-${size}`, up to a byte budget. */
  thumbnails: LoadingCache<Buffer>;
  /** The catalogue's named prepared statements (on the app's database), by name. */
  preparedPages: Map<string, PreparedPage>;
}

declare module 'fastify' {
  interface FastifyInstance {
    caches: Caches;
  }
}

const CATALOGUE_TTL_MS = 5_000;
const THUMBNAIL_MEMORY_BYTES = 32 * 1024 * 1024;

function createCaches(): Caches {
  return {
    facets: new LoadingCache({ ttl: CATALOGUE_TTL_MS, staleMs: 60_000, max: 1_000 }),
    // Capped by the number of keys held (about 150 bytes each): 300,000 keys is every page of a
    // million-book catalogue at 9 a page, with room for its filters.
    pageKeys: new LoadingCache({
      ttl: 30_000,
      staleMs: 5 * 60_000,
      max: 500,
      maxSize: 300_000,
      sizeCalculation: (keys) => keys.length + 1,
    }),
    // Popular pages (the first ones, common searches) are served from memory, which matters most
    // on the embedded database (one thread for HTTP and SQL).
    pages: new LoadingCache({ ttl: CATALOGUE_TTL_MS, max: 5_000 }),
    publicBooks: new LoadingCache({ ttl: CATALOGUE_TTL_MS, max: 10_000 }),
    coverFiles: new LoadingCache({ ttl: 60_000, max: 10_000 }),
    nearestWords: new LoadingCache({ ttl: 60_000, max: 20_000 }),
    // Thumbnails are small (a few tens of KB); behind this memory, the copy in the file store.
    thumbnails: new LoadingCache({
      maxSize: THUMBNAIL_MEMORY_BYTES,
      sizeCalculation: (bytes) => Math.max(1, bytes.length),
    }),
    preparedPages: new Map(),
  };
}

/** Drops every entry of every cache (and forgets the prepared statements). */
function clearCaches(caches: Caches): void {
  for (const held of Object.values(caches) as { clear(): void }[]) held.clear();
}

/** Decorates the app with its own caches, emptied when the app closes. */
export default fp(
  async (app) => {
    const caches = createCaches();
    app.decorate('caches', caches);
    app.addHook('onClose', async () => {
      clearCaches(caches);
    });
  },
  { name: 'caches' },
);
