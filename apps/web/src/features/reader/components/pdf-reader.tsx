import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { usePdfDocument } from '../hooks/use-pdf-document';
import { useReaderKeys } from '../hooks/use-reader-keys';
import { useReadingPlace } from '../hooks/use-reading-place';
import type { PDFDocumentProxy, OutlineEntry } from '../lib/pdf';
import { PageCanvas, type Zoom } from './page-canvas';
import { ReaderHeader } from './reader-header';
import { ReaderMessage } from './reader-message';
import { ReaderToolbar } from './reader-toolbar';
import { TocPanel } from './toc-panel';

const MIN_SCALE = 0.25;
const MAX_SCALE = 4;

export interface PdfReaderProps {
  bookId: string;
  title: string;
  /** The book's PDF, or its sample's. */
  url: string;
  sample?: boolean;
  /** Signed in: the place is kept on the server; a visitor's in this browser. */
  member: boolean;
  /** Shown when a sample cannot be opened (the story text stays for those books). */
  story?: string;
  /** A link to the book's other format, when it has one. */
  formatSwitch?: React.ReactNode;
}

/** The in-browser reader: one page at a time, fetched on demand from the PDF by Range requests. */
export function PdfReader(props: PdfReaderProps) {
  const state = usePdfDocument(props.url);
  return (
    <div className="flex h-dvh flex-col bg-stone-100">
      <title>{`${props.sample ? 'Sample: ' : ''}${props.title} · Bookshelf`}</title>
      {state.status === 'ready' ? (
        <ReaderView {...props} doc={state.doc} outline={state.outline} />
      ) : (
        <>
          <ReaderHeader {...props}>{props.formatSwitch}</ReaderHeader>
          <main className="flex-1 overflow-auto p-4">
            {state.status === 'loading' || state.status === 'preparing' ? (
              <div role="status" className="flex flex-col items-center gap-3 pt-24 text-stone-600">
                <span className="h-8 w-8 animate-spin rounded-full border-2 border-stone-300 border-t-brand-600" />
                {state.status === 'loading'
                  ? 'Opening the book…'
                  : props.sample
                    ? 'Preparing the sample...'
                    : 'Preparing your copy...'}
              </div>
            ) : (
              <ReaderMessage failure={state.failure} bookId={props.bookId}>
                {props.sample && props.story?.trim() && (
                  <div className="mt-6 text-left">
                    <h3 className="font-serif text-lg font-semibold text-stone-900">From the book</h3>
                    <p className="mt-2 whitespace-pre-line font-serif text-lg leading-relaxed text-stone-700">
                      {props.story}
                    </p>
                  </div>
                )}
              </ReaderMessage>
            )}
          </main>
        </>
      )}
    </div>
  );
}

function ReaderView(props: PdfReaderProps & { doc: PDFDocumentProxy; outline: OutlineEntry[] }) {
  const { doc, outline, bookId, sample, member } = props;
  const pages = doc.numPages;
  const place = useReadingPlace(bookId, { member, keep: !sample });
  const [page, setPage] = useState<number | null>(null);
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [drawnScale, setDrawnScale] = useState(1);
  const [tocOpen, setTocOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const width = useAvailableWidth(main);

  // Open where the reader left off, once known.
  useEffect(() => {
    if (page === null && place.initialPage !== null) setPage(Math.min(Math.max(1, place.initialPage), pages));
  }, [page, place.initialPage, pages]);

  const goTo = useCallback(
    (wanted: number) => {
      const next = Math.min(Math.max(1, wanted), pages);
      setPage(next);
      place.remember(next, pages);
      main.current?.scrollTo({ top: 0 });
    },
    [pages, place],
  );
  const current = page ?? 1;
  const keys = useMemo(
    () => ({
      next: () => goTo(current + 1),
      previous: () => goTo(current - 1),
      first: () => goTo(1),
      last: () => goTo(pages),
    }),
    [goTo, current, pages],
  );
  useReaderKeys(keys, page !== null);
  const zoomBy = (factor: number) =>
    setZoom(Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round(drawnScale * factor * 100) / 100)));

  return (
    <>
      <ReaderHeader {...props}>
        {props.formatSwitch}
        <ReaderToolbar
          page={current}
          pages={pages}
          onPage={goTo}
          onZoomIn={() => zoomBy(1.25)}
          onZoomOut={() => zoomBy(0.8)}
          onFitWidth={() => setZoom('fit')}
          fitWidth={zoom === 'fit'}
          hasToc={outline.length > 0}
          onToggleToc={() => setTocOpen((open) => !open)}
        />
      </ReaderHeader>
      <div className="relative flex min-h-0 flex-1">
        {tocOpen && (
          <TocPanel
            outline={outline}
            onClose={() => setTocOpen(false)}
            onGo={(target) => {
              goTo(target);
              if (window.matchMedia('(max-width: 767px)').matches) setTocOpen(false);
            }}
          />
        )}
        <main ref={main} className="min-w-0 flex-1 overflow-auto px-2 py-4 [scrollbar-gutter:stable] sm:px-6">
          {page !== null && (
            <PageCanvas doc={doc} page={page} zoom={zoom} availableWidth={width} onScale={setDrawnScale} />
          )}
          {sample && page !== null && (
            <p className="mx-auto mt-4 max-w-xl text-center text-sm text-stone-600">
              This sample has the first {pages} {pages === 1 ? 'page' : 'pages'} of the book.{' '}
              <Link to={paths.book(bookId)} className="font-medium text-brand-700 underline">
                Buy the book
              </Link>{' '}
              to read on.
            </p>
          )}
        </main>
      </div>
    </>
  );
}

/** The width a fitted page may take: the reading area's, less its padding, at most 1000 px. */
function useAvailableWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const style = getComputedStyle(element);
      const inner = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      setWidth(Math.min(1000, Math.max(0, Math.floor(inner))));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
