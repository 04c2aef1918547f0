import type { MediaKind } from './kinds';
import { paletteFor, type Palette } from './colour';
import { shapes, type Shape } from './shapes';

/*
 * Deterministic SVG pictures for products, categories and banners. Every input is validated upstream
 * (kind from a fixed list, colour as six hex digits, variant and banner numbers from small ranges), and no
 * request text is ever written into the markup, so nothing a client sends can inject into the SVG.
 */

const STAGE = { width: 600, height: 800 };
/** Vertical extent of each silhouette on the stage, used to fit it to the frame. */
const TOPS: Record<MediaKind, number> = {
  tshirt: 160,
  shirt: 150,
  kurta: 132,
  jeans: 146,
  jacket: 136,
  sneaker: 275,
  watch: 110,
  saree: 175,
  dress: 160,
  top: 165,
  handbag: 168,
  heels: 350,
  frock: 205,
  shorts: 260,
  backpack: 148,
  bedsheet: 300,
  cushion: 190,
  curtain: 134,
  lamp: 186,
  dinnerware: 305,
  clock: 155,
  towel: 330,
  lipstick: 186,
  facewash: 160,
  perfume: 150,
  serum: 150,
  nailpolish: 190,
  kajal: 96,
  cream: 330,
};

/** Horizontal extent of the wide silhouettes (the rest fit within 420). */
const WIDTHS: Partial<Record<MediaKind, number>> = {
  sneaker: 480,
  heels: 420,
  dinnerware: 430,
  bedsheet: 390,
  curtain: 450,
  clock: 400,
  jacket: 420,
  shirt: 410,
  tshirt: 400,
  kurta: 380,
  cushion: 400,
};
const DEFAULT_WIDTH = 360;

type Print = 'none' | 'stripes' | 'dots' | 'buti';

interface Pose {
  backdrop: 0 | 1 | 2;
  decoration: 'circle' | 'arch' | 'plinth' | 'none';
  rotate: number;
  zoom: number;
  /** Where the zoom centres, as a fraction of the silhouette's height from its top. */
  focus: number;
  mirror: boolean;
  print: (kind: MediaKind, shape: Shape) => Print;
}

const ETHNIC: MediaKind[] = ['kurta', 'saree', 'bedsheet', 'cushion', 'curtain'];
const noPrint = () => 'none' as const;

/** Variant n of a product picture: pose, backdrop and print. */
const POSES: Pose[] = [
  { backdrop: 0, decoration: 'circle', rotate: 0, zoom: 1, focus: 0.5, mirror: false, print: noPrint },
  { backdrop: 1, decoration: 'arch', rotate: -6, zoom: 0.96, focus: 0.5, mirror: false, print: noPrint },
  {
    backdrop: 2,
    decoration: 'circle',
    rotate: 0,
    zoom: 1,
    focus: 0.5,
    mirror: false,
    print: (kind, shape) => (!shape.printable ? 'none' : ETHNIC.includes(kind) ? 'buti' : 'stripes'),
  },
  { backdrop: 0, decoration: 'none', rotate: 0, zoom: 1.55, focus: 0.32, mirror: false, print: noPrint },
  {
    backdrop: 1,
    decoration: 'circle',
    rotate: 0,
    zoom: 1,
    focus: 0.5,
    mirror: true,
    print: (_kind, shape) => (shape.printable ? 'dots' : 'none'),
  },
  { backdrop: 2, decoration: 'plinth', rotate: 5, zoom: 0.86, focus: 0.5, mirror: false, print: noPrint },
];

function printPattern(print: Print, p: Palette): string {
  switch (print) {
    case 'stripes':
      return `<pattern id="print" width="30" height="30" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="11" height="30" fill="${p.light}" opacity="0.55"/></pattern>`;
    case 'dots':
      return `<pattern id="print" width="36" height="36" patternUnits="userSpaceOnUse"><circle cx="9" cy="9" r="4.5" fill="${p.light}" opacity="0.8"/><circle cx="27" cy="27" r="4.5" fill="${p.light}" opacity="0.8"/></pattern>`;
    case 'buti':
      return (
        `<pattern id="print" width="48" height="48" patternUnits="userSpaceOnUse">` +
        `<g fill="${p.accent}" opacity="0.85"><circle cx="24" cy="18" r="4"/><circle cx="18" cy="24" r="4"/><circle cx="30" cy="24" r="4"/><circle cx="24" cy="30" r="4"/></g>` +
        `<circle cx="24" cy="24" r="2.5" fill="${p.light}"/><circle cx="0" cy="0" r="3" fill="${p.accent}" opacity="0.6"/></pattern>`
      );
    case 'none':
      return '';
  }
}

