import { describe, expect, it } from 'vitest';
import { SIZE_SYSTEMS, isSizeSystem } from '@bazaar/shared';
import { groups } from './catalogue';
import { generateCatalogue, shelfCycle, type GeneratedProduct, type Shelf } from './generate';
import { pictureOfKey } from './pictures';
import { Random } from './random';
import { sizeStocks, sizesOf, sizings, variantSku } from './sizes';

const ANCHOR = Date.UTC(2026, 10, 23);
const shelves: Shelf[] = groups.flatMap((group, g) =>
  group.subcategories.map((subcategory, s) => ({
    group,
    subcategory,
    categoryId: g * 100 + s,
    sellers: [
      { id: 1, shopName: 'One', city: 'Jaipur' },
      { id: 2, shopName: 'Two', city: 'Pune' },
    ],
  })),
);
const catalogue = (total: number, seed = 7): GeneratedProduct[] => [
  ...generateCatalogue(new Random(seed), shelves, total, ANCHOR),
];
const subOf = (p: GeneratedProduct) => shelves.find((s) => s.categoryId === p.row.category_id)!.subcategory;

describe('size runs', () => {
  it('every sizing names runs that exist in its size system', () => {
    for (const sizing of Object.values(sizings))
      for (const r of sizing.runs) expect(sizesOf(sizing.system, r).length).toBeGreaterThanOrEqual(4);
  });

  it('stocks the middle of a run deeper than its ends, and sells out some sizes', () => {
    const random = new Random(3);
    const middle: number[] = [];
    const ends: number[] = [];
    let soldOutSizes = 0;
    let sizes = 0;
    for (let i = 0; i < 2000; i++) {
      const stocks = sizeStocks(random, 5);
      middle.push(stocks[2]);
      ends.push(stocks[0], stocks[4]);
      soldOutSizes += stocks.filter((s) => s === 0).length;
      sizes += stocks.length;
      for (const s of stocks) expect(Number.isInteger(s) && s >= 0).toBe(true);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(middle)).toBeGreaterThan(1.5 * mean(ends));
    expect(soldOutSizes / sizes).toBeGreaterThan(0.1);
    expect(soldOutSizes / sizes).toBeLessThan(0.35);
  });

  it('names default variants as migration 014 does and sized ones after their size', () => {
    expect(variantSku(12, null)).toBe('P12');
    expect(variantSku(12, 'UK 9C')).toBe('P12-UK9C');
    expect(variantSku(12, '2-3Y')).toBe('P12-2-3Y');
  });
});

