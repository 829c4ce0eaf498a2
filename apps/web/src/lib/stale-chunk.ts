/**
 * After a new version is deployed, a page left open asks for scripts that no longer exist. Instead of
 * "Something went wrong", the page reloads itself once (to the new version); a second failure within
 * a minute is a real one and shows the error, so it can never loop.
 */
const KEY = 'bookshelf:reloaded-for-new-version';
const GUARD_MS = 60_000;

/** The browsers' words for a script module (or its preload) that could not be fetched. */
export function isStaleChunkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload|ChunkLoadError/i.test(
    `${error.name} ${error.message}`,
  );
}

interface ReloadDeps {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  reload?: () => void;
  now?: number;
}

/** Reloads once for a missing script; true when it did (the caller shows nothing meanwhile). */
export function reloadOnceForNewVersion(
  error: unknown,
  { storage = sessionStorage, reload = () => window.location.reload(), now = Date.now() }: ReloadDeps = {},
): boolean {
  if (!isStaleChunkError(error)) return false;
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < GUARD_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}

/** Vite's own signal that a preloaded script or style failed: the same once-only reload. */
export function reloadOnStalePreloads() {
  window.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (reloadOnceForNewVersion(payload instanceof Error ? payload : new Error('Unable to preload'))) {
      event.preventDefault();
    }
  });
}
