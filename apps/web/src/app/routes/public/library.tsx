import { LibraryView } from '@/features/catalogue/components/library-view';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { FavouriteButton } from '@/features/wishlist/components/favourite-button';

export default function Route() {
  return (
    <section className="mx-auto max-w-6xl px-4 pb-16 pt-24">
      <title>Library · Bookshelf</title>
      <header className="mb-8">
        <h1 className="font-serif text-3xl font-bold text-stone-900 sm:text-4xl">Library</h1>
        <p className="mt-2 text-stone-600">Browse every book in the store: search, filter by price or category.</p>
      </header>
      <LibraryView
        renderAddToCart={(book) => <AddToCartButton book={book} className="flex-1" />}
        renderFavourite={(book) => <FavouriteButton bookId={book._id} />}
      />
    </section>
  );
}
