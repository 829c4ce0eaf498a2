import type { Book } from '@ebook/shared';
import { showLoginRequired } from '@/lib/alerts';

/** Add To Cart; disabled for free books. */
export function AddToCartButton({ book, className = '' }: { book: Book; className?: string }) {
  return (
    <button
      type="button"
      disabled={book.isFree}
      className={`rounded-lg bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-stone-300 ${className}`}
      onClick={() => void showLoginRequired('Please log in to add books to your cart.')}
    >
      Add To Cart
    </button>
  );
}
