import type { ErrorCode } from '@ebook/shared';
import rateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import {
  FallbackCounterStore,
  MemoryCounterStore,
  RedisCounterStore,
  type CounterStore,
} from '../lib/counter-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Windowed counters (rate limits, failed logins), shared through Redis when REDIS_URL is set. */
    counters: CounterStore;
  }
}

type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** @fastify/rate-limit's store interface over our counters (so a Redis outage falls back to memory). */
function counterStoreFor(counters: CounterStore) {
  return class CounterRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(key: string, done: Done, timeWindow: number): void {
      counters.hit(this.prefix + key, timeWindow).then(
        ({ count, ttlMs }) => done(null, { current: count, ttl: ttlMs }),
        (error: Error) => done(error),
      );
    }

    read(key: string, done: Done): void {
      counters.peek(this.prefix + key).then(
        ({ count, ttlMs }) => done(null, { current: count, ttl: ttlMs }),
        (error: Error) => done(error),
      );
    }

    /** A store per route: the plugin passes the route's settings with its routeInfo. */
    child(routeOptions: object) {
      const { method, url } = (routeOptions as { routeInfo: { method: string; url: string } }).routeInfo;
      return new CounterRateLimitStore(undefined, `rl:${method}${url}:`);
    }
  };
}

async function redisCounters(
  redisUrl: string,
  log: FastifyBaseLogger,
): Promise<{ counters: CounterStore; redis: Redis }> {
  const redis = new Redis(redisUrl, {
    // Connected below, before the first request: a command sent before the connection is ready
    // would fail at once (no offline queue) and count as an outage.
    lazyConnect: true,
    connectTimeout: 2000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
    // While disconnected a command fails at once (and memory takes over) instead of waiting.
    enableOfflineQueue: false,
  });
  const counters = new FallbackCounterStore(
    new RedisCounterStore(redis, 'ebook-count:'),
    new MemoryCounterStore(),
    log,
  );
  redis.on('error', (error: Error) => counters.primaryFailed(error));
  redis.on('ready', () => counters.primaryAnswered());
  // At most connectTimeout: a Redis that is down at start-up means memory until it answers (the
  // client keeps reconnecting by itself).
  await redis.connect().catch((error: unknown) => counters.primaryFailed(error));
  return { counters, redis };
}

/**
 * Rate limiting, off by default and switched on per route (`config.rateLimit`), and the counters
 * behind it and behind login throttling: in Redis when REDIS_URL is set, so several server copies
 * share them; in memory otherwise, and while Redis does not answer.
 */
export default fp<{ redisUrl?: string }>(
  async (app, { redisUrl }) => {
    const { counters, redis } = redisUrl
      ? await redisCounters(redisUrl, app.log)
      : { counters: new MemoryCounterStore(), redis: undefined };
    app.decorate('counters', counters);
    await app.register(rateLimit, {
      global: false,
      store: counterStoreFor(counters),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        msg: `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        code: 'RATE_LIMITED' satisfies ErrorCode,
      }),
    });
    if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  },
  { name: 'rate-limit' },
);
