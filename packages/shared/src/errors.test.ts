import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from './errors.js';
import { errorResponseSchema } from './schemas/error-response.js';

describe('the error catalogue', () => {
  it('lists each code once, in SCREAMING_SNAKE_CASE', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
  });

  it('tells its codes from other strings', () => {
    expect(isErrorCode('NOT_IN_CART')).toBe(true);
    expect(isErrorCode('FST_ERR_CTP_INVALID_JSON_BODY')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });

  it('an error response is { msg, code } with a code of the catalogue, details optional', () => {
    expect(errorResponseSchema.parse({ msg: 'Not found.', code: 'NOT_FOUND' })).toEqual({
      msg: 'Not found.',
      code: 'NOT_FOUND',
    });
    const details = [{ path: 'email', message: 'Invalid email' }];
    expect(errorResponseSchema.parse({ msg: 'Invalid email', code: 'VALIDATION_ERROR', details }).details).toEqual(
      details,
    );
    expect(errorResponseSchema.safeParse({ msg: 'Odd', code: 'SOMETHING_ELSE' }).success).toBe(false);
    expect(errorResponseSchema.safeParse({ code: 'NOT_FOUND' }).success).toBe(false);
  });
});
