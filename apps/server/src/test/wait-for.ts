import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls `read` until `ok` holds, then returns the last value read. Tests wait for a condition this
 * way, never for a fixed time: on a loaded machine the work takes longer, and the generous deadline
 * only bounds a test that would otherwise hang. The last value is returned either way, so the
 * test's own assertion reports what was seen.
 */
export async function waitFor<T>(
  read: () => T | Promise<T>,
  ok: (value: T) => boolean,
  { timeoutMs = 60_000, intervalMs = 25 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await sleep(intervalMs);
  }
}
