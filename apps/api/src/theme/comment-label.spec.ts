import { Compiler } from '@squarespace/template-engine';
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

it('words counts as the engine comment-count formatter does (the templates use the formatter)', () => {
  const compiler = new Compiler();
  for (const n of [0, 1, 2, 17]) {
    const { ctx } = compiler.execute({ code: '{@|comment-count}', json: { publicCommentCount: n } });
    expect(ctx.render()).toBe(commentLabel(n));
  }
});
