import { useState } from 'react';
import type { Card } from '@ebook/shared';
import { Spinner } from '@/components/ui/spinner';
import { useCards } from '../api/get-cards';
import { CardCarousel } from './card-carousel';
import { CardForm } from './card-form';

/** Saved cards on the left (carousel), the 'Payment Details' form on the right. */
export function PaymentPage({ onAdded }: { onAdded?: (card: Card) => void }) {
  const cards = useCards();
  const [selected, setSelected] = useState<Card | null>(null);
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="saved-cards-heading" className="space-y-4">
        <h2 id="saved-cards-heading" className="font-serif text-2xl font-bold text-stone-900">
          Saved Cards
        </h2>
        {cards.isPending ? (
          <Spinner label="Loading cards" />
        ) : cards.data && cards.data.length > 0 ? (
          <>
            <CardCarousel
              cards={cards.data}
              selectedId={selected?._id ?? null}
              onSelect={(card) => setSelected(selected?._id === card._id ? null : card)}
            />
            <p className="text-sm text-stone-500">Hover a card to see its back; click it to edit or delete it.</p>
          </>
        ) : (
          <p className="rounded-xl border border-dashed border-stone-300 p-6 text-stone-600">
            No saved cards yet. Add one with the form to pay for books in your cart.
          </p>
        )}
      </section>
      <CardForm selected={selected} onDone={() => setSelected(null)} onAdded={onAdded} />
    </div>
  );
}
