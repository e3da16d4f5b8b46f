import { Node } from '@squarespace/template-engine';
import { minorToDecimal, normalizeDecimal, readMoney, shiftDecimal } from './money-value';

describe('money values', () => {
  it.each([
    ['12345', -2, '123.45'],
    ['5', -2, '0.05'],
    ['-5', -2, '-0.05'],
    ['0', -2, '0.00'],
    ['1234', 0, '1234'],
    ['123.45', 2, '12345'],
    ['1.5', 3, '1500'],
    ['-0.00', 0, '0.00'],
  ])('shiftDecimal(%s, %i) = %s', (plain, places, expected) => {
    expect(shiftDecimal(plain as string, places as number)).toBe(expected);
  });

  it.each([
    ['+012.50', '12.50'],
    ['1e3', '1000'],
    ['1.5E-2', '0.015'],
    ['.5', '0.5'],
    ['-0', '0'],
    [12.5, '12.5'],
    ['abc', undefined],
    ['', undefined],
    [Number.NaN, undefined],
  ])('normalizeDecimal(%p) = %p', (raw, expected) => {
    expect(normalizeDecimal(raw as string | number)).toBe(expected);
  });

  it('moves minor units to a major decimal with string arithmetic, whatever the size', () => {
    expect(minorToDecimal('12345', 'USD')).toBe('123.45');
    expect(minorToDecimal(1234, 'JPY')).toBe('1234');
    expect(minorToDecimal('123456789012345678901234567890', 'USD')).toBe('1234567890123456789012345678.90');
    expect(minorToDecimal('-1', 'EUR')).toBe('-0.01');
    expect(minorToDecimal('x', 'USD')).toBeUndefined();
  });

  it('adds minor units without floating point drift (10 + 20 cents)', () => {
    const cents = BigInt('10') + BigInt('20');
    expect(minorToDecimal(cents.toString(), 'USD')).toBe('0.30');
    expect(0.1 + 0.2).not.toBe(0.3);
  });

  it('reads every money shape of the page context', () => {
    expect(readMoney(new Node(12345), 'USD')).toEqual({ decimal: '123.45', currency: 'USD' });
    expect(readMoney(new Node('1234'), 'JPY')).toEqual({ decimal: '1234', currency: 'JPY' });
    expect(readMoney(new Node({ value: '1999', currency: 'EUR' }), 'USD')).toEqual({ decimal: '19.99', currency: 'EUR' });
    expect(readMoney(new Node({ value: '500', currency: 'JPY' }), 'USD')).toEqual({ decimal: '500', currency: 'JPY' });
    expect(readMoney(new Node({ decimalValue: '1234.56', currencyCode: 'GBP' }), 'USD')).toEqual({ decimal: '1234.56', currency: 'GBP' });
    expect(readMoney(new Node({ decimalValue: 1234.56, currencyCode: 'JPY' }), 'USD')).toEqual({ decimal: '1234.56', currency: 'JPY' });
    // decimalValue wins when a record carries both
    expect(readMoney(new Node({ value: '1999', decimalValue: '19.99', currency: 'USD' }), 'USD')).toEqual({ decimal: '19.99', currency: 'USD' });
    // no currency: the fallback (the store's)
    expect(readMoney(new Node({ value: '250' }), 'CAD')).toEqual({ decimal: '2.50', currency: 'CAD' });
  });

  it('reads nothing from values that are not money', () => {
    for (const value of [null, true, 'A', { title: 'x' }, [1, 2], { value: '' }]) {
      expect(readMoney(new Node(value), 'USD')).toBeUndefined();
    }
  });
});
