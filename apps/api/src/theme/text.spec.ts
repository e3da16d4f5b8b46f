import { clip, textFromHtml, truncate } from './text';

describe('truncate (SPEC 9: default 100 with ellipsis)', () => {
  const long = 'Twelve hours up, a day to cool, and one very long minute with the lid half open while we waited for the kiln.';

  it('leaves text of 100 characters or less alone', () => {
    const exactly = 'x'.repeat(100);
    expect(truncate(exactly)).toBe(exactly);
    expect(truncate('Short.')).toBe('Short.');
  });

  it('cuts longer text at a word break within 100 characters and adds an ellipsis', () => {
    const out = truncate(long);
    expect(long.length).toBeGreaterThan(100);
    expect(out.endsWith('…')).toBe(true);
    expect(out.length).toBeLessThanOrEqual(101);
    expect(out).toBe('Twelve hours up, a day to cool, and one very long minute with the lid half open while we waited for…');
  });

  it('hard-cuts a text without spaces', () => {
    expect(truncate('a'.repeat(150))).toBe(`${'a'.repeat(100)}…`);
  });

  it('takes another length and ellipsis', () => {
    expect(truncate('one two three four', 9, '...')).toBe('one two...');
  });

  it('never splits an emoji', () => {
    const out = truncate('🏺'.repeat(120));
    expect([...out]).toHaveLength(101);
  });
});

describe('textFromHtml', () => {
  it('drops tags and scripts, decodes entities and collapses whitespace', () => {
    expect(textFromHtml('<p>Clay &amp; Co.</p>\n<p>Hudson&nbsp;NY</p><script>alert(1)</script>')).toBe('Clay & Co. Hudson NY');
    expect(textFromHtml(null)).toBe('');
  });
});

describe('clip', () => {
  it('cuts at a length without an ellipsis', () => {
    expect(clip('abcdef', 3)).toBe('abc');
    expect(clip('abc', 3)).toBe('abc');
  });
});