function decoration(kind: Pose['decoration'], p: Palette, width: number, height: number): string {
  const cx = width / 2;
  switch (kind) {
    case 'circle':
      return `<circle cx="${cx}" cy="${height * 0.48}" r="${width * 0.42}" fill="${p.backdropShape}" opacity="0.75"/>`;
    case 'arch':
      return `<path d="M${cx - 210} ${height} L${cx - 210} ${height * 0.36} A210 210 0 0 1 ${cx + 210} ${height * 0.36} L${cx + 210} ${height} Z" fill="${p.backdropShape}" opacity="0.7"/>`;
    case 'plinth':
      return (
        `<rect x="0" y="${height * 0.8}" width="${width}" height="${height * 0.2}" fill="${p.backdropShape}" opacity="0.6"/>` +
        `<ellipse cx="${cx}" cy="${height * 0.8}" rx="${width * 0.36}" ry="26" fill="${p.backdropShape}"/>`
      );
    case 'none':
      return '';
  }
}

/** The product itself, fitted into the frame around (centreX, centreY) with the given extra zoom. */
interface Fit {
  centreX: number;
  centreY: number;
  /** Largest height and width the silhouette may take before the extra zoom. */
  height: number;
  width: number;
  zoom: number;
  focus: number;
  rotate: number;
  mirror: boolean;
  print: Print;
}

function product(kind: MediaKind, p: Palette, fit: Fit) {
  const shape = shapes[kind];
  const top = TOPS[kind];
  const extent = shape.floor - top;
  const scale = (
    Math.min(1.3, fit.height / extent, fit.width / (WIDTHS[kind] ?? DEFAULT_WIDTH)) * fit.zoom
  ).toFixed(3);
  const anchorY = top + extent * fit.focus;
  const mirror = fit.mirror ? ' scale(-1 1)' : '';
  const transform = `translate(${fit.centreX} ${fit.centreY}) rotate(${fit.rotate}) scale(${scale})${mirror} translate(-300 ${-anchorY})`;
  return (
    `<g transform="${transform}">` +
    `<ellipse cx="300" cy="${shape.floor + 8}" rx="210" ry="24" fill="url(#floor)"/>` +
    (shape.behind?.(p) ?? '') +
    `<path d="${shape.body}" fill="${p.base}"/>` +
    (fit.print !== 'none'
      ? `<rect x="0" y="0" width="600" height="800" fill="url(#print)" clip-path="url(#body-${kind})"/>`
      : '') +
    shape.details(p) +
    `<rect x="0" y="0" width="600" height="800" fill="url(#sheen)" clip-path="url(#body-${kind})"/>` +
    `<path d="${shape.body}" fill="none" stroke="${p.line}" stroke-width="2" opacity="0.35"/>` +
    `</g>`
  );
}

function sharedDefs(
  kinds: MediaKind[],
  backdrop: { from: string; to: string; horizontal?: boolean },
  extra = '',
): string {
  const direction = backdrop.horizontal ? 'x2="1" y2="0"' : 'x2="0" y2="1"';
  return (
    `<defs>` +
    `<linearGradient id="bg" x1="0" y1="0" ${direction}><stop offset="0" stop-color="${backdrop.from}"/><stop offset="1" stop-color="${backdrop.to}"/></linearGradient>` +
    `<radialGradient id="floor"><stop offset="0" stop-color="#1b1b22" stop-opacity="0.22"/><stop offset="1" stop-color="#1b1b22" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.14"/></linearGradient>` +
    [...new Set(kinds)]
      .map((kind) => `<clipPath id="body-${kind}"><path d="${shapes[kind].body}"/></clipPath>`)
      .join('') +
    extra +
    `</defs>`
  );
}

