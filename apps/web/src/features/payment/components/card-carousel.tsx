import { useEffect, useState } from 'react';
import type { Card } from '@ebook/shared';
import { CardFace } from './card-face';

/** One saved card at a time, with previous/next buttons and a dot per card. */
export function CardCarousel({
  cards,
  selectedId,
  onSelect,
}: {
  cards: Card[];
  selectedId: string | null;
  onSelect: (card: Card) => void;
}) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (index > cards.length - 1) setIndex(Math.max(0, cards.length - 1));
  }, [cards.length, index]);
  const card = cards[index];
  if (!card) return null;
  const arrow =
    'rounded-full border border-stone-300 bg-white p-2 text-stone-700 shadow-sm hover:bg-stone-50 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-brand-600';
  return (
    <section aria-roledescription="carousel" aria-label="Saved cards" className="space-y-3">
      <div className="flex items-center gap-3">
        <button
          type="button"
          className={arrow}
          aria-label="Previous card"
          disabled={index === 0}
          onClick={() => setIndex(index - 1)}
        >
          ‹
        </button>
        <div className="flex-1" aria-live="polite">
          <CardFace card={card} selected={card._id === selectedId} onSelect={() => onSelect(card)} />
        </div>
        <button
          type="button"
          className={arrow}
          aria-label="Next card"
          disabled={index >= cards.length - 1}
          onClick={() => setIndex(index + 1)}
        >
          ›
        </button>
      </div>
      <div className="flex justify-center gap-2">
        {cards.map((c, i) => (
          <button
            key={c._id}
            type="button"
            aria-label={`Show card ${i + 1} of ${cards.length}`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
            className={`h-2.5 w-2.5 rounded-full ${i === index ? 'bg-brand-600' : 'bg-stone-300 hover:bg-stone-400'}`}
          />
        ))}
      </div>
    </section>
  );
}
