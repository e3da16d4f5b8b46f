import { DEFAULT_GALLERY_OPTIONS, GALLERY_OPTION_NAMES, normaliseGalleryOptions } from './gallery-options';

describe('gallery options (SPEC 3 table)', () => {
  it('defaults every option as the SPEC says', () => {
    expect(DEFAULT_GALLERY_OPTIONS).toEqual({
      design: 'grid', autoplay: false, 'autoplay-duration': 5, controls: false, 'auto-crop': true, 'aspect-ratio': 'square',
      'square-thumbs': true, thumbnails: false, 'thumbnail-strip-height': 80, 'thumbnail-strip-margin': 20, 'show-meta-basic': false,
      'show-meta': false, 'show-meta-only-title': false, 'meta-position': 'bottom', 'show-meta-on-hover': false, 'active-alignment': 'center',
      'thumbnails-per-row': 4, padding: 20, lightbox: false, lightboxTheme: 'dark', 'max-width': 300, newWindow: false, transparentBackground: false,
    });
  });

  // option, valid values kept, invalid values replaced by the default
  it.each<[string, unknown[], unknown[]]>([
    ['design', ['slideshow', 'slider', 'grid', 'stacked'], ['carousel', '', 'GRID', 3, null, true]],
    ['autoplay', [true, false, 'true'], ['yes', 1, null, {}]],
    ['autoplay-duration', [1, 10, 2.5, '7'], [0, 11, -1, 'fast', NaN, Infinity, null]],
    ['controls', [true], ['on', 2]],
    ['auto-crop', [false], ['no']],
    ['aspect-ratio', ['3:2', '2:3', '4:3', '3:4', '16:9', '2.40', 'square'], ['1:1', '21:9', 16 / 9]],
    ['square-thumbs', [false], [0]],
    ['thumbnails', [true], ['']],
    ['thumbnail-strip-height', [0, 200, 120], [-1, 201, 80.5, '1e3']],
    ['thumbnail-strip-margin', [0, 60], [61, -5]],
    ['show-meta-basic', [true], ['x']],
    ['show-meta', [true], [[]]],
    ['show-meta-only-title', [true], [1]],
    ['meta-position', ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'], ['middle', 'left']],
    ['show-meta-on-hover', [true], ['hover']],
    ['active-alignment', ['left', 'center', 'right'], ['justify', 'top']],
    ['thumbnails-per-row', [1, 10], [0, 11, 2.5]],
    ['padding', [0, 50], [51, -1, 'wide']],
    ['lightbox', [true], ['dark']],
    ['lightboxTheme', ['dark', 'light'], ['sepia', true]],
    ['max-width', [100, 300, 250], [99, 301, 0]],
    ['newWindow', [true], ['_blank']],
    ['transparentBackground', [true], ['none']],
  ])('%s keeps valid values and replaces invalid ones by the default', (name, valid, invalid) => {
    const def = (DEFAULT_GALLERY_OPTIONS as Record<string, unknown>)[name];
    for (const value of valid) {
      const expected = value === 'true' ? true : typeof def === 'number' && typeof value === 'string' ? Number(value) : value;
      expect([name, value, (normaliseGalleryOptions({ [name]: value }) as Record<string, unknown>)[name]]).toEqual([name, value, expected]);
    }
    for (const value of invalid) {
      expect([name, value, (normaliseGalleryOptions({ [name]: value }) as Record<string, unknown>)[name]]).toEqual([name, value, def]);
    }
  });

  it('covers every option of the table', () => {
    expect(GALLERY_OPTION_NAMES).toHaveLength(23);
  });

  it('gives every option for any input: out of range everywhere → all defaults', () => {
    const allBad = Object.fromEntries(GALLERY_OPTION_NAMES.map((n) => [n, 'out-of-range']));
    expect(normaliseGalleryOptions(allBad)).toEqual(DEFAULT_GALLERY_OPTIONS);
    for (const junk of [undefined, null, 'grid', 42, [], [{ design: 'slider' }]]) expect(normaliseGalleryOptions(junk)).toEqual(DEFAULT_GALLERY_OPTIONS);
    expect(normaliseGalleryOptions({ unknown: 1, design: 'stacked' })).toEqual({ ...DEFAULT_GALLERY_OPTIONS, design: 'stacked' });
    expect(normaliseGalleryOptions(Object.create({ design: 'slider' }))).toEqual(DEFAULT_GALLERY_OPTIONS);
  });
});
