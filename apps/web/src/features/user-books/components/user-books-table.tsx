import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PAGE_SIZE, formatPrice, isPublicStatus, type Book, type BookStatus } from '@ebook/shared';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { confirmThenRun } from '@/lib/alerts';
import { useDeleteMyBook } from '../api/delete-my-book';
import { useMyBooks } from '../api/get-my-books';
import { useStepBackPastLastPage } from '@/hooks/use-step-back-past-last-page';
import { BookThumb } from '@/components/ui/book-thumb';
import { Button } from '@/components/ui/button';

const STATUS_STYLE: Record<BookStatus, string> = {
  pending: 'bg-amber-100 text-amber-800',
  approved: 'bg-emerald-100 text-emerald-800',
  added: 'bg-emerald-100 text-emerald-800',
  rejected: 'bg-red-100 text-red-800',
  unlisted: 'bg-stone-100 text-stone-700',
  incomplete: 'bg-violet-100 text-violet-800',
};
const STATUS_LABEL: Record<BookStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  added: 'Added',
  rejected: 'Rejected',
  unlisted: 'Unlisted',
  incomplete: 'Needs a file',
};

/** 'Books Management' for a member: their own submissions; edit and delete while not approved. */
export function UserBooksTable({ currency }: { currency: string }) {
  const [page, setPage] = useState(1);
  const books = useMyBooks(page);
  const remove = useDeleteMyBook();
  const pageCount = Math.max(1, Math.ceil((books.data?.total ?? 0) / PAGE_SIZE.userBooks));
  useStepBackPastLastPage(page, setPage, books.data?.total, PAGE_SIZE.userBooks);

  const onDelete = async (book: Book) => {
    await confirmThenRun({
      confirm: { title: 'Are you sure?', text: 'This will permanently delete the book.', confirmText: 'Delete' },
      action: () => remove.mutateAsync(book._id),
      success: ['Deleted!', 'Book has been removed.'],
      failure: ['Error!', 'Failed to delete book.'],
    });
  };

  if (books.isPending) return <Spinner label="Loading your books" />;
  const rows = books.data?.books ?? [];
  if (rows.length === 0)
    return <p className="rounded-2xl bg-white p-6 text-stone-600 shadow-sm ring-1 ring-stone-200">No books found.</p>;

  return (
    <div className="space-y-4">
      <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
        <table aria-label="Your books" className="stack-table w-full min-w-[640px] text-left text-sm">
          <thead className="bg-stone-100 text-xs text-stone-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                Title
              </th>
              <th scope="col" className="px-4 py-3">
                Image
              </th>
              <th scope="col" className="px-4 py-3">
                Price
              </th>
              <th scope="col" className="px-4 py-3">
                Category
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((book) => {
              // The server's rule (books.policy.ts): a member's book is locked once public or unlisted.
              const locked = isPublicStatus(book.status) || book.status === 'unlisted';
              return (
                <tr key={book._id} data-testid="user-book-row">
                  <td data-label="Title" className="px-4 py-3 font-medium text-stone-900">
                    {book.title}
                  </td>
                  <td data-label="Image" className="px-4 py-3">
                    <BookThumb src={book.thumbnail ?? book.image} title={book.title} className="h-14 w-10" />
                  </td>
                  <td data-label="Price" className="px-4 py-3">
                    {formatPrice(book.priceCents, currency)}
                  </td>
                  <td data-label="Category" className="px-4 py-3">
                    {book.category}
                  </td>
                  <td data-label="Status" className="px-4 py-3">
                    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[book.status]}`}>
                      {STATUS_LABEL[book.status]}
                    </span>
                    {book.status === 'rejected' && book.rejectionReason ? (
                      <p className="mt-1 max-w-xs text-xs whitespace-pre-line text-red-800">
                        <span className="font-medium">Reason: </span>
                        {book.rejectionReason}
                      </p>
                    ) : null}
                  </td>
                  <td data-label="Actions" className="px-4 py-3">
                    {locked ? (
                      <span className="text-xs text-stone-500">In the library</span>
                    ) : (
                      <div className="flex gap-2">
                        <Link
                          to={paths.user.editBook(book._id)}
                          aria-label={`${book.status === 'rejected' ? 'Edit and resubmit' : 'Edit'} ${book.title}`}
                          className="rounded-lg border border-stone-300 px-3 py-1 whitespace-nowrap text-stone-700 hover:bg-stone-50"
                        >
                          {book.status === 'rejected' ? 'Edit & resubmit' : 'Edit'}
                        </Link>
                        <Button
                          variant="danger"
                          size="sm"
                          aria-label={`Delete ${book.title}`}
                          onClick={() => void onDelete(book)}
                        >
                          Delete
                        </Button>
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pagination page={page} pageCount={pageCount} onPageChange={setPage} label="Your books pages" />
    </div>
  );
}
