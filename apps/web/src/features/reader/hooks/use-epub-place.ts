import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { getProgress, saveEpubProgress, saveEpubProgressOnLeave, type EpubPlace } from '../api/progress';
import { readLocalEpubPlace, writeLocalEpubPlace } from '../lib/local-progress';

const SAVE_AFTER_MS = 800;

/** The place an EPUB opens at: a locator, or the book's start (`null`); `undefined` while not known. */
export type EpubStart = string | null | undefined;

/**
 * The EPUB's place: where to open (on the server for a member, on any device; in this browser for a
 * visitor) and its saving, debounced, with a pending save sent when the reader is left. A sample keeps
 * no place. Leaving the reader refreshes "Continue reading" once the last place is saved.
 */
export function useEpubPlace(bookId: string, { member, keep }: { member: boolean; keep: boolean }) {
  const [start, setStart] = useState<EpubStart>(keep ? undefined : null);
  const pending = useRef<EpubPlace | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!keep) return;
    let cancelled = false;
    const local = readLocalEpubPlace(bookId)?.locator ?? null;
    if (!member) {
      setStart(local);
      return;
    }
    getProgress(bookId).then(
      (progress) => {
        if (cancelled) return;
        const locator = progress?.format === 'epub' ? progress.locator : null;
        setStart(locator || local);
      },
      () => !cancelled && setStart(local),
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
      if (leaving) return saveEpubProgressOnLeave(bookId, place);
      return saveEpubProgress(bookId, place).catch(() => undefined);
    },
    [bookId, member],
  );

  const remember = useCallback(
    (place: EpubPlace) => {
      if (!keep) return;
      writeLocalEpubPlace(bookId, place.locator, place.percentage);
      pending.current = place;
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

  return { start, remember };
}
