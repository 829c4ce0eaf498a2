import { useEffect, useState } from 'react';
import { waitUntilReady } from '@/lib/download';
import {
  loadOutline,
  openFailure,
  openPdf,
  type OpenFailure,
  type OutlineEntry,
  type PDFDocumentProxy,
} from '../lib/pdf';

export type PdfState =
  | { status: 'loading' }
  | { status: 'preparing' }
  | { status: 'error'; failure: OpenFailure }
  | { status: 'ready'; doc: PDFDocumentProxy; outline: OutlineEntry[] };

/**
 * Opens a PDF by URL (Range requests), with its outline; destroyed when the URL changes or on unmount.
 * A file the server is still preparing (a buyer's stamped copy, a sample being cut: 202) is waited
 * for first, as 'preparing'.
 */
export function usePdfDocument(url: string): PdfState {
  const [state, setState] = useState<PdfState>({ status: 'loading' });
  useEffect(() => {
    setState({ status: 'loading' });
    let cancelled = false;
    let task: ReturnType<typeof openPdf> | undefined;
    const open = async () => {
      const status = await waitUntilReady(url, {
        onPreparing: () => {
          if (!cancelled) setState({ status: 'preparing' });
        },
      });
      if (cancelled) return;
      if (status === 503) {
        setState({ status: 'error', failure: 'unavailable' });
        return;
      }
      setState({ status: 'loading' });
      task = openPdf(url);
      const doc = await task.promise;
      // The outline is a nicety: a broken one leaves the reader without a table of contents.
      const outline = await loadOutline(doc).catch(() => []);
      if (!cancelled) setState({ status: 'ready', doc, outline });
    };
    open().catch((error: unknown) => {
      if (!cancelled) setState({ status: 'error', failure: openFailure(error) });
    });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [url]);
  return state;
}
