import { useEffect, useState } from 'react';
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
  | { status: 'error'; failure: OpenFailure }
  | { status: 'ready'; doc: PDFDocumentProxy; outline: OutlineEntry[] };

/** Opens a PDF by URL (Range requests), with its outline; destroyed when the URL changes or on unmount. */
export function usePdfDocument(url: string): PdfState {
  const [state, setState] = useState<PdfState>({ status: 'loading' });
  useEffect(() => {
    setState({ status: 'loading' });
    const task = openPdf(url);
    let cancelled = false;
    task.promise.then(
      async (doc) => {
        // The outline is a nicety: a broken one leaves the reader without a table of contents.
        const outline = await loadOutline(doc).catch(() => []);
        if (!cancelled) setState({ status: 'ready', doc, outline });
      },
      (error: unknown) => {
        if (!cancelled) setState({ status: 'error', failure: openFailure(error) });
      },
    );
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url]);
  return state;
}
