import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

const SAVE_AFTER_MS = 800;

/** How a reader keeps its kind of place (a PDF's page, an EPUB's locator). */
export interface PlaceStore<P> {
  /** In this browser, at once (a visitor's only copy). */
  writeLocal: (place: P) => void;
  save: (place: P) => Promise<unknown>;
  /** A save that survives the page being closed (keepalive). */
  saveOnLeave: (place: P) => Promise<unknown>;
}

/**
 * Saving a reader's place: in this browser at once; on the server for a member, debounced, with a
 * pending save sent when the reader is left (closed, or another page opened). Leaving refreshes
 * "Continue reading" once the last place is saved. A sample (`keep` false) keeps nothing. Returns
 * `remember`, to call with each new place; `store` need not be stable (the one current when a place
 * is remembered saves it).
 */
export function usePlaceSaver<P>(
  { member, keep }: { member: boolean; keep: boolean },
  store: PlaceStore<P>,
): (place: P) => void {
  // The place with the store it was remembered with: a save after the book changed still goes to its book.
  const pending = useRef<{ place: P; store: PlaceStore<P> } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestStore = useRef(store);
  latestStore.current = store;
  const queryClient = useQueryClient();

  const flush = useCallback(
    (leaving: boolean): Promise<unknown> => {
      clearTimeout(timer.current);
      const remembered = pending.current;
      pending.current = null;
      if (remembered === null || !member) return Promise.resolve();
      const { place, store } = remembered;
      if (leaving) return store.saveOnLeave(place);
      return store.save(place).catch(() => undefined);
    },
    [member],
  );

  const remember = useCallback(
    (place: P) => {
      if (!keep) return;
      latestStore.current.writeLocal(place);
      pending.current = { place, store: latestStore.current };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(false), SAVE_AFTER_MS);
    },
    [keep, flush],
  );

  useEffect(() => {
    const onLeave = () => void flush(true);
    window.addEventListener('pagehide', onLeave);
    return () => {
      window.removeEventListener('pagehide', onLeave);
      void flush(true).finally(() => {
        if (member && keep) void queryClient.invalidateQueries({ queryKey: queryKeys.readingList });
      });
    };
  }, [flush, member, keep, queryClient]);

  return remember;
}
