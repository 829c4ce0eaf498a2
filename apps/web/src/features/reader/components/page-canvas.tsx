import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from '../lib/pdf';

export type Zoom = 'fit' | number;

/**
 * One page of the document drawn on a canvas at the zoom asked (fit: the width available), sharp on
 * high-density screens. Only this page is fetched and drawn; a newer request cancels an older one.
 */
export function PageCanvas({
  doc,
  page,
  zoom,
  availableWidth,
  onScale,
}: {
  doc: PDFDocumentProxy;
  page: number;
  zoom: Zoom;
  availableWidth: number;
  /** The scale the page was drawn at (for zooming from fit width). */
  onScale: (scale: number) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [rendered, setRendered] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (availableWidth <= 0) return;
    let cancelled = false;
    let task: { cancel: () => void } | undefined;
    setFailed(false);
    void (async () => {
      try {
        const pdfPage = await doc.getPage(page);
        if (cancelled || !canvas.current) return;
        const natural = pdfPage.getViewport({ scale: 1 });
        const scale = zoom === 'fit' ? Math.max(0.1, availableWidth / natural.width) : zoom;
        const viewport = pdfPage.getViewport({ scale });
        const ratio = window.devicePixelRatio || 1;
        const target = canvas.current;
        target.width = Math.floor(viewport.width * ratio);
        target.height = Math.floor(viewport.height * ratio);
        target.style.width = `${Math.floor(viewport.width)}px`;
        target.style.height = `${Math.floor(viewport.height)}px`;
        const render = pdfPage.render({
          canvas: target,
          viewport,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        });
        task = render;
        await render.promise;
        if (cancelled) return;
        onScale(scale);
        setRendered(page);
      } catch (error) {
        if ((error as { name?: string }).name === 'RenderingCancelledException' || cancelled) return;
        setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, zoom, availableWidth, onScale]);

  return (
    <div className="relative mx-auto w-fit">
      <canvas
        ref={canvas}
        data-testid="reader-page"
        data-rendered-page={rendered ?? ''}
        aria-label={`Page ${page}`}
        role="img"
        className="block bg-white shadow-lg"
      />
      {rendered !== page && !failed && (
        <div className="absolute inset-0 flex items-start justify-center pt-10" aria-hidden>
          <span className="h-6 w-6 animate-spin rounded-full border-2 border-stone-300 border-t-brand-600" />
        </div>
      )}
      {failed && (
        <p role="alert" className="p-6 text-center text-stone-700">
          This page could not be shown. The file may be damaged.
        </p>
      )}
    </div>
  );
}
