import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

/**
 * The demo store's images, drawn here as SVG (nothing is downloaded) and rasterised with sharp:
 * studio and product shots for "Clay & Co." in warm, earthy glazes. Each has a fixed readable id so
 * the site's demo content can name it (`DEMO_IMAGES.heroStudio`).
 */
export const DEMO_IMAGES = {
  heroStudio: 'img-hero-studio',
  stonewareMug: 'img-stoneware-mug',
  mossMug: 'img-moss-mug',
  servingBowl: 'img-serving-bowl',
  dinnerPlates: 'img-dinner-plates',
  budVase: 'img-bud-vase',
  teaBowls: 'img-tea-bowls',
  linenApron: 'img-linen-apron',
  throwingWheel: 'img-throwing-wheel',
  kiln: 'img-kiln',
  glazeSwatches: 'img-glaze-swatches',
  recipeBook: 'img-recipe-book',
} as const;

export type DemoImageName = keyof typeof DEMO_IMAGES;

export type DemoImage = {
  name: DemoImageName;
  id: string;
  filename: string;
  title: string;
  altText: string;
  format: 'jpeg' | 'png';
  width: number;
  height: number;
  draw: () => Drawn;
};

/** An SVG drawing and how much grain to add when rasterising it (0: none). */
export type Drawn = { svg: string; grain: number };

// ---------------------------------------------------------------------------------------------
// Palette and drawing helpers

type Glaze = { light: string; mid: string; dark: string; speckle?: string; rim?: string };

const GLAZES = {
  sand: { light: '#efe3cf', mid: '#d8c4a4', dark: '#9c8466', speckle: '#6b4f36', rim: '#b98d5f' },
  moss: { light: '#a9b58a', mid: '#6f7f4f', dark: '#3b4729', speckle: '#2a3019', rim: '#c9b27c' },
  celadon: { light: '#d5e4d2', mid: '#a9c3aa', dark: '#6d8a72', rim: '#e8efe2' },
  tenmoku: { light: '#8a5a3a', mid: '#4a2c1c', dark: '#1e120c', rim: '#b0753f' },
  shino: { light: '#f6e9dc', mid: '#e4c6ad', dark: '#b98a6e', speckle: '#a0562f', rim: '#d98e5b' },
  cobalt: { light: '#8ea8d6', mid: '#3f5f9e', dark: '#1d2f5a', rim: '#c7d3ea' },
  rust: { light: '#d9895a', mid: '#a8522c', dark: '#5e2814', speckle: '#3c180c', rim: '#e0a477' },
  ash: { light: '#d8d3c2', mid: '#aaa48e', dark: '#6e6a58', speckle: '#4d4a3c', rim: '#c2b58f' },
  honey: { light: '#f0c27a', mid: '#c98a36', dark: '#7a4d16', rim: '#f4d9a4' },
  chun: { light: '#c9d8e8', mid: '#94acc8', dark: '#5a7190', rim: '#e3ebf3' },
  oatmeal: { light: '#f2ebdd', mid: '#ddd1bb', dark: '#a99b81', speckle: '#7c6a52', rim: '#cdb998' },
  copper: { light: '#d36a5e', mid: '#9c2f2a', dark: '#4f1213', rim: '#e6a19a' },
  white: { light: '#fbf8f2', mid: '#ebe5da', dark: '#bdb3a4', rim: '#f7f2ea' },
} satisfies Record<string, Glaze>;

const CLAY: Glaze = { light: '#e2bf9a', mid: '#c09068', dark: '#80583a', speckle: '#5a3a24' };

/** A small deterministic random generator (mulberry32), so every drawing is the same each time. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n: number) => Number(n.toFixed(1));

class Drawing {
  private defs: string[] = [];
  private body: string[] = [];
  private ids = 0;
  private grainOpacity = 0;

  constructor(readonly width: number, readonly height: number, readonly seed: number) {}

  id(prefix: string): string {
    return `${prefix}${++this.ids}`;
  }

  def(markup: string): void {
    this.defs.push(markup);
  }

  add(markup: string): void {
    this.body.push(markup);
  }

  /** A horizontal gradient that shades a turned form lit from the upper left. */
  turnedGradient(glaze: Glaze): string {
    const id = this.id('turn');
    this.def(
      `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">` +
        `<stop offset="0" stop-color="${glaze.dark}"/><stop offset="0.16" stop-color="${glaze.mid}"/>` +
        `<stop offset="0.34" stop-color="${glaze.light}"/><stop offset="0.5" stop-color="${glaze.mid}"/>` +
        `<stop offset="0.82" stop-color="${glaze.dark}"/><stop offset="1" stop-color="${glaze.dark}"/></linearGradient>`,
    );
    return `url(#${id})`;
  }

  linear(stops: [number, string, number?][], vertical = true): string {
    const id = this.id('lin');
    const coords = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
    this.def(
      `<linearGradient id="${id}" ${coords}>${stops
        .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
        .join('')}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops: [number, string, number?][], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.id('rad');
    this.def(
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops
        .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
        .join('')}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** A Gaussian blur filter; capped, since large deviations are slow to rasterise. */
  blur(deviation: number): string {
    deviation = Math.min(deviation, 14);
    const id = this.id('blur');
    this.def(`<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`);
    return `url(#${id})`;
  }

  clip(markup: string): string {
    const id = this.id('clip');
    this.def(`<clipPath id="${id}">${markup}</clipPath>`);
    return `url(#${id})`;
  }

  /**
   * A soft shadow on the surface below an object, pushed away from the light (upper left): a wide
   * penumbra drawn with a radial gradient (blurring large areas is slow to rasterise) and a tight
   * contact shadow.
   */
  shadow(cx: number, y: number, rx: number, ry: number, strength = 0.45): void {
    const soft = this.radial([[0, '#2b1a10', strength * 0.75], [0.55, '#2b1a10', strength * 0.35], [1, '#2b1a10', 0]]);
    this.add(`<ellipse cx="${f(cx + rx * 0.3)}" cy="${f(y + ry * 0.25)}" rx="${f(rx * 1.45)}" ry="${f(ry * 2)}" fill="${soft}"/>`);
    this.add(`<ellipse cx="${f(cx + rx * 0.05)}" cy="${f(y)}" rx="${f(rx * 0.98)}" ry="${f(ry)}" fill="#24150c" opacity="${strength}" filter="${this.blur(Math.min(10, rx * 0.04))}"/>`);
  }

  /** A soft-edged light or dark patch (a radial gradient: much cheaper than a blurred shape). */
  glow(cx: number, cy: number, rx: number, ry: number, color: string, opacity: number): void {
    this.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${this.radial([[0, color, opacity], [1, color, 0]])}"/>`);
  }

  /** Fine film-like grain over the whole picture, so flat fills read as surfaces (added when rasterising). */
  grain(opacity = 0.07): void {
    this.grainOpacity = opacity;
  }

  /** Wood: a warm gradient with long stretched grain, within a rectangle. */
  wood(x: number, y: number, w: number, h: number, tone: [string, string] = ['#a8774f', '#6f4a2f']): void {
    const id = this.id('wood');
    this.def(
      `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.0025 0.09" numOctaves="2" seed="${this.seed + 7}"/>` +
        `<feColorMatrix type="matrix" values="0 0 0 0 0.22  0 0 0 0 0.13  0 0 0 0 0.07  0 0 0 -1.6 1.05"/></filter>`,
    );
    this.add(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${this.linear([[0, tone[0]], [1, tone[1]]])}"/>`);
    this.add(`<rect x="${x}" y="${y}" width="${w}" height="${h}" filter="url(#${id})" opacity="0.55"/>`);
  }

  /** Dark speckles (iron spots in stoneware) inside a clip path. */
  speckles(clipUrl: string, x: number, y: number, w: number, h: number, color: string, count: number): void {
    const rnd = random(this.seed + count + Math.round(x));
    const dots: string[] = [];
    for (let i = 0; i < count; i++) {
      const r = 0.6 + rnd() * rnd() * 3.2;
      dots.push(`<circle cx="${f(x + rnd() * w)}" cy="${f(y + rnd() * h)}" r="${f(r * (w / 400))}" opacity="${f(0.35 + rnd() * 0.5)}"/>`);
    }
    this.add(`<g clip-path="${clipUrl}" fill="${color}">${dots.join('')}</g>`);
  }

  done(): Drawn {
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}">` +
      `<defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`;
    return { svg, grain: this.grainOpacity };
  }
}

/** A smooth closed outline of a wheel-thrown form: profile points [y, radius] from rim to foot. */
function lathePath(cx: number, profile: [number, number][]): string {
  const left = profile.map(([y, r]) => [cx - r, y] as [number, number]);
  const right = [...profile].reverse().map(([y, r]) => [cx + r, y] as [number, number]);
  const bottom = profile[profile.length - 1];
  return (
    smooth(left) +
    ` Q ${f(cx)} ${f(bottom[0] + bottom[1] * 0.12)} ${f(cx + bottom[1])} ${f(bottom[0])}` +
    smooth(right, false) +
    ' Z'
  );
}

/** Catmull-Rom through the points as cubic Béziers; starts with M unless continuing a path. */
function smooth(points: [number, number][], move = true): string {
  let d = move ? `M ${f(points[0][0])} ${f(points[0][1])}` : ` L ${f(points[0][0])} ${f(points[0][1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[Math.min(points.length - 1, i + 2)];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C ${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p2[0])} ${f(p2[1])}`;
  }
  return d;
}

