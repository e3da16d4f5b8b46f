import { domainError } from '../shared/error-catalogue';
import { notAnOption, type Check } from './site-limits';

type OptionRule =
  | { kind: 'choice'; values: readonly string[]; default: string }
  | { kind: 'range'; min: number; max: number; default: number; integer: boolean }
  | { kind: 'flag'; default: boolean };

// Each helper returns its own kind of rule, so GalleryOptions below can tell flags and ranges from choices.
const choice = (values: readonly string[], def: string): Extract<OptionRule, { kind: 'choice' }> => ({ kind: 'choice', values, default: def });
const range = (min: number, max: number, def: number, integer = true): Extract<OptionRule, { kind: 'range' }> => ({ kind: 'range', min, max, default: def, integer });
const flag = (def: boolean): Extract<OptionRule, { kind: 'flag' }> => ({ kind: 'flag', default: def });

/** SPEC 3 'Gallery options': every option, its values or range, and its default. */
export const GALLERY_OPTION_RULES = {
  design: choice(['slideshow', 'slider', 'grid', 'stacked'], 'grid'),
  autoplay: flag(false),
  'autoplay-duration': range(1, 10, 5, false),
  controls: flag(false),
  'auto-crop': flag(true),
  'aspect-ratio': choice(['square', '3:2', '2:3', '4:3', '3:4', '16:9', '2.40'], 'square'),
  'square-thumbs': flag(true),
  thumbnails: flag(false),
  'thumbnail-strip-height': range(0, 200, 80),
  'thumbnail-strip-margin': range(0, 60, 20),
  'show-meta-basic': flag(false),
  'show-meta': flag(false),
  'show-meta-only-title': flag(false),
  'meta-position': choice(['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'], 'bottom'),
  'show-meta-on-hover': flag(false),
  'active-alignment': choice(['left', 'center', 'right'], 'center'),
  'thumbnails-per-row': range(1, 10, 4),
  padding: range(0, 50, 20),
  lightbox: flag(false),
  lightboxTheme: choice(['dark', 'light'], 'dark'),
  'max-width': range(100, 300, 300),
  newWindow: flag(false),
  transparentBackground: flag(false),
} as const satisfies Record<string, OptionRule>;

export type GalleryOptionName = keyof typeof GALLERY_OPTION_RULES;
export const GALLERY_OPTION_NAMES = Object.keys(GALLERY_OPTION_RULES) as GalleryOptionName[];

/** Every option with a valid value (what `normaliseGalleryOptions` returns). */
export type GalleryOptions = {
  [K in GalleryOptionName]: (typeof GALLERY_OPTION_RULES)[K] extends { kind: 'flag' } ? boolean
    : (typeof GALLERY_OPTION_RULES)[K] extends { kind: 'range' } ? number
    : string;
};

/** What an owner set, stored as given: option name → a JSON scalar. */
export type GalleryOptionsInput = Partial<Record<GalleryOptionName, string | number | boolean | null>>;

function normaliseOne(rule: OptionRule, raw: unknown): string | number | boolean {
  switch (rule.kind) {
    case 'flag':
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === 'false') return raw === 'true';
      return rule.default;
    case 'choice':
      return typeof raw === 'string' && rule.values.includes(raw) ? raw : rule.default;
    case 'range': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : NaN;
      const inRange = Number.isFinite(n) && n >= rule.min && n <= rule.max && (!rule.integer || Number.isInteger(n));
      return inRange ? n : rule.default;
    }
    default: {
      const unhandled: never = rule;
      return unhandled;
    }
  }
}

/**
 * Every gallery option with the owner's value where it is valid, else the SPEC default. Pure and
 * total: any input (missing, null, a string, an object with junk) gives a complete set. The theme
 * and the read models use this; the stored settings keep what the owner set.
 */
export function normaliseGalleryOptions(raw: unknown): GalleryOptions {
  const source = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const out: Record<string, string | number | boolean> = {};
  for (const name of GALLERY_OPTION_NAMES) {
    const value = Object.prototype.hasOwnProperty.call(source, name) ? source[name] : undefined;
    out[name] = normaliseOne(GALLERY_OPTION_RULES[name], value);
  }
  return out as GalleryOptions;
}

export const DEFAULT_GALLERY_OPTIONS: GalleryOptions = normaliseGalleryOptions({});

/**
 * What an owner may store: known option names only ('{val} is not one of the expected options'),
 * each a JSON scalar or null. Out-of-range values are stored as set and normalised on read.
 */
export function checkGalleryOptions(options: Record<string, unknown>): Check {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    return domainError('INVALID_REQUEST', { field: 'options' }, 'Gallery options must be an object.');
  }
  for (const [name, value] of Object.entries(options)) {
    if (!Object.prototype.hasOwnProperty.call(GALLERY_OPTION_RULES, name)) return notAnOption(name, 'galleryOptions');
    const scalar = value === null || ['string', 'number', 'boolean'].includes(typeof value);
    if (!scalar || (typeof value === 'string' && value.length > 100)) {
      return domainError('INVALID_REQUEST', { field: `galleryOptions.${name}` }, `Gallery option ${name} must be a text, number or true/false.`);
    }
  }
  return null;
}
