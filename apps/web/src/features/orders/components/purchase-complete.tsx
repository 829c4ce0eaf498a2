import { Link } from 'react-router-dom';
import type { Order } from '@ebook/shared';
import { Button } from '@/components/ui/button';
import { DownloadButton } from '@/components/ui/download-button';
import { paths } from '@/config/paths';

/**
 * After paying: the order's number (what the receipt and any call to the store name it by), and the
 * books bought, each with "Read now" and "Download", right where the member is.
 */
export function PurchaseComplete({
  books,
  orderNumber,
  onClose,
}: {
  books: Order['books'];
  orderNumber: string;
  onClose: () => void;
}) {
  return (
    <div className="mt-4 space-y-4">
      <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 font-semibold text-emerald-800">
        Thank you! Your {books.length === 1 ? 'book is' : 'books are'} ready.
      </p>
      <p className="text-sm text-stone-700">
        Order <span className="font-semibold text-stone-900 tabular-nums">{orderNumber}</span>
      </p>
      <ul className="divide-y divide-stone-200">
        {books.map((book) => (
          <li key={book._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="min-w-0 flex-1 font-medium text-stone-900">{book.title}</span>
            <span className="flex gap-2">
              <Link
                to={paths.read(book._id)}
                aria-label={`Read now: ${book.title}`}
                className="inline-flex items-center rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                Read now
              </Link>
              <DownloadButton
                url={`/api/books/${encodeURIComponent(book._id)}/pdf`}
                title={book.title}
                ariaLabel={`Download ${book.title}`}
                className="inline-flex items-center rounded-lg border border-emerald-700 bg-white px-3 py-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:opacity-80"
              />
            </span>
          </li>
        ))}
      </ul>
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}
