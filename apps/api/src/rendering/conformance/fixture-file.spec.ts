import { FixtureFormatError, parseFixture, parseFixtureSections, parseProperties } from './fixture-file';

describe('fixture files', () => {
  it('splits sections at `:NAME` lines, keeping each section\'s text as written', () => {
    const raw = 'ignored preamble\n:JSON\n{"a": 1}\n\n:TEMPLATE\n{a}\n:OUTPUT\n1\r\n';
    expect(parseFixtureSections(raw)).toEqual({ JSON: '{"a": 1}\n', TEMPLATE: '{a}', OUTPUT: '1\n' });
    expect(parseFixtureSections(':TEMPLATE\n:not a header\n:OUTPUT  \nx')).toEqual({ TEMPLATE: ':not a header', OUTPUT: 'x' });
  });

  it('reads a render fixture with partials, injects and params', () => {
    const raw = [
      ':JSON', '{"x": 1}',
      ':PARTIALS', '{"card": "<b>{x}</b>"}',
      ':INJECT', '{"foo.json": "{\\"name\\": \\"albert\\"}", "pi.json": "3.14"}',
      ':PARAMS', '{"locale": "de-DE", "now": 1627849845000}',
      ':TEMPLATE', '{@|apply card}',
      ':OUTPUT', '<b>1</b>', '',
    ].join('\n');
    expect(parseFixture(raw)).toEqual({
      kind: 'render',
      template: '{@|apply card}',
      json: { x: 1 },
      partials: { card: '<b>{x}</b>' },
      injects: { 'foo.json': { name: 'albert' }, 'pi.json': 3.14 },
      locale: 'de-DE',
      now: 1627849845000,
      output: '<b>1</b>\n',
    });
  });

  it('reads locale "none" as no CLDR and PROPERTIES in either separator style', () => {
    const fixture = (params: string) => parseFixture(`${params}\n:JSON\n1\n:TEMPLATE\n{@}\n:OUTPUT\n1`);
    expect(fixture(':PARAMS\n{"locale": "none"}')).toMatchObject({ locale: null });
    expect(fixture(':PROPERTIES\nlocale: en-US')).toMatchObject({ locale: 'en-US' });
    expect(fixture(':PROPERTIES\n# comment\nlocale=fr-FR\nnow = 42')).toMatchObject({ locale: 'fr-FR', now: 42 });
    expect(fixture(':COMMENTS\nwhatever')).toMatchObject({ locale: undefined, now: undefined });
    expect(parseProperties('a: 1\nb=2\n! note\n\nc = x y')).toEqual({ a: '1', b: '2', c: 'x y' });
  });

  it('classifies instruction-tree fixtures and data files', () => {
    expect(parseFixture(':TEMPLATE\na{b}\n\n:JSON\n[17, 1, [], 18]\n', 'resources/ast-1.html')).toEqual({
      kind: 'ast', template: 'a{b}', expected: '[17, 1, [], 18]', pretty: false,
    });
    expect(parseFixture(':TEMPLATE\n{a}\n:JSON\n[]', 'resources/pretty-1.txt')).toMatchObject({ kind: 'ast', pretty: true });
    expect(parseFixture(':hasVariants-1-true\n{}\n', 'has-variants.json')).toMatchObject({ kind: 'skip' });
  });

  it('rejects sections that are not valid JSON', () => {
    expect(() => parseFixture(':JSON\n{oops\n:TEMPLATE\nx\n:OUTPUT\nx')).toThrow(FixtureFormatError);
    expect(() => parseFixture(':JSON\n{}\n:PARTIALS\n[1]\n:TEMPLATE\nx\n:OUTPUT\nx')).toThrow('must be a JSON object');
  });
});
