/**
 * 'Books Management': every book, any status, paged on the server 5 at a time; edit opens the admin
 * book form, delete asks first.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PAGE_SIZE, SEARCH_DEBOUNCE_MS, formatPrice, type Book, type BookStatus } from '@ebook/shared';
import { paths } from '@/config/paths';
import { confirmThenRun, showError } from '@/lib/alerts';
import { deleteConfirmText, getBookOwners, useDeleteBook, useRefreshBookLists } from '../api/delete-book';
import { ApiError } from '@/lib/api-client';
import { useManagedBooks } from '../api/get-managed-books';
import { useStoreCurrency } from '@/lib/store-currency';
import { Icon } from '@/components/ui/icon';
import { BookThumb } from '@/components/ui/book-thumb';
import { Pagination } from '@/components/ui/pagination';
import { pageWindow } from '../lib/page-window';
import { StatusBadge } from './status-badge';
import { TableShell } from './table-shell';
import { useStepBackPastLastPage } from '@/hooks/use-step-back-past-last-page';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { IconButton } from '@/components/ui/icon-button';

const STATUS_OPTIONS: { value: '' | BookStatus; label: string }[] = [
  { value: '', label: 'All statuses' },
  { value: 'added', label: 'Added' },
  { value: 'approved', label: 'Approved' },
  { value: 'pending', label: 'Pending' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'unlisted', label: 'Unlisted' },
  { value: 'incomplete', label: 'Needs a file' },
];

export function BooksTable() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'' | BookStatus>('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const books = useManagedBooks(page, { q: q || undefined, status: status || undefined });
  const currency = useStoreCurrency();
  const remove = useDeleteBook();
  const refreshBookLists = useRefreshBookLists();
  const total = books.data?.total ?? 0;

  useStepBackPastLastPage(page, setPage, books.data?.total, PAGE_SIZE.adminBooks);

  const onDelete = async (book: Book) => {
    let owners: number;
    try {
      ({ owners } = await getBookOwners(book._id));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'BOOK_NOT_FOUND') {
        // Another admin deleted it since the list was read: say so, and show the list as it is now.
        void showError('Error!', 'This book has already been deleted.');
        void refreshBookLists();
        return;
      }
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
  const filtered = Boolean(q || status);
  return (
    <div>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end" role="search" aria-label="Find books">
        <div className="flex-1">
          <label htmlFor="admin-book-search" className="block text-sm font-medium text-stone-700">
            Search books
          </label>
          <input
            id="admin-book-search"
            type="search"
            value={search}
            maxLength={200}
            placeholder="Title, author, category or tag"
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            className="mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
          />
        </div>
        <div>
          <label htmlFor="admin-book-status" className="block text-sm font-medium text-stone-700">
            Status
          </label>
          <select
            id="admin-book-status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as '' | BookStatus);
              setPage(1);
            }}
            className="mt-1 rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
          >
            {STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TableShell
        caption="Books"
        headers={['Title', 'Image', 'Price', 'Category', 'Edit', 'Delete']}
        stacked
        loading={books.isPending}
        updating={books.isPlaceholderData}
        error={books.isError}
        empty={rows.length === 0}
        emptyText={filtered ? 'No books found for your filter.' : 'No books found.'}
      >
        {rows.map((book) => (
          <tr key={book._id} className="hover:bg-stone-50/60">
            <td data-label="Title" className="px-4 py-3">
              <p className="font-medium text-stone-900">{book.title}</p>
              <p className="text-xs text-stone-500">{book.author}</p>
            </td>
            <td data-label="Image" className="px-4 py-3">
              <BookThumb src={book.thumbnail ?? book.image} title={book.title} />
            </td>
            <td data-label="Price" className="px-4 py-3 whitespace-nowrap text-stone-700">
              {currency ? formatPrice(book.priceCents, currency) : '…'}
            </td>
            <td data-label="Category" className="px-4 py-3">
              <p className="text-stone-700">{book.category}</p>
              <StatusBadge status={book.status} />
            </td>
            <td data-label="Edit" className="px-4 py-3">
              <Link
                to={paths.admin.editBook(book._id)}
                aria-label={`Edit ${book.title}`}
                title="Edit"
                className="inline-flex h-9 w-9 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50"
              >
                <Icon name="edit" className="h-4 w-4" />
              </Link>
            </td>
            <td data-label="Delete" className="px-4 py-3">
              <IconButton
                label={`Delete ${book.title}`}
                title="Delete"
                variant="ghost-danger"
                icon={<Icon name="trash" className="h-4 w-4" />}
                onClick={() => void onDelete(book)}
                disabled={remove.isPending}
              />
            </td>
          </tr>
        ))}
      </TableShell>
      <Pagination
        page={page}
        pageCount={Math.ceil(total / PAGE_SIZE.adminBooks)}
        onPageChange={setPage}
        label="Books pages"
        showPreviousNext={false}
        items={pageWindow}
        size="sm"
        className="mt-4"
      />
    </div>
  );
}
