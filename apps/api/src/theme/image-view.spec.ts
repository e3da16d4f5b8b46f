import { altTextOf, imageView, servedWidths } from './image-view';

const asset = { assetUrl: '/static/images/img-1/mug.jpg', originalSize: '1200x800', mediaFocalPoint: { x: 0.3, y: 0.7 } };

describe('imageView', () => {
  it('lists the SPEC widths up to the original width in srcset', () => {
    const view = imageView(asset);
    expect(view.srcset).toBe(
      '/static/images/img-1/mug.jpg?format=100w 100w, /static/images/img-1/mug.jpg?format=300w 300w, ' +
        '/static/images/img-1/mug.jpg?format=500w 500w, /static/images/img-1/mug.jpg?format=750w 750w, ' +
        '/static/images/img-1/mug.jpg?format=1000w 1000w',
    );
    expect(view.srcset).not.toContain('1500w');
    expect(view.src).toBe('/static/images/img-1/mug.jpg?format=1000w');
    expect(view.width).toBe(1200);
    expect(view.height).toBe(800);
    expect(view.objectPosition).toBe('30% 70%');
  });

  it('offers every width for a large original and caps src at 1000w', () => {
    const view = imageView({ ...asset, originalSize: '4000x3000' });
    expect(view.srcset.split(', ')).toHaveLength(7);
    expect(view.srcset).toContain('?format=2500w 2500w');
    expect(view.src.endsWith('?format=1000w')).toBe(true);
  });

  it('uses the file itself for an image narrower than 100px', () => {
    const view = imageView({ ...asset, originalSize: '80x80' });
    expect(view.srcset).toBe('');
    expect(view.sizes).toBe('');
    expect(view.src).toBe('/static/images/img-1/mug.jpg');
  });

  it('treats an unreadable originalSize as unknown', () => {
    const view = imageView({ ...asset, originalSize: 'big' });
    expect(view.width).toBe(0);
    expect(view.srcset).toBe('');
  });

  it('loads a high-priority image eagerly and first, everything else lazily (SPEC 4)', () => {
    expect(imageView(asset, { priority: 'high' })).toMatchObject({ loading: 'eager', fetchpriority: 'high' });
    expect(imageView(asset, { priority: 'low' })).toMatchObject({ loading: 'lazy', fetchpriority: 'low' });
    expect(imageView(asset)).toMatchObject({ loading: 'lazy', fetchpriority: '', decoding: 'async', sizes: '100vw' });
    expect(imageView(asset, { sizes: '50vw' }).sizes).toBe('50vw');
  });

  it('defaults the focal point to the centre', () => {
    expect(imageView({ assetUrl: '/a.jpg', originalSize: '500x500' }).objectPosition).toBe('50% 50%');
  });

  it('knows the served widths', () => {
    expect(servedWidths(99)).toEqual([]);
    expect(servedWidths(750)).toEqual([100, 300, 500, 750]);
  });
});

describe('alt text (SPEC 9)', () => {
  it('prefers altText', () => {
    expect(altTextOf({ altText: 'A sand mug', body: '<p>Body</p>', title: 'Title' })).toBe('A sand mug');
  });

  it('falls back to the body without tags, cut at 250 characters', () => {
    const body = `<p>${'word '.repeat(80)}</p>`;
    const alt = altTextOf({ altText: '  ', body, title: 'Title' });
    expect(alt).toHaveLength(250);
    expect(alt).not.toContain('<');
    expect(altTextOf({ body: '<p>Short <em>body</em></p>', title: 'T' })).toBe('Short body');
  });

  it('then the title, then the fallback, then nothing', () => {
    expect(altTextOf({ body: '<p> </p>', title: 'Kiln opening' })).toBe('Kiln opening');
    expect(altTextOf({}, 'Stoneware Mug')).toBe('Stoneware Mug');
    expect(altTextOf({})).toBe('');
  });
});