type VesselOptions = {
  cx: number;
  /** y of the rim's centre line */
  top: number;
  /** [fraction of height 0..1, radius] from rim to foot */
  profile: [number, number][];
  height: number;
  glaze: Glaze;
  /** Fraction of the height the glaze reaches down to (the rest is bare clay). */
  glazeTo?: number;
  /** Rim ellipse depth as a fraction of the rim radius (how much we look down into it). */
  tilt?: number;
  handle?: boolean;
  speckleCount?: number;
  shadow?: number;
  /** Draw the inside of the opening (a bowl shows its well; a narrow vase shows a dark mouth). */
  interior?: 'well' | 'mouth';
};

/** A glazed, wheel-thrown vessel standing on a surface: shadow, bare foot, glaze, rim, inside, handle. */
function vessel(d: Drawing, o: VesselOptions): void {
  const tilt = o.tilt ?? 0.16;
  const points = o.profile.map(([t, r]) => [o.top + t * o.height, r] as [number, number]);
  const rimR = points[0][1];
  const footR = points[points.length - 1][1];
  const bottomY = o.top + o.height;
  const widest = Math.max(...points.map(([, r]) => r));
  d.shadow(o.cx, bottomY, widest * 0.95, Math.max(8, widest * tilt * 0.9), o.shadow ?? 0.5);

  const outline = lathePath(o.cx, points);
  const bodyClip = d.clip(`<path d="${outline}"/>`);
  const bbox = { x: o.cx - widest, y: o.top - rimR * tilt, w: widest * 2, h: o.height + rimR * tilt * 2 };

  if (o.handle) {
    const hx = o.cx + widest * 0.92;
    const hy = o.top + o.height * 0.18;
    const hh = o.height * 0.55;
    const reach = widest * 0.55;
    const handle = `M ${f(hx)} ${f(hy)} C ${f(hx + reach)} ${f(hy - hh * 0.05)} ${f(hx + reach * 1.05)} ${f(hy + hh * 0.95)} ${f(hx - widest * 0.05)} ${f(hy + hh)}`;
    d.add(`<path d="${handle}" fill="none" stroke="${o.glaze.dark}" stroke-width="${f(widest * 0.2)}" stroke-linecap="round"/>`);
    d.add(`<path d="${handle}" fill="none" stroke="${o.glaze.mid}" stroke-width="${f(widest * 0.13)}" stroke-linecap="round" transform="translate(${f(-widest * 0.02)} ${f(-widest * 0.02)})"/>`);
    d.add(`<path d="${handle}" fill="none" stroke="${o.glaze.light}" stroke-width="${f(widest * 0.035)}" stroke-linecap="round" opacity="0.6" transform="translate(${f(-widest * 0.05)} ${f(-widest * 0.04)})"/>`);
  }

  // Bare clay below the glaze line, glaze above it with a slightly wavy, thick edge.
  d.add(`<path d="${outline}" fill="${d.turnedGradient(CLAY)}"/>`);
  const glazeTo = o.top + (o.glazeTo ?? 0.86) * o.height;
  const rnd = random(d.seed + Math.round(o.cx));
  let wave = `M ${f(bbox.x - 5)} ${f(bbox.y - 5)} L ${f(bbox.x + bbox.w + 5)} ${f(bbox.y - 5)} L ${f(bbox.x + bbox.w + 5)} ${f(glazeTo)}`;
  const steps = 12;
  const edge: [number, number][] = [];
  for (let i = steps; i >= 0; i--) edge.push([bbox.x + (bbox.w * i) / steps, glazeTo + (rnd() - 0.3) * o.height * 0.035]);
  wave += `${smooth(edge, false)} Z`;
  d.add(`<g clip-path="${bodyClip}"><path d="${wave}" fill="${d.turnedGradient(o.glaze)}"/>` +
    `<path d="${wave}" fill="none" stroke="${o.glaze.dark}" stroke-width="${f(o.height * 0.012)}" opacity="0.5"/></g>`);
  if (o.glaze.speckle) d.speckles(bodyClip, bbox.x, bbox.y, bbox.w, bbox.h, o.glaze.speckle, o.speckleCount ?? 140);
  // Throwing rings: faint horizontal bands.
  const rings: string[] = [];
  for (let i = 1; i < 7; i++) {
    const y = o.top + (o.height * i) / 7.5;
    const ry = widest * tilt * 0.6;
    rings.push(`<path d="M ${f(o.cx - widest * 1.02)} ${f(y)} A ${f(widest * 1.02)} ${f(ry)} 0 0 0 ${f(o.cx + widest * 1.02)} ${f(y)}" fill="none" stroke="#ffffff" stroke-width="${f(Math.max(1, o.height * 0.003))}" opacity="0.09"/>`);
  }
  d.add(`<g clip-path="${bodyClip}">${rings.join('')}</g>`);
  // A soft highlight where the window light falls.
  d.add(`<g clip-path="${bodyClip}"><ellipse cx="${f(o.cx - widest * 0.38)}" cy="${f(o.top + o.height * 0.4)}" rx="${f(widest * 0.22)}" ry="${f(o.height * 0.4)}" fill="${d.radial([[0, '#ffffff', 0.32], [1, '#ffffff', 0]])}"/></g>`);

  // The rim and what is seen inside it.
  const ry = rimR * tilt;
  d.add(`<ellipse cx="${f(o.cx)}" cy="${f(o.top)}" rx="${f(rimR)}" ry="${f(ry)}" fill="${o.glaze.rim ?? o.glaze.light}"/>`);
  const innerR = rimR * 0.93;
  const innerFill = o.interior === 'mouth'
    ? d.radial([[0, '#140c07'], [1, o.glaze.dark]], 0.5, 0.4, 0.6)
    : d.radial([[0, o.glaze.light], [0.55, o.glaze.mid], [1, o.glaze.dark]], 0.6, 0.65, 0.7);
  d.add(`<ellipse cx="${f(o.cx)}" cy="${f(o.top + ry * 0.04)}" rx="${f(innerR)}" ry="${f(ry * 0.9)}" fill="${innerFill}"/>`);
  if (o.interior !== 'mouth') {
    d.add(`<ellipse cx="${f(o.cx)}" cy="${f(o.top - ry * 0.25)}" rx="${f(innerR * 0.98)}" ry="${f(ry * 0.62)}" fill="${o.glaze.dark}" opacity="0.35" filter="${d.blur(rimR * 0.04)}" clip-path="${d.clip(`<ellipse cx="${f(o.cx)}" cy="${f(o.top + ry * 0.04)}" rx="${f(innerR)}" ry="${f(ry * 0.9)}"/>`)}"/>`);
  }
  // Foot ring line.
  d.add(`<path d="M ${f(o.cx - footR)} ${f(bottomY - o.height * 0.02)} Q ${f(o.cx)} ${f(bottomY + footR * tilt * 0.7)} ${f(o.cx + footR)} ${f(bottomY - o.height * 0.02)}" fill="none" stroke="${CLAY.dark}" stroke-width="${f(o.height * 0.006)}" opacity="0.6"/>`);
}

