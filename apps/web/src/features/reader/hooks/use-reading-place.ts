import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { getProgress, saveProgress, saveProgressOnLeave } from '../api/progress';
import { readLocalPage, writeLocalPage } from '../lib/local-progress';

const SAVE_AFTER_MS = 800;

/**
 * The page to open and the saving of the place: on the server for a member (any device), in this
 * browser for a visitor. Saves are debounced, and a pending one is sent when the reader is left.
 * A sample keeps no place. `initialPage` is null until known. Leaving the reader refreshes "Continue
 * reading" once the last place is saved.
 */
export function useReadingPlace(bookId: string, { member, keep }: { member: boolean; keep: boolean }) {
  const [initialPage, setInitialPage] = useState<number | null>(keep ? null : 1);
  const pending = useRef<{ page: number; pages: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!keep) return;
    let cancelled = false;
    const local = readLocalPage(bookId);
    if (!member) {
      setInitialPage(local ?? 1);
      return;
    }
    getProgress(bookId).then(
      (progress) => !cancelled && setInitialPage(progress?.page ?? local ?? 1),
      () => !cancelled && setInitialPage(local ?? 1),
    );
    return () => {
      cancelled = true;
    };
  }, [bookId, member, keep]);

  const flush = useCallback(
    (leaving: boolean): Promise<unknown> => {
      clearTimeout(timer.current);
      const place = pending.current;
      pending.current = null;
      if (!place || !member) return Promise.resolve();
      if (leaving) return saveProgressOnLeave(bookId, place.page, place.pages);
      return saveProgress(bookId, place.page, place.pages).catch(() => undefined);
    },
    [bookId, member],
  );

  const remember = useCallback(
    (page: number, pages: number) => {
      if (!keep) return;
      writeLocalPage(bookId, page, pages);
      pending.current = { page, pages };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(false), SAVE_AFTER_MS);
    },
    [bookId, keep, flush],
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

  return { initialPage, remember };
}