describe('generated catalogue', () => {
  const products = catalogue(3000);

  it('is the same catalogue for the same seed', () => {
    const again = JSON.stringify(catalogue(3000)) === JSON.stringify(products);
    const otherSeed = JSON.stringify(catalogue(3000, 8)) === JSON.stringify(products);
    expect({ again, otherSeed }).toEqual({ again: true, otherSeed: false });
  });

  it('deals every shelf twice first, then shelves with sizes four times more', () => {
    const first = new Set(products.slice(0, shelves.length).map((p) => p.row.category_id));
    expect(first.size).toBe(shelves.length);
    const cycle = shelfCycle(shelves);
    expect(cycle.slice(0, 2 * shelves.length)).toEqual([...shelves, ...shelves]);
    expect(cycle.length).toBe(2 * shelves.length + 4 * shelves.filter((s) => s.subcategory.sizing).length);
  });

  it('gives products with a size system one variant per size of a run, the others one default variant', () => {
    for (const p of products) {
      const sizing = subOf(p).sizing;
      expect(p.row.stock).toBe(p.variants.reduce((sum, v) => sum + v.stock, 0));
      if (!sizing) {
        expect(p.row.size_system).toBeNull();
        expect(p.variants).toEqual([{ size: null, position: 0, stock: p.row.stock }]);
        continue;
      }
      expect(p.row.size_system).toBe(sizing.system);
      expect(isSizeSystem(p.row.size_system)).toBe(true);
      const all: readonly string[] = SIZE_SYSTEMS[sizing.system].sizes;
      const sizes = p.variants.map((v) => v.size!);
      // A contiguous slice of the system's sizes, in order, positions counting up.
      const first = all.indexOf(sizes[0]);
      expect(sizes).toEqual(all.slice(first, first + sizes.length));
      expect(p.variants.map((v) => v.position)).toEqual(sizes.map((_, i) => i));
    }
  });

  it('covers each size system with realistic runs: apparel S–XXL and XS–XL, jeans by waist, shoes in UK sizes', () => {
    const runs = new Set(
      products
        .filter((p) => p.row.size_system)
        .map((p) => `${p.row.size_system}:${p.variants[0].size}-${p.variants.at(-1)!.size}`),
    );
    for (const run of ['apparel:S-XXL', 'apparel:XS-XL', 'waist:28-40', 'footwear-uk:UK 6-UK 11'])
      expect(runs).toContain(run);
    const systems = new Set(products.map((p) => p.row.size_system));
    expect(systems).toEqual(new Set([null, 'apparel', 'waist', 'footwear-uk', 'footwear-kids', 'kids-age']));
    const sarees = products.filter((p) => subOf(p).name === 'Sarees');
    expect(sarees.length).toBeGreaterThan(0);
    for (const saree of sarees) expect(saree.variants).toHaveLength(1);
  });

  it('sells out some sizes, leaves a few products with one size of 1–2 units, and sells out some products', () => {
    const sized = products.filter((p) => p.row.size_system);
    const soldOutSize = sized.filter((p) => p.row.stock > 0 && p.variants.some((v) => v.stock === 0));
    const lastUnits = sized.filter((p) => {
      const left = p.variants.filter((v) => v.stock > 0);
      return left.length === 1 && left[0].stock <= 2;
    });
    expect(soldOutSize.length / sized.length).toBeGreaterThan(0.2);
    expect(lastUnits.length / sized.length).toBeGreaterThan(0.02);
    const soldOut = products.filter((p) => p.row.stock === 0).length / products.length;
    expect(soldOut).toBeGreaterThan(0.04);
    expect(soldOut).toBeLessThan(0.12);
  });

  it('averages about five variants per product', () => {
    const variants = products.reduce((sum, p) => sum + p.variants.length, 0);
    expect(variants / products.length).toBeGreaterThan(4.3);
    expect(variants / products.length).toBeLessThan(5.7);
  });

  it('makes colour siblings: same design and shelf, a colour each, pictures painted in it', () => {
    const byStyle = new Map<string, GeneratedProduct[]>();
    for (const p of products.filter((p) => p.row.style_code))
      byStyle.set(p.row.style_code!, [...(byStyle.get(p.row.style_code!) ?? []), p]);
    const sized = products.filter((p) => p.row.size_system).length;
    const inGroups = [...byStyle.values()].reduce((sum, g) => sum + g.length, 0);
    expect(inGroups / sized).toBeGreaterThan(0.3);
    expect(inGroups / sized).toBeLessThan(0.7);
    for (const siblings of byStyle.values()) {
      expect(siblings.length).toBeGreaterThanOrEqual(2);
      expect(siblings.length).toBeLessThanOrEqual(4);
      const [first] = siblings;
      expect(first.row.size_system).not.toBeNull();
      for (const s of siblings) {
        expect(s.row).toMatchObject({
          brand: first.row.brand,
          price: first.row.price,
          discount: first.row.discount,
          category_id: first.row.category_id,
          seller_id: first.row.seller_id,
          size_system: first.row.size_system,
        });
        expect(s.variants.map((v) => v.size)).toEqual(first.variants.map((v) => v.size));
        // The name differs only by its colour.
        expect(s.row.name.replace(` ${s.row.colour} `, ' ')).toBe(
          first.row.name.replace(` ${first.row.colour} `, ' '),
        );
        for (const url of s.images) {
          const picture = pictureOfKey(url.slice('/media/'.length));
          expect(picture).toMatchObject({ type: 'product' });
          const hex = subOf(s).colours.find((c) => c.name === s.row.colour)!.hex;
          expect(picture && 'colour' in picture && picture.colour).toBe(hex);
        }
      }
      expect(new Set(siblings.map((s) => s.row.colour)).size).toBe(siblings.length);
    }
    // Products without sizes come in one colour.
    for (const p of products) if (!p.row.size_system) expect(p.row.style_code).toBeNull();
  });
});
