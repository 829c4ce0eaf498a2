/**
 * 'Pending Book Approvals': member submissions waiting for review, each approved or rejected after a
 * confirmation. The tiles and the bell refresh after every decision.
 */
import { REJECTION_REASON_MAX_LENGTH, formatPrice, submitterName, type Book } from '@ebook/shared';
import { confirmAction, confirmWithReason, showError, showSuccess, showWarning } from '@/lib/alerts';
import { ApiError } from '@/lib/api-client';
import { useStoreCurrency } from '@/lib/store-currency';
import { usePendingBooks } from '../api/get-pending-books';
import { useReviewBook, type ReviewDecision } from '../api/review-book';
import { Icon } from '@/components/ui/icon';
import { BookThumb } from '@/components/ui/book-thumb';
import { TableShell } from './table-shell';
import { IconButton } from '@/components/ui/icon-button';

const DIALOGS: Record<ReviewDecision, { confirm: string; done: [string, string]; failed: string }> = {
  approve: {
    confirm: 'Approve Book?',
    done: ['Approved!', 'The book has been approved.'],
    failed: 'Failed to approve the book',
  },
  reject: {
    confirm: 'Reject Book?',
    done: ['Rejected!', 'The book has been rejected.'],
    failed: 'Failed to reject the book',
  },
};

export function PendingBooksTable() {
  const pending = usePendingBooks();
  const currency = useStoreCurrency();
  const review = useReviewBook();

  const decide = async (book: Book, decision: ReviewDecision) => {
    const dialog = DIALOGS[decision];
    const confirm = { title: dialog.confirm, text: 'This action cannot be undone.' };
    let reason = '';
    if (decision === 'reject') {
      const given = await confirmWithReason({
        ...confirm,
        confirmText: 'Yes, reject',
        inputLabel: 'Reason for the member (optional)',
        maxLength: REJECTION_REASON_MAX_LENGTH,
      });
      if (given === null) return;
      reason = given;
    } else if (!(await confirmAction({ ...confirm, confirmText: 'Yes, approve', danger: false }))) {
      return;
    }
    try {
      // The version on screen: if the member changed the book since, the server refuses (409).
      await review.mutateAsync({ id: book._id, decision, version: book.version, reason });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'BOOK_CHANGED') {
        await pending.refetch();
        void showWarning('Book Changed', error.message);
        return;
      }
      void showError('Error', dialog.failed);
      return;
    }
    void showSuccess(...dialog.done);
  };

  const books = pending.data ?? [];
  return (
    <section aria-labelledby="pending-heading" className="space-y-3">
      <h2 id="pending-heading" className="font-serif text-xl font-bold text-stone-900">
        Pending Book Approvals
      </h2>
      <TableShell
        caption="Pending Book Approvals"
        headers={['Member Name', 'Book Name', 'Cover', 'PDF', 'Price', 'Actions']}
        loading={pending.isPending}
        error={pending.isError}
        empty={books.length === 0}
        emptyText="No pending books available."
      >
        {books.map((book) => (
          <tr key={book._id} className="hover:bg-stone-50/60">
            <td className="px-4 py-3 text-stone-700">{book.submittedBy ?? submitterName(book.userId, undefined)}</td>
            <td className="px-4 py-3">
              <p className="font-medium text-stone-900">{book.title}</p>
              <p className="text-xs text-stone-500">{book.author}</p>
            </td>
            <td className="px-4 py-3">
              <BookThumb src={book.thumbnail ?? book.image} title={book.title} />
            </td>
            <td className="px-4 py-3">
              {book.pdf ? (
                <a
                  href={book.pdf}
                  download
                  className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline"
                  aria-label={`Download the PDF of ${book.title}`}
                >
                  <Icon name="download" className="h-4 w-4" />
                  Download
                </a>
              ) : (
                <span className="text-stone-600">No PDF</span>
              )}
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-stone-700">
              {currency ? formatPrice(book.priceCents, currency) : '…'}
            </td>
            <td className="px-4 py-3">
              <div className="flex gap-2">
                <IconButton
                  label={`Approve ${book.title}`}
                  title="Approve"
                  variant="approve"
                  icon={<Icon name="check" className="h-4 w-4" />}
                  onClick={() => void decide(book, 'approve')}
                  disabled={review.isPending}
                />
                <IconButton
                  label={`Reject ${book.title}`}
                  title="Reject"
                  variant="reject"
                  icon={<Icon name="close" className="h-4 w-4" />}
                  onClick={() => void decide(book, 'reject')}
                  disabled={review.isPending}
                />
              </div>
            </td>
          </tr>
        ))}
      </TableShell>
    </section>
  );
}
