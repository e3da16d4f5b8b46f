import { TemplateRenderer } from '../template-renderer';
import { rejoinUnitLists } from './message-units';
import { parseUnitOptions } from './unit';

const renderer = new TemplateRenderer();
const render = (template: string, context: unknown, locale = 'en-US') => renderer.render({ template, context, locale }).html;

describe('unit', () => {
  it('converts to the best unit of the locale\'s measurement system', () => {
    expect(render('{n|unit in:inch}', { n: '12345' })).toBe('342.9yd');
    expect(render('{n|unit in:inch}', { n: '12345' }, 'de-DE')).toBe('313,6 m');
    expect(render('{n|unit in:celsius}', { n: '37' })).toBe('98.6°');
    expect(render('{n|unit in:celsius}', { n: '37' }, 'fr-FR')).toBe('37°C');
    expect(render('{n|unit in:second}', { n: 1234567 })).toBe('14.3d');
  });

  it('converts to an exact unit or the most compact of several', () => {
    expect(render('{n|unit in:inch out:feet}', { n: '12345' })).toBe('1028.8′');
    expect(render('{n|unit in:byte out:kilobyte group}', { n: '15789655' })).toBe('15,419.6kB');
    expect(render('{n|unit in:yard out:mile,yard,foot,inch}', { n: '.0123' })).toBe('0.4″');
    expect(render('{n|unit out:megabit format:long}', { n: '3000000' })).toBe('3 megabits');
  });

  it('formats sequences joined by spaces in every width', () => {
    expect(render('{n|unit in:inch sequence:foot,inch}', { n: '12345' })).toBe('1028′ 9″');
    expect(render('{n|unit in:inch sequence:foot,inch group format:short}', { n: '12345' })).toBe('1,028 ft 9 in');
    expect(render('{n|unit in:second sequence:day,hour,minute format:long}', { n: '1234567' })).toBe('14 days 6 hours 56.1 minutes');
  });

  it('picks compact units by kind', () => {
    expect(render('{n|unit in:byte compact:bytes}', { n: '15789655' })).toBe('15.1MB');
    expect(render('{n|unit in:byte compact:bits format:long}', { n: '15789655' })).toBe('126.3 megabits');
    expect(render('{n|unit in:celsius compact:temperature format:short}', { n: '100' })).toBe('212°F');
  });

  it('applies number options', () => {
    expect(render('{n|unit in:inch maxfrac:3 format:long}', { n: '12345' })).toBe('342.917 yards');
    expect(render('{n|unit in:hertz out:gigahertz maxfrac:6}', { n: '12345678.99' })).toBe('0.012346GHz');
    expect(render('{n|unit}', { n: '1234.56' })).toBe('1234.6');
    expect(parseUnitOptions(['in:inch', 'no-group', 'round:floor', 'minfrac:2']).number).toEqual({
      maximumFractionDigits: 1, minimumFractionDigits: 2, group: false, round: 'floor',
    });
  });

  it('renders nothing for values that are not numbers, or without CLDR', () => {
    expect(render('[{n|unit in:inch}]', { n: 'tall' })).toBe('[]');
    expect(render('[{n|unit in:inch}]', { n: { x: 1 } })).toBe('[]');
    expect(renderer.render({ template: '[{n|unit in:inch}]', context: { n: 3 }, locale: null }).html).toBe('[]');
  });

  it('is available inside message patterns', () => {
    const context = {
      msg: 'Transmission of {0 unit in:byte compact:bytes} took {1 unit in:second sequence:hour,minute,second format:long}',
      bytes: '12345657890',
      duration: '12345',
    };
    expect(render('{msg|message bytes duration}', context)).toBe('Transmission of 11.5GB took 3 hours 25 minutes 45 seconds');
    expect(rejoinUnitLists(['in:second', 'sequence:hour', 'minute', 'second', 'group'])).toEqual(['in:second', 'sequence:hour,minute,second', 'group']);
  });
});
