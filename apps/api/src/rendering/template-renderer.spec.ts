import { Formatter, PredicatePlugin, type Variable } from '@squarespace/template-engine';
import { TemplateRenderer, type RenderErrorReport } from './template-renderer';

const renderer = new TemplateRenderer();

describe('TemplateRenderer', () => {
  it('renders variables, sections, repeated sections and formatters against the page context', () => {
    const { html, errors } = renderer.render({
      template: '<h1>{website.siteTitle|htmltag}</h1>{.repeated section items}<li>{title} {price|money-format}</li>{.end}{.section missing}x{.or}none{.end}',
      context: { website: { siteTitle: 'Clay & Co.' }, items: [{ title: 'Mug', price: 1850 }, { title: 'Bowl', price: 2400 }] },
    });
    expect(errors).toEqual([]);
    expect(html).toBe('<h1>Clay &amp; Co.</h1><li>Mug 18.50</li><li>Bowl 24.00</li>none');
  });

  it('formats with CLDR for the requested locale, en-US by default, and without CLDR for locale null', () => {
    const request = { template: '{n|decimal} {p|money-format}', context: { n: '1234.5', p: 123456 } };
    expect(renderer.render(request).html).toBe('1,234.5 1,234.56');
    expect(renderer.render({ ...request, locale: 'de-DE' }).html).toBe('1.234,5 1.234,56');
    expect(renderer.render({ ...request, locale: null }).html).toBe(' 1,234.56');
  });

  it('reports an unknown locale and renders with the default one', () => {
    for (const locale of ['zz-ZZ', '', '!!! not a tag']) {
      const { html, errors } = renderer.render({ template: '{n|decimal}', context: { n: '1234.5' }, locale });
      expect(html).toBe('1,234.5');
      expect(errors).toEqual([expect.objectContaining({ kind: 'locale' })]);
    }
  });

  it('passes "now" to the relative time formatters', () => {
    const day = 24 * 3600 * 1000;
    const now = Date.UTC(2024, 5, 15);
    const { html } = renderer.render({ template: '{t|timesince}', context: { t: now - 3 * day }, now });
    expect(html).toContain('3 days ago');
  });

  it('evaluates expressions and includes', () => {
    const { html, errors } = renderer.render({
      template: '{.macro size.html}{.eval @w = 600; @h = @w * ratio}{.end}{.include size.html}{@w}x{@h}',
      context: { ratio: 0.5 },
    });
    expect(errors).toEqual([]);
    expect(html).toBe('600x300');
  });

  describe('compile cache', () => {
    it('parses a template once and reuses the parse for the same text', () => {
      const local = new TemplateRenderer();
      const template = '{a} and {b}';
      local.render({ template, context: { a: 1, b: 2 } });
      const second = local.render({ template, context: { a: 3, b: 4 } });
      expect(second.html).toBe('3 and 4');
      expect(local.cacheStats()).toEqual({ size: 1, hits: 1, misses: 1 });
      expect(local.compile(template)).toBe(local.compile(template));
    });

    it('evicts the least recently used template past its capacity', () => {
      const local = new TemplateRenderer({ cacheSize: 2 });
      const a = local.compile('{a}');
      local.compile('{b}');
      local.compile('{a}');
      local.compile('{c}');
      expect(local.cacheStats().size).toBe(2);
      expect(local.compile('{a}')).toBe(a);
      expect(local.cacheStats().misses).toBe(3);
    });

    it('caches partials too, across renders', () => {
      const local = new TemplateRenderer();
      const request = { template: '{@|apply card}', context: { title: 'Mug' }, partials: { card: '<b>{title}</b>' } };
      expect(local.render(request).html).toBe('<b>Mug</b>');
      expect(local.render(request).html).toBe('<b>Mug</b>');
      expect(local.cacheStats()).toEqual({ size: 2, hits: 2, misses: 2 });
    });
  });

  it('applies partials with their own context and arguments', () => {
    const { html, errors } = renderer.render({
      template: '{.repeated section items}{@|apply item private}{.end}|{title|apply label.html size=big}',
      context: { items: [{ title: 'A' }, { title: 'B' }], title: 'T' },
      partials: { item: '[{title}]', 'label.html': '<{@args.size}>{@}' },
    });
    expect(errors).toEqual([]);
    expect(html).toBe('[A][B]|<big>T');
  });

  it('injects values', () => {
    const { html } = renderer.render({
      template: '{.inject @cfg config.json}{@cfg.name}: {@cfg.count}',
      context: {},
      injects: { 'config.json': { name: 'albert', count: 3 } },
    });
    expect(html).toBe('albert: 3');
  });

  describe('template errors never throw: the rest renders and the error is reported', () => {
    it('unknown formatter', () => {
      const { html, errors } = renderer.render({ template: 'a {x|nope} b {x}', context: { x: 1 } });
      expect(html).toBe('a {x|nope} b 1');
      expect(errors).toEqual([{ kind: 'unknown-formatter', type: 'parser', message: "SyntaxError: Formatter 'nope' is unknown" }]);
    });

    it('unknown predicate', () => {
      const { html, errors } = renderer.render({ template: 'a {.nope?}yes{.or}no{.end} b', context: {} });
      expect(html).toBe('a no b');
      expect(errors).toEqual([{ kind: 'unknown-predicate', type: 'parser', message: "SyntaxError: Predicate 'nope?' is unknown" }]);
    });

    it('unclosed block', () => {
      const { html, errors } = renderer.render({ template: 'a {.section x}{x} b', context: { x: 1 } });
      expect(html).toBe('a 1 b');
      expect(errors).toEqual([{ kind: 'syntax', type: 'assembler', message: 'SyntaxError: Reached EOF in the middle of SECTION' }]);
    });

    it('stray end and dead alternatives', () => {
      expect(renderer.render({ template: 'a {.end} b', context: {} }).errors[0]).toMatchObject({ kind: 'syntax', message: expect.stringContaining('not allowed at root') });
      expect(renderer.render({ template: '{.section a}x{.or}y{.or}z{.end}', context: { a: 1 } })).toEqual({
        html: 'x',
        errors: [expect.objectContaining({ kind: 'syntax', message: expect.stringContaining('will never execute') })],
      });
    });

    it('missing partial', () => {
      const { html, errors } = renderer.render({ template: 'a {@|apply nothere} b {.include gone.html} c', context: {} });
      expect(html).toBe('a  b  c');
      expect(errors.map((e) => e.kind)).toEqual(['missing-partial', 'missing-partial']);
      expect(errors[0]!.message).toBe("RuntimeError: Attempt to apply partial 'nothere' which could not be found.");
    });

    it('partial that does not parse', () => {
      const { html, errors } = renderer.render({ template: '[{@|apply broken}] after', context: { x: 1 }, partials: { broken: '{.section x}' } });
      expect(html).toBe('[] after');
      expect(errors).toEqual([expect.objectContaining({ kind: 'partial-parse', message: expect.stringContaining('Parse of partial "broken" failed') })]);
    });

    it('recursion past the partial depth limit of 16', () => {
      const { html, errors } = renderer.render({ template: 'start {@|apply self} end', context: {}, partials: { self: 'x{@|apply self}' } });
      expect(html).toBe(`start ${'x'.repeat(16)} end`);
      expect(errors).toEqual([
        { kind: 'partial-recursion', type: 'engine', message: "RuntimeError: Attempt to apply partial 'self' exceeded maximum recursion depth of 16" },
      ]);
    });

    it('partials nested exactly 16 deep are fine', () => {
      const chain = (depth: number) =>
        Object.fromEntries(Array.from({ length: depth }, (_, i) => [`p${i + 1}`, i + 1 < depth ? `${i + 1}{@|apply p${i + 2}}` : `${i + 1}`]));
      expect(renderer.render({ template: '{@|apply p1}', context: {}, partials: chain(16) }).errors).toEqual([]);
      expect(renderer.render({ template: '{@|apply p1}', context: {}, partials: chain(17) }).errors.map((e) => e.kind)).toEqual(['partial-recursion']);
    });

    it('expression errors, on every render of the cached template', () => {
      const template = '{.section a}{.eval @x = foo(1)}{.end}after';
      for (let i = 0; i < 2; i++) {
        expect(renderer.render({ template, context: { a: 1 } })).toEqual({
          html: 'after',
          errors: [{ kind: 'expression', type: 'engine', message: 'RuntimeError: Error parsing expression: "@x = foo(1)": Invalid function foo' }],
        });
      }
    });

    it('expression errors inside a partial: reported, and the rest of the partial renders', () => {
      for (let i = 0; i < 2; i++) {
        expect(renderer.render({ template: '<{@|apply p}>', context: {}, partials: { p: 'a{.eval @x = foo(1)}b' } })).toEqual({
          html: '<ab>',
          errors: [expect.objectContaining({ kind: 'expression', message: expect.stringContaining('Invalid function foo') })],
        });
      }
    });

    it('expression errors', () => {
      const parse = renderer.render({ template: '{.eval @x = foo(1)}after', context: {} });
      expect(parse.html).toBe('after');
      expect(parse.errors).toEqual([expect.objectContaining({ kind: 'expression', message: expect.stringContaining('Error parsing expression') })]);
      const reduce = renderer.render({ template: '{.eval 1 + }after', context: {} });
      expect(reduce.errors).toEqual([expect.objectContaining({ kind: 'expression', message: expect.stringContaining('Error reducing expression') })]);
    });

    it('a formatter or predicate that throws, even a non-Error', () => {
      class Boom extends Formatter {
        apply(_args: string[], _vars: Variable[]): void {
          throw 'boom';
        }
      }
      class Broken extends PredicatePlugin {
        apply(): boolean {
          throw new TypeError('no way');
        }
      }
      const local = new TemplateRenderer({ formatters: { boom: new Boom() }, predicates: { 'broken?': new Broken() } });
      const { html, errors } = local.render({ template: 'before {x|boom} {.broken?}y{.or}n{.end} after', context: { x: 1 } });
      expect(html).toBe('before   after');
      expect(errors).toEqual([
        { kind: 'runtime', type: 'engine', message: 'RuntimeError: Unexpected Error error when executing VARIABLE: boom' },
        { kind: 'runtime', type: 'engine', message: 'RuntimeError: Unexpected TypeError error when executing PREDICATE: no way' },
      ]);
    });
  });

  it('hands errors to the onErrors hook, and a failing hook does not fail the render', () => {
    const reports: RenderErrorReport[] = [];
    const logging = new TemplateRenderer({ onErrors: (report) => reports.push(report) });
    logging.render({ name: 'product-grid', template: '{x|nope}', context: {} });
    logging.render({ template: '{x}', context: { x: 1 } });
    expect(reports).toEqual([{ name: 'product-grid', locale: 'en-US', errors: [expect.objectContaining({ kind: 'unknown-formatter' })] }]);

    const throwing = new TemplateRenderer({ onErrors: () => { throw new Error('logger down'); } });
    expect(throwing.render({ template: 'ok {x|nope}', context: {} }).html).toBe('ok {x|nope}');
  });

  it('registers working formatters in place of the engine\'s no-ops', () => {
    const { html } = renderer.render({
      template: '{p|money-format} {p|moneyFormat} {p|money-string} {m|i18n-money-format} {t|datetimefield MMMM} {d|unit in:inch}',
      context: { p: 12345, m: { decimalValue: '1234.56', currencyCode: 'EUR' }, t: 1509647217000, d: '12345' },
    });
    expect(html).toBe('123.45 123.45 <span class="sqs-money-native">123.45</span> €1,234.56 November 342.9yd');
  });
});
