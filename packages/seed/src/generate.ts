import { roundRating } from '@bazaar/shared';
import { PRODUCT_IMAGE_VARIANTS, pictureUrl } from './pictures';
import {
  descriptionDetails,
  firstNames,
  lastNames,
  reviewDetails,
  reviewOpeners,
  searchSynonyms,
  type Colour,
  type GroupSeed,
  type ProductNature,
  type SubcategorySeed,
} from './catalogue';
import type { Random } from './random';
import { pickSizeRun, sizeStocks } from './sizes';
import { slugify } from '@bazaar/shared/slug';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Products and reviews are dated within the two years before the seed's anchor date. */
const HISTORY_DAYS = 730;
const MIN_PRICE = 199;
const MAX_PRICE = 9999;

/** Where a generated product belongs: ids are known once categories and sellers are inserted. */
export interface ProductPlacement {
  group: GroupSeed;
  subcategory: SubcategorySeed;
  categoryId: number;
  seller: { id: number; shopName: string; city: string };
}

export interface GeneratedReview {
  name: string;
  rating: number;
  review: string;
  created_at: string;
}

export interface GeneratedProduct {
  row: {
    slug: string;
    name: string;
    brand: string;
    price: number;
    discount: number;
    stock: number;
    rating: number;
    review_count: number;
    description: string;
    colour: string;
    category_id: number;
    seller_id: number;
    created_at: string;
    category_terms: string;
    /** A key of SIZE_SYSTEMS; null: no sizes, one default variant. */
    size_system: string | null;
    /** Shared by colour siblings; null for a product that comes in one colour. */
    style_code: string | null;
  };
  /** Its stock per size; `row.stock` is their sum. */
  variants: GeneratedVariant[];
  images: string[];
  reviews: GeneratedReview[];
}

/** Shop-like prices: ₹449, ₹499, ₹1,299, ₹2,499 … within the subcategory's range. */
export function shopPrice(random: Random, [low, high]: [number, number]): number {
  // Log-uniform, so cheaper items are more common than expensive ones, as in a real catalogue.
  const raw = Math.exp(Math.log(low) + random.next() * (Math.log(high) - Math.log(low)));
  const step = raw < 1000 ? 50 : 100;
  const rounded = Math.round(raw / step) * step - 1;
  return Math.min(MAX_PRICE, Math.max(MIN_PRICE, Math.min(high, Math.max(low, rounded))));
}

const DISCOUNTS = [5, 10, 10, 15, 20, 20, 25, 30, 30, 35, 40, 40, 45, 50, 50, 55, 60, 65, 70];

function discountPercent(random: Random): number {
  return random.chance(0.2) ? 0 : random.pick(DISCOUNTS);
}

/** About 8 % sold out, some running low ("3 left"), the rest comfortably stocked. */
function stockLevel(random: Random): number {
  const roll = random.next();
  if (roll < 0.08) return 0;
  if (roll < 0.2) return random.int(1, 9);
  return random.int(10, 150);
}

/** What colour siblings share: everything but the colour (and so the pictures, stock and reviews). */
export interface ProductDesign {
  brand: string;
  style: string;
  material: string;
  audience: string;
  price: number;
  discount: number;
  /** The size run, smallest first; null for a product without sizes (one default variant). */
  sizes: string[] | null;
  createdAt: number;
}

function productDesign(random: Random, sub: SubcategorySeed, anchor: number): ProductDesign {
  const brand = random.pick(sub.brands);
  const style = random.pick(sub.styles);
  const material = sub.materials.length && random.chance(0.7) ? random.pick(sub.materials) : '';
  const audience = sub.audiences.length ? random.pick(sub.audiences) : '';
  return {
    brand,
    style,
    material,
    audience,
    price: shopPrice(random, sub.price),
    discount: discountPercent(random),
    sizes: sub.sizing ? pickSizeRun(random, sub.sizing) : null,
    createdAt: anchor - random.next() * HISTORY_DAYS * DAY_MS,
  };
}

function productName(group: GroupSeed, sub: SubcategorySeed, design: ProductDesign, colour: Colour): string {
  const { brand, audience, style, material } = design;
  let words: string[];
  if (sub.pattern === 'shade') return `${brand} ${style} ${sub.noun} - ${colour.name}`;
  if (sub.pattern === 'plain') {
    words = [brand, group.nature === 'home' ? colour.name : '', style, sub.noun];
  } else if (sub.noun) {
    words = [brand, audience, colour.name, style, material, sub.noun];
  } else {
    // The style already names the garment ("Kurta with Pyjamas"), so the fabric goes first.
    words = [brand, audience, colour.name, material, style];
  }
  return words.filter(Boolean).join(' ');
}

