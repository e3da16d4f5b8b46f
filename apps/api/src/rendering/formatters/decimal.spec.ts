import { TemplateRenderer } from '../template-renderer';

const renderer = new TemplateRenderer();
const render = (template: string, context: unknown) => renderer.render({ template, context }).html;

describe('decimal with mode:', () => {
  it('significant-maxfrac caps the fraction digits of a significant-digit format', () => {
    const template = '{.repeated section @}{@|decimal mode:significant-maxfrac minsig:1 maxfrac:3} {.end}';
    expect(render(template, ['0', '1', '1.01', '1.001', '3.14159', '1.3456', '12345.6789'])).toBe('0 1 1.01 1.001 3.142 1.346 12,345.679 ');
  });

  it('leaves the engine\'s decimal formatting alone otherwise', () => {
    expect(render('{n|decimal maximumFractionDigits:1}', { n: '123456.789' })).toBe('123,456.8');
    expect(render('{n|decimal style:percent}', { n: '0.25' })).toBe('25%');
    expect(render('{n|decimal mode:significant maxsig:2}', { n: '123456.789' })).toBe('120,000');
  });
});
