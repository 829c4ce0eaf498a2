import { useParams } from 'react-router-dom';
import { BookDetail, BookNotFound } from '@/features/catalogue/components/book-detail';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { BuyNowButton } from '@/features/cart/components/buy-now-button';
import { ReviewsPanel } from '@/features/reviews/components/reviews-panel';
import { FavouriteButton } from '@/features/wishlist/components/favourite-button';
import { isBookId } from '@/lib/book-id';

export default function Route() {
  const { id = '' } = useParams();
  return (
    <section className="mx-auto max-w-6xl px-4 pb-16 pt-24">
      {/* An id of a form the API refuses (`undefined`, `abc`) names no book: nothing to ask. */}
      {!isBookId(id) ? (
        <BookNotFound />
      ) : (
        <BookDetail
          key={id}
          bookId={id}
          renderAddToCart={(book) => (
            <>
              <BuyNowButton book={book} />
              <AddToCartButton book={book} />
            </>
          )}
          renderReviews={(book) => <ReviewsPanel bookId={book._id} />}
          renderFavourite={(book) => (
            <FavouriteButton bookId={book._id} voice="wishlist" className="border border-stone-200" />
          )}
        />
      )}
    </section>
  );
}
