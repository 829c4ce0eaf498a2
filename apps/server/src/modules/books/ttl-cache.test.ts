import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache.js';

/** A loader that counts its calls and answers `value`, or fails when `value` is an Error. */
function loader<T>(value: T | Error) {
  const calls = { count: 0 };
  const load = () => {
    calls.count += 1;
    return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
  };
  return { calls, load };
}

describe('TtlCache', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads once for concurrent callers and again after the time limit', async () => {
    const cache = new TtlCache<number>({ ttlMs: 1_000, maxEntries: 10 });
    const first = loader(1);
    expect(await Promise.all([cache.getOrLoad('k', first.load), cache.getOrLoad('k', first.load)])).toEqual([1, 1]);
    expect(first.calls.count).toBe(1);
    vi.setSystemTime(1_000);
    expect(await cache.getOrLoad('k', loader(2).load)).toBe(2);
  });

  it('serves a stale value while one background load replaces it', async () => {
    const cache = new TtlCache<string>({ ttlMs: 1_000, staleMs: 10_000, maxEntries: 10 });
    await cache.getOrLoad('k', loader('old').load);
    vi.setSystemTime(1_500);
    let release!: (value: string) => void;
    let refreshes = 0;
    const slow = () => {
      refreshes += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    expect(await cache.getOrLoad('k', slow)).toBe('old');
    expect(await cache.getOrLoad('k', slow)).toBe('old');
    expect(refreshes).toBe(1);
    release('new');
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.getOrLoad('k', loader('unused').load)).toBe('new');
  });

  it('waits for a fresh load once the stale time is over too', async () => {
    const cache = new TtlCache<string>({ ttlMs: 1_000, staleMs: 1_000, maxEntries: 10 });
    await cache.getOrLoad('k', loader('old').load);
    vi.setSystemTime(2_000);
    expect(await cache.getOrLoad('k', loader('new').load)).toBe('new');
  });

  it('keeps the stale value when a background load fails, and tries again on the next call', async () => {
    const cache = new TtlCache<string>({ ttlMs: 1_000, staleMs: 10_000, maxEntries: 10 });
    await cache.getOrLoad('k', loader('old').load);
    vi.setSystemTime(1_500);
    const failing = loader<string>(new Error('database away'));
    expect(await cache.getOrLoad('k', failing.load)).toBe('old');
    await Promise.resolve();
    expect(await cache.getOrLoad('k', failing.load)).toBe('old');
    expect(failing.calls.count).toBe(2);
  });

  it('does not keep a failed load', async () => {
    const cache = new TtlCache<string>({ ttlMs: 1_000, maxEntries: 10 });
    await expect(cache.getOrLoad('k', loader<string>(new Error('no')).load)).rejects.toThrow('no');
    expect(await cache.getOrLoad('k', loader('yes').load)).toBe('yes');
  });

  it('clear() drops stale values too, so the next call loads', async () => {
    const cache = new TtlCache<string>({ ttlMs: 1_000, staleMs: 10_000, maxEntries: 10 });
    await cache.getOrLoad('k', loader('old').load);
    vi.setSystemTime(1_500);
    cache.clear();
    expect(await cache.getOrLoad('k', loader('new').load)).toBe('new');
  });

  it('drops the oldest entries beyond the entry cap and beyond the weight cap', async () => {
    const byCount = new TtlCache<number>({ ttlMs: 60_000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await byCount.getOrLoad(key, loader(1).load);
    const recount = loader(2);
    expect(await byCount.getOrLoad('a', recount.load)).toBe(2);
    expect(await byCount.getOrLoad('c', recount.load)).toBe(1);

    const byWeight = new TtlCache<number[]>({ ttlMs: 60_000, maxEntries: 100, weigh: (v) => v.length, maxWeight: 5 });
    await byWeight.getOrLoad('a', loader([1, 2]).load);
    await byWeight.getOrLoad('b', loader([1, 2]).load);
    await byWeight.getOrLoad('c', loader([1, 2]).load); // 6 > 5: 'a' goes
    await Promise.resolve();
    expect(await byWeight.getOrLoad('b', loader([9]).load)).toEqual([1, 2]);
    expect(await byWeight.getOrLoad('a', loader([9]).load)).toEqual([9]);
  });
});
