import { PRODUCT_TYPES } from './product-record';
import { installmentContext, installmentLocale, installmentMessage, installmentPayments, isInInstallmentRange } from './installments';

describe('installments (SPEC 4 "Installment pill", 9 "Installments")', () => {
  const us = installmentContext(PRODUCT_TYPES.PHYSICAL, 'USD', 'en-US')!;

  it('only physical items, in a store whose country and language make one of the SPEC locales', () => {
    expect(us).toEqual({ afterPayAvailable: true, afterPayMin: 3500, afterPayMax: 100000, shopperLanguage: 'en', stripeAccountCountry: 'US', currency: 'USD' });
    expect(installmentContext(PRODUCT_TYPES.DIGITAL, 'USD', 'en-US')).toBeNull();
    expect(installmentContext(PRODUCT_TYPES.SERVICE, 'USD', 'en-US')).toBeNull();
    expect(installmentContext(PRODUCT_TYPES.PHYSICAL, 'EUR', 'en-US')).toBeNull();
    expect(installmentContext(PRODUCT_TYPES.PHYSICAL, 'USD', 'fr-FR')).toBeNull();
    expect(installmentContext(PRODUCT_TYPES.PHYSICAL, 'CAD', 'fr-CA')?.shopperLanguage).toBe('fr');
  });

  it.each([
    ['US', 'en', 'en_US'], ['CA', 'en', 'en_CA'], ['CA', 'fr', 'fr_CA'], ['AU', 'en', 'en_AU'], ['NZ', 'en', 'en_NZ'], ['GB', 'en', 'en_GB'],
    ['US', 'fr', null], ['FR', 'fr', null], ['DE', 'en', null],
  ])('%s %s → %p', (country, language, locale) => {
    expect(installmentLocale(country, language)).toBe(locale);
  });

  it('is in range above the minimum and at most the maximum', () => {
    expect(isInInstallmentRange(3500, us)).toBe(false);
    expect(isInInstallmentRange(3501, us)).toBe(true);
    expect(isInInstallmentRange(100000, us)).toBe(true);
    expect(isInInstallmentRange(100001, us)).toBe(false);
  });

  it('words in range and out of range', () => {
    expect(installmentMessage(us, 3800)).toEqual({ inRange: true, provider: 'Afterpay', locale: 'en_US', text: 'or 4 interest-free payments of $9.50 with Afterpay' });
    expect(installmentMessage(us, 2800)?.text).toBe('Afterpay available for orders over $35.00');
    expect(installmentMessage(us, 3500)?.text).toBe('Afterpay available for orders over $35.00');
    expect(installmentMessage(us, 250000)?.text).toBe('Afterpay available for orders up to $1,000.00');
    expect(installmentMessage(installmentContext(PRODUCT_TYPES.PHYSICAL, 'GBP', 'en-GB'), 4000)?.text).toBe('or 4 interest-free payments of £10.00 with Clearpay');
    expect(installmentMessage(installmentContext(PRODUCT_TYPES.PHYSICAL, 'CAD', 'fr-CA'), 4000)?.text).toBe('ou 4 versements sans intérêts de 10,00\u00a0$ avec Afterpay');
    expect(installmentMessage(null, 4000)).toBeNull();
  });

  it('splits an amount into whole payments that add up to it, the first the largest', () => {
    expect(installmentPayments(3800)).toEqual([950, 950, 950, 950]);
    expect(installmentPayments(1001)).toEqual([251, 250, 250, 250]);
    expect(installmentPayments(3)).toEqual([1, 1, 1, 0]);
    expect(installmentMessage(us, 10001)?.text).toBe('or 4 interest-free payments of $25.01 with Afterpay');
    expect(() => installmentPayments(1.5)).toThrow();
  });
});
