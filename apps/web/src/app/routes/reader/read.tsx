import { useParams } from 'react-router-dom';
import { useMe } from '@/lib/auth/get-me';
import { useBook } from '@/lib/get-book';
import { PdfReader } from '@/features/reader/components/pdf-reader';
import { ReaderMessage } from '@/features/reader/components/reader-message';
import { Spinner } from '@/components/ui/spinner';

/** /read/:id (the whole book) and /read/:id/sample ("Read A Little"). */
export function ReaderRoute({ sample = false }: { sample?: boolean }) {
  const { id = '' } = useParams();
  const book = useBook(id);
  const me = useMe();
  if (book.isPending || me.isPending) {
    return (
      <div className="flex h-dvh items-center justify-center">
        <Spinner label="Opening the book" />
      </div>
    );
  }
  if (book.isError) {
    return (
      <main className="p-6 pt-24">
        <ReaderMessage failure="missing" bookId={id} />
      </main>
    );
  }
  const url = sample ? (book.data.sample ?? `/api/books/${id}/sample`) : (book.data.pdf ?? `/api/books/${id}/pdf`);
  return (
    <PdfReader
      key={url}
      bookId={id}
      title={book.data.title}
      url={url}
      sample={sample}
      member={Boolean(me.data)}
      story={book.data.story}
    />
  );
}

export default function Route() {
  return <ReaderRoute />;
}
