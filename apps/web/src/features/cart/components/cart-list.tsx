import type { Book } from '@ebook/shared';
import { PriceTag } from '@/components/ui/price-tag';
import { showSuccess } from '@/lib/alerts';
import { useRemoveFromCart } from '../api/remove-from-cart';
import { BookThumb } from '@/components/ui/book-thumb';

/** 'My Cart' rows: checkbox, cover, title, price; clicking a row toggles it, the icon removes it. */
export function CartList({
  books,
  selected,
  onToggle,
}: {
  books: Book[];
  selected: ReadonlySet<string>;
  onToggle: (bookId: string) => void;
}) {
  const remove = useRemoveFromCart();
  const onRemove = async (book: Book) => {
    try {
      await remove.mutateAsync(book._id);
      if (selected.has(book._id)) onToggle(book._id);
      void showSuccess('Removed', 'Item removed from cart.');
    } catch (error) {
      // The specification keeps a failed removal quiet (console only).
      console.error('Failed to remove from cart', error);
    }
  };
  return (
    <ul className="divide-y divide-stone-200 rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
      {books.map((book) => {
        const checked = selected.has(book._id);
        return (
          <li
            key={book._id}
            data-testid="cart-row"
            onClick={() => onToggle(book._id)}
            className={`flex cursor-pointer items-center gap-3 p-4 transition sm:gap-4 ${checked ? 'bg-brand-50' : 'hover:bg-stone-50'}`}
          >
            <input
              type="checkbox"
              checked={checked}
              onChange={() => onToggle(book._id)}
              onClick={(event) => event.stopPropagation()}
              aria-label={`Select ${book.title}`}
              className="h-5 w-5 shrink-0 accent-brand-600"
            />
            <BookThumb src={book.thumbnail ?? book.image} title={book.title} className="h-20 w-14" decorative />
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-stone-900">{book.title}</p>
              <p className="text-sm text-stone-500">{book.author}</p>
              {/* On a phone the price goes under the title, so the title keeps the row's width. */}
              <div className="mt-1 sm:hidden">
                <PriceTag priceCents={book.priceCents} className="font-semibold text-stone-900" />
              </div>
            </div>
            <div className="hidden shrink-0 sm:block">
              <PriceTag priceCents={book.priceCents} className="font-semibold text-stone-900" />
            </div>
            <button
              type="button"
              aria-label={`Remove ${book.title} from cart`}
              disabled={remove.isPending && remove.variables === book._id}
              onClick={(event) => {
                event.stopPropagation();
                void onRemove(book);
              }}
              className="shrink-0 rounded-full p-2 text-stone-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-red-600"
            >
              <svg
                viewBox="0 0 24 24"
                className="h-5 w-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden
              >
                <path d="M3 6h18M8 6V4h8v2m-9 0 1 14h8l1-14" />
              </svg>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
