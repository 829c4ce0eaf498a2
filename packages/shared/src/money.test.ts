import { describe, expect, it } from 'vitest';
import { formatCount, formatMoney, formatPrice, parsePriceToCents } from './money.js';

describe('parsePriceToCents', () => {
  it.each([
    [0, 0],
    [4.99, 499],
    ['12', 1200],
    ['12.5', 1250],
    [' 3.10 ', 310],
    ['free', 0],
    ['FREE', 0],
    ['Free', 0],
  ])('%j → %i cents', (input, cents) => expect(parsePriceToCents(input)).toBe(cents));

  it.each([[-1], ['-1'], ['abc'], ['1.999'], [1.999], [Number.NaN], [Infinity], [null], [{}], ['1e3'], ['']])(
    'refuses %j',
    (input) => expect(parsePriceToCents(input)).toBeNull(),
  );
});

describe('formatPrice', () => {
  it('reads Free for zero and formats the store currency otherwise', () => {
    expect(formatPrice(0, 'USD')).toBe('Free');
    expect(formatPrice(1299, 'USD')).toBe('$12.99');
    expect(formatPrice(1299, 'EUR', 'de-DE')).toMatch(/^12,99\s€$/);
    expect(formatMoney(0, 'USD')).toBe('$0.00');
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [100000, '100,000'],
    [1234567, '1,234,567'],
  ])('%i → %s', (count, text) => expect(formatCount(count)).toBe(text));
});
