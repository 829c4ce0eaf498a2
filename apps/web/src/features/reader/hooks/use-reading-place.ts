import { useCallback, useEffect, useState } from 'react';
import { getProgress, saveProgress, saveProgressOnLeave } from '../api/progress';
import { readLocalPage, writeLocalPage } from '../lib/local-progress';
import { usePlaceSaver } from './use-place-saver';

/**
 * The page to open and the saving of the place: on the server for a member (any device), in this
 * browser for a visitor. Saves are debounced, and a pending one is sent when the reader is left.
 * A sample keeps no place. `initialPage` is null until known. Leaving the reader refreshes "Continue
 * reading" once the last place is saved.
 */
export function useReadingPlace(bookId: string, { member, keep }: { member: boolean; keep: boolean }) {
  const [initialPage, setInitialPage] = useState<number | null>(keep ? null : 1);

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

  const save = usePlaceSaver<{ page: number; pages: number }>(
    { member, keep },
    {
      writeLocal: ({ page, pages }) => writeLocalPage(bookId, page, pages),
      save: ({ page, pages }) => saveProgress(bookId, page, pages),
      saveOnLeave: ({ page, pages }) => saveProgressOnLeave(bookId, page, pages),
    },
  );
  const remember = useCallback((page: number, pages: number) => save({ page, pages }), [save]);

  return { initialPage, remember };
}
