/**
 * Phone numbers as people paste them: "771234568", "077 123 4568", "+94 77 123 4568",
 * "0094 77 123 4568", "(077) 123-4568". The result is the international form the API takes
 * ("+94771234568"), using the dial code of the country chosen in the field for a national number.
 */
export function normalisePastedPhone(text: string, dialCode: string): string {
  const trimmed = text.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits === '') return '';
  if (trimmed.startsWith('+')) return `+${digits}`;
  // 00 is the international call prefix in most of the world.
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  // A national number drops its trunk prefix (the leading 0) after the dial code.
  return `+${dialCode}${digits.replace(/^0/, '')}`;
}
