import { formatPrice } from '@ebook/shared';

/** The store currency (the server's STORE_CURRENCY); set VITE_STORE_CURRENCY when it is not USD. */
export const STORE_CURRENCY: string = (import.meta.env.VITE_STORE_CURRENCY as string | undefined) ?? 'USD';

/** A book's price for display: 'Free', or the amount in the store currency. */
export function bookPrice(priceCents: number): string {
  return formatPrice(priceCents, STORE_CURRENCY);
}
