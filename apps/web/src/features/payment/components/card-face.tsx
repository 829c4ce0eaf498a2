import type { Card } from '@ebook/shared';

const BRAND_LABEL: Record<string, string> = {
  visa: 'VISA',
  mastercard: 'Mastercard',
  amex: 'AMEX',
  discover: 'Discover',
};

/**
 * A saved card that flips on hover or keyboard focus: the front shows the masked number, the holder
 * in upper case, expiry and brand; the back shows '•••' where the CVV would be (it is never kept).
 */
export function CardFace({ card, selected, onSelect }: { card: Card; selected: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      aria-label={`${BRAND_LABEL[card.brand] ?? 'Card'} ending ${card.last4}, ${card.cardHolder}, expires ${card.expiry}${selected ? ', selected' : ''}`}
      className={`group block h-44 w-full max-w-sm rounded-2xl [perspective:1000px] focus-visible:outline-none ${
        selected ? 'ring-4 ring-brand-500 ring-offset-2' : ''
      }`}
    >
      <span className="relative block h-full w-full transition-transform duration-500 [transform-style:preserve-3d] group-hover:[transform:rotateY(180deg)] group-focus-visible:[transform:rotateY(180deg)]">
        <span className="absolute inset-0 flex flex-col justify-between rounded-2xl bg-gradient-to-br from-brand-700 to-stone-900 p-5 text-left text-white shadow-lg [backface-visibility:hidden]">
          <span className="flex items-center justify-between">
            <span className="h-8 w-11 rounded-md bg-amber-300/90" aria-hidden />
            <span className="text-sm font-bold tracking-wider">{BRAND_LABEL[card.brand] ?? 'CARD'}</span>
          </span>
          <span className="font-mono text-lg tracking-widest" data-testid="card-number">
            {card.cardNumber}
          </span>
          <span className="flex items-end justify-between text-xs">
            <span>
              <span className="block text-[10px] opacity-70">CARD HOLDER</span>
              <span className="text-sm font-semibold">{card.cardHolder.toUpperCase()}</span>
            </span>
            <span className="text-right">
              <span className="block text-[10px] opacity-70">VALID THRU</span>
              <span className="text-sm font-semibold">{card.expiry}</span>
            </span>
          </span>
        </span>
        <span className="absolute inset-0 flex flex-col justify-center rounded-2xl bg-stone-800 text-white shadow-lg [backface-visibility:hidden] [transform:rotateY(180deg)]">
          <span className="mb-4 block h-10 w-full bg-black" aria-hidden />
          <span className="mx-5 flex items-center justify-end rounded bg-white px-3 py-1 font-mono text-stone-900">
            <span className="mr-2 text-[10px] text-stone-500">CVV</span>•••
          </span>
        </span>
      </span>
    </button>
  );
}
