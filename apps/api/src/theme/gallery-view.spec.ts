import { cssAspectRatio, GALLERY_DEFAULTS, galleryView } from './gallery-view';

describe('galleryView', () => {
  it('turns the SPEC defaults into a grid of four with 20px gaps and square crops', () => {
    const view = galleryView(GALLERY_DEFAULTS);
    expect(view.design).toBe('grid');
    expect(view.className).toBe('gallery gallery--grid gallery--crop gallery--square-thumbs gallery--align-center');
    expect(view.style).toBe(
      '--gallery-columns: 4; --gallery-gap: 20px; --gallery-aspect: 1 / 1; --gallery-thumb-height: 80px; --gallery-thumb-margin: 20px; --gallery-max-width: 300px',
    );
    expect(view).toMatchObject({ showMeta: false, lightbox: false, autoplay: false, autoplayDuration: 5, lightboxTheme: 'dark' });
  });

  it('carries every option into classes, custom properties or flags', () => {
    const view = galleryView({
      ...GALLERY_DEFAULTS,
      design: 'slideshow',
      autoplay: true,
      'autoplay-duration': 3,
      'auto-crop': false,
      'aspect-ratio': '16:9',
      thumbnails: true,
      'thumbnail-strip-height': 120,
      'show-meta': true,
      'meta-position': 'top-left',
      'show-meta-on-hover': true,
      'active-alignment': 'left',
      'thumbnails-per-row': 6,
      padding: 0,
      lightbox: true,
      lightboxTheme: 'light',
      'max-width': 150,
      transparentBackground: true,
    });
    expect(view.isSlideshow).toBe(true);
    expect(view.className.split(' ')).toEqual(
      expect.arrayContaining(['gallery--slideshow', 'gallery--natural', 'gallery--meta-top-left', 'gallery--meta-hover', 'gallery--align-left', 'gallery--transparent']),
    );
    expect(view.style).toContain('--gallery-columns: 6');
    expect(view.style).toContain('--gallery-gap: 0px');
    expect(view.style).toContain('--gallery-aspect: 16 / 9');
    expect(view.style).toContain('--gallery-thumb-height: 120px');
    expect(view.style).toContain('--gallery-max-width: 150px');
    expect(view).toMatchObject({ autoplay: true, autoplayDuration: 3, thumbnails: true, lightbox: true, lightboxTheme: 'light', showDescription: true, controlBar: true });
  });

  it('shows only titles with show-meta-only-title', () => {
    const view = galleryView({ 'show-meta-only-title': true });
    expect(view.showMeta).toBe(true);
    expect(view.showDescription).toBe(false);
  });

  it('fills missing options with the defaults', () => {
    expect(galleryView(undefined).design).toBe('grid');
    expect(galleryView({ design: 'nonsense' }).design).toBe('grid');
  });

  it.each([
    ['square', '1 / 1'],
    ['3:2', '3 / 2'],
    ['2:3', '2 / 3'],
    ['4:3', '4 / 3'],
    ['3:4', '3 / 4'],
    ['16:9', '16 / 9'],
    ['2.40', '2.4 / 1'],
  ])('aspect ratio %s → %s', (option, css) => expect(cssAspectRatio(option)).toBe(css));

  it('has a bar of buttons only for a slideshow or slider with controls or autoplay', () => {
    expect(galleryView({ design: 'slideshow', controls: true }).controlBar).toBe(true);
    expect(galleryView({ design: 'slider', autoplay: true }).controlBar).toBe(true);
    expect(galleryView({ design: 'slideshow' }).controlBar).toBe(false);
    expect(galleryView({ design: 'grid', controls: true, autoplay: true }).controlBar).toBe(false);
    expect(galleryView({ design: 'stacked', controls: true }).controlBar).toBe(false);
  });
});
