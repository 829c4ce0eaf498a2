import { useAddToCart } from '@/features/cart/api/add-to-cart';
import { WishlistGrid } from '@/features/wishlist/components/wishlist-grid';
import { useStoreCurrency } from '@/lib/store-currency';

export default function Route() {
  const currency = useStoreCurrency();
  const addToCart = useAddToCart();
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold text-stone-900">My Wishlist</h1>
      <WishlistGrid currency={currency} addToCart={addToCart.mutateAsync} />
    </div>
  );
}
