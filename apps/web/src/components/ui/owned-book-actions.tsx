import { bookDownloads } from '@/lib/book-formats';
import { DownloadButton } from './download-button';

/**
 * What a book the member owns shows instead of Add To Cart: "In your library" and a Download button
 * (the PDF streams with the session cookie; the server checks the ownership; a copy still being
 * stamped shows "Preparing your copy..." until it is ready).
 */
export function OwnedBookActions({
  book,
  size = 'sm',
}: {
  book: { _id: string; title: string; pdf: string | null; formats?: ('pdf' | 'epub')[] };
  size?: 'sm' | 'md';
}) {
  const pad = size === 'md' ? 'px-4 py-2' : 'px-3 py-2';
  return (
    <>
      <span
        data-testid="in-your-library"
        className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800 ring-1 ring-inset ring-emerald-200"
      >
        <svg viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="currentColor" aria-hidden>
          <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-7.5 7.5a1 1 0 0 1-1.4 0L3.3 9.7a1 1 0 1 1 1.4-1.4l3.8 3.8 6.8-6.8a1 1 0 0 1 1.4 0Z" />
        </svg>
        In your library
      </span>
      {bookDownloads(book).map((download) => (
        <DownloadButton
          key={download.format}
          url={download.url}
          title={book.title}
          format={download.format}
          label={download.label}
          ariaLabel={download.ariaLabel}
          className={`inline-flex items-center gap-2 rounded-lg bg-emerald-700 ${pad} text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:opacity-80`}
        />
      ))}
    </>
  );
}
