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
import { slugify } from './slug';

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
  };
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

function productName(
  random: Random,
  group: GroupSeed,
  sub: SubcategorySeed,
  brand: string,
  colour: Colour,
  style: string,
) {
  const material = sub.materials.length && random.chance(0.7) ? random.pick(sub.materials) : '';
  const audience = sub.audiences.length ? random.pick(sub.audiences) : '';
  let words: string[];
  if (sub.pattern === 'shade') return { name: `${brand} ${style} ${sub.noun} - ${colour.name}`, material };
  if (sub.pattern === 'plain') {
    words = [brand, group.nature === 'home' ? colour.name : '', style, sub.noun];
  } else if (sub.noun) {
    words = [brand, audience, colour.name, style, material, sub.noun];
  } else {
    // The style already names the garment ("Kurta with Pyjamas"), so the fabric goes first.
    words = [brand, audience, colour.name, material, style];
  }
  return { name: words.filter(Boolean).join(' '), material };
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

/** One product with its images and reviews; `serial` keeps slugs unique. */
export function generateProduct(
  random: Random,
  placement: ProductPlacement,
  serial: number,
  anchor: number,
): GeneratedProduct {
  const { group, subcategory: sub } = placement;
  const nature = sub.nature ?? group.nature;
  const brand = random.pick(sub.brands);
  const colour = random.pick(sub.colours);
  const style = random.pick(sub.styles);
  const { name, material } = productName(random, group, sub, brand, colour, style);
  const createdAt = anchor - random.next() * HISTORY_DAYS * DAY_MS;
  const reviews = generateReviews(random, nature, createdAt, anchor);
  const average = reviews.length ? reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length : 0;
  return {
    row: {
      slug: `${slugify(name)}-${serial}`,
      name,
      brand,
      price: shopPrice(random, sub.price),
      discount: discountPercent(random),
      stock: stockLevel(random),
      rating: roundRating(average),
      review_count: reviews.length,
      description: description(random, nature, placement, { brand, colour, style, material }),
      colour: colour.name,
      category_id: placement.categoryId,
      seller_id: placement.seller.id,
      created_at: new Date(createdAt).toISOString(),
      category_terms: categoryTerms(group, sub),
    },
    images: imagePaths(random, sub, colour),
    reviews,
  };
}
