/**
 * Fixed-window attempt counters by key (for example per account on login), in Redis when several
 * server copies must share them, in memory otherwise. @fastify/rate-limit covers the per-address
 * limit; it runs one limiter per request, so the per-account limit is counted here.
 */
import type { Redis } from 'ioredis';

export interface AttemptLimiter {
  /** Counts one attempt; returns the seconds to wait when the limit is exceeded, else 0. */
  hit(key: string): Promise<number>;
}

export class MemoryAttemptLimiter implements AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  async hit(key: string): Promise<number> {
    const now = Date.now();
    if (this.windows.size > 50_000) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count > this.max ? Math.ceil((window.resetAt - now) / 1000) : 0;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

export class RedisAttemptLimiter implements AttemptLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  async hit(key: string): Promise<number> {
    const name = `ebook-attempts:${key}`;
    const [[, count], [, ttl]] = (await this.redis.multi().incr(name).pttl(name).exec()) as [
      [null, number],
      [null, number],
    ];
    if (ttl < 0) await this.redis.pexpire(name, this.windowMs);
    return count > this.max ? Math.ceil(Math.max(ttl, 1000) / 1000) : 0;
  }
}
