import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DISCOUNT_STEPS,
  colourHex,
  discountedPrice,
  sizeRank,
  type ListingFacets,
  type ProductDto,
  type ProductQueryResponse,
} from '@bazaar/shared';
import { seedDatabase } from '@bazaar/seed';
import type { DatabaseHandle } from '../src/db/database';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';

/** A product as the facets see it, read straight from the database to compute what the API must answer. */
interface Row {
  id: number;
  brand: string;
  colour: string;
  discount: number;
  sellingPrice: number;
  rating: number;
  categoryId: number;
}

interface Selection {
  brand?: string[];
  colour?: string[];
  discount?: number;
  lowPrice?: number;
  categoryIds?: number[];
}

const matches = (row: Row, s: Selection, except?: keyof ListingFacets) =>
  (except === 'brand' || !s.brand || s.brand.includes(row.brand)) &&
  (except === 'colour' || !s.colour || s.colour.includes(row.colour)) &&
  (except === 'discount' || s.discount === undefined || row.discount >= s.discount) &&
  (s.lowPrice === undefined || row.sellingPrice >= s.lowPrice) &&
  (!s.categoryIds || s.categoryIds.includes(row.categoryId));

function countsBy(rows: Row[], key: 'brand' | 'colour', selected: string[] = []) {
  const counts = new Map<string, number>(selected.map((value) => [value, 0]));
  for (const row of rows) counts.set(row[key], (counts.get(row[key]) ?? 0) + 1);
  return counts;
}

const asMap = (entries: { value: string; count: number }[]) =>
  new Map(entries.map((entry) => [entry.value, entry.count]));

/**
 * Sells out one size of a sized product that has other sizes in stock, keeping the product's stock the sum of its
 * variants'. Done before the server starts, so no count it keeps predates it.
 */
async function sellOutOneSize(db: DatabaseHandle['db']): Promise<{ product_id: number; size: string }> {
  const sized = await db
    .selectFrom('product_variants')
    .select(['id', 'product_id', 'size', 'stock'])
    .where('size', 'is not', null)
    .where('stock', '>', 0)
    .orderBy('id')
    .execute();
  const variant = sized.find((one) =>
    sized.some((other) => other.product_id === one.product_id && other.id !== one.id),
  );
  if (!variant) throw new Error('the seed has no product with two sizes in stock');
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('product_variants').set({ stock: 0 }).where('id', '=', variant.id).execute();
    await trx
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '-', variant.stock) }))
      .where('id', '=', variant.product_id)
      .execute();
  });
  return { product_id: variant.product_id, size: variant.size! };
}