function description(
  random: Random,
  nature: ProductNature,
  placement: ProductPlacement,
  parts: { brand: string; colour: Colour; style: string; material: string },
) {
  const what = (placement.subcategory.noun || placement.subcategory.name).toLowerCase();
  const fabric = parts.material ? ` in ${parts.material.toLowerCase()}` : '';
  const opening = `${parts.brand} brings you this ${parts.colour.name.toLowerCase()} ${parts.style.toLowerCase()} ${what}${fabric}.`;
  const details = random.sample(descriptionDetails[nature], 3);
  const seller = `Sold and shipped by ${placement.seller.shopName}, ${placement.seller.city}.`;
  return [opening, ...details, seller].join(' ');
}

function reviewText(random: Random, nature: ProductNature, rating: number): string {
  const tone = rating >= 4 ? 'good' : rating === 3 ? 'mixed' : 'bad';
  return `${random.pick(reviewOpeners[rating])} ${random.pick(reviewDetails[nature][tone])}`;
}

function reviewerName(random: Random): string {
  const first = random.pick(firstNames);
  const last = random.pick(lastNames);
  return random.chance(0.3) ? `${first} ${last[0]}.` : `${first} ${last}`;
}

/** Each product has a "true" quality; its reviews scatter around it. */
function generateReviews(
  random: Random,
  nature: ProductNature,
  createdAt: number,
  anchor: number,
): GeneratedReview[] {
  if (random.chance(0.12)) return [];
  const count = random.int(1, 8);
  const quality = 2.6 + 2.4 * Math.pow(random.next(), 0.6);
  const reviews: GeneratedReview[] = [];
  for (let i = 0; i < count; i++) {
    const rating = Math.min(5, Math.max(1, Math.round(quality + (random.next() - 0.5) * 2.4)));
    const date = createdAt + random.next() * (anchor - createdAt);
    reviews.push({
      name: reviewerName(random),
      rating,
      review: reviewText(random, nature, rating),
      created_at: new Date(date).toISOString(),
    });
  }
  return reviews;
}

/** The product's pictures: a full front view first, then other poses, 2–4 in all. */
function imagePaths(random: Random, sub: SubcategorySeed, colour: Colour): string[] {
  const count = random.int(2, 4);
  const first = random.pick([1, 2]);
  const others = Array.from({ length: PRODUCT_IMAGE_VARIANTS }, (_, i) => i + 1).filter((v) => v !== first);
  return [first, ...random.sample(others, count - 1)].map((variant) =>
    pictureUrl({ type: 'product', kind: sub.kind, colour: colour.hex, variant }),
  );
}

export function categoryTerms(group: GroupSeed, sub: SubcategorySeed): string {
  return [sub.name, group.name, searchSynonyms[sub.kind] ?? ''].filter(Boolean).join(' ');
}

/** A variant to insert: its size (null for the default variant), place in the run and stock. */
export interface GeneratedVariant {
  size: string | null;
  position: number;
  stock: number;
}

/** The product's variants: one per size of its run with uneven stock, or one default variant. */
function productVariants(random: Random, sizes: string[] | null): GeneratedVariant[] {
  if (!sizes) return [{ size: null, position: 0, stock: stockLevel(random) }];
  const stocks = sizeStocks(random, sizes.length);
  return sizes.map((size, position) => ({ size, position, stock: stocks[position] }));
}

/**
 * One product in `colour`, with its variants, images and reviews, following `design` (shared with its colour
 * siblings, which also share `styleCode`); `serial` keeps slugs unique.
 */
