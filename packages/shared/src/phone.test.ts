import { describe, expect, it } from 'vitest';
import { normalisePastedPhone } from './phone.js';
import { phoneSchema } from './schemas/auth.js';

describe('pasted phone numbers', () => {
  it.each([
    ['771234568', '94', '+94771234568'],
    ['077 123 4568', '94', '+94771234568'],
    ['(077) 123-4568', '94', '+94771234568'],
    ['+94 77 123 4568', '94', '+94771234568'],
    ['+94 77 123 4568', '44', '+94771234568'],
    ['0094 77 123 4568', '1', '+94771234568'],
    [' 020 7946 0000 ', '44', '+442079460000'],
    ['+1 (415) 555-0132', '94', '+14155550132'],
  ])('%s with dial code %s is %s, which the API takes', (pasted, dialCode, expected) => {
    const phone = normalisePastedPhone(pasted, dialCode);
    expect(phone).toBe(expected);
    expect(phoneSchema.safeParse(phone).success).toBe(true);
  });

  it('keeps nothing of a paste without digits', () => {
    expect(normalisePastedPhone('call me', '94')).toBe('');
  });
});