describe(`listing facets and sorts (${testDialect})`, () => {
  let server: TestServer;
  let api: ApiClient;
  let rows: Row[];
  /** A size of a product sold out before the server started (the product has other sizes in stock). */
  let soldOut: { product_id: number; size: string };

  beforeAll(async () => {
    server = await startTestServer({
      prepare: async (handle) => {
        await seedDatabase(handle, { products: 150 });
        soldOut = await sellOutOneSize(handle.db);
      },
    });
    api = new ApiClient(server.baseUrl);
    rows = (
      await server.database.db
        .selectFrom('products')
        .select(['id', 'brand', 'colour', 'discount', 'price', 'rating', 'category_id'])
        .execute()
    ).map((row) => ({
      id: row.id,
      brand: row.brand,
      colour: row.colour,
      discount: row.discount,
      sellingPrice: discountedPrice(row.price, row.discount),
      rating: Number(row.rating),
      categoryId: row.category_id,
    }));
  });
  afterAll(() => server.close());

  const query = (path: string) => api.get<ProductQueryResponse>(`/home/query-products?${path}`);

  /** Every product id of a listing, page by page. */
  async function allIds(path: string): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const res = await query(`${path}&pageNumber=${page}`);
      expect(res.status).toBe(200);
      ids.push(...res.body.products.map((p: ProductDto) => p._id));
      if (ids.length >= res.body.totalProduct) return ids;
    }
  }

  /** The brand and colour most products share, so that combinations of them match something. */
  const common = (key: 'brand' | 'colour', among = rows) =>
    [...countsBy(among, key)].sort((a, b) => b[1] - a[1]).map(([value]) => value);

  /** Every count of the answer against the rows, for the selection it was asked with. */
  function expectFacets(facets: ListingFacets | undefined, s: Selection) {
    expect(facets).toBeDefined();
    const brandRows = rows.filter((row) => matches(row, s, 'brand'));
    expect(asMap(facets!.brand)).toEqual(countsBy(brandRows, 'brand', s.brand));
    const colourRows = rows.filter((row) => matches(row, s, 'colour'));
    expect(asMap(facets!.colour)).toEqual(countsBy(colourRows, 'colour', s.colour));
    for (const entry of facets!.colour) expect(entry.hex).toBe(colourHex(entry.value));
    const discountRows = rows.filter((row) => matches(row, s, 'discount'));
    expect(facets!.discount).toEqual(
      DISCOUNT_STEPS.map((step) => ({
        value: step,
        count: discountRows.filter((row) => row.discount >= step).length,
      })),
    );
    // Most common first, so the top brands lead the list.
    const brandCounts = facets!.brand.map((entry) => entry.count);
    expect(brandCounts).toEqual([...brandCounts].sort((a, b) => b - a));
  }

  it('counts each facet over the products matching every other filter', async () => {
    const [brand] = common('brand');
    const [colour, secondColour] = common(
      'colour',
      rows.filter((row) => row.brand === brand),
    );
    const selections: [string, Selection][] = [
      ['', {}],
      [`brand=${encodeURIComponent(brand)}`, { brand: [brand] }],
      [
        `brand=${encodeURIComponent(brand)}&colour=${encodeURIComponent(colour)}`,
        { brand: [brand], colour: [colour] },
      ],
      [
        `colour=${encodeURIComponent(colour)},${encodeURIComponent(secondColour ?? colour)}&discount=20`,
        { colour: [...new Set([colour, secondColour ?? colour])], discount: 20 },
      ],
      [`discount=40&lowPrice=500`, { discount: 40, lowPrice: 500 }],
    ];
    for (const [path, selection] of selections) {
      const res = await query(`facets=1&${path}`);
      expect(res.status, path).toBe(200);
      const expected = rows.filter((row) => matches(row, selection));
      expect(res.body.totalProduct, path).toBe(expected.length);
      expectFacets(res.body.facets, selection);
    }
  });

  it('keeps within a category and adds up: a selected brand counts what the listing shows', async () => {
    const categories = await api.get<{ categorys: { _id: number; slug: string }[] }>('/home/get-categorys');
    const groups = await server.database.db.selectFrom('categories').select(['id', 'parent_id']).execute();
    const group = categories.body.categorys[0];
    const categoryIds = groups
      .filter((c) => c.id === group._id || c.parent_id === group._id)
      .map((c) => c.id);
    const inGroup = rows.filter((row) => categoryIds.includes(row.categoryId));
    const [brand] = common('brand', inGroup);
    const res = await query(`category=${group.slug}&brand=${encodeURIComponent(brand)}`);
    expect(res.status).toBe(200);
    expectFacets(res.body.facets, { brand: [brand], categoryIds });
    expect(res.body.totalProduct).toBe(res.body.facets!.brand.find((entry) => entry.value === brand)!.count);
    // The colour counts split the same products, each in one colour.
    expect(res.body.facets!.colour.reduce((sum, entry) => sum + entry.count, 0)).toBe(res.body.totalProduct);
  });

  describe('sizes', () => {
    /** Each product's sizes in stock, read from its variants. */
    async function sizesInStock(): Promise<Map<number, Set<string>>> {
      const variants = await server.database.db
        .selectFrom('product_variants')
        .select(['product_id', 'size', 'stock'])
        .execute();
      const sizes = new Map<number, Set<string>>();
      for (const variant of variants) {
        if (variant.size === null || variant.stock <= 0) continue;
        const set = sizes.get(variant.product_id) ?? new Set<string>();
        set.add(variant.size);
        sizes.set(variant.product_id, set);
      }
      return sizes;
    }

    it('counts a product for a size only while that size is in stock, and lists sizes in size-run order', async () => {
      // A sized product whose size sold out: it leaves that size's count and filter, and stays in its others.
      const sizes = await sizesInStock();
      const { size } = soldOut;
      expect(sizes.get(soldOut.product_id)?.size).toBeGreaterThan(0);
      const res = await query(`size=${encodeURIComponent(size)}`);
      expect(res.status).toBe(200);
      expect(res.body.facets).toBeDefined();
      const expected = rows.filter((row) => sizes.get(row.id)?.has(size));
      expect(res.body.totalProduct).toBe(expected.length);
      // The size facet counts over the other filters only (none here): every product per size it has in stock.
      const perSize = new Map<string, number>();
      for (const set of sizes.values())
        for (const value of set) perSize.set(value, (perSize.get(value) ?? 0) + 1);
      expect(asMap(res.body.facets!.size)).toEqual(perSize);
      const ranks = res.body.facets!.size.map((entry) => sizeRank(entry.value));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

      expect(await allIds(`size=${encodeURIComponent(size)}`)).not.toContain(soldOut.product_id);
      const [otherSize] = sizes.get(soldOut.product_id)!;
      expect(await allIds(`size=${encodeURIComponent(otherSize)}`)).toContain(soldOut.product_id);
    });

    it('filters by size with the other facets, each counted over the rest', async () => {
      const sizes = await sizesInStock();
      const [size] = [...new Map([...sizes.values()].flatMap((set) => [...set]).map((v) => [v, v])).keys()];
      const withSize = rows.filter((row) => sizes.get(row.id)?.has(size));
      const [brand] = common('brand', withSize);
      const res = await query(`size=${encodeURIComponent(size)}&brand=${encodeURIComponent(brand)}`);
      expect(res.body.totalProduct).toBe(withSize.filter((row) => row.brand === brand).length);
      // Brand counts: products with the size in stock, per brand; size counts: the brand's products per size.
      expect(asMap(res.body.facets!.brand)).toEqual(countsBy(withSize, 'brand'));
      const perSize = new Map<string, number>();
      for (const row of rows.filter((r) => r.brand === brand))
        for (const value of sizes.get(row.id) ?? []) perSize.set(value, (perSize.get(value) ?? 0) + 1);
      expect(asMap(res.body.facets!.size)).toEqual(perSize);
      expect(res.body.facets!.size.find((entry) => entry.value === size)!.count).toBe(res.body.totalProduct);
    });
  });

  it('lists a selected value that nothing else matches, with 0, so it can be unticked', async () => {
    const res = await query('brand=No+Such+Brand');
    expect(res.status).toBe(200);
    expect(res.body.totalProduct).toBe(0);
    expect(res.body.facets!.brand).toContainEqual({ value: 'No Such Brand', count: 0 });
    // The other facets count what that brand leaves: nothing.
    expect(res.body.facets!.colour).toEqual([]);
  });

  it('answers facets when asked or when a facet filter is sent; a spec call answers as before', async () => {
    const keys = async (path: string) => Object.keys((await query(path)).body).sort();
    const spec = ['parPage', 'products', 'totalProduct'];
    expect(await keys('pageNumber=1&sortPrice=low-to-high')).toEqual(spec);
    expect(await keys('sort=popularity')).toEqual(spec);
    expect(await keys('facets=1')).toEqual([...spec, 'facets'].sort());
    expect(await keys('discount=10')).toEqual([...spec, 'facets'].sort());
    expect(await keys('discount=10&facets=0')).toEqual(spec);
  });

  it('reads repeated and comma-separated values alike, in any order', async () => {
    const [first, second] = common('brand');
    const a = encodeURIComponent(first);
    const b = encodeURIComponent(second);
    const forms = [`brand=${a},${b}`, `brand=${b}&brand=${a}`, `brand=${b},${a},&brand=${a}`];
    const answers = await Promise.all(forms.map((form) => query(form)));
    const expected = rows.filter((row) => row.brand === first || row.brand === second).length;
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.totalProduct).toBe(expected);
      expect(answer.body.products.map((p: ProductDto) => p._id)).toEqual(
        answers[0].body.products.map((p: ProductDto) => p._id),
      );
    }
  });

  it('refuses malformed facet filters and sorts', async () => {
    const cases: [string, RegExp][] = [
      ['sort=cheapest', /sort must be one of popularity, newest, discount, rating, price-asc, price-desc/],
      ['discount=95', /discount must be at most 90/],
      ['discount=ten', /discount must be a number/],
      [Array.from({ length: 31 }, (_, i) => `brand=b${i}`).join('&'), /brand may name at most 30 values/],
    ];
    for (const [path, message] of cases) {
      const res = await query(path);
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((res.body as unknown as { error: string }).error).toMatch(message);
    }
  });

  describe('sorts', () => {
    /** Every product of a sort, page by page. */
    async function all(path: string): Promise<ProductDto[]> {
      const list: ProductDto[] = [];
      for (let page = 1; ; page++) {
        const res = await query(`${path}&pageNumber=${page}`);
        expect(res.status).toBe(200);
        list.push(...res.body.products);
        if (list.length >= res.body.totalProduct) return list;
      }
    }
    const descending = (values: (number | string)[]) =>
      expect(values).toEqual([...values].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));

    it('orders by newest, discount, rating and price both ways', async () => {
      descending((await all('sort=newest')).map((p) => p.createdAt));
      descending((await all('sort=discount')).map((p) => p.discount));
      descending((await all('sort=rating')).map((p) => p.rating));
      const selling = (p: ProductDto) => discountedPrice(p.price, p.discount);
      descending((await all('sort=price-desc')).map(selling));
      const ascending = (await all('sort=price-asc')).map(selling);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    });

    it('lists a listing without a search as sort=newest does when it names no sort, blank or missing', async () => {
      // What the listing's menu relies on to call its default "What’s New" (apps/web shopFilters.ts).
      const ids = async (path: string) => (await all(path)).map((p) => p._id);
      const newest = await ids('sort=newest');
      expect(newest.length).toBeGreaterThan(1);
      expect(await ids('sort=')).toEqual(newest);
      expect(await ids('facets=1')).toEqual(newest);
    });

    it('orders by popularity: most reviewed first', async () => {
      const reviews = new Map(
        (await server.database.db.selectFrom('products').select(['id', 'review_count']).execute()).map(
          (r) => [r.id, r.review_count],
        ),
      );
      descending((await all('sort=popularity')).map((p) => reviews.get(p._id)!));
    });

    it('lets sort win over the spec’s sortPrice when both are sent', async () => {
      const both = await query('sort=price-desc&sortPrice=low-to-high');
      const sortOnly = await query('sort=price-desc');
      expect(both.body.products.map((p) => p._id)).toEqual(sortOnly.body.products.map((p) => p._id));
      const spec = await query('sortPrice=low-to-high');
      const asc = await query('sort=price-asc');
      expect(spec.body.products.map((p) => p._id)).toEqual(asc.body.products.map((p) => p._id));
    });
  });
});
