import { useAddToCart } from '@/features/cart/api/add-to-cart';
import { WishlistGrid } from '@/features/wishlist/components/wishlist-grid';

export default function Route() {
  const addToCart = useAddToCart();
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold text-stone-900">My Wishlist</h1>
      <WishlistGrid addToCart={addToCart.mutateAsync} />
    </div>
  );
}
