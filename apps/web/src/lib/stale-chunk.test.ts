import { describe, expect, it, vi } from 'vitest';
import { isStaleChunkError, reloadOnceForNewVersion } from './stale-chunk';

const memoryStorage = () => {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
};

describe('a script replaced by a deployment', () => {
  it('recognises the browsers’ words for a missing module, and nothing else', () => {
    expect(isStaleChunkError(new TypeError('Failed to fetch dynamically imported module: /assets/book-1a2b.js'))).toBe(
      true,
    );
    expect(isStaleChunkError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isStaleChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isStaleChunkError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isStaleChunkError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once, and not again within a minute, so it never loops', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const missing = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    expect(reloadOnceForNewVersion(missing, { storage, reload, now: 1_000_000 })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // The reloaded page fails the same way: the error is shown instead.
    expect(reloadOnceForNewVersion(missing, { storage, reload, now: 1_030_000 })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // A later deployment may reload again.
    expect(reloadOnceForNewVersion(missing, { storage, reload, now: 1_100_000 })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(reloadOnceForNewVersion(new Error('a bug'), { storage, reload, now: 2_000_000 })).toBe(false);
  });
});
