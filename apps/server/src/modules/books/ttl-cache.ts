/**
 * A small in-process cache with a time limit and a size cap. Concurrent loads of one key share one
 * promise, so a burst of identical requests runs the query once.
 *
 * With `staleMs`, an entry past its time limit is still served for that long while ONE background load
 * replaces it (stale-while-revalidate): a slow query (the catalogue's facets, its page keys) then never
 * holds up the requests that arrive while it runs. `clear()` drops everything, stale entries included,
 * so a write by this process is seen at once.
 *
 * `weigh` (with `maxWeight`) caps the total size of the values, not just their number: the oldest
 * entries are dropped until the rest fit.
 */
export interface TtlCacheOptions<T> {
  ttlMs: number;
  maxEntries: number;
  staleMs?: number;
  weigh?: (value: T) => number;
  maxWeight?: number;
}

interface Entry<T> {
  expires: number;
  value: Promise<T>;
  weight: number;
  refreshing: boolean;
}

export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private totalWeight = 0;
  private readonly options: Required<Omit<TtlCacheOptions<T>, 'weigh'>> & Pick<TtlCacheOptions<T>, 'weigh'>;

  constructor(options: TtlCacheOptions<T>) {
    this.options = { staleMs: 0, maxWeight: Number.POSITIVE_INFINITY, ...options };
  }

  getOrLoad(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (hit && hit.expires + this.options.staleMs > now) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        this.refresh(key, hit, load);
      }
      return hit.value;
    }
    return this.store(key, load(), now);
  }

  clear(): void {
    this.entries.clear();
    this.totalWeight = 0;
  }

  /** The stale value stays until the new one has arrived; a failed refresh keeps it until it is too old. */
  private refresh(key: string, stale: Entry<T>, load: () => Promise<T>): void {
    const next = load();
    next.then(
      () => {
        // Already settled: store() only files it (and weighs it).
        if (this.entries.get(key) === stale) void this.store(key, next, Date.now());
      },
      () => {
        stale.refreshing = false;
      },
    );
  }

  private store(key: string, value: Promise<T>, now: number): Promise<T> {
    this.remove(key);
    const entry: Entry<T> = { expires: now + this.options.ttlMs, value, weight: 0, refreshing: false };
    this.entries.set(key, entry);
    this.evictOldest(key);
    value.then(
      (loaded) => {
        if (this.entries.get(key) !== entry || !this.options.weigh) return;
        entry.weight = this.options.weigh(loaded);
        this.totalWeight += entry.weight;
        this.evictOldest(key);
      },
      // A failed load is not cached.
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
    return value;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.totalWeight -= entry.weight;
    this.entries.delete(key);
  }

  /** Drops the oldest entries (a Map keeps insertion order) beyond the caps, never `keep` (just loaded). */
  private evictOldest(keep: string): void {
    const { maxEntries, maxWeight } = this.options;
    for (const key of this.entries.keys()) {
      if (this.entries.size <= maxEntries && this.totalWeight <= maxWeight) return;
      if (key !== keep) this.remove(key);
    }
  }
}
