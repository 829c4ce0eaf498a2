import { formatPrice } from '@ebook/shared';
import { useStoreCurrency } from '@/lib/store-currency';

/** Formats a book's price for display: 'Free', or the amount in the store currency. */
export function useBookPrice(): (priceCents: number) => string {
  const currency = useStoreCurrency();
  return (priceCents) => formatPrice(priceCents, currency);
}
