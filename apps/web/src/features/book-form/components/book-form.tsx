/**
 * The book form shared by the admin and member dashboards: add a book, or edit one when `bookId` is
 * given. Loads the stored book, checks the specification's required fields before anything is sent,
 * uploads cover and PDF as multipart with a progress bar, and calls `onSaved` two seconds after the
 * success dialog (the route decides where to go).
 */
import { useNavigate } from 'react-router-dom';
import type { Book } from '@ebook/shared';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useBookForEdit } from '@/lib/get-book';
import type { BookFormVariant } from '../lib/book-form-values';
import { BookFormFields } from './book-form-fields';
import { IconButton } from '@/components/ui/icon-button';
import { Icon } from '@/components/ui/icon';

export interface BookFormProps {
  variant: BookFormVariant;
  bookId?: string;
  onSaved: () => void;
}

export function BookForm({ variant, bookId, onSaved }: BookFormProps) {
  const book = useBookForEdit(bookId);
  const navigate = useNavigate();
  const editing = Boolean(bookId);

  const goBack = () => {
    // Back where the user came from; straight to the books list when the form was opened directly.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(variant === 'admin' ? paths.admin.books : paths.user.books);
  };

  return (
    <section className="mx-auto w-full max-w-4xl">
      <div className="mb-6 flex items-center gap-3">
        <IconButton label="Back" variant="outline" size="md" icon={<Icon name="collapse" />} onClick={goBack} />
        <h1 className="font-serif text-2xl font-bold text-stone-900 sm:text-3xl">
          {editing ? 'Edit Book' : 'Add New Book'}
        </h1>
      </div>
      {editing && book.isPending ? (
        <Spinner label="Loading the book" className="justify-center py-16" />
      ) : editing && (book.isError || !book.data) ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
          Book not found.
        </p>
      ) : (
        <>
          {variant === 'member' && book.data?.status === 'rejected' ? <RejectedNotice book={book.data} /> : null}
          <BookFormFields
            key={book.data?._id ?? 'new'}
            variant={variant}
            book={editing ? book.data : undefined}
            onSaved={onSaved}
          />
        </>
      )}
    </section>
  );
}

/** Why the admin rejected the book, and what saving does: the book goes back for review. */
function RejectedNotice({ book }: { book: Book }) {
  return (
    <div
      role="note"
      aria-label="Rejected"
      className="mb-6 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <p className="font-semibold">This book was rejected.</p>
      {book.rejectionReason ? (
        <p className="mt-1 whitespace-pre-line">
          <span className="font-medium">Reason: </span>
          {book.rejectionReason}
        </p>
      ) : null}
      <p className="mt-1">Saving your changes sends it for review again.</p>
    </div>
  );
}
