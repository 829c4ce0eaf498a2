/** Card-number and expiry helpers used by the payment form and the server. */
import { CARD_NUMBER_DIGITS, CVV_LENGTH, EXPIRY_MIN_YEAR } from './constants.js';

/** Strips non-digits, cuts to 16 digits and hyphenates in groups of four. */
export function formatCardNumberInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, CARD_NUMBER_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1-');
}

/** Keeps digits and inserts the slash after the month: '1227' -> '12/27'. */
export function formatExpiryInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function formatCvvInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, CVV_LENGTH);
}

export function isValidExpiry(expiry: string): boolean {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry);
  return match !== null && Number(match[2]) >= EXPIRY_MIN_YEAR;
}

/** The Luhn checksum every real card number satisfies. */
export function passesLuhn(cardNumber: string): boolean {
  const digits = cardNumber.replace(/\D/g, '');
  if (digits.length < 12) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function maskedCardNumber(last4: string): string {
  return `•••• •••• •••• ${last4}`;
}
