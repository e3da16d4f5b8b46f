import { commentLabel } from './comment-label';

describe('commentLabel (SPEC 9)', () => {
  it.each([
    [0, 'No Comments'],
    [1, '1 Comment'],
    [2, '2 Comments'],
    [10, '10 Comments'],
    [-3, 'No Comments'],
    [Number.NaN, 'No Comments'],
  ])('%p → %s', (n, label) => expect(commentLabel(n)).toBe(label));
});
