import { TemplateRenderer } from '../template-renderer';

const renderer = new TemplateRenderer();
// Thu, 02 Nov 2017 18:26:57 GMT
const instant = 1509647217000;
const render = (field: string, locale = 'en-US', context: Record<string, unknown> = {}) =>
  renderer.render({ template: `{t|datetimefield ${field}}`, context: { t: instant, ...context }, locale }).html;

describe('datetimefield', () => {
  it('formats one date field', () => {
    expect(render('dd')).toBe('02');
    expect(render('MMMM')).toBe('November');
    expect(render('EEE')).toBe('Thu');
    expect(render('EEEE')).toBe('Thursday');
    expect(render('yyyy')).toBe('2017');
    expect(render('h')).toBe('2');
  });

  it('is localized', () => {
    expect(render('MMMM', 'fr')).toBe('novembre');
    expect(render('EEE', 'fr')).toBe('jeu.');
    expect(render('EEEE', 'fr')).toBe('jeudi');
  });

  it('uses the website time zone, New York by default', () => {
    expect(render('dd HH')).toBe('02 14');
    expect(render('dd HH', 'en-US', { website: { timeZone: 'Asia/Tokyo' } })).toBe('03 03');
  });

  it('renders nothing without a field, a number or CLDR', () => {
    expect(renderer.render({ template: '[{t|datetimefield}]', context: { t: instant } }).html).toBe('[]');
    expect(renderer.render({ template: '[{t|datetimefield MMMM}]', context: { t: 'soon' } }).html).toBe('[]');
    expect(renderer.render({ template: '[{t|datetimefield MMMM}]', context: { t: instant }, locale: null }).html).toBe('[]');
  });
});
