import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorCode, errorReason, errorText } from './errors';

const refusal = new ApiError(409, 'ALREADY_IN_CART', 'This book is already in your cart.');
const serverError = new ApiError(500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
const unreachable = new ApiError(0, 'NETWORK', 'Cannot reach the server. Please check your connection.');

describe('the dialog text for a failed request', () => {
  it("a refusal (4xx) says the server's words; a server error or an unreachable server says nothing", () => {
    expect(errorText(refusal)).toBe('This book is already in your cart.');
    expect(errorText(new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password.'))).toBe(
      'Invalid email or password.',
    );
    expect(errorText(serverError)).toBeUndefined();
    expect(errorText(unreachable)).toBeUndefined();
    expect(errorText(new TypeError('x is undefined'))).toBeUndefined();
    expect(errorText(undefined)).toBeUndefined();
  });

  it('a payment that may yet complete is explained even though it is a 503', () => {
    const pending = new ApiError(503, 'ORDER_PENDING', 'We could not confirm your order yet.');
    expect(errorText(pending)).toBe('We could not confirm your order yet.');
    expect(errorText(new ApiError(503, 'PAYMENT_UNAVAILABLE', 'The payment service is not available.'))).toBe(
      'The payment service is not available.',
    );
    expect(errorText(new ApiError(503, 'DATABASE_UNAVAILABLE', 'The store is briefly unavailable.'))).toBeUndefined();
  });

  it("is chosen by the code: the specification's text replaces the server's where it words it differently", () => {
    const reused = new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key reused with another request');
    expect(errorText(reused)).toBe(
      'This payment was already started with different details. Please review your order and pay again.',
    );
    expect(errorReason(reused)).toBe(errorText(reused));
  });

  it('the reason underneath is the failure in its own words, whatever it was', () => {
    expect(errorReason(refusal)).toBe('This book is already in your cart.');
    expect(errorReason(serverError)).toBe('Something went wrong on our side. Please try again.');
    expect(errorReason(unreachable)).toBe('Cannot reach the server. Please check your connection.');
    expect(errorReason(new Error('not the API'))).toBeUndefined();
  });

  it('names the code of an API failure only', () => {
    expect(errorCode(refusal)).toBe('ALREADY_IN_CART');
    expect(errorCode(unreachable)).toBe('NETWORK');
    expect(errorCode(new Error('x'))).toBeUndefined();
  });
});
