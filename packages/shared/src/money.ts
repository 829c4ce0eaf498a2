/**
 * Money is integer minor units (cents) everywhere; only the edges parse or format it.
 */

/** Parses a price as the API accepts it: a number, a numeric string, or 'free' in any case. */
export function parsePriceToCents(input: unknown): number | null {
  if (typeof input === 'string') {
    const text = input.trim();
    if (text.toLowerCase() === 'free') return 0;
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
    return toCents(Number(text));
  }
  if (typeof input === 'number' && Number.isFinite(input) && input >= 0 && input < 1e7) {
    const cents = toCents(input);
    // Refuse fractions of a cent rather than silently rounding a price.
    return Math.abs(cents - input * 100) < 1e-6 ? cents : null;
  }
  return null;
}

function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function centsToAmount(cents: number): number {
  return cents / 100;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats a price in the store currency; 0 reads 'Free'. */
export function formatPrice(cents: number, currency: string, locale = 'en-US'): string {
  if (cents === 0) return 'Free';
  return formatMoney(cents, currency, locale);
}

/** Formats an amount of money; unlike formatPrice, 0 reads as an amount (for totals). */
export function formatMoney(cents: number, currency: string, locale = 'en-US'): string {
  const key = `${locale}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}

const counters = new Map<string, Intl.NumberFormat>();

/** Formats a count (orders, copies) in the store's locale, as formatMoney does amounts: 12,345. */
export function formatCount(count: number, locale = 'en-US'): string {
  let formatter = counters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    counters.set(locale, formatter);
  }
  return formatter.format(count);
}

/**
 * A paid price with the promotion: whole cents, rounded half up; free stays free. Here rather than
 * beside the promotion's schemas: the web app's first load needs it, not zod.
 */
export function discountedCents(priceCents: number, percentOff: number | null | undefined): number {
  if (!percentOff || priceCents <= 0) return priceCents;
  return Math.round((priceCents * (100 - percentOff)) / 100);
}