const svg = (width: number, height: number, content: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${content}</svg>`;

/** A 3:4 portrait product picture: variant 1..6 changes pose, backdrop and print. */
export function renderProductImage(kind: MediaKind, colour: string, variant: number): string {
  const pose = POSES[(variant - 1) % POSES.length];
  const p = paletteFor(colour, pose.backdrop);
  const print = pose.print(kind, shapes[kind]);
  const { width, height } = STAGE;
  return svg(
    width,
    height,
    sharedDefs([kind], { from: p.backdropFrom, to: p.backdropTo }, printPattern(print, p)) +
      `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
      decoration(pose.decoration, p, width, height) +
      product(kind, p, {
        centreX: 300,
        centreY: 420,
        height: 560,
        width: 500,
        zoom: pose.zoom,
        focus: pose.focus,
        rotate: pose.rotate,
        mirror: pose.mirror,
        print,
      }),
  );
}

/** A square category tile: the silhouette on a soft disc. */
export function renderCategoryImage(kind: MediaKind, colour: string): string {
  const p = paletteFor(colour, 0);
  return svg(
    600,
    600,
    sharedDefs([kind], { from: p.backdropFrom, to: p.backdropTo }) +
      `<rect width="600" height="600" fill="url(#bg)"/>` +
      `<circle cx="300" cy="300" r="235" fill="${p.backdropShape}" opacity="0.8"/>` +
      product(kind, p, {
        centreX: 300,
        centreY: 305,
        height: 400,
        width: 420,
        zoom: 1,
        focus: 0.5,
        rotate: 0,
        mirror: false,
        print: 'none',
      }),
  );
}

interface BannerArt {
  from: string;
  to: string;
  glow: string;
  items: Array<[MediaKind, string]>;
}

const BANNERS: BannerArt[] = [
  {
    from: '#ffe3cf',
    to: '#ffb39b',
    glow: '#fff4e8',
    items: [
      ['dress', 'f07158'],
      ['top', 'f2c230'],
      ['sneaker', 'f3f2ee'],
    ],
  },
  {
    from: '#4a1236',
    to: '#b8287a',
    glow: '#e77fb3',
    items: [
      ['handbag', 'd4a73c'],
      ['heels', 'c8302f'],
      ['watch', 'c9a03d'],
    ],
  },
  {
    from: '#6d1a36',
    to: '#c9743d',
    glow: '#f3c77a',
    items: [
      ['saree', 'b8287a'],
      ['kurta', 'f2c230'],
      ['kurta', '1f7a7a'],
    ],
  },
  {
    from: '#16595a',
    to: '#7cc7ad',
    glow: '#d8f3e6',
    items: [
      ['lamp', 'f3e6c8'],
      ['cushion', 'd9a21b'],
      ['bedsheet', 'efe9dc'],
    ],
  },
  {
    from: '#f7c6d9',
    to: '#a58bd6',
    glow: '#fde8f1',
    items: [
      ['lipstick', 'c8302f'],
      ['perfume', 'f2a48a'],
      ['serum', 'd98c2b'],
    ],
  },
];

/** A wide 8:3 hero banner: gradient, soft circles and three products on the right (headings are page text). */
export function renderBannerImage(n: number): string {
  const art = BANNERS[(n - 1) % BANNERS.length];
  const positions = [
    { x: 960, y: 320, height: 400 },
    { x: 1210, y: 310, height: 470 },
    { x: 1450, y: 330, height: 400 },
  ];
  const items = art.items
    .map(([kind, colour], i) =>
      product(kind, paletteFor(colour, 0), {
        centreX: positions[i].x,
        centreY: positions[i].y,
        height: positions[i].height,
        width: 230,
        zoom: 1,
        focus: 0.5,
        rotate: [-6, 0, 6][i],
        mirror: false,
        print: 'none',
      }),
    )
    .join('');
  return svg(
    1600,
    600,
    sharedDefs(
      art.items.map(([kind]) => kind),
      { from: art.from, to: art.to, horizontal: true },
    ) +
      `<rect width="1600" height="600" fill="url(#bg)"/>` +
      `<circle cx="1230" cy="300" r="300" fill="${art.glow}" opacity="0.35"/>` +
      `<circle cx="1500" cy="40" r="160" fill="${art.glow}" opacity="0.25"/>` +
      `<circle cx="120" cy="560" r="220" fill="${art.glow}" opacity="0.18"/>` +
      `<circle cx="640" cy="80" r="70" fill="${art.glow}" opacity="0.2"/>` +
      items,
  );
}
