/**
 * A gallery's normalised options (SPEC 3 'Gallery options') as the gallery templates use them: a
 * class list, CSS custom properties, and data attributes for the gallery island (autoplay,
 * lightbox). Options arrive normalised (every option present and in range); missing ones take the
 * SPEC defaults so a gallery block without options still renders.
 */
export type GalleryDesign = 'slideshow' | 'slider' | 'grid' | 'stacked';

export type GalleryOptions = {
  design: string;
  autoplay: boolean;
  'autoplay-duration': number;
  controls: boolean;
  'auto-crop': boolean;
  'aspect-ratio': string;
  'square-thumbs': boolean;
  thumbnails: boolean;
  'thumbnail-strip-height': number;
  'thumbnail-strip-margin': number;
  'show-meta-basic': boolean;
  'show-meta': boolean;
  'show-meta-only-title': boolean;
  'meta-position': string;
  'show-meta-on-hover': boolean;
  'active-alignment': string;
  'thumbnails-per-row': number;
  padding: number;
  lightbox: boolean;
  lightboxTheme: string;
  'max-width': number;
  newWindow: boolean;
  transparentBackground: boolean;
};

/** SPEC 3 defaults. */
export const GALLERY_DEFAULTS: GalleryOptions = {
  design: 'grid',
  autoplay: false,
  'autoplay-duration': 5,
  controls: false,
  'auto-crop': true,
  'aspect-ratio': 'square',
  'square-thumbs': true,
  thumbnails: false,
  'thumbnail-strip-height': 80,
  'thumbnail-strip-margin': 20,
  'show-meta-basic': false,
  'show-meta': false,
  'show-meta-only-title': false,
  'meta-position': 'bottom',
  'show-meta-on-hover': false,
  'active-alignment': 'center',
  'thumbnails-per-row': 4,
  padding: 20,
  lightbox: false,
  lightboxTheme: 'dark',
  'max-width': 300,
  newWindow: false,
  transparentBackground: false,
};

const DESIGNS: GalleryDesign[] = ['slideshow', 'slider', 'grid', 'stacked'];

/** 'square' → '1 / 1', '3:2' → '3 / 2', '2.40' → '2.4 / 1' (CSS aspect-ratio). */
export function cssAspectRatio(option: string): string {
  if (option === 'square') return '1 / 1';
  const pair = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(option);
  if (pair) return `${Number(pair[1])} / ${Number(pair[2])}`;
  const ratio = Number(option);
  return Number.isFinite(ratio) && ratio > 0 ? `${ratio} / 1` : '1 / 1';
}

export type GalleryView = {
  design: GalleryDesign;
  isSlideshow: boolean;
  isSlider: boolean;
  isGrid: boolean;
  isStacked: boolean;
  /** e.g. 'gallery gallery--grid gallery--crop gallery--meta-bottom gallery--meta-hover' */
  className: string;
  /** e.g. '--gallery-columns: 4; --gallery-gap: 20px; …' for the style attribute. */
  style: string;
  /** Captions: none, the title only, or title and description. */
  showMeta: boolean;
  showDescription: boolean;
  lightbox: boolean;
  lightboxTheme: string;
  autoplay: boolean;
  /** Seconds between slides. */
  autoplayDuration: number;
  controls: boolean;
  /**
   * A slideshow or slider with controls or autoplay has a bar of buttons: previous/next for
   * `controls`, Pause/Play for `autoplay` (WCAG 2.2.2: moving content can be paused). Hidden until
   * the gallery island runs.
   */
  controlBar: boolean;
  thumbnails: boolean;
  newWindow: boolean;
};

export function galleryView(options: Partial<GalleryOptions> | null | undefined): GalleryView {
  const o: GalleryOptions = { ...GALLERY_DEFAULTS, ...(options ?? {}) };
  const design: GalleryDesign = (DESIGNS as string[]).includes(o.design) ? (o.design as GalleryDesign) : 'grid';
  const showMeta = o['show-meta'] || o['show-meta-basic'] || o['show-meta-only-title'];
  const crop = design === 'slider' ? true : o['auto-crop'];
  const classes = [
    'gallery',
    `gallery--${design}`,
    crop ? 'gallery--crop' : 'gallery--natural',
    o['square-thumbs'] ? 'gallery--square-thumbs' : '',
    showMeta ? `gallery--meta gallery--meta-${o['meta-position']}` : '',
    showMeta && o['show-meta-on-hover'] ? 'gallery--meta-hover' : '',
    `gallery--align-${o['active-alignment']}`,
    o.transparentBackground ? 'gallery--transparent' : '',
  ].filter(Boolean);
  const vars: [string, string][] = [
    ['--gallery-columns', String(o['thumbnails-per-row'])],
    ['--gallery-gap', `${o.padding}px`],
    ['--gallery-aspect', cssAspectRatio(o['aspect-ratio'])],
    ['--gallery-thumb-height', `${o['thumbnail-strip-height']}px`],
    ['--gallery-thumb-margin', `${o['thumbnail-strip-margin']}px`],
    ['--gallery-max-width', `${o['max-width']}px`],
  ];
  return {
    design,
    isSlideshow: design === 'slideshow',
    isSlider: design === 'slider',
    isGrid: design === 'grid',
    isStacked: design === 'stacked',
    className: classes.join(' '),
    style: vars.map(([k, v]) => `${k}: ${v}`).join('; '),
    showMeta,
    showDescription: showMeta && !o['show-meta-only-title'],
    lightbox: o.lightbox,
    lightboxTheme: o.lightboxTheme === 'light' ? 'light' : 'dark',
    autoplay: o.autoplay,
    autoplayDuration: o['autoplay-duration'],
    controls: o.controls,
    controlBar: (design === 'slideshow' || design === 'slider') && (o.controls || o.autoplay),
    thumbnails: o.thumbnails,
    newWindow: o.newWindow,
  };
}
