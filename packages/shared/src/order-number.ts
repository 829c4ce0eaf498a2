/**
 * Order numbers people can read aloud: `BK-2026-000123`. The number comes from one store-wide
 * sequence (never reset, so it alone names the order); the year is the order's year (UTC), for the reader.
 */
const ORDER_NUMBER = /^\s*BK-(\d{4})-(\d{1,15})\s*$/i;

export function formatOrderNumber(number: number, createdAt: Date | string): string {
  const year = new Date(createdAt).getUTCFullYear();
  return `BK-${year}-${String(number).padStart(6, '0')}`;
}

/** The sequence number in a typed order number (`BK-2026-000123`, any case), or null. */
export function parseOrderNumber(text: string): number | null {
  const match = ORDER_NUMBER.exec(text);
  if (!match) return null;
  const number = Number(match[2]);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}
