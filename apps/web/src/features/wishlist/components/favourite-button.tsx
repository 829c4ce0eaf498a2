import { showLoginRequired } from '@/lib/alerts';

/** The favourite heart; turns red when the book is in the member's wishlist. */
export function FavouriteButton({ bookId, className = '' }: { bookId: string; className?: string }) {
  return (
    <button
      type="button"
      data-book-id={bookId}
      aria-label="Add to favourites"
      aria-pressed={false}
      className={`rounded-full bg-white/90 p-2 text-stone-500 shadow hover:text-red-600 ${className}`}
      onClick={() => void showLoginRequired('Please log in to manage your favorites.')}
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
        <path d="M12 21s-7.5-4.6-9.5-9.3C1.2 8.4 3.4 5 6.8 5c2 0 3.4 1.1 5.2 3 1.8-1.9 3.2-3 5.2-3 3.4 0 5.6 3.4 4.3 6.7C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