export function productOfDesign(
  random: Random,
  placement: ProductPlacement,
  design: ProductDesign,
  colour: Colour,
  serial: number,
  anchor: number,
  styleCode: string | null = null,
): GeneratedProduct {
  const { group, subcategory: sub } = placement;
  const nature = sub.nature ?? group.nature;
  const name = productName(group, sub, design, colour);
  const reviews = generateReviews(random, nature, design.createdAt, anchor);
  const average = reviews.length ? reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length : 0;
  const variants = productVariants(random, design.sizes);
  return {
    row: {
      slug: `${slugify(name)}-${serial}`,
      name,
      brand: design.brand,
      price: design.price,
      discount: design.discount,
      // The spec's calls read the product's stock: always the sum over its variants.
      stock: variants.reduce((sum, v) => sum + v.stock, 0),
      rating: roundRating(average),
      review_count: reviews.length,
      description: description(random, nature, placement, { ...design, colour }),
      colour: colour.name,
      category_id: placement.categoryId,
      seller_id: placement.seller.id,
      created_at: new Date(design.createdAt).toISOString(),
      category_terms: categoryTerms(group, sub),
      size_system: design.sizes && sub.sizing ? sub.sizing.system : null,
      style_code: styleCode,
    },
    variants,
    images: imagePaths(random, sub, colour),
    reviews,
  };
}

/** One product with its variants, images and reviews, in a colour of its own (no siblings). */
export function generateProduct(
  random: Random,
  placement: ProductPlacement,
  serial: number,
  anchor: number,
): GeneratedProduct {
  const design = productDesign(random, placement.subcategory, anchor);
  return productOfDesign(
    random,
    placement,
    design,
    random.pick(placement.subcategory.colours),
    serial,
    anchor,
  );
}

/** A subcategory's shelf and the shops that may stock it. */
export type Shelf = Omit<ProductPlacement, 'seller'> & { sellers: ProductPlacement['seller'][] };

/**
 * The order products are dealt to shelves: every shelf twice (so a small catalogue stocks each as it always did),
 * then each shelf with sizes four times more. A fashion shop carries far more clothes and shoes than lamps or
 * lipsticks (here about three in four products have sizes), and this is what brings 100,000 products to about
 * half a million variants.
 */
export function shelfCycle(shelves: readonly Shelf[]): Shelf[] {
  const sized = shelves.filter((shelf) => shelf.subcategory.sizing);
  return [...shelves, ...shelves, ...sized, ...sized, ...sized, ...sized];
}

/** Share of products with sizes that come in 2–4 colours (their siblings included). */
const SIBLING_SHARE = 0.3;
const SIBLING_GROUP_SIZES = [2, 2, 2, 3, 3, 4];

/** A style code as a shop would print on its tags, from the serial of the group's first product. */
export function styleCodeOf(serial: number): string {
  return `STY${String(serial).padStart(7, '0')}`;
}

/**
 * The catalogue's products in insertion order (serials 1…total), dealt round the shelf cycle. A product with
 * sizes may start a group of colour siblings: the same design in other colours of its shelf, placed one cycle
 * apart so they land on the same shelf, each with its own pictures, stock and reviews.
 */
export function* generateCatalogue(
  random: Random,
  shelves: readonly Shelf[],
  total: number,
  anchor: number,
): Generator<GeneratedProduct> {
  const cycle = shelfCycle(shelves);
  const followers = new Map<
    number,
    { placement: ProductPlacement; design: ProductDesign; colour: Colour; styleCode: string }
  >();
  for (let index = 0; index < total; index++) {
    const serial = index + 1;
    const follower = followers.get(index);
    if (follower) {
      followers.delete(index);
      const { placement, design, colour, styleCode } = follower;
      yield productOfDesign(random, placement, design, colour, serial, anchor, styleCode);
      continue;
    }
    const shelf = cycle[index % cycle.length];
    const placement: ProductPlacement = { ...shelf, seller: random.pick(shelf.sellers) };
    const design = productDesign(random, shelf.subcategory, anchor);
    const colours = shelf.subcategory.colours;
    const groupSize = design.sizes && random.chance(SIBLING_SHARE) ? random.pick(SIBLING_GROUP_SIZES) : 1;
    // Siblings past the end of the catalogue are simply not made; a group of one has no style code.
    const siblingIndexes = Array.from(
      { length: groupSize - 1 },
      (_, i) => index + (i + 1) * cycle.length,
    ).filter((at) => at < total);
    const [colour, ...otherColours] = random.sample(
      colours,
      Math.min(colours.length, siblingIndexes.length + 1),
    );
    const styleCode = otherColours.length ? styleCodeOf(serial) : null;
    otherColours.forEach((siblingColour, i) =>
      followers.set(siblingIndexes[i], { placement, design, colour: siblingColour, styleCode: styleCode! }),
    );
    yield productOfDesign(random, placement, design, colour, serial, anchor, styleCode);
  }
}