/** Warm plaster wall over a wooden table, lit from a window at the upper left. */
function tabletop(d: Drawing, horizon: number, wall: [string, string] = ['#efe2d0', '#d9c2a6'], wood: [string, string] = ['#b5835a', '#7a5133']): void {
  d.add(`<rect width="${d.width}" height="${horizon}" fill="${d.linear([[0, wall[0]], [1, wall[1]]])}"/>`);
  d.add(`<rect width="${d.width}" height="${horizon}" fill="${d.radial([[0, '#fff6e6', 0.75], [1, '#fff6e6', 0]], 0.22, 0.15, 0.8)}"/>`);
  d.wood(0, horizon, d.width, d.height - horizon, wood);
  d.add(`<rect y="${horizon}" width="${d.width}" height="${f((d.height - horizon) * 0.04)}" fill="#3a2414" opacity="0.18"/>`);
  d.add(`<rect y="${horizon}" width="${d.width}" height="${d.height - horizon}" fill="${d.radial([[0, '#ffe9c8', 0.35], [1, '#ffe9c8', 0]], 0.3, 0.1, 0.7)}"/>`);
}

function vignette(d: Drawing, strength = 0.35): void {
  d.add(`<rect width="${d.width}" height="${d.height}" fill="${d.radial([[0.55, '#1c0f08', 0], [1, '#1c0f08', strength]], 0.5, 0.5, 0.75)}"/>`);
}

// Profiles: [fraction of height, radius as a fraction of the form's scale]
const MUG: [number, number][] = [[0, 0.5], [0.2, 0.51], [0.6, 0.52], [0.9, 0.49], [1, 0.44]];
const BOWL: [number, number][] = [[0, 1], [0.3, 0.93], [0.62, 0.72], [0.88, 0.42], [1, 0.3]];
const TEA_BOWL: [number, number][] = [[0, 0.72], [0.3, 0.74], [0.65, 0.66], [0.9, 0.44], [1, 0.36]];
const BUD_VASE: [number, number][] = [[0, 0.16], [0.08, 0.13], [0.2, 0.12], [0.38, 0.3], [0.62, 0.5], [0.85, 0.45], [1, 0.3]];
const TALL_VASE: [number, number][] = [[0, 0.22], [0.1, 0.18], [0.3, 0.26], [0.6, 0.42], [0.85, 0.36], [1, 0.26]];
const JAR: [number, number][] = [[0, 0.3], [0.08, 0.32], [0.35, 0.5], [0.7, 0.46], [1, 0.3]];

const scaled = (profile: [number, number][], scale: number): [number, number][] => profile.map(([t, r]) => [t, r * scale]);

// ---------------------------------------------------------------------------------------------
// The pictures

function mugShot(glaze: Glaze, seed: number): Drawn {
  const d = new Drawing(1500, 1500, seed);
  tabletop(d, 930);
  vessel(d, { cx: 700, top: 560, height: 560, profile: scaled(MUG, 470), glaze, handle: true, glazeTo: 0.84, tilt: 0.18, speckleCount: 260 });
  d.grain();
  vignette(d, 0.3);
  return d.done();
}

function servingBowl(): Drawn {
  const d = new Drawing(1500, 1500, 11);
  tabletop(d, 820, ['#eadccb', '#cdb497'], ['#9c6b45', '#5e3c25']);
  vessel(d, { cx: 750, top: 760, height: 400, profile: scaled(BOWL, 560), glaze: GLAZES.ash, glazeTo: 0.8, tilt: 0.3, speckleCount: 320 });
  d.grain();
  vignette(d);
  return d.done();
}

