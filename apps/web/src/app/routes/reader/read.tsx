import { lazy, Suspense } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useMe } from '@/lib/auth/get-me';
import { useBook } from '@/lib/get-book';
import { ReaderMessage } from '@/features/reader/components/reader-message';
import { bookFormats } from '@/lib/book-formats';
import { Spinner } from '@/components/ui/spinner';

// Each engine comes with its own chunk: an EPUB reader never loads pdf.js, nor a PDF reader epub.js.
const EpubReader = lazy(() =>
  import('@/features/reader/components/epub-reader').then((module) => ({ default: module.EpubReader })),
);
const PdfReader = lazy(() =>
  import('@/features/reader/components/pdf-reader').then((module) => ({ default: module.PdfReader })),
);

/**
 * /read/:id (the whole book) and /read/:id/sample ("Read A Little"). A book with an EPUB is read as
 * EPUB (reflowed text) unless `?format=pdf` asks for its PDF; a link switches between the two.
 */
export function ReaderRoute({ sample = false }: { sample?: boolean }) {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const book = useBook(id);
  const me = useMe();
  if (book.isPending || me.isPending) return <Opening />;
  if (book.isError) {
    return (
      <main className="p-6 pt-24">
        <ReaderMessage failure="missing" bookId={id} />
      </main>
    );
  }
  const formats = bookFormats(book.data);
  const format =
    formats.includes('epub') && (search.get('format') !== 'pdf' || !formats.includes('pdf')) ? 'epub' : 'pdf';
  const other = format === 'epub' ? 'pdf' : 'epub';
  const formatSwitch = formats.includes(other) ? (
    <Link
      to={{ search: `?format=${other}` }}
      replace
      className="rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm font-medium text-brand-700 hover:border-brand-500"
    >
      {other === 'pdf' ? 'Read the PDF' : 'Read the EPUB'}
    </Link>
  ) : undefined;
  const common = { bookId: id, title: book.data.title, sample, member: Boolean(me.data), formatSwitch };
  if (format === 'epub') {
    const url = sample ? `/api/books/${id}/epub-sample` : `/api/books/${id}/epub`;
    return (
      <Suspense fallback={<Opening />}>
        <EpubReader key={url} url={url} {...common} />
      </Suspense>
    );
  }
  const url = sample ? (book.data.sample ?? `/api/books/${id}/sample`) : (book.data.pdf ?? `/api/books/${id}/pdf`);
  return (
    <Suspense fallback={<Opening />}>
      <PdfReader key={url} url={url} story={book.data.story} {...common} />
    </Suspense>
  );
}

function Opening() {
  return (
    <div className="flex h-dvh items-center justify-center">
      <Spinner label="Opening the book" />
    </div>
  );
}

export default function Route() {
  return <ReaderRoute />;
}
