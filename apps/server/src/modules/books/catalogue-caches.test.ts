import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { postBook } from '../../test/books.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createBook } from '../../test/factories.js';
import { LoadingCache } from '../../lib/loading-cache.js';
import type { Caches } from './catalogue-caches.js';

/** A loader that counts its calls and answers `value`, or fails when `value` is an Error. */
function loader<T>(value: T | Error) {
  const calls = { count: 0 };
  const load = () => {
    calls.count += 1;
    return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
  };
  return { calls, load };
}

/** Lets a background load that has already settled finish its bookkeeping. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('LoadingCache', () => {
  // A clock of our own (lru-cache's `perf`), read on every call (no `ttlResolution` rounding).
  let now = 1_000_000;
  const clock = { now: () => now };
  const cache = <T extends NonNullable<unknown>>(options: { ttl?: number; staleMs?: number; max?: number }) =>
    new LoadingCache<T>({ max: 10, ...options, perf: clock, ttlResolution: 0 });
  const advance = (ms: number) => {
    now += ms;
  };

  it('loads once for concurrent callers and again after the time limit', async () => {
    const words = cache<number>({ ttl: 1_000 });
    const first = loader(1);
    expect(await Promise.all([words.getOrLoad('k', first.load), words.getOrLoad('k', first.load)])).toEqual([1, 1]);
    expect(first.calls.count).toBe(1);
    advance(999);
    expect(await words.getOrLoad('k', loader(2).load)).toBe(1);
    advance(2);
    expect(await words.getOrLoad('k', loader(2).load)).toBe(2);
  });

  it('serves a stale value while one background load replaces it', async () => {
    const facets = cache<string>({ ttl: 1_000, staleMs: 10_000 });
    await facets.getOrLoad('k', loader('old').load);
    advance(1_500);
    let release!: (value: string) => void;
    let refreshes = 0;
    const slow = () => {
      refreshes += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    expect(await facets.getOrLoad('k', slow)).toBe('old');
    expect(await facets.getOrLoad('k', slow)).toBe('old');
    expect(refreshes).toBe(1);
    release('new');
    await settle();
    expect(await facets.getOrLoad('k', loader('unused').load)).toBe('new');
  });

  it('waits for a fresh load once the stale time is over too', async () => {
    const facets = cache<string>({ ttl: 1_000, staleMs: 1_000 });
    await facets.getOrLoad('k', loader('old').load);
    advance(2_000);
    expect(await facets.getOrLoad('k', loader('new').load)).toBe('new');
  });

  it('without a stale time, waits for the new value once the time limit is over', async () => {
    const pages = cache<string>({ ttl: 1_000 });
    await pages.getOrLoad('k', loader('old').load);
    advance(1_001);
    expect(await pages.getOrLoad('k', loader('new').load)).toBe('new');
  });

  it('keeps the stale value when a background load fails, and tries again on the next call', async () => {
    const facets = cache<string>({ ttl: 1_000, staleMs: 10_000 });
    await facets.getOrLoad('k', loader('old').load);
    advance(1_500);
    const failing = loader<string>(new Error('database away'));
    expect(await facets.getOrLoad('k', failing.load)).toBe('old');
    await settle();
    expect(await facets.getOrLoad('k', failing.load)).toBe('old');
    expect(failing.calls.count).toBe(2);
  });

  it('does not keep a failed load', async () => {
    const pages = cache<string>({ ttl: 1_000 });
    await expect(pages.getOrLoad('k', loader<string>(new Error('no')).load)).rejects.toThrow('no');
    expect(await pages.getOrLoad('k', loader('yes').load)).toBe('yes');
  });

  it('clear() drops stale values too, so the next call loads', async () => {
    const facets = cache<string>({ ttl: 1_000, staleMs: 10_000 });
    await facets.getOrLoad('k', loader('old').load);
    advance(1_500);
    facets.clear();
    expect(await facets.getOrLoad('k', loader('new').load)).toBe('new');
  });

  it('a load running when the cache is cleared still answers its caller, but is not kept', async () => {
    const pages = cache<string>({ ttl: 1_000 });
    let release!: (value: string) => void;
    const running = pages.getOrLoad('k', () => new Promise<string>((resolve) => (release = resolve)));
    pages.clear(); // a write, while a page read from before it is still under way
    release('from before the write');
    expect(await running).toBe('from before the write');
    expect(await pages.getOrLoad('k', loader('after the write').load)).toBe('after the write');
  });

  it('drops the least recently used entries beyond the entry cap and beyond the size cap', async () => {
    const byCount = cache<number>({ ttl: 60_000, max: 2 });
    for (const key of ['a', 'b', 'c']) await byCount.getOrLoad(key, loader(1).load);
    const recount = loader(2);
    expect(await byCount.getOrLoad('a', recount.load)).toBe(2);
    expect(await byCount.getOrLoad('c', recount.load)).toBe(1);

    const bySize = new LoadingCache<number[]>({ maxSize: 5, sizeCalculation: (value) => value.length });
    await bySize.getOrLoad('a', loader([1, 2]).load);
    await bySize.getOrLoad('b', loader([1, 2]).load);
    await bySize.getOrLoad('c', loader([1, 2]).load); // 6 > 5: 'a' goes
    expect(bySize.calculatedSize).toBe(4);
    expect(await bySize.getOrLoad('b', loader([9]).load)).toEqual([1, 2]);
    expect(await bySize.getOrLoad('a', loader([9]).load)).toEqual([9]);
  });
});

describe('two apps in one process', () => {
  let ctx: TestContext;
  let second: App;
  let secondClosed = false;

  beforeAll(async () => {
    ctx = await createTestContext();
    // Over the same database, as two copies of the server would be; only the caches are their own.
    second = await buildApp({ config: ctx.config, database: { ...ctx.database, close: async () => {} } });
    await second.ready();
  });

  afterAll(async () => {
    if (!secondClosed) await second.close();
    await ctx.close();
  });

  const titles = async (app: App) =>
    (await app.inject({ url: '/api/books?limit=50' }))
      .json<{ books: { title: string }[] }>()
      .books.map((book) => book.title);
  /** The caches themselves (not the methods that clear them). */
  type CacheName = Exclude<keyof Caches, 'clear' | 'clearAll'>;
  const sizes = (caches: Caches) =>
    Object.fromEntries(Object.entries(caches).map(([name, held]) => [name, (held as { size: number }).size]));

  it('share no cache: a page cached by one app is not served by the other', async () => {
    expect(second.caches).not.toBe(ctx.app.caches);
    for (const name of Object.keys(ctx.app.caches) as CacheName[]) {
      expect(second.caches[name], name).not.toBe(ctx.app.caches[name]);
    }

    await createBook(ctx.app, { title: 'First On The Shelf' });
    expect(await titles(ctx.app)).toContain('First On The Shelf');
    expect(ctx.app.caches.pages.size).toBeGreaterThan(0);
    expect(ctx.app.caches.preparedPages.size).toBeGreaterThan(0);
    expect(second.caches.pages.size).toBe(0);
    expect(second.caches.preparedPages.size).toBe(0);

    // Written behind both apps' backs (no cache cleared): the first app still serves the page it
    // holds for a few seconds; the second, whose caches are empty, reads the database.
    await createBook(ctx.app, { title: 'Second On The Shelf' });
    expect(await titles(ctx.app)).not.toContain('Second On The Shelf');
    expect(await titles(second)).toEqual(expect.arrayContaining(['First On The Shelf', 'Second On The Shelf']));
  });

  it("a write through one app clears that app's caches, and the other's only by expiry", async () => {
    const admin = await createAdmin(ctx.app);
    await titles(ctx.app);
    await titles(second);
    const book = await postBook(second, admin, { title: 'Posted Through The Second' });
    expect(second.caches.pages.size).toBe(0);
    expect(await titles(second)).toContain('Posted Through The Second');
    expect(ctx.app.caches.pages.size).toBeGreaterThan(0);

    // Thumbnails too are kept by the app that served them.
    const cover = await second.inject({ url: `/api/books/${book._id}/cover?size=card` });
    expect(cover.statusCode).toBe(200);
    expect(second.caches.thumbnails.size).toBe(1);
    expect(ctx.app.caches.thumbnails.size).toBe(0);
  });

  it('closing an app empties its caches and leaves the other its own', async () => {
    expect(Object.values(sizes(second.caches)).some((size) => size > 0)).toBe(true);
    const held = second.caches;
    await second.close();
    secondClosed = true;
    expect(Object.values(sizes(held)).every((size) => size === 0)).toBe(true);
    expect(ctx.app.caches.pages.size).toBeGreaterThan(0);
    expect(await titles(ctx.app)).toContain('First On The Shelf');
  });
});