function dinnerPlates(): Drawn {
  const d = new Drawing(1500, 1500, 17);
  tabletop(d, 700, ['#ece1d3', '#d2bca1'], ['#a87b55', '#684329']);
  const cx = 740;
  const plates = [GLAZES.moss, GLAZES.sand, GLAZES.moss, GLAZES.sand, GLAZES.sand];
  d.shadow(cx, 1215, 560, 120, 0.55);
  plates.forEach((glaze, i) => {
    const y = 1180 - i * 52;
    const rx = 560;
    const ry = 150;
    d.add(`<ellipse cx="${cx}" cy="${y + 26}" rx="${rx * 0.97}" ry="${ry}" fill="${d.turnedGradient(CLAY)}"/>`);
    d.add(`<ellipse cx="${cx}" cy="${y}" rx="${rx}" ry="${ry}" fill="${d.turnedGradient(glaze)}"/>`);
    if (i === plates.length - 1) {
      // Top plate: the carved ridges of the rim and the well.
      const ridges: string[] = [];
      for (let k = 0; k < 7; k++) {
        const s = 0.98 - k * 0.035;
        ridges.push(`<ellipse cx="${cx}" cy="${y}" rx="${f(rx * s)}" ry="${f(ry * s)}" fill="none" stroke="${glaze.dark}" stroke-width="5" opacity="0.35"/>`);
        ridges.push(`<ellipse cx="${cx - 3}" cy="${y - 3}" rx="${f(rx * s)}" ry="${f(ry * s)}" fill="none" stroke="${glaze.light}" stroke-width="3" opacity="0.5"/>`);
      }
      d.add(ridges.join(''));
      d.add(`<ellipse cx="${cx}" cy="${y + 8}" rx="${rx * 0.7}" ry="${ry * 0.68}" fill="${d.radial([[0, glaze.light], [0.7, glaze.mid], [1, glaze.dark]], 0.42, 0.4, 0.7)}"/>`);
      if (glaze.speckle) d.speckles(d.clip(`<ellipse cx="${cx}" cy="${y}" rx="${rx}" ry="${ry}"/>`), cx - rx, y - ry, rx * 2, ry * 2, glaze.speckle, 380);
      d.add(`<ellipse cx="${cx - rx * 0.25}" cy="${y - ry * 0.35}" rx="${rx * 0.3}" ry="${ry * 0.18}" fill="#ffffff" opacity="0.25" filter="${d.blur(18)}"/>`);
    }
  });
  // A linen napkin folded beside the stack.
  d.add(`<path d="M 1080 1300 L 1500 1240 L 1500 1500 L 1180 1500 Z" fill="${d.linear([[0, '#c98e66'], [1, '#a4663f']])}"/>`);
  d.add(`<path d="M 1080 1300 L 1500 1240" stroke="#e3b08b" stroke-width="6" opacity="0.7"/>`);
  d.grain(0.08);
  vignette(d);
  return d.done();
}

function budVase(): Drawn {
  const d = new Drawing(1200, 1500, 23);
  tabletop(d, 1080, ['#e9ddd0', '#cdb59c'], ['#a57550', '#623f27']);
  // A dried stem with a few seed heads.
  d.add(`<path d="M 600 520 C 590 380 640 260 700 150" fill="none" stroke="#7b6a45" stroke-width="7" stroke-linecap="round"/>`);
  d.add(`<path d="M 612 420 C 560 360 520 330 470 300" fill="none" stroke="#7b6a45" stroke-width="5" stroke-linecap="round"/>`);
  for (const [x, y, r] of [[700, 150, 26], [470, 300, 20], [655, 250, 16]] as const) {
    d.add(`<circle cx="${x}" cy="${y}" r="${r}" fill="${d.radial([[0, '#d9b56e'], [1, '#9a7432']], 0.4, 0.35, 0.7)}"/>`);
  }
  vessel(d, { cx: 600, top: 560, height: 600, profile: scaled(BUD_VASE, 330), glaze: GLAZES.shino, glazeTo: 0.9, tilt: 0.2, interior: 'mouth', speckleCount: 160 });
  d.grain();
  vignette(d);
  return d.done();
}

function teaBowls(): Drawn {
  const d = new Drawing(1500, 1000, 29);
  tabletop(d, 560, ['#e6d6c2', '#c8ad8e'], ['#8f6040', '#533420']);
  vessel(d, { cx: 360, top: 560, height: 250, profile: scaled(TEA_BOWL, 290), glaze: GLAZES.tenmoku, glazeTo: 0.78, tilt: 0.26 });
  vessel(d, { cx: 1130, top: 575, height: 235, profile: scaled(TEA_BOWL, 270), glaze: GLAZES.celadon, glazeTo: 0.8, tilt: 0.26 });
  vessel(d, { cx: 750, top: 620, height: 280, profile: scaled(TEA_BOWL, 320), glaze: GLAZES.shino, glazeTo: 0.76, tilt: 0.26, speckleCount: 200 });
  d.grain();
  vignette(d);
  return d.done();
}

