import { useEffect, useState } from 'react';
import { getProgress, saveEpubProgress, saveEpubProgressOnLeave, type EpubPlace } from '../api/progress';
import { readLocalEpubPlace, writeLocalEpubPlace } from '../lib/local-progress';
import { usePlaceSaver } from './use-place-saver';

/** The place an EPUB opens at: a locator, or the book's start (`null`); `undefined` while not known. */
export type EpubStart = string | null | undefined;

/**
 * The EPUB's place: where to open (on the server for a member, on any device; in this browser for a
 * visitor) and its saving, debounced, with a pending save sent when the reader is left. A sample keeps
 * no place. Leaving the reader refreshes "Continue reading" once the last place is saved.
 */
export function useEpubPlace(bookId: string, { member, keep }: { member: boolean; keep: boolean }) {
  const [start, setStart] = useState<EpubStart>(keep ? undefined : null);

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

  const remember = usePlaceSaver<EpubPlace>(
    { member, keep },
    {
      writeLocal: (place) => writeLocalEpubPlace(bookId, place.locator, place.percentage),
      save: (place) => saveEpubProgress(bookId, place),
      saveOnLeave: (place) => saveEpubProgressOnLeave(bookId, place),
    },
  );

  return { start, remember };
}
