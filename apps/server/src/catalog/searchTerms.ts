/**
 * The shop's search language: what a shopper types that the catalogue spells differently. Kept as data, read by
 * `search.ts`; every word here is written as `searchStem` leaves it (singular, lower case).
 */

/**
 * Words that mean the same product, the catalogue's own spelling first. A search for any of them matches all
 * of them. A hyphenated entry is a phrase: "t-shirt" matches the catalogue's "T-shirt" (two words to SQLite's
 * tokenizer, one compound to PostgreSQL's parser).
 */
export const SYNONYMS: readonly (readonly string[])[] = [
  ['t-shirt', 'tshirt', 'tee'],
  ['kurta', 'kurti'],
  ['saree', 'sari'],
  ['sneaker', 'trainer'],
  ['trouser', 'pant'],
  ['handbag', 'purse'],
  ['sweatshirt', 'hoodie'],
  ['perfume', 'fragrance', 'scent'],
  ['moisturiser', 'moisturizer'],
  ['kajal', 'kohl'],
  ['colour', 'color'],
  ['grey', 'gray'],
  ['jewellery', 'jewelry'],
  ['bedsheet', 'bedspread'],
  ['dinnerware', 'crockery'],
];

/** Two typed words that are one catalogue word ("t shirt", "tee shirt" → t-shirt). */
export const COMPOUNDS: ReadonlyMap<string, string> = new Map([
  ['t shirt', 'tshirt'],
  ['tee shirt', 'tshirt'],
]);

/**
 * Words that name who a product is for. They narrow the search to that top-level category (by slug) instead
 * of being matched as text: "shirts for men" means the men's shirts, wherever the word "men" is written.
 */
export const AUDIENCES: ReadonlyMap<string, string> = new Map([
  ...['men', 'man', 'male', 'gent', 'gents', 'gentleman', 'gentlemen'].map((w) => [w, 'mens'] as const),
  ...['women', 'woman', 'female', 'lady', 'ladies'].map((w) => [w, 'women'] as const),
  ...['kid', 'child', 'children', 'boy', 'girl', 'baby', 'babies'].map((w) => [w, 'kids'] as const),
]);

/**
 * PostgreSQL's English stop words (the list its `english` text search configuration drops), plus a few words
 * of shopping phrases. Dropping them here, before either database sees the query, is what makes "kurta for
 * women" find kurtas and gives both databases the same words to match.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  ...'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers'.split(
    ' ',
  ),
  ...'herself it its itself they them their theirs themselves what which who whom this that these those am is'.split(
    ' ',
  ),
  ...'are was were be been being have has had having do does did doing a an the and but if or because as until'.split(
    ' ',
  ),
  ...'while of at by for with about against between into through during before after above below to from up'.split(
    ' ',
  ),
  ...'down in out on off over under again further then once here there when where why how all any both each'.split(
    ' ',
  ),
  ...'few more most other some such no nor not only own same so than too very s t can will just don should now'.split(
    ' ',
  ),
  ...'show find buy want need looking like'.split(' '),
]);

/** Words that join two things a shopper wants either of ("shirt and jeans"). */
export const EITHER_WORDS: ReadonlySet<string> = new Set(['and', 'or']);

/**
 * Words of fashion products that the catalogue's categories, brands and colours do not spell, so that typos in
 * them are corrected too ("cottn" → cotton). Product types come from the categories themselves.
 */
export const FASHION_WORDS: readonly string[] = [
  'cotton',
  'linen',
  'silk',
  'denim',
  'wool',
  'woollen',
  'polyester',
  'leather',
  'chiffon',
  'georgette',
  'rayon',
  'velvet',
  'printed',
  'print',
  'solid',
  'striped',
  'checked',
  'floral',
  'embroidered',
  'embellished',
  'sequinned',
  'woven',
  'zari',
  'banarasi',
  'kanjeevaram',
  'chanderi',
  'bandhani',
  'slim',
  'regular',
  'oversized',
  'skinny',
  'straight',
  'relaxed',
  'tapered',
  'cropped',
  'casual',
  'formal',
  'party',
  'wedding',
  'festive',
  'ethnic',
  'collar',
  'neck',
  'sleeve',
  'pocket',
  'shirt',
  'jacket',
  'coat',
  'shoe',
  'sandal',
  'footwear',
  'bag',
  'backpack',
  'wallet',
  'belt',
  'cap',
  'sock',
  'sunglasses',
  'dupatta',
  'lehenga',
  'legging',
  'palazzo',
  'skirt',
  'blazer',
  'sweater',
  'cardigan',
  'pyjama',
  'nightwear',
  'makeup',
  'lip',
  'nail',
  'serum',
  'cream',
  'lotion',
  'shampoo',
  'cushion',
  'curtain',
  'towel',
  'lamp',
  'clock',
  'plate',
];