function heroStudio(): Drawn {
  const d = new Drawing(2400, 1350, 5);
  // Wall and a tall window on the left with its beam of light.
  d.add(`<rect width="2400" height="1350" fill="${d.linear([[0, '#e8d8c2'], [1, '#cdb193']])}"/>`);
  d.add(`<rect x="120" y="110" width="520" height="760" rx="8" fill="${d.linear([[0, '#fff8ea'], [1, '#f3dfbf']])}"/>`);
  d.add(`<path d="M 120 110 h 520 v 760 h -520 Z M 372 110 v 760 M 120 490 h 520" fill="none" stroke="#8a6446" stroke-width="22"/>`);
  d.add(`<path d="M 640 140 L 1500 1350 L 700 1350 L 120 870 Z" fill="${d.linear([[0, '#fff4dc', 0.5], [1, '#fff4dc', 0]], false)}"/>`);
  // Two shelves of work drying and finished pieces.
  const shelves: { y: number; pieces: { x: number; profile: [number, number][]; scale: number; h: number; glaze: Glaze; interior?: 'mouth' }[] }[] = [
    { y: 470, pieces: [
      { x: 900, profile: JAR, scale: 150, h: 190, glaze: GLAZES.rust },
      { x: 1120, profile: TALL_VASE, scale: 170, h: 270, glaze: GLAZES.celadon, interior: 'mouth' },
      { x: 1330, profile: TEA_BOWL, scale: 110, h: 95, glaze: GLAZES.tenmoku },
      { x: 1530, profile: MUG, scale: 120, h: 130, glaze: GLAZES.sand },
      { x: 1730, profile: BUD_VASE, scale: 150, h: 230, glaze: GLAZES.cobalt, interior: 'mouth' },
      { x: 1950, profile: JAR, scale: 170, h: 210, glaze: GLAZES.oatmeal },
      { x: 2190, profile: MUG, scale: 120, h: 130, glaze: GLAZES.moss },
    ] },
    { y: 820, pieces: [
      { x: 930, profile: BOWL, scale: 140, h: 95, glaze: GLAZES.chun },
      { x: 1170, profile: JAR, scale: 160, h: 200, glaze: GLAZES.honey },
      { x: 1400, profile: TALL_VASE, scale: 190, h: 300, glaze: GLAZES.ash, interior: 'mouth' },
      { x: 1640, profile: TEA_BOWL, scale: 120, h: 100, glaze: GLAZES.copper },
      { x: 1860, profile: MUG, scale: 125, h: 135, glaze: GLAZES.white },
      { x: 2110, profile: BOWL, scale: 150, h: 100, glaze: GLAZES.shino },
    ] },
  ];
  for (const shelf of shelves) {
    d.add(`<rect x="760" y="${shelf.y}" width="1640" height="34" fill="${d.linear([[0, '#9a6c47'], [1, '#6b4529']])}"/>`);
    d.add(`<rect x="760" y="${shelf.y + 34}" width="1640" height="40" fill="#3b2414" opacity="0.25" filter="${d.blur(12)}"/>`);
    for (const p of shelf.pieces) {
      vessel(d, { cx: p.x, top: shelf.y + 4 - p.h, height: p.h, profile: scaled(p.profile, p.scale), glaze: p.glaze, interior: p.interior, shadow: 0.35, speckleCount: 60, tilt: 0.14 });
    }
  }
  // The work table in front, with a bowl and a mug.
  d.wood(0, 1060, 2400, 290, ['#a8774f', '#5e3a22']);
  d.add(`<rect y="1060" width="2400" height="14" fill="#3a2414" opacity="0.25"/>`);
  vessel(d, { cx: 520, top: 1075, height: 170, profile: scaled(BOWL, 250), glaze: GLAZES.moss, tilt: 0.3, glazeTo: 0.8, speckleCount: 160 });
  vessel(d, { cx: 1000, top: 1040, height: 210, profile: scaled(MUG, 190), glaze: GLAZES.sand, handle: true, tilt: 0.2, speckleCount: 160 });
  // A block of clay wrapped in cloth.
  d.add(`<rect x="1650" y="1010" width="380" height="230" rx="26" fill="${d.linear([[0, '#b0a08a'], [1, '#7c6d5a']])}"/>`);
  d.add(`<path d="M 1650 1090 h 380" stroke="#655845" stroke-width="10" opacity="0.5"/>`);
  d.shadow(1840, 1245, 200, 24, 0.45);
  d.grain(0.06);
  vignette(d, 0.3);
  return d.done();
}

function linenApron(): Drawn {
  const d = new Drawing(1200, 1500, 31);
  d.add(`<rect width="1200" height="1500" fill="${d.linear([[0, '#ece2d4'], [1, '#d3bfa6']])}"/>`);
  // Board and peg.
  d.add(`<rect y="170" width="1200" height="90" fill="${d.linear([[0, '#a57a55'], [1, '#754f33']])}"/>`);
  d.add(`<rect y="260" width="1200" height="26" fill="#3a2414" opacity="0.2" filter="${d.blur(8)}"/>`);
  d.add(`<circle cx="600" cy="215" r="30" fill="${d.radial([[0, '#caa27a'], [1, '#7a5233']], 0.4, 0.35, 0.7)}"/>`);
  const apron = 'M 470 300 C 470 280 730 280 730 300 L 760 640 C 860 650 900 660 930 700 L 960 1380 C 760 1420 440 1420 240 1380 L 270 700 C 300 660 340 650 440 640 Z';
  d.add(`<path d="${apron}" transform="translate(18 22)" fill="#2b1a10" opacity="0.35" filter="${d.blur(22)}"/>`);
  d.add(`<path d="M 480 300 C 520 180 680 180 720 300" fill="none" stroke="#8c4a2a" stroke-width="22"/>`);
  d.add(`<path d="${apron}" fill="${d.linear([[0, '#b86a43'], [0.5, '#a65a35'], [1, '#8a4527']], false)}"/>`);
  // Linen weave and folds.
  const weave = d.id('weave');
  d.def(`<filter id="${weave}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.9 0.06" numOctaves="2" seed="4"/><feColorMatrix type="matrix" values="0 0 0 0 0.3  0 0 0 0 0.15  0 0 0 0 0.08  0 0 0 0.5 -0.1"/></filter>`);
  const apronClip = d.clip(`<path d="${apron}"/>`);
  d.add(`<g clip-path="${apronClip}"><rect width="1200" height="1500" filter="url(#${weave})"/>` +
    `<path d="M 420 700 C 440 950 400 1200 380 1400" stroke="#6f3119" stroke-width="40" opacity="0.25" fill="none" filter="${d.blur(16)}"/>` +
    `<path d="M 760 700 C 740 950 800 1200 820 1400" stroke="#6f3119" stroke-width="40" opacity="0.22" fill="none" filter="${d.blur(16)}"/>` +
    `<path d="M 600 720 C 620 950 580 1200 600 1400" stroke="#e7a57c" stroke-width="30" opacity="0.25" fill="none" filter="${d.blur(14)}"/></g>`);
  // Two pockets with stitching.
  for (const x of [340, 620]) {
    d.add(`<rect x="${x}" y="900" width="240" height="230" rx="10" fill="#9c5230" opacity="0.6"/>`);
    d.add(`<rect x="${x + 12}" y="912" width="216" height="206" rx="8" fill="none" stroke="#f0c9a8" stroke-width="3" stroke-dasharray="12 9" opacity="0.8"/>`);
  }
  d.add(`<path d="${apron}" fill="none" stroke="#f0c9a8" stroke-width="3" stroke-dasharray="12 9" opacity="0.55" transform="translate(600 840) scale(0.97) translate(-600 -840)"/>`);
  // Waist ties hanging down.
  d.add(`<path d="M 272 705 C 200 820 230 980 190 1120" fill="none" stroke="#a65a35" stroke-width="26" stroke-linecap="round"/>`);
  d.add(`<path d="M 928 705 C 1000 820 970 980 1010 1120" fill="none" stroke="#93492a" stroke-width="26" stroke-linecap="round"/>`);
  d.grain(0.07);
  vignette(d, 0.28);
  return d.done();
}

