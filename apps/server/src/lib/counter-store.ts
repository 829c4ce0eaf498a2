/**
 * Counters with a time window, for rate limits and failed logins: in Redis when several server
 * copies must share them, in memory otherwise, and in memory while Redis does not answer (a Redis
 * outage must not turn every login into a 500 or switch the limits off).
 */
import type { Redis } from 'ioredis';

export interface Count {
  count: number;
  /** Milliseconds until the counter is forgotten (0 when there is none). */
  ttlMs: number;
}

export interface CounterStore {
  /**
   * Adds one to `key`. A fixed window starts with the first hit; with `slide`, every hit starts the
   * window again (the counter is forgotten `windowMs` after the last hit).
   */
  hit(key: string, windowMs: number, slide?: boolean): Promise<Count>;
  peek(key: string): Promise<Count>;
  reset(key: string): Promise<void>;
}

const NONE: Count = { count: 0, ttlMs: 0 };

export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; expiresAt: number }>();

  /** At most `maxKeys` counters: past it, expired ones go, then the oldest. */
  constructor(private readonly maxKeys = 100_000) {}

  async hit(key: string, windowMs: number, slide = false): Promise<Count> {
    const now = Date.now();
    let counter = this.counters.get(key);
    if (!counter || counter.expiresAt <= now) {
      this.makeRoom(now);
      counter = { count: 0, expiresAt: now + windowMs };
    }
    this.counters.delete(key); // re-inserted last: the map's order is the eviction order
    counter.count += 1;
    if (slide) counter.expiresAt = now + windowMs;
    this.counters.set(key, counter);
    return { count: counter.count, ttlMs: counter.expiresAt - now };
  }

  async peek(key: string): Promise<Count> {
    const counter = this.counters.get(key);
    const now = Date.now();
    if (!counter || counter.expiresAt <= now) return NONE;
    return { count: counter.count, ttlMs: counter.expiresAt - now };
  }

  async reset(key: string): Promise<void> {
    this.counters.delete(key);
  }

  get size(): number {
    return this.counters.size;
  }

  private makeRoom(now: number): void {
    if (this.counters.size < this.maxKeys) return;
    for (const [key, counter] of this.counters) if (counter.expiresAt <= now) this.counters.delete(key);
    for (const key of this.counters.keys()) {
      if (this.counters.size < this.maxKeys) break;
      this.counters.delete(key);
    }
  }
}

export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'ebook-count:',
  ) {}

  async hit(key: string, windowMs: number, slide = false): Promise<Count> {
    const name = this.prefix + key;
    // One transaction: the key never exists without its expiry.
    const transaction = this.redis.multi().set(name, 0, 'PX', windowMs, 'NX').incr(name);
    if (slide) transaction.pexpire(name, windowMs);
    const results = await transaction.pttl(name).exec();
    if (!results) throw new Error('Redis transaction aborted');
    for (const [error] of results) if (error) throw error;
    const count = Number(results[1]![1]);
    const ttlMs = Number(results[results.length - 1]![1]);
    return { count, ttlMs: Math.max(ttlMs, 0) };
  }

  async peek(key: string): Promise<Count> {
    const name = this.prefix + key;
    const results = await this.redis.multi().get(name).pttl(name).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    return count > 0 ? { count, ttlMs: Math.max(Number(results?.[1]?.[1] ?? 0), 0) } : NONE;
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

export interface OutageLog {
  warn(message: string): void;
  info(message: string): void;
}

/**
 * Redis first; while it fails, memory. Says so once per outage, and once when Redis answers again.
 * Counts kept in memory during an outage stay on this server copy.
 */
export class FallbackCounterStore implements CounterStore {
  private down = false;

  constructor(
    private readonly primary: CounterStore,
    private readonly fallback: CounterStore,
    private readonly log: OutageLog,
  ) {}

  /** Called on every failure of the primary (a command, or the connection itself). */
  primaryFailed(error: unknown): void {
    if (this.down) return;
    this.down = true;
    const reason = error instanceof Error ? error.message : String(error);
    this.log.warn(
      `Redis is not answering (${reason}): login and rate-limit counters are kept in memory on this server until it answers again`,
    );
  }

  /** Called when the primary answers (a command, or a new connection). */
  primaryAnswered(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info('Redis answers again: login and rate-limit counters are shared again');
  }

  hit(key: string, windowMs: number, slide?: boolean): Promise<Count> {
    return this.attempt((store) => store.hit(key, windowMs, slide));
  }

  peek(key: string): Promise<Count> {
    return this.attempt((store) => store.peek(key));
  }

  reset(key: string): Promise<void> {
    return this.attempt((store) => store.reset(key));
  }

  private async attempt<T>(operation: (store: CounterStore) => Promise<T>): Promise<T> {
    try {
      const result = await operation(this.primary);
      this.primaryAnswered();
      return result;
    } catch (error) {
      this.primaryFailed(error);
      return operation(this.fallback);
    }
  }
}
