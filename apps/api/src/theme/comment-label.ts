/** SPEC 9 'Comment label': 'No Comments', '1 Comment', 'N Comments' (the engine's `comment-count` words it the same). */
export function commentLabel(count: number): string {
  const n = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  if (n === 0) return 'No Comments';
  return n === 1 ? '1 Comment' : `${n} Comments`;
}