function throwingWheel(): Drawn {
  const d = new Drawing(1500, 1000, 37);
  d.add(`<rect width="1500" height="1000" fill="${d.linear([[0, '#d7c3a8'], [1, '#a88a6a']])}"/>`);
  d.add(`<rect width="1500" height="1000" fill="${d.radial([[0, '#fff1dc', 0.6], [1, '#fff1dc', 0]], 0.35, 0.2, 0.7)}"/>`);
  // Splash pan and wheel head.
  d.add(`<ellipse cx="750" cy="760" rx="620" ry="210" fill="${d.linear([[0, '#5d5f60'], [1, '#2f3031']])}"/>`);
  d.add(`<ellipse cx="750" cy="740" rx="560" ry="180" fill="${d.radial([[0, '#8a7a68'], [1, '#5b4e41']], 0.5, 0.4, 0.6)}"/>`);
  d.add(`<ellipse cx="750" cy="720" rx="400" ry="120" fill="${d.linear([[0, '#b9bcbd'], [0.5, '#8d9192'], [1, '#5e6263']], false)}"/>`);
  d.add(`<ellipse cx="750" cy="712" rx="400" ry="120" fill="${d.linear([[0, '#d8dadb'], [1, '#9ea2a3']])}"/>`);
  // Slip on the wheel head.
  d.add(`<ellipse cx="750" cy="712" rx="300" ry="88" fill="#9d7b5c" opacity="0.55"/>`);
  // The wet clay cylinder, half thrown, with its spiral throwing lines.
  const wet: Glaze = { light: '#c49b79', mid: '#936a4b', dark: '#5b3d28' };
  vessel(d, { cx: 750, top: 330, height: 380, profile: scaled([[0, 0.52], [0.2, 0.5], [0.6, 0.56], [0.9, 0.72], [1, 0.8]], 300), glaze: wet, glazeTo: 1.2, tilt: 0.2, shadow: 0.2 });
  const lines: string[] = [];
  for (let i = 0; i < 11; i++) {
    const y = 360 + i * 32;
    const r = 150 + i * (i > 7 ? 12 : 3);
    lines.push(`<path d="M ${750 - r} ${y} Q 750 ${y + 34} ${750 + r} ${y}" fill="none" stroke="#4a2f1e" stroke-width="4" opacity="0.35"/>`);
    lines.push(`<path d="M ${750 - r} ${y + 5} Q 750 ${y + 39} ${750 + r} ${y + 5}" fill="none" stroke="#e7c6a5" stroke-width="3" opacity="0.3"/>`);
  }
  d.add(lines.join(''));
  // Water sheen.
  d.add(`<path d="M 640 360 C 620 480 625 600 600 690" stroke="#fff8ee" stroke-width="18" opacity="0.35" fill="none" filter="${d.blur(6)}"/>`);
  // A sponge and a needle tool on the pan rim.
  d.add(`<rect x="1120" y="800" width="150" height="80" rx="30" fill="${d.linear([[0, '#e5c46a'], [1, '#b48f35']])}" transform="rotate(-12 1195 840)"/>`);
  d.add(`<path d="M 260 850 L 470 800" stroke="#6b4a2f" stroke-width="16" stroke-linecap="round"/><path d="M 470 800 L 560 780" stroke="#b8bcbd" stroke-width="5" stroke-linecap="round"/>`);
  d.grain(0.06);
  vignette(d, 0.35);
  return d.done();
}

function kiln(): Drawn {
  const d = new Drawing(1500, 1000, 41);
  // Brick wall.
  d.add(`<rect width="1500" height="1000" fill="#5a3324"/>`);
  const bricks: string[] = [];
  const rnd = random(41);
  for (let row = 0; row < 20; row++) {
    for (let col = -1; col < 12; col++) {
      const x = col * 140 + (row % 2) * 70;
      const tone = ['#7a4330', '#8a4d35', '#6d3a29', '#955a3f'][Math.floor(rnd() * 4)];
      bricks.push(`<rect x="${x + 4}" y="${row * 50 + 4}" width="132" height="42" rx="4" fill="${tone}"/>`);
    }
  }
  d.add(`<g opacity="0.9">${bricks.join('')}</g>`);
  d.add(`<rect width="1500" height="1000" fill="#1a0d07" opacity="0.45"/>`);
  // Floor.
  d.add(`<rect y="860" width="1500" height="140" fill="${d.linear([[0, '#4a4441'], [1, '#2a2624']])}"/>`);
  // Kiln body.
  d.add(`<rect x="360" y="150" width="780" height="720" rx="40" fill="#111" opacity="0.5" filter="${d.blur(30)}" transform="translate(20 30)"/>`);
  d.add(`<rect x="360" y="150" width="780" height="720" rx="40" fill="${d.linear([[0, '#6f7275'], [0.35, '#9a9ea1'], [1, '#45484a']], false)}"/>`);
  // Open door: the glowing chamber.
  d.add(`<rect x="440" y="230" width="620" height="560" rx="14" fill="#2b1308"/>`);
  d.add(`<rect x="460" y="250" width="580" height="520" rx="10" fill="${d.radial([[0, '#fff2b0'], [0.35, '#ffc24a'], [0.7, '#f06a14'], [1, '#8a2306']], 0.5, 0.55, 0.65)}"/>`);
  // Shelves and pots silhouetted in the heat.
  d.add(`<rect x="460" y="520" width="580" height="14" fill="#b4421a" opacity="0.8"/>`);
  const hot: Glaze = { light: '#ffd27a', mid: '#e5761f', dark: '#9a2f08' };
  for (const [x, scale, h] of [[560, 70, 120], [700, 90, 170], [860, 60, 110], [970, 60, 100]] as const) {
    vessel(d, { cx: x, top: 520 - h, height: h, profile: scaled(TALL_VASE, scale * 1.8), glaze: hot, glazeTo: 1.2, shadow: 0.1, tilt: 0.12, interior: 'mouth' });
  }
  for (const [x, scale, h] of [[580, 110, 90], [780, 150, 120], [960, 90, 80]] as const) {
    vessel(d, { cx: x, top: 770 - h, height: h, profile: scaled(BOWL, scale), glaze: hot, glazeTo: 1.2, shadow: 0.1, tilt: 0.2 });
  }
  d.add(`<rect x="460" y="250" width="580" height="520" rx="10" fill="#ffb347" opacity="0.22" filter="${d.blur(30)}"/>`);
  // Heat glow spilling out onto the kiln and floor.
  d.add(`<ellipse cx="750" cy="900" rx="520" ry="80" fill="#ff8a2a" opacity="0.35" filter="${d.blur(40)}"/>`);
  d.add(`<rect x="360" y="150" width="780" height="720" rx="40" fill="none" stroke="#ff9c40" stroke-width="6" opacity="0.35" filter="${d.blur(10)}"/>`);
  // Rivets, controller and a peephole.
  const rivets: string[] = [];
  for (let i = 0; i < 9; i++) rivets.push(`<circle cx="${400 + i * 88}" cy="190" r="7" fill="#cfd3d6" opacity="0.8"/>`, `<circle cx="${400 + i * 88}" cy="830" r="7" fill="#cfd3d6" opacity="0.7"/>`);
  d.add(rivets.join(''));
  d.add(`<rect x="1180" y="330" width="150" height="210" rx="12" fill="#2e3133"/><rect x="1200" y="355" width="110" height="56" rx="6" fill="#1a2b1c"/>`);
  d.add(`<rect x="1212" y="368" width="86" height="30" rx="4" fill="#ff5a2a" opacity="0.85"/>`);
  d.add(`<circle cx="1225" cy="460" r="14" fill="#6e7275"/><circle cx="1285" cy="460" r="14" fill="#6e7275"/>`);
  d.add(`<path d="M 1180 430 C 1150 430 1150 380 1140 380" stroke="#222" stroke-width="8" fill="none"/>`);
  d.grain(0.07);
  vignette(d, 0.45);
  return d.done();
}

