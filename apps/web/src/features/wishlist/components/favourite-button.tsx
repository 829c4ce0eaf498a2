import { useMe } from '@/lib/auth/get-me';
import { useFinishPendingAction, useLoginToContinue } from '@/lib/auth/continue-after-login';
import { showError, showSuccess } from '@/lib/alerts';
import { useAddToWishlist } from '../api/add-to-wishlist';
import { useWishlist } from '../api/get-wishlist';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist';

/**
 * The specification's two voices for the same heart: the library's cards speak of favourites, the
 * book page's wishlist toggle of the wishlist.
 */
const TEXTS = {
  favourites: {
    login: 'Please log in to manage your favorites.',
    added: 'Book added to favorites!',
    removed: 'Book removed from favorites.',
  },
  wishlist: {
    login: 'Please log in to use the wishlist.',
    added: 'Book added to your wishlist!',
    removed: 'Book removed from wishlist.',
  },
} as const;

/** The favourite heart; turns red when the book is in the member's wishlist, and toggles it. */
export function FavouriteButton({
  bookId,
  className = '',
  voice = 'favourites',
}: {
  bookId: string;
  className?: string;
  voice?: keyof typeof TEXTS;
}) {
  const texts = TEXTS[voice];
  const me = useMe();
  const signedIn = Boolean(me.data);
  const wishlist = useWishlist({ enabled: signedIn });
  const add = useAddToWishlist();
  const remove = useRemoveFromWishlist();
  const favourited = signedIn && Boolean(wishlist.data?.some((entry) => entry.bookId._id === bookId));
  const busy = add.isPending || remove.isPending;
  const loginToContinue = useLoginToContinue();

  // Back from logging in: the heart the visitor pressed is added (unless it already was), once the
  // member's wishlist is known, so its refresh after the add is not overtaken by an earlier read.
  useFinishPendingAction(
    'wishlist',
    bookId,
    () => {
      if (favourited) return;
      void add.mutateAsync(bookId).then(
        () => void showSuccess(texts.added),
        () => void showError('Try again'),
      );
    },
    wishlist.isSuccess && !wishlist.isFetching,
  );

  const toggle = async () => {
    if (!signedIn) {
      void loginToContinue(texts.login, { kind: 'wishlist', bookId });
      return;
    }
    try {
      if (favourited) {
        await remove.mutateAsync(bookId);
        void showSuccess(texts.removed);
      } else {
        await add.mutateAsync(bookId);
        void showSuccess(texts.added);
      }
    } catch {
      void showError('Try again');
    }
  };

  return (
    <button
      type="button"
      data-book-id={bookId}
      aria-label={favourited ? 'Remove from favourites' : 'Add to favourites'}
      aria-pressed={favourited}
      disabled={busy}
      className={`rounded-full bg-white/90 p-2 shadow transition hover:text-red-600 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60 ${
        favourited ? 'text-red-600' : 'text-stone-500'
      } ${className}`}
      onClick={() => void toggle()}
    >
      <svg
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill={favourited ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden
      >
        <path d="M12 21s-7.5-4.6-9.5-9.3C1.2 8.4 3.4 5 6.8 5c2 0 3.4 1.1 5.2 3 1.8-1.9 3.2-3 5.2-3 3.4 0 5.6 3.4 4.3 6.7C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
