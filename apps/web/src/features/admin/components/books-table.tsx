/**
 * 'Books Management': every book, any status, paged on the server 5 at a time; edit opens the admin
 * book form, delete asks first.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PAGE_SIZE, formatPrice, type Book } from '@ebook/shared';
import { paths } from '@/config/paths';
import { confirmThenRun, showError } from '@/lib/alerts';
import { deleteConfirmText, getBookOwners, useDeleteBook } from '../api/delete-book';
import { useManagedBooks } from '../api/get-managed-books';
import { useStoreCurrency } from '@/lib/store-currency';
import { Icon } from './admin-icons';
import { BookThumb } from '@/components/ui/book-thumb';
import { PageButtons } from './page-buttons';
import { StatusBadge } from './status-badge';
import { TableShell } from './table-shell';
import { useStepBackPastLastPage } from '@/hooks/use-step-back-past-last-page';

export function BooksTable() {
  const [page, setPage] = useState(1);
  const books = useManagedBooks(page);
  const currency = useStoreCurrency();
  const remove = useDeleteBook();
  const total = books.data?.total ?? 0;

  useStepBackPastLastPage(page, setPage, books.data?.total, PAGE_SIZE.adminBooks);

  const onDelete = async (book: Book) => {
    let owners: number;
    try {
      ({ owners } = await getBookOwners(book._id));
    } catch {
      void showError('Error!', 'Failed to delete book.');
      return;
    }
    await confirmThenRun({
      confirm: { title: 'Are you sure?', text: deleteConfirmText(owners), confirmText: 'Yes, delete' },
      action: () => remove.mutateAsync(book._id),
      success: ['Deleted!', 'Book has been removed.'],
      failure: ['Error!', 'Failed to delete book.'],
    });
  };

  const rows = books.data?.books ?? [];
  return (
    <div>
      <TableShell
        caption="Books"
        headers={['Title', 'Image', 'Price', 'Category', 'Edit', 'Delete']}
        loading={books.isPending}
        error={books.isError}
        empty={rows.length === 0}
        emptyText="No books found."
      >
        {rows.map((book) => (
          <tr key={book._id} className={`hover:bg-stone-50/60 ${books.isPlaceholderData ? 'opacity-60' : ''}`}>
            <td className="px-4 py-3">
              <p className="font-medium text-stone-900">{book.title}</p>
              <p className="text-xs text-stone-500">{book.author}</p>
            </td>
            <td className="px-4 py-3">
              <BookThumb src={book.thumbnail ?? book.image} title={book.title} />
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-stone-700">
              {currency ? formatPrice(book.priceCents, currency) : '…'}
            </td>
            <td className="px-4 py-3">
              <p className="text-stone-700">{book.category}</p>
              <StatusBadge status={book.status} />
            </td>
            <td className="px-4 py-3">
              <Link
                to={paths.admin.editBook(book._id)}
                aria-label={`Edit ${book.title}`}
                title="Edit"
                className="inline-flex h-9 w-9 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50"
              >
                <Icon name="edit" className="h-4 w-4" />
              </Link>
            </td>
            <td className="px-4 py-3">
              <button
                type="button"
                onClick={() => void onDelete(book)}
                disabled={remove.isPending}
                aria-label={`Delete ${book.title}`}
                title="Delete"
                className="inline-flex h-9 w-9 items-center justify-center rounded-full text-red-600 hover:bg-red-50 disabled:opacity-50"
              >
                <Icon name="trash" className="h-4 w-4" />
              </button>
            </td>
          </tr>
        ))}
      </TableShell>
      <PageButtons page={page} total={total} pageSize={PAGE_SIZE.adminBooks} onChange={setPage} label="Books pages" />
    </div>
  );
}
