/** Colours derived from one product colour, so every picture is a harmonious set of tints and shades. */
export interface Palette {
  base: string;
  /** Panels, bands and the inside of necklines. */
  shade: string;
  /** Seams and outlines: visible on both dark and light bases. */
  line: string;
  light: string;
  /** Zari gold, or maroon on gold and yellow products. */
  accent: string;
  lace: string;
  strap: string;
  dial: string;
  dialInk: string;
  metal: string;
  /** Backdrop gradient stops and the soft shape behind the product. */
  backdropFrom: string;
  backdropTo: string;
  backdropShape: string;
}

type Rgb = [number, number, number];

function parse(hex: string): Rgb {
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

function format(rgb: Rgb): string {
  return (
    '#' +
    rgb
      .map((v) =>
        Math.round(Math.min(255, Math.max(0, v)))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

export function mix(hexA: string, hexB: string, amountOfB: number): string {
  const a = parse(hexA.replace('#', ''));
  const b = parse(hexB.replace('#', ''));
  return format(a.map((v, i) => v + (b[i] - v) * amountOfB) as Rgb);
}

/** Relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = parse(hex.replace('#', '')).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Rotates the hue by `degrees`, for a backdrop that complements rather than repeats the product colour. */
export function shiftHue(hex: string, degrees: number): string {
  const [r, g, b] = parse(hex.replace('#', '')).map((v) => v / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return '#' + hex.replace('#', '');
  const s = d / (1 - Math.abs(2 * l - 1));
  let h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h = (h * 60 + degrees + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r1, g1, b1] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  return format([(r1 + m) * 255, (g1 + m) * 255, (b1 + m) * 255]);
}

const WHITE = '#ffffff';
const BLACK = '#000000';
const GOLD = '#d4a73c';

/** `backdrop` picks one of a few moods: 0 own tint, 1 warm neutral, 2 complementary tint. */
export function paletteFor(hex: string, backdrop: 0 | 1 | 2 = 0): Palette {
  const base = '#' + hex.toLowerCase();
  const lum = luminance(base);
  const dark = lum < 0.12;
  const pale = lum > 0.7;
  const goldish = Math.abs(parseInt(hex.slice(0, 2), 16) - 0xd0) < 40 && parseInt(hex.slice(4, 6), 16) < 0x70;
  const tintSource = pale ? '#7d8fa6' : base;
  const backdrops: Array<[string, string, string]> = [
    [mix(tintSource, WHITE, 0.9), mix(tintSource, WHITE, 0.78), mix(tintSource, WHITE, 0.7)],
    ['#f7f1e8', '#efe4d3', '#e8d8c0'],
    [
      mix(shiftHue(tintSource, 150), WHITE, 0.88),
      mix(shiftHue(tintSource, 150), WHITE, 0.76),
      mix(shiftHue(tintSource, 150), WHITE, 0.66),
    ],
  ];
  const [backdropFrom, backdropTo, backdropShape] = backdrops[backdrop];
  return {
    base,
    shade: dark ? mix(base, WHITE, 0.16) : mix(base, BLACK, 0.2),
    line: dark ? mix(base, WHITE, 0.38) : mix(base, BLACK, pale ? 0.28 : 0.42),
    light: dark ? mix(base, WHITE, 0.45) : mix(base, WHITE, pale ? 0.7 : 0.5),
    accent: goldish ? '#7a1f2b' : GOLD,
    lace: pale ? mix(base, BLACK, 0.35) : '#f8f7f4',
    strap: dark ? '#3a3a3f' : lum > 0.35 ? '#5a3b28' : '#2b2b2f',
    dial: dark ? '#1d1e22' : '#fbfaf7',
    dialInk: dark ? '#f0f0f0' : '#2f2f33',
    metal: '#b08d57',
    backdropFrom,
    backdropTo,
    backdropShape,
  };
}
