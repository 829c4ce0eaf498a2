import { useCallback, useEffect, useRef, useState } from 'react';
import { getProgress, saveEpubProgress, saveEpubProgressOnLeave, type EpubPlace } from '../api/progress';
import { readLocalEpubPlace, writeLocalEpubPlace } from '../lib/local-progress';

const SAVE_AFTER_MS = 800;

/** The place an EPUB opens at: a locator, or the book's start (`null`); `undefined` while not known. */
export type EpubStart = string | null | undefined;

/**
 * The EPUB's place: where to open (on the server for a member, on any device; in this browser for a
 * visitor) and its saving, debounced, with a pending save sent when the reader is left. A sample keeps
 * no place.
 */
export function useEpubPlace(bookId: string, { member, keep }: { member: boolean; keep: boolean }) {
  const [start, setStart] = useState<EpubStart>(keep ? undefined : null);
  const pending = useRef<EpubPlace | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

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
    (leaving: boolean) => {
      clearTimeout(timer.current);
      const place = pending.current;
      pending.current = null;
      if (!place || !member) return;
      if (leaving) saveEpubProgressOnLeave(bookId, place);
      else saveEpubProgress(bookId, place).catch(() => undefined);
    },
    [bookId, member],
  );

  const remember = useCallback(
    (place: EpubPlace) => {
      if (!keep) return;
      writeLocalEpubPlace(bookId, place.locator, place.percentage);
      pending.current = place;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => flush(false), SAVE_AFTER_MS);
    },
    [bookId, keep, flush],
  );

  useEffect(() => {
    const onLeave = () => flush(true);
    window.addEventListener('pagehide', onLeave);
    return () => {
      window.removeEventListener('pagehide', onLeave);
      flush(true);
    };
  }, [flush]);

  return { start, remember };
}
