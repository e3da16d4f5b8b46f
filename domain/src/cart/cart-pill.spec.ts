import { cartPillAccessibleName, cartPillLabel } from './cart-pill';

describe('cartPillLabel', () => {
  it.each([
    [0, null],
    [-1, null],
    [Number.NaN, null],
    [1, '1'],
    [3, '3'],
    [99, '99'],
    [100, '100'],
    [101, '100+'],
    [5000, '100+'],
  ])('totalQuantity %p shows %p', (totalQuantity, label) => {
    expect(cartPillLabel(totalQuantity)).toBe(label);
  });
});

describe('cartPillAccessibleName', () => {
  it.each([
    [0, 'Cart, empty'],
    [1, 'Cart, 1 item'],
    [2, 'Cart, 2 items'],
    [100, 'Cart, 100 items'],
    [101, 'Cart, 100+ items'],
  ])('totalQuantity %p is named %p', (totalQuantity, name) => {
    expect(cartPillAccessibleName(totalQuantity)).toBe(name);
  });
});
