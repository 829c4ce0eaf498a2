import { describe, expect, it } from 'vitest';
import { formatOrderNumber, parseOrderNumber } from './order-number.js';

describe('order numbers', () => {
  it('pad to six digits, grow past them, and read back in any case', () => {
    expect(formatOrderNumber(123, '2026-03-01T10:00:00Z')).toBe('BK-2026-000123');
    expect(formatOrderNumber(1_234_567, new Date('2027-01-01T00:00:00Z'))).toBe('BK-2027-1234567');
    expect(parseOrderNumber(' bk-2026-000123 ')).toBe(123);
    expect(parseOrderNumber('BK-2027-1234567')).toBe(1_234_567);
    expect(parseOrderNumber('BK-2026-000000')).toBeNull();
    expect(parseOrderNumber('2026-000123')).toBeNull();
    expect(parseOrderNumber('Dune')).toBeNull();
  });
});