function glazeSwatches(): Drawn {
  const d = new Drawing(1500, 1000, 43);
  d.wood(0, 0, 1500, 1000, ['#b58b63', '#7f5a3b']);
  d.add(`<rect width="1500" height="1000" fill="${d.radial([[0, '#fff1dc', 0.35], [1, '#fff1dc', 0]], 0.3, 0.2, 0.8)}"/>`);
  const names = ['celadon', 'tenmoku', 'shino', 'cobalt', 'rust', 'ash', 'honey', 'chun', 'oatmeal', 'copper', 'moss', 'white'] as const;
  names.forEach((name, i) => {
    const glaze: Glaze = GLAZES[name];
    const col = i % 4;
    const row = Math.floor(i / 4);
    const x = 150 + col * 310;
    const y = 110 + row * 280;
    const w = 230;
    const h = 230;
    d.add(`<rect x="${x + 14}" y="${y + 18}" width="${w}" height="${h}" rx="16" fill="#2b1a10" opacity="0.4" filter="${d.blur(12)}"/>`);
    d.add(`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="16" fill="${d.linear([[0, CLAY.light], [1, CLAY.mid]])}"/>`);
    const tile = d.clip(`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="16"/>`);
    // Glaze dipped from the top, pooling thicker near its edge, with a few runs.
    const edge = y + h * 0.7;
    let path = `M ${x} ${y} H ${x + w} V ${edge}`;
    for (let k = 8; k >= 0; k--) {
      const px = x + (w * k) / 8;
      const run = (k * 37 + i * 13) % 5 === 0 ? 24 : (k + i) % 3 === 0 ? 10 : 0;
      path += ` L ${px} ${edge + run}`;
    }
    path += ' Z';
    d.add(`<g clip-path="${tile}"><path d="${path}" fill="${d.linear([[0, glaze.light], [0.6, glaze.mid], [1, glaze.dark]])}"/>` +
      `<path d="${path}" fill="none" stroke="${glaze.dark}" stroke-width="6" opacity="0.55"/>` +
      `<ellipse cx="${x + w * 0.3}" cy="${y + h * 0.22}" rx="${w * 0.22}" ry="${h * 0.1}" fill="#ffffff" opacity="0.28" filter="${d.blur(10)}"/></g>`);
    if (glaze.speckle) d.speckles(tile, x, y, w, h * 0.75, glaze.speckle, 70);
    // A hole for hanging, as test tiles have.
    d.add(`<circle cx="${x + w / 2}" cy="${y + 26}" r="11" fill="#5b3d28"/>`);
  });
  vignette(d, 0.3);
  return d.done();
}

function recipeBook(): Drawn {
  const d = new Drawing(1500, 1000, 47);
  d.wood(0, 0, 1500, 1000, ['#9d6f4a', '#5f3d25']);
  d.add(`<rect width="1500" height="1000" fill="${d.radial([[0, '#fff1dc', 0.4], [1, '#fff1dc', 0]], 0.35, 0.3, 0.8)}"/>`);
  // Open notebook.
  d.add(`<path d="M 260 200 L 740 170 L 760 860 L 250 880 Z M 760 170 L 1240 200 L 1250 880 L 760 860 Z" fill="#1e1208" opacity="0.45" filter="${d.blur(20)}" transform="translate(20 26)"/>`);
  d.add(`<path d="M 250 195 L 750 165 L 750 860 L 240 880 Z" fill="${d.linear([[0, '#efe6d6'], [1, '#fbf6ec']], false)}"/>`);
  d.add(`<path d="M 750 165 L 1250 195 L 1260 880 L 750 860 Z" fill="${d.linear([[0, '#fbf6ec'], [1, '#ece2d0']], false)}"/>`);
  d.add(`<path d="M 750 165 L 750 860" stroke="#b9a98e" stroke-width="6"/><path d="M 720 170 L 720 862" stroke="#000" stroke-width="30" opacity="0.05" filter="${d.blur(8)}"/>`);
  // Handwritten recipe lines (strokes, no fonts) and a sketch of a bowl.
  const rnd = random(47);
  const scribbles: string[] = [];
  const line = (x0: number, y: number, width: number) => {
    let path = `M ${x0} ${y}`;
    let x = x0;
    while (x < x0 + width) {
      const step = 8 + rnd() * 10;
      path += ` q ${f(step / 2)} ${f((rnd() - 0.5) * 14)} ${f(step)} 0`;
      x += step;
      if (rnd() < 0.12) {
        x += 14;
        path += ` m 14 0`;
      }
    }
    scribbles.push(`<path d="${path}" fill="none" stroke="#3d3327" stroke-width="2.6" stroke-linecap="round" opacity="0.8"/>`);
  };
  line(300, 260, 260);
  for (let i = 0; i < 9; i++) line(310, 330 + i * 48, 300 + rnd() * 90);
  for (let i = 0; i < 4; i++) line(810, 560 + i * 52, 320 + rnd() * 60);
  d.add(scribbles.join(''));
  d.add(`<path d="M 860 300 Q 1000 470 1140 300" fill="none" stroke="#3d3327" stroke-width="3"/><ellipse cx="1000" cy="300" rx="140" ry="26" fill="none" stroke="#3d3327" stroke-width="3"/>`);
  d.add(`<path d="M 930 430 L 1070 430" stroke="#3d3327" stroke-width="2.5"/>`);
  // A test tile and a pencil on the page.
  d.add(`<rect x="1010" y="690" width="170" height="150" rx="12" fill="#1e1208" opacity="0.4" filter="${d.blur(10)}" transform="translate(10 12)"/>`);
  d.add(`<rect x="1010" y="690" width="170" height="150" rx="12" fill="${d.linear([[0, GLAZES.celadon.light], [0.7, GLAZES.celadon.mid], [0.72, CLAY.light], [1, CLAY.mid]])}"/>`);
  d.add(`<g transform="rotate(-28 560 900)"><rect x="300" y="890" width="520" height="26" rx="4" fill="#d9a441"/><path d="M 820 890 L 880 903 L 820 916 Z" fill="#e8cfa6"/><path d="M 862 899 L 880 903 L 862 907 Z" fill="#333"/><rect x="280" y="890" width="26" height="26" rx="3" fill="#c46a6a"/></g>`);
  d.grain(0.06);
  vignette(d, 0.4);
  return d.done();
}

