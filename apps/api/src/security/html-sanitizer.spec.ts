import { activeParts, XSS_PAYLOADS as ATTACKS } from '../../test/xss-payloads';
import { sanitizeAdminHtml, sanitizeBlockValue, sanitizeItemHtml, sanitizeRichText } from './html-sanitizer';

describe('sanitizeRichText (contributor rich text)', () => {
  it.each(ATTACKS)('leaves nothing that runs: %s', (payload) => {
    // (The noscript one is a mutation attack: harmless to this parser, live in a browser.)
    if (!payload.startsWith('<noscript')) expect(activeParts(payload)).not.toEqual([]);
    expect(activeParts(sanitizeRichText(payload))).toEqual([]);
    expect(sanitizeRichText(payload)).not.toMatch(/style=/);
  });

  it('keeps the SPEC formatting: paragraphs, safe links, emphasis, lists, headings, quotes and our own images', () => {
    const html =
      '<h2>Care</h2><p>Hand <strong>wash</strong>, <em>never</em> <a href="https://example.com/x">soak</a> or <a href="/shop">shop</a>.</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><p><a href="mailto:a@example.com">mail</a></p>' +
      '<img src="/static/images/img-1/mug.jpg?format=500w" alt="A mug">';
    expect(sanitizeRichText(html)).toBe(html.replace('alt="A mug">', 'alt="A mug" />'));
  });

  it('drops images from other places and opens new tabs with noopener', () => {
    expect(sanitizeRichText('<p><img src="https://evil.example/pixel.gif">x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeRichText('<p class="announcement">Free shipping</p>')).toBe('<p class="announcement">Free shipping</p>');
  });
});

describe('sanitizeAdminHtml (html blocks, video embeds)', () => {
  it.each(ATTACKS)('leaves nothing that runs even for an admin: %s', (payload) => {
    expect(activeParts(sanitizeAdminHtml(payload))).toEqual([]);
  });

  it('keeps layout markup and the known video players, not other frames', () => {
    const player = '<iframe src="https://player.vimeo.com/video/000000" title="A class" width="640" height="360" allow="fullscreen" loading="lazy"></iframe>';
    expect(sanitizeAdminHtml(player)).toBe(player);
    expect(sanitizeAdminHtml('<iframe src="https://evil.example/x"></iframe>')).toBe('');
    expect(sanitizeAdminHtml('<div class="grid" id="x"><table><tr><td>1</td></tr></table></div>')).toBe('<div class="grid" id="x"><table><tr><td>1</td></tr></table></div>');
  });
});

describe('sanitizeBlockValue / sanitizeItemHtml', () => {
  it('cleans every html field the theme prints raw', () => {
    const bad = '<img src=x onerror=alert(1)><p>ok</p>';
    const value = sanitizeBlockValue(44, {
      markdown: '# hi', html: bad, caption: bad, description: bad, items: [{ title: 't', body: bad }],
      product: { title: 'p', description: bad, excerpt: bad }, form: { parsedDisclaimerMessage: bad }, oembed: { html: `<script>x</script>${bad}` },
    });
    expect(JSON.stringify(value)).not.toMatch(/onerror|<script/);
    expect(value.markdown).toBe('# hi');
    expect(sanitizeItemHtml({ title: '<b>t</b>', body: bad, excerpt: bad })).toEqual({ title: '<b>t</b>', body: '<p>ok</p>', excerpt: '<p>ok</p>' });
  });
});
