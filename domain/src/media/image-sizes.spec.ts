import {
  altTextFor, availableWidths, loadingAttributes, parseImageFormatQuery, srcsetFor, systemDataVariants, textFromHtml, thumbnailWidthFor,
} from './image-sizes';

const asset = (originalSize: string) => ({ assetUrl: '/static/images/i1/mug.jpg', originalSize });

describe('image sizes', () => {
  it('lists the SPEC widths up to the original width in srcset, and the original at its own width when it is not one of them', () => {
    expect(srcsetFor(asset('750x500'))).toBe(
      '/static/images/i1/mug.jpg?format=100w 100w, /static/images/i1/mug.jpg?format=300w 300w, ' +
        '/static/images/i1/mug.jpg?format=500w 500w, /static/images/i1/mug.jpg?format=750w 750w',
    );
    expect(srcsetFor(asset('1200x800')).split(', ').map((c) => c.split(' ')[1])).toEqual(['100w', '300w', '500w', '750w', '1000w', '1200w']);
    expect(srcsetFor(asset('1200x800'))).toContain('/static/images/i1/mug.jpg?format=original 1200w');
    expect(srcsetFor(asset('4000x3000')).split(', ').map((c) => c.split(' ')[1])).toEqual(['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w']);
    expect(srcsetFor(asset('64x64'))).toBe('/static/images/i1/mug.jpg?format=original 64w');
    expect(srcsetFor(asset('not a size'))).toBe('');
  });

  it('describes the variants as the template engine reads them', () => {
    expect(systemDataVariants('1500x1000')).toBe('1500x1000,100w,300w,500w,750w,1000w,1500w');
    expect(systemDataVariants('99x10')).toBe('99x10');
    expect(availableWidths(2500)).toEqual([100, 300, 500, 750, 1000, 1500, 2500]);
  });

  it.each([
    [1, '100w'], [100, '100w'], [101, '300w'], [300, '300w'], [301, '500w'], [500, '500w'], [501, '750w'], [750, '750w'], [751, '1000w'],
    [1000, '1000w'], [1001, '1500w'], [4000, '1500w'],
  ])('picks the thumbnail width for %d px: %s (SPEC 9)', (px, width) => {
    expect(thumbnailWidthFor(px)).toBe(width);
  });

  it('loads high-priority images eagerly and first, the rest lazily', () => {
    expect(loadingAttributes('high')).toBe('loading="eager" fetchpriority="high"');
    expect(loadingAttributes('low')).toBe('loading="lazy"');
    expect(loadingAttributes(null)).toBe('loading="lazy"');
    expect(loadingAttributes(undefined)).toBe('loading="lazy"');
  });

  it('parses only the SPEC formats', () => {
    expect(parseImageFormatQuery('original')).toEqual({ kind: 'original' });
    expect(parseImageFormatQuery('2500w')).toEqual({ kind: 'width', width: 2500 });
    for (const bad of ['200w', '500', 'w', '0500w', 'ORIGINAL', '', undefined, ['100w']]) expect(parseImageFormatQuery(bad)).toBeNull();
  });

  describe('alt text', () => {
    it('uses the alt text first, then the body as text cut at 250 characters, then the title', () => {
      expect(altTextFor({ altText: ' A mug ', body: '<p>Body</p>', title: 'Title' })).toBe('A mug');
      expect(altTextFor({ altText: '', body: '<p>Thrown <em>by hand</em> &amp; glazed</p>', title: 'Title' })).toBe('Thrown by hand & glazed');
      expect(altTextFor({ altText: '  ', body: '<p> </p>', title: 'Title' })).toBe('Title');
      expect(altTextFor({})).toBe('');
    });

    it('cuts the body at exactly 250 characters (SPEC 9)', () => {
      const body = `<p>${'a'.repeat(249)}bc</p>`;
      const alt = altTextFor({ body });
      expect(alt).toHaveLength(250);
      expect(alt.endsWith('ab')).toBe(true);
      expect(altTextFor({ body: `<p>${'x'.repeat(250)}</p>` })).toHaveLength(250);
      expect(altTextFor({ body: 'y'.repeat(100) })).toHaveLength(100);
    });

    it('never splits a character made of two UTF-16 units', () => {
      const alt = altTextFor({ body: '🏺'.repeat(300) });
      expect([...alt]).toHaveLength(250);
      expect(alt).toBe('🏺'.repeat(250));
    });

    it('turns tags into spaces and collapses whitespace', () => {
      expect(textFromHtml('<h1>Kiln</h1><p>day&nbsp;one</p>\n<br/>')).toBe('Kiln day one');
    });
  });
});
