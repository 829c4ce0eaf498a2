import { describe, expect, it } from 'vitest';
import { formatCardNumberInput, formatCvvInput, formatExpiryInput, isValidExpiry, passesLuhn } from './card.js';
import { cardInputSchema } from './schemas/payment.js';

describe('card input formatting', () => {
  it('strips non-digits, cuts to 16 and hyphenates', () => {
    expect(formatCardNumberInput('4242 4242 4242 4242 99')).toBe('4242-4242-4242-4242');
    expect(formatCardNumberInput('42a4-2')).toBe('4242');
    expect(formatCardNumberInput('42424')).toBe('4242-4');
  });

  it('inserts the expiry slash and keeps the CVV to 3 digits', () => {
    expect(formatExpiryInput('1227')).toBe('12/27');
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12/2')).toBe('12/2');
    expect(formatCvvInput('12a34')).toBe('123');
  });
});

describe('card validation', () => {
  it('checks the expiry month and a year of 26 or later', () => {
    expect(isValidExpiry('12/26')).toBe(true);
    expect(isValidExpiry('01/30')).toBe(true);
    expect(isValidExpiry('13/27')).toBe(false);
    expect(isValidExpiry('00/27')).toBe(false);
    expect(isValidExpiry('12/25')).toBe(false);
  });

  it('knows the Luhn checksum', () => {
    expect(passesLuhn('4242-4242-4242-4242')).toBe(true);
    expect(passesLuhn('5555-5555-5555-4444')).toBe(true);
    expect(passesLuhn('4242-4242-4242-4241')).toBe(false);
  });

  it('gives the specification messages', () => {
    // The first message of each field, as the form shows it and the API answers it.
    const messages = (input: object) => {
      const first = new Map<string, string>();
      for (const issue of cardInputSchema.safeParse(input).error?.issues ?? []) {
        const field = issue.path.join('.');
        if (!first.has(field)) first.set(field, issue.message);
      }
      return [...first.values()];
    };
    expect(messages({ cardHolder: '', cardNumber: '', expiry: '', cvv: '' })).toEqual([
      'Name is required',
      'Card number is required',
      'Expiry is required',
      'CVV is required',
    ]);
    expect(messages({ cardHolder: 'Ann 2', cardNumber: '4242424242424242', expiry: '13/20', cvv: '12' })).toEqual([
      'Only letters and spaces allowed',
      'Use format: 1234-5678-9012-3456',
      'Format MM/YY (YY ≥ 26)',
      'CVV must be 3 digits',
    ]);
  });
});
