import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { MemoryAttemptLimiter, RedisAttemptLimiter, type AttemptLimiter } from '../lib/attempt-limiter.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Makes a per-key attempt limiter (fixed window) sharing the rate limiter's storage. */
    attemptLimiter: (max: number, windowMs: number) => AttemptLimiter;
  }
}

/**
 * Rate limiting, off by default and switched on per route (`config.rateLimit`). Counters live in
 * Redis when REDIS_URL is set, so several server copies share them; in memory otherwise.
 */
export default fp<{ redisUrl?: string }>(
  async (app, { redisUrl }) => {
    const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 }) : undefined;
    await app.register(rateLimit, {
      global: false,
      redis,
      nameSpace: 'ebook-rl:',
      skipOnError: true,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        msg: `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        code: 'RATE_LIMITED',
      }),
    });
    app.decorate('attemptLimiter', (max: number, windowMs: number) =>
      redis ? new RedisAttemptLimiter(redis, max, windowMs) : new MemoryAttemptLimiter(max, windowMs),
    );
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  },
  { name: 'rate-limit' },
);
