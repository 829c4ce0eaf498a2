import { OwnedBooks } from '@/features/orders/components/owned-books';

export default function Route() {
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold text-stone-900">My Library</h1>
      <p className="text-stone-600">Every book you bought, ready to download again at any time.</p>
      <OwnedBooks />
    </div>
  );
}
