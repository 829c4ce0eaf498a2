/**
 * A loading cache on lru-cache: misses load through `getOrLoad()`, so a burst of identical requests
 * runs the load once, with an optional stale-while-revalidate window.
 */
import { LRUCache } from 'lru-cache';

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
