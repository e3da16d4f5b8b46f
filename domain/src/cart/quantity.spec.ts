import { parseQuantity, parseQuantityChange } from './quantity';

describe('quantity (SPEC 5: a whole number from 1 to 9999)', () => {
  it.each([
    [1, 1], [9999, 9999], ['3', 3], ['1.0', 1], [1e2, 100], [-0 + 5, 5],
  ])('%p is %p', (raw, quantity) => {
    expect(parseQuantity(raw)).toEqual({ ok: true, value: quantity });
  });

  it.each([
    ['1e2', 'QUANTITY_NOT_A_NUMBER'],
    ['0x10', 'QUANTITY_NOT_A_NUMBER'],
    ['+1', 'QUANTITY_NOT_A_NUMBER'],
    [' 3', 'QUANTITY_NOT_A_NUMBER'],
    ['3 ', 'QUANTITY_NOT_A_NUMBER'],
    ['Infinity', 'QUANTITY_NOT_A_NUMBER'],
    ['1_000', 'QUANTITY_NOT_A_NUMBER'],
    ['', 'QUANTITY_NOT_A_NUMBER'],
    ['two', 'QUANTITY_NOT_A_NUMBER'],
    [Number.POSITIVE_INFINITY, 'QUANTITY_NOT_A_NUMBER'],
    [Number.NaN, 'QUANTITY_NOT_A_NUMBER'],
    [null, 'QUANTITY_NOT_A_NUMBER'],
    [undefined, 'QUANTITY_NOT_A_NUMBER'],
    [true, 'QUANTITY_NOT_A_NUMBER'],
    [[1], 'QUANTITY_NOT_A_NUMBER'],
    [{}, 'QUANTITY_NOT_A_NUMBER'],
    ['1.5', 'QUANTITY_NOT_WHOLE'],
    [1.5, 'QUANTITY_NOT_WHOLE'],
    [0, 'QUANTITY_OUT_OF_RANGE'],
    [-0, 'QUANTITY_OUT_OF_RANGE'],
    ['-1', 'QUANTITY_OUT_OF_RANGE'],
    [10000, 'QUANTITY_OUT_OF_RANGE'],
    ['99999999999999999999', 'QUANTITY_OUT_OF_RANGE'],
  ])('%p is refused with %s', (raw, code) => {
    const result = parseQuantity(raw);
    expect(result.ok ? null : result.error.code).toBe(code);
  });

  describe('a new quantity for an entry (0 removes it)', () => {
    it.each([
      [0, 0], [-0, 0], ['0', 0], ['0.0', 0], ['-0', 0], [' 0 ', 0], ['0x0', 0], [3, 3], ['3', 3], ['1.0', 1],
    ])('%p is %p', (raw, quantity) => {
      expect(parseQuantityChange(raw)).toEqual({ ok: true, value: quantity });
    });

    it.each([
      ['', 'QUANTITY_NOT_A_NUMBER'], ['  ', 'QUANTITY_NOT_A_NUMBER'], [undefined, 'QUANTITY_NOT_A_NUMBER'], [null, 'QUANTITY_NOT_A_NUMBER'],
      [false, 'QUANTITY_NOT_A_NUMBER'], [0.5, 'QUANTITY_NOT_WHOLE'], [-1, 'QUANTITY_OUT_OF_RANGE'], [10000, 'QUANTITY_OUT_OF_RANGE'],
    ])('%p is refused with %s, as a quantity is', (raw, code) => {
      const result = parseQuantityChange(raw);
      expect(result.ok ? null : result.error.code).toBe(code);
    });
  });
});
