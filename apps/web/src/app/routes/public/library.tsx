import { LibraryHeader } from '@/features/catalogue/components/library-header';
import { LibraryView } from '@/features/catalogue/components/library-view';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { FavouriteButton } from '@/features/wishlist/components/favourite-button';

export default function Route() {
  return (
    <section className="mx-auto max-w-6xl px-4 pb-16 pt-24">
      <title>Library · Bookshelf</title>
      <LibraryHeader />
      <LibraryView
        renderAddToCart={(book) => <AddToCartButton book={book} className="flex-1" />}
        renderFavourite={(book) => <FavouriteButton bookId={book._id} />}
      />
    </section>
  );
}
