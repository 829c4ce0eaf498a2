import { useEffect, useState } from 'react';
import { EpubOpenError, openEpub, tableOfContents, type Book, type TocEntry } from '../lib/epub';
import type { OpenFailure } from '../lib/pdf';

export type EpubState =
  { status: 'loading' } | { status: 'error'; failure: OpenFailure } | { status: 'ready'; book: Book; toc: TocEntry[] };

/** Opens an EPUB by URL, with its table of contents; destroyed when the URL changes or on unmount. */
export function useEpubBook(url: string): EpubState {
  const [state, setState] = useState<EpubState>({ status: 'loading' });
  useEffect(() => {
    setState({ status: 'loading' });
    const controller = new AbortController();
    let opened: Book | undefined;
    openEpub(url, controller.signal).then(
      ({ book }) => {
        opened = book;
        if (controller.signal.aborted) return book.destroy();
        setState({ status: 'ready', book, toc: tableOfContents(book.navigation.toc) });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', failure: error instanceof EpubOpenError ? error.failure : 'broken' });
      },
    );
    return () => {
      controller.abort();
      opened?.destroy();
    };
  }, [url]);
  return state;
}
