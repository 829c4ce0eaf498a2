import { useEffect, useState } from 'react';
import { EpubOpenError, openEpub, tableOfContents, type Book, type OpenedEpub, type TocEntry } from '../lib/epub';
import type { OpenFailure } from '../lib/pdf';

export type EpubState =
  | { status: 'loading' }
  | { status: 'preparing' }
  | { status: 'error'; failure: OpenFailure }
  | { status: 'ready'; book: Book; toc: TocEntry[] };

/**
 * Opens an EPUB by URL (read by Range), with its table of contents; destroyed when the URL changes or
 * on unmount. A copy the server is still preparing (a buyer's stamped copy: 202) is 'preparing'.
 */
export function useEpubBook(url: string): EpubState {
  const [state, setState] = useState<EpubState>({ status: 'loading' });
  useEffect(() => {
    setState({ status: 'loading' });
    const controller = new AbortController();
    let opened: OpenedEpub | undefined;
    const close = () => {
      opened?.book.destroy();
      opened?.archive.close();
    };
    openEpub(url, {
      signal: controller.signal,
      onPreparing: () => !controller.signal.aborted && setState({ status: 'preparing' }),
    }).then(
      (result) => {
        opened = result;
        if (controller.signal.aborted) return close();
        setState({ status: 'ready', book: result.book, toc: tableOfContents(result.book.navigation.toc) });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', failure: error instanceof EpubOpenError ? error.failure : 'broken' });
      },
    );
    return () => {
      controller.abort();
      close();
    };
  }, [url]);
  return state;
}
