import { TemplateRenderer } from '../template-renderer';
import { normalizeLocaleArg } from './i18n-money-format';

const renderer = new TemplateRenderer();
const render = (template: string, context: unknown, locale?: string) => renderer.render({ template, context, locale }).html;
const money = (decimalValue: string | number, currencyCode: string) => ({ decimalValue, currencyCode });

describe('i18n-money-format', () => {
  it.each([
    ['USD', 'en-US', '$1,234.56', '-$1,234.56'],
    ['JPY', 'en-US', '¥1,235', '-¥1,235'],
    ['JPY', 'de-DE', '1.235¥', '-1.235¥'],
    ['SEK', 'en-US', 'kr 1,234.56', 'kr -1,234.56'],
    ['SEK', 'de-DE', '1.234,56 kr', '-1.234,56 kr'],
    ['EUR', 'fr-FR', '1\u00a0234,56€', '-1\u00a0234,56€'],
    ['AUD', 'sv-SE', '1\u00a0234,56 A$', '-1\u00a0234,56 A$'],
    ['GBP', 'en-UK', '£1,234.56', '-£1,234.56'],
  ])('%s in %s', (currency, locale, positive, negative) => {
    expect(render(`{@|i18n-money-format ${locale}}`, money(1234.56, currency))).toBe(positive);
    expect(render(`{@|i18n-money-format ${locale}}`, money('-1234.56', currency))).toBe(negative);
  });

  it('uses the render locale without an argument and accepts underscore tags', () => {
    expect(render('{@|i18n-money-format}', money('1234.56', 'EUR'), 'de-DE')).toBe('1.234,56€');
    expect(render('{@|i18n-money-format de_DE}', money('1234.56', 'EUR'))).toBe('1.234,56€');
    expect(normalizeLocaleArg('sv_se')).toBe('sv-SE');
    expect(normalizeLocaleArg('not a locale')).toBeUndefined();
  });

  it('falls back to the CLDR symbol for currencies without a house symbol', () => {
    expect(render('{@|i18n-money-format en-US}', money('5', 'CHF'))).toBe('CHF 5.00');
  });

  it('reads minor-unit money and legacy cents exactly, rounding half-even', () => {
    expect(render('{@|i18n-money-format en-US}', { value: '123456789012345678901234567890', currency: 'USD' })).toBe(
      '$1,234,567,890,123,456,789,012,345,678.90',
    );
    expect(render('{@|i18n-money-format en-US}', { value: '1234', currency: 'JPY' })).toBe('¥1,234');
    expect(render('{@|i18n-money-format en-US}', 30)).toBe('$0.30');
    expect(render('{@|i18n-money-format en-US}', money('0.125', 'USD'))).toBe('$0.12');
    expect(render('{@|i18n-money-format en-US}', money('-0.001', 'USD'))).toBe('$0.00');
    expect(render('[{@|i18n-money-format en-US}]', { title: 'x' })).toBe('[]');
  });
});
