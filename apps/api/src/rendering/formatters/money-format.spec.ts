import { TemplateRenderer } from '../template-renderer';

const renderer = new TemplateRenderer();
const render = (template: string, context: unknown, locale?: string | null) => renderer.render({ template, context, locale }).html;

describe('money-format, moneyFormat, money-string', () => {
  it('formats legacy cents as the store currency with its decimals', () => {
    expect(render('{@|money-format}', 12345)).toBe('123.45');
    expect(render('{@|moneyFormat}', 12345)).toBe('123.45');
    expect(render('{@|money-string}', 12345)).toBe('<span class="sqs-money-native">123.45</span>');
    expect(render('{@|money-format}', '5')).toBe('0.05');
    expect(render('{@|money-format}', -250)).toBe('-2.50');
  });

  it('uses the currency\'s own decimals: JPY has none', () => {
    expect(render('{p|money-format}', { p: { value: '1234', currency: 'JPY' } })).toBe('1,234');
    expect(render('{p|money-format}', { p: { value: '1234', currency: 'USD' } })).toBe('12.34');
    expect(render('{p|money-format}', { p: 1234, websiteSettings: { storeSettings: { selectedCurrency: 'JPY' } } })).toBe('1,234');
    expect(render('{p|money-format}', { p: { decimalValue: '1234.56', currencyCode: 'JPY' } })).toBe('1,235');
  });

  it('follows the render locale', () => {
    expect(render('{@|money-format}', 123456, 'de-DE')).toBe('1.234,56');
    expect(render('{@|money-format}', 123456, 'fr-FR')).toBe('1\u202f234,56');
    expect(render('{@|money-string}', 123456, null)).toBe('<span class="sqs-money-native">1,234.56</span>');
  });

  it('never goes through floating point: sums, half-even ties and huge amounts stay exact', () => {
    expect(render('{p|money-format}', { p: { value: String(10 + 20), currency: 'USD' } })).toBe('0.30');
    expect(render('{p|money-format}', { p: { decimalValue: '2.675', currencyCode: 'USD' } })).toBe('2.68');
    expect(render('{p|money-format}', { p: { decimalValue: '0.125', currencyCode: 'USD' } })).toBe('0.12');
    expect(render('{p|money-format}', { p: { value: '123456789012345678901234567890', currency: 'USD' } })).toBe(
      '1,234,567,890,123,456,789,012,345,678.90',
    );
    expect(render('{p|money-format}', { p: { value: '9007199254740993', currency: 'JPY' } })).toBe('9,007,199,254,740,993');
  });

  it('renders nothing for values that are not money', () => {
    expect(render('[{p|money-format}][{q|money-string}]', { p: 'A', q: { title: 'x' } })).toBe('[][]');
  });
});
