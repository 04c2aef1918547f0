/**
 * HSN-style goods codes for the invoice, chosen from the product's category name (e.g. "Kurtas", "Sneakers")
 * and, failing that, its top-level group ("Mens", "Beauty"). The first matching rule wins, so specific
 * goods (footwear, bags) come before the broad apparel rules.
 */
const CATEGORY_RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/shoe|sneaker|sandal|slipper|heel|flip.?flop|boot|loafer|footwear|mojari|jutti/i, '6403'],
  [/bag|backpack|wallet|clutch|purse|luggage|trolley/i, '4202'],
  [/watch/i, '9102'],
  [/jewel|earring|necklace|bracelet|bangle|ring|pendant|anklet/i, '7117'],
  [/sunglass|eyewear|spectacle/i, '9004'],
  [/perfume|fragrance|deo/i, '3303'],
  [/lipstick|make.?up|kajal|nail|skin|face|cosmetic|beauty|cream|serum|lotion/i, '3304'],
  [/shampoo|hair/i, '3305'],
  [/bedsheet|bed ?sheet|bedding|cushion|curtain|towel|linen|quilt|blanket|dohar/i, '6302'],
  [/decor|vase|lamp|light|candle|clock|frame|showpiece/i, '9405'],
  [/t-?shirt|tee|polo/i, '6109'],
  [/sweat|hoodie|jumper|cardigan|pullover/i, '6110'],
  [/jacket|coat|blazer|suit/i, '6203'],
  [/jean|trouser|pant|chino|short|jogger|legging|palazzo/i, '6203'],
  [/bra|brief|lingerie|innerwear|boxer|vest|night|sleep/i, '6212'],
  [/saree|sari|lehenga|dupatta|kurta|kurti|ethnic|sherwani|salwar|churidar/i, '6211'],
  [/dress|gown|skirt|top|tunic/i, '6204'],
  [/shirt/i, '6205'],
  [/sock/i, '6115'],
  [/cap|hat/i, '6505'],
  [/belt|tie|scarf|stole|glove/i, '6217'],
];

const GROUP_CODES: Readonly<Record<string, string>> = {
  mens: '6211',
  men: '6211',
  women: '6211',
  kids: '6209',
  'home living': '6302',
  beauty: '3304',
};

/** Apparel accessories, the broadest code, when nothing more specific matches. */
const FALLBACK_CODE = '6217';

export function hsnCodeFor(category: string, group: string | null): string {
  for (const [pattern, code] of CATEGORY_RULES) if (pattern.test(category)) return code;
  return GROUP_CODES[(group ?? category).trim().toLowerCase()] ?? FALLBACK_CODE;
}
