/**
 * The shop's colour palette: the names products use (the colour facet's values) and the hex each is painted with
 * (generated pictures, swatches, facet dots).
 */
/** A named colour; `hex` (six lowercase digits) paints the generated product pictures. */
export interface Colour {
  name: string;
  hex: string;
}

const colour = (name: string, hex: string): Colour => ({ name, hex });

export const COLOURS = {
  navy: colour('Navy Blue', '1f2f5c'),
  black: colour('Black', '2a2b2f'),
  white: colour('White', 'f3f2ee'),
  maroon: colour('Maroon', '7a1f2b'),
  mustard: colour('Mustard', 'd9a21b'),
  olive: colour('Olive', '6b7a3a'),
  teal: colour('Teal', '1f7a7a'),
  green: colour('Bottle Green', '1d5c3f'),
  peach: colour('Peach', 'f2a48a'),
  pink: colour('Pink', 'e86a92'),
  lavender: colour('Lavender', 'a58bd6'),
  sky: colour('Sky Blue', '6fb2e0'),
  rust: colour('Rust', 'b5532a'),
  beige: colour('Beige', 'd8c3a0'),
  grey: colour('Grey Melange', '9a9ca1'),
  red: colour('Red', 'c8302f'),
  coral: colour('Coral', 'f07158'),
  magenta: colour('Magenta', 'b8287a'),
  royal: colour('Royal Blue', '2c4fb5'),
  offWhite: colour('Off White', 'efe9dc'),
  charcoal: colour('Charcoal', '3c3f45'),
  brown: colour('Brown', '6e4a32'),
  cream: colour('Cream', 'f3e6c8'),
  seaGreen: colour('Sea Green', '3fa58a'),
  yellow: colour('Yellow', 'f2c230'),
  burgundy: colour('Burgundy', '6d1a36'),
  gold: colour('Gold', 'c9a03d'),
  silver: colour('Silver', 'b9bec6'),
  roseGold: colour('Rose Gold', 'c98f7a'),
  nude: colour('Nude', 'd6a58c'),
  plum: colour('Plum', '6a2c5a'),
  turquoise: colour('Turquoise', '2bb3b0'),
  lightBlue: colour('Light Blue', '8fb0d6'),
  darkBlue: colour('Dark Blue', '263f6b'),
  amber: colour('Amber', 'd98c2b'),
  mint: colour('Mint', '9ed9bf'),
} as const;

const HEX_BY_NAME = new Map<string, string>(
  Object.values(COLOURS).map(({ name, hex }) => [name.toLowerCase(), hex]),
);

/** '#rrggbb' of a colour name; names outside the palette get a neutral grey. */
export function colourHex(name: string): string {
  return `#${HEX_BY_NAME.get(name.toLowerCase()) ?? '9a9ca1'}`;
}
