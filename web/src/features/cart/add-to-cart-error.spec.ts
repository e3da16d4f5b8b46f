import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { addToCartErrorMessage } from './add-to-cart-error';

describe('addToCartErrorMessage', () => {
  it.each<[string, FetchBaseQueryError, string]>([
    [
      "the server's message",
      { status: 409, data: { error: 'INSUFFICIENT_STOCK', message: 'Sorry, we do not have enough of that item available.' } },
      'Sorry, we do not have enough of that item available.',
    ],
    ['429 uses the SPEC text', { status: 429, data: { error: 'RATE_LIMITED', message: 'slow down' } }, 'Please try again in a few seconds.'],
    ['a body without a message', { status: 500, data: 'oops' }, 'Something went wrong'],
    ['no connection', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, 'Network error'],
  ])('%s', (_name, error, message) => {
    expect(addToCartErrorMessage(error)).toBe(message);
  });

  it('a thrown error', () => {
    expect(addToCartErrorMessage({ name: 'Error', message: 'boom' })).toBe('Something went wrong');
  });
});
