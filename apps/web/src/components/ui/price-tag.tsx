import { discountedCents, formatPrice } from '@ebook/shared';
import { usePromotion, useStoreCurrency } from '@/lib/store-currency';

/**
 * A book's price. While the store-wide promotion runs, a paid book shows the old price struck through
 * and the new one beside it (`book-price` stays the list price; `sale-price` is what is charged).
 */
export function PriceTag({ priceCents, className = '' }: { priceCents: number; className?: string }) {
  const currency = useStoreCurrency();
  const promotion = usePromotion();
  const sale = discountedCents(priceCents, promotion?.percentOff);
  if (sale === priceCents) {
    return (
      <span className={className} data-testid="book-price">
        {formatPrice(priceCents, currency)}
      </span>
    );
  }
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className="sr-only">Was</span>
      <s className="text-[0.85em] font-normal text-stone-600" data-testid="book-price">
        {formatPrice(priceCents, currency)}
      </s>
      <span className="sr-only">, now</span>
      <span data-testid="sale-price">{formatPrice(sale, currency)}</span>
    </span>
  );
}
