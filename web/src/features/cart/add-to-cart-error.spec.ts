import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { addToCartAlertTitle, addToCartErrorMessage } from './add-to-cart-error';

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

  it.each<[string, boolean, string]>([
    ['SESSION_EXPIRED', true, 'Your session has expired. Please reload the page and try again.'],
    ['SESSION_EXPIRED', false, 'Please enable cookies in your browser, reload the page, and try again.'],
    ['XSRF_TOKEN_INVALID', true, 'Your session has expired. Please reload the page and try again.'],
  ])('%s with cookies enabled %p (SPEC 8)', (code, cookies, message) => {
    expect(addToCartErrorMessage({ status: 401, data: { error: code, message: 'x' } }, cookies)).toBe(message);
  });

  it.each<[boolean, boolean, string]>([
    [false, false, 'Unable to Add Item'],
    [true, false, 'Unable to Purchase Item'],
    [false, true, 'Unable to purchase Gift Card'],
  ])('title: express %p, gift card %p → %p', (express, giftCard, title) => {
    expect(addToCartAlertTitle({ express, giftCard })).toBe(title);
  });

  it('a thrown error', () => {
    expect(addToCartErrorMessage({ name: 'Error', message: 'boom' })).toBe('Something went wrong');
  });
});
