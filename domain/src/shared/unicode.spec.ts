import { hasLoneSurrogate, wellFormed } from './unicode';

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
