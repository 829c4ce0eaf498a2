import { useState } from 'react';
import { showError } from '@/lib/alerts';
import { bookFileName, downloadWhenReady, DownloadError } from '@/lib/download';

/**
 * Download of a bought book: while the buyer's stamped copy is being made the button says "Preparing
 * your copy..." and the download starts by itself once it is ready.
 */
export function DownloadButton({
  url,
  title,
  className,
  ariaLabel,
  format = 'pdf',
  label = 'Download',
}: {
  url: string;
  title: string;
  className: string;
  ariaLabel?: string;
  format?: 'pdf' | 'epub';
  /** The button's text ("Download", or "Download EPUB" beside a PDF). */
  label?: string;
}) {
  const [state, setState] = useState<'idle' | 'asking' | 'preparing'>('idle');
  const start = async () => {
    setState('asking');
    try {
      await downloadWhenReady(url, bookFileName(title, format), () => setState('preparing'));
    } catch (error) {
      void showError(
        'Error',
        error instanceof DownloadError ? error.message : 'The download failed. Please try again.',
      );
    } finally {
      setState('idle');
    }
  };
  return (
    <button
      type="button"
      disabled={state !== 'idle'}
      aria-busy={state !== 'idle'}
      aria-label={state === 'preparing' ? undefined : ariaLabel}
      onClick={() => void start()}
      className={className}
    >
      {state === 'preparing' ? 'Preparing your copy...' : label}
    </button>
  );
}
