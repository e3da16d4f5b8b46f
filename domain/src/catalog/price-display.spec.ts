import { priceDisplay, pricesVary, subscriptionWording, type PriceVariant } from './price-display';

const v = (price: number, sale?: number): PriceVariant => ({ price, salePrice: sale ?? 0, onSale: sale !== undefined });
const usd = (variants: PriceVariant[], subscriptionPlan: Parameters<typeof priceDisplay>[0]['subscriptionPlan'] = null) => ({ variants, currency: 'USD', subscriptionPlan });

describe('priceDisplay', () => {
  it.each<[string, PriceVariant[], PriceVariant | null, { text: string; original: string | null }]>([
    ['one price', [v(2800), v(2800)], null, { text: '$28.00', original: null }],
    ['the lowest unit price while variants differ (a sale counts at its sale price)', [v(3400), v(3800), v(3400, 2900)], null, { text: 'from $29.00', original: null }],
    ['the chosen variant', [v(3400), v(3800)], v(3800), { text: '$38.00', original: null }],
    ['a chosen variant on sale, with its regular price to strike through', [v(4500, 3600), v(4500)], v(4500, 3600), { text: '$36.00', original: '$45.00' }],
    ['every variant on the same sale', [v(4500, 3600), v(4500, 3600)], null, { text: '$36.00', original: '$45.00' }],
    ['no variants: the default zero price', [], null, { text: '$0.00', original: null }],
  ])('%s', (_name, variants, chosen, expected) => {
    expect(priceDisplay(usd(variants), chosen, 'en-US')).toEqual(expected);
  });

  it('formats minor units in the store currency (JPY has no decimals)', () => {
    expect(priceDisplay({ variants: [v(500)], currency: 'JPY' }, null, 'en-US').text).toBe('¥500');
    expect(priceDisplay({ variants: [v(123456)], currency: 'EUR' }, null, 'de-DE').text).toBe('1.234,56\u00a0€');
  });

  it('a subscription reads its billing period; a paywall reads its price (the demo studio notes: $8.00 every month)', () => {
    const monthly = { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 };
    expect(priceDisplay(usd([v(800)], monthly), null, 'en-US')).toEqual({ text: '$8.00 every month', original: null });
    expect(priceDisplay(usd([v(800, 600)], monthly), null, 'en-US')).toEqual({ text: '$6.00 every month', original: '$8.00 every month' });
    expect(priceDisplay(usd([v(800), v(900)], monthly), null, 'en-US').text).toBe('from $8.00 every month');
  });

  it("reads 'Unavailable' for a plan it cannot word (SPEC 8)", () => {
    expect(priceDisplay(usd([v(800)], { billingPeriod: null, numBillingCycles: 0 }), null, 'en-US')).toEqual({ text: 'Unavailable', original: null });
    expect(priceDisplay(usd([v(800)], { billingPeriod: { value: 1, unit: 'DAY' }, numBillingCycles: 0 }), null, 'en-US').text).toBe('Unavailable');
  });
});

describe('subscriptionWording', () => {
  it.each<[number, string, number, string]>([
    [1, 'MONTH', 0, '$5.00 every month'],
    [2, 'WEEK', 0, '$5.00 every 2 weeks'],
    [1, 'MONTH', 12, '$5.00 every month for 1 year'],
    [1, 'MONTH', 3, '$5.00 every month for 3 months'],
    [2, 'WEEK', 52, '$5.00 every 2 weeks for 2 years'],
    [1, 'YEAR', 1, '$5.00 every year for 1 year'],
    [1, 'WEEK', 1, '$5.00 every week for 1 week'],
  ])('every %p %s, %p cycles', (value, unit, numBillingCycles, text) => {
    expect(subscriptionWording('$5.00', { billingPeriod: { value, unit }, numBillingCycles })).toBe(text);
  });
});

describe('pricesVary', () => {
  it.each<[string, PriceVariant[], boolean]>([
    ['one variant', [v(100)], false],
    ['same prices', [v(100), v(100)], false],
    ['different prices', [v(100), v(200)], true],
    ['one on sale', [v(100, 50), v(100)], true],
    ['same sale', [v(100, 50), v(100, 50)], false],
    ['different sale prices', [v(100, 50), v(100, 60)], true],
    ['sale prices differ while not on sale', [{ price: 100, salePrice: 50, onSale: false }, { price: 100, salePrice: 60, onSale: false }], false],
  ])('%s', (_name, variants, varies) => {
    expect(pricesVary(variants)).toBe(varies);
  });
});
