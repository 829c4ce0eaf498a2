import { useEffect } from 'react';

export interface ReaderKeys {
  next: () => void;
  previous: () => void;
  first: () => void;
  last: () => void;
}

/** ArrowRight/PageDown: next page; ArrowLeft/PageUp: previous; Home/End: first/last (not while typing). */
export function useReaderKeys(keys: ReaderKeys, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => handleReaderKey(keys, event);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keys, enabled]);
}

/** Runs the reader's action for a key (also for keys pressed inside an EPUB's frame). */
export function handleReaderKey(keys: ReaderKeys, event: KeyboardEvent): void {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target as HTMLElement | null;
  if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
  const action = {
    ArrowRight: keys.next,
    PageDown: keys.next,
    ArrowLeft: keys.previous,
    PageUp: keys.previous,
    Home: keys.first,
    End: keys.last,
  }[event.key];
  if (!action) return;
  event.preventDefault();
  action();
}
