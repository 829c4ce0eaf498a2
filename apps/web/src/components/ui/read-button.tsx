import { bookHasEpub, type BookFormat } from '@/lib/book-formats';
import { Link } from 'react-router-dom';
import type { Book } from '@ebook/shared';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';

/** Whether the caller may read the whole book: free, owned, their own submission, or an admin (the server checks). */
export function mayReadWhole(
  book: Pick<Book, 'isFree' | 'owned' | 'userId' | 'pdf'> & { formats?: BookFormat[] },
  me: { _id: string; role: string } | null | undefined,
): boolean {
  if (!book.pdf && !bookHasEpub(book)) return false;
  return book.isFree || book.owned === true || me?.role === 'admin' || (!!me && me._id === book.userId);
}

/** "Read": opens the book in the in-browser reader, for those who may read it. */
export function ReadButton({
  book,
  size = 'sm',
  label = 'Read',
}: {
  book: Pick<Book, '_id' | 'title' | 'isFree' | 'owned' | 'userId' | 'pdf'> & { formats?: BookFormat[] };
  size?: 'sm' | 'md';
  label?: string;
}) {
  const me = useMe();
  if (!mayReadWhole(book, me.data)) return null;
  const pad = size === 'md' ? 'px-4 py-2' : 'px-3 py-2';
  return (
    <Link
      to={paths.read(book._id)}
      aria-label={`${label} ${book.title}`}
      className={`inline-flex items-center gap-2 whitespace-nowrap rounded-lg border border-brand-600 bg-white ${pad} text-sm font-semibold text-brand-700 hover:bg-brand-50`}
    >
      <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
        <path
          d="M12 6.5C10 5 7 4.5 3 5v13c4-.5 7 0 9 1.5m0-13c2-1.5 5-2 9-1.5v13c-4-.5-7 0-9 1.5m0-13v13"
          strokeLinejoin="round"
        />
      </svg>
      {label}
    </Link>
  );
}
