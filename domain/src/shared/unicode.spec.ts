import { hasLoneSurrogate, holdsUnstorableText, wellFormed } from './unicode';

describe('lone surrogates', () => {
  it.each([
    ['a high half at the end', 'ab\ud83d', true, 'ab\ufffd'],
    ['a low half at the start', '\ude00ab', true, '\ufffdab'],
    ['a reversed pair', '\ude00\ud83d', true, '\ufffd\ufffd'],
    ['two high halves before a low one', '\ud83d\ud83d\ude00', true, '\ufffd\u{1F600}'],
    ['a pair (an emoji)', 'a\u{1F600}b', false, 'a\u{1F600}b'],
    ['plain text', 'Stoneware mug', false, 'Stoneware mug'],
    ['nothing', '', false, ''],
  ])('%s', (_what, text, lone, replaced) => {
    expect(hasLoneSurrogate(text)).toBe(lone);
    expect(wellFormed(text)).toBe(replaced);
    expect(hasLoneSurrogate(wellFormed(text))).toBe(false);
  });
});

describe('holdsUnstorableText', () => {
  it.each([
    ['a NUL in a nested string', { a: [{ b: 'x\u0000' }] }, true],
    ['a lone surrogate in a nested key', { a: { ['k\ud800']: 1 } }, true],
    ['a lone surrogate in an array item', ['ok', '\udfff'], true],
    ['a bare string with NUL', '\u0000', true],
    ['pairs, numbers, booleans and null', { a: ['\u{1F600}', 1, true, null], b: { c: 'é' } }, false],
  ])('%s', (_what, value, expected) => {
    expect(holdsUnstorableText(value)).toBe(expected);
  });

  it('walks a deeply nested value without recursion', () => {
    let value: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) value = [value];
    expect(holdsUnstorableText(value)).toBe(true);
  });
});