export const DEMO_IMAGE_LIST: DemoImage[] = [
  {
    name: 'heroStudio', id: DEMO_IMAGES.heroStudio, filename: 'studio.jpg', title: 'The studio',
    altText: 'Shelves of glazed pots in a sunlit pottery studio, with a bowl and a mug on the work table',
    format: 'jpeg', width: 2400, height: 1350, draw: heroStudio,
  },
  {
    name: 'stonewareMug', id: DEMO_IMAGES.stonewareMug, filename: 'stoneware-mug-sand.jpg', title: 'Stoneware Mug, Sand',
    altText: 'A speckled stoneware mug in a sand glaze on a wooden table', format: 'jpeg', width: 1500, height: 1500,
    draw: () => mugShot(GLAZES.sand, 3),
  },
  {
    name: 'mossMug', id: DEMO_IMAGES.mossMug, filename: 'stoneware-mug-moss.jpg', title: 'Stoneware Mug, Moss',
    altText: 'A stoneware mug in a deep moss green glaze on a wooden table', format: 'jpeg', width: 1500, height: 1500,
    draw: () => mugShot(GLAZES.moss, 7),
  },
  {
    name: 'servingBowl', id: DEMO_IMAGES.servingBowl, filename: 'large-serving-bowl.jpg', title: 'Large Serving Bowl',
    altText: 'A wide serving bowl in a speckled ash glaze', format: 'jpeg', width: 1500, height: 1500, draw: servingBowl,
  },
  {
    name: 'dinnerPlates', id: DEMO_IMAGES.dinnerPlates, filename: 'ridged-dinner-plates.jpg', title: 'Ridged Dinner Plates',
    altText: 'A stack of ridged dinner plates in sand and moss glazes beside a rust linen napkin', format: 'jpeg', width: 1500, height: 1500,
    draw: dinnerPlates,
  },
  {
    name: 'budVase', id: DEMO_IMAGES.budVase, filename: 'small-bud-vase.jpg', title: 'Small Bud Vase',
    altText: 'A small shino-glazed bud vase holding a dried stem', format: 'jpeg', width: 1200, height: 1500, draw: budVase,
  },
  {
    name: 'teaBowls', id: DEMO_IMAGES.teaBowls, filename: 'tea-bowls.jpg', title: 'Tea bowls',
    altText: 'Three tea bowls in tenmoku, shino and celadon glazes', format: 'jpeg', width: 1500, height: 1000, draw: teaBowls,
  },
  {
    name: 'linenApron', id: DEMO_IMAGES.linenApron, filename: 'linen-apron-rust.jpg', title: 'Linen Apron, Rust',
    altText: 'A rust linen studio apron with two pockets hanging from a wooden peg', format: 'jpeg', width: 1200, height: 1500, draw: linenApron,
  },
  {
    name: 'throwingWheel', id: DEMO_IMAGES.throwingWheel, filename: 'throwing-wheel.jpg', title: 'At the wheel',
    altText: 'A cylinder of wet clay being thrown on a potter’s wheel', format: 'jpeg', width: 1500, height: 1000, draw: throwingWheel,
  },
  {
    name: 'kiln', id: DEMO_IMAGES.kiln, filename: 'kiln.jpg', title: 'Firing day',
    altText: 'An open kiln glowing orange with pots inside', format: 'jpeg', width: 1500, height: 1000, draw: kiln,
  },
  {
    name: 'glazeSwatches', id: DEMO_IMAGES.glazeSwatches, filename: 'glaze-test-tiles.png', title: 'Glaze test tiles',
    altText: 'Twelve glaze test tiles laid out in a grid on a wooden board', format: 'png', width: 1500, height: 1000, draw: glazeSwatches,
  },
  {
    name: 'recipeBook', id: DEMO_IMAGES.recipeBook, filename: 'glaze-recipe-book.jpg', title: 'Glaze Recipe Book',
    altText: 'An open notebook of handwritten glaze recipes with a test tile and a pencil', format: 'jpeg', width: 1500, height: 1000,
    draw: recipeBook,
  },
];

// ---------------------------------------------------------------------------------------------
// Rasterising

/** Encoder settings; part of the cache key. */
const GRAIN_SIGMA = 40;
const ENCODERS = { jpeg: { quality: 86, progressive: true, chromaSubsampling: '4:4:4' }, png: { compressionLevel: 9 } } as const;

/**
 * The image's file bytes. Rasterising the drawings takes a few seconds in all, and every test app
 * seeds them, so the bytes are kept in a directory under the system's temp directory, keyed by
 * the drawing, the encoder settings and the sharp/libvips versions; a missing or unreadable cache
 * only means drawing again.
 */
export async function renderDemoImage(image: DemoImage, cacheDir: string | null = defaultCacheDir()): Promise<Buffer> {
  const { svg, grain } = image.draw();
  const key = createHash('sha256')
    .update(JSON.stringify([svg, grain, GRAIN_SIGMA, image.format, ENCODERS[image.format], sharp.versions]))
    .digest('hex')
    .slice(0, 24);
  const file = cacheDir ? join(cacheDir, `${image.name}-${key}.${image.format === 'jpeg' ? 'jpg' : 'png'}`) : null;
  if (file) {
    const cached = await readFile(file).catch(() => null);
    if (cached && cached.length > 0) return cached;
  }
  let pipeline = sharp(Buffer.from(svg)).flatten({ background: '#ffffff' });
  if (grain > 0) {
    // Grey gaussian noise laid over softly; far faster than an SVG turbulence filter.
    const noise = await sharp({ create: { width: image.width, height: image.height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: GRAIN_SIGMA } } })
      .ensureAlpha(Math.min(1, grain * 4))
      .png({ compressionLevel: 0 })
      .toBuffer();
    pipeline = sharp(await pipeline.png({ compressionLevel: 0 }).toBuffer()).composite([{ input: noise, blend: 'soft-light' }]);
  }
  const bytes = image.format === 'jpeg' ? await pipeline.jpeg(ENCODERS.jpeg).toBuffer() : await pipeline.png(ENCODERS.png).toBuffer();
  if (file && cacheDir) {
    try {
      await mkdir(cacheDir, { recursive: true });
      const partial = `${file}.${process.pid}.${Date.now()}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    } catch {
      // A read-only or full temp directory: draw again next time.
    }
  }
  return bytes;
}

function defaultCacheDir(): string {
  return join(tmpdir(), 'storefront-demo-images');
}
