import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTS_PER_PAGE, discountedPrice, type ProductDto } from '@bazaar/shared';
import { seedDatabase } from '@bazaar/seed';
import { mediaStorage } from '../src/storage';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';

const PRODUCT_KEYS = [
  '_id',
  'slug',
  'name',
  'brand',
  'price',
  'discount',
  'stock',
  'rating',
  'images',
  'description',
  'category',
  'categorySlug',
  'shopName',
  'sellerId',
  'createdAt',
].sort();

function expectProductShape(product: ProductDto) {
  expect(Object.keys(product).sort()).toEqual(PRODUCT_KEYS);
  expect(product.images.length).toBeGreaterThanOrEqual(2);
  expect(product.images.length).toBeLessThanOrEqual(4);
  for (const url of product.images) expect(url).toMatch(/^\/media\/p\/[a-z]+\/[0-9a-f]{6}\/[1-6]\.svg$/);
  expect(Number.isInteger(product.price)).toBe(true);
  expect(product.rating * 2).toBe(Math.round(product.rating * 2));
}

const sellingPrice = (p: ProductDto) => discountedPrice(p.price, p.discount);

describe(`catalogue API (${testDialect})`, () => {
  let server: TestServer;
  let api: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({
      prepare: (db, config) =>
        seedDatabase(db, { products: 60, storage: mediaStorage(config) }).then(() => undefined),
    });
    api = new ApiClient(server.baseUrl);
  });
  afterAll(() => server.close());

  /** Every product of the catalogue, read page by page through the listing itself. */
  async function allProducts(query = ''): Promise<ProductDto[]> {
    const all: ProductDto[] = [];
    for (let page = 1; ; page++) {
      const res = await api.get(`/home/query-products?pageNumber=${page}${query}`);
      expect(res.status).toBe(200);
      all.push(...res.body.products);
      if (all.length >= res.body.totalProduct) return all;
    }
  }

  describe('categories and home', () => {
    it('lists the five top-level groups', async () => {
      const res = await api.get('/home/get-categorys');
      expect(res.status).toBe(200);
      expect(res.body.categorys.map((c: { name: string }) => c.name)).toEqual([
        'Mens',
        'Women',
        'Kids',
        'Home Living',
        'Beauty',
      ]);
      expect(res.body.categorys.map((c: { slug: string }) => c.slug)).toEqual([
        'mens',
        'women',
        'kids',
        'home-living',
        'beauty',
      ]);
      for (const c of res.body.categorys)
        expect(Object.keys(c).sort()).toEqual(['_id', 'image', 'name', 'slug']);
    });

    it('groups 5–8 subcategories under each group', async () => {
      const res = await api.get('/home/get_subcategory_newlist');
      expect(res.status).toBe(200);
      expect(res.body.gkSubcategory).toHaveLength(5);
      for (const group of res.body.gkSubcategory) {
        expect(Object.keys(group).sort()).toEqual(['categoryName', 'data']);
        expect(group.data.length).toBeGreaterThanOrEqual(5);
        expect(group.data.length).toBeLessThanOrEqual(8);
        for (const sub of group.data) {
          expect(Object.keys(sub).sort()).toEqual(['_id', 'image', 'name', 'slug']);
          expect(sub.image).toMatch(/^\/media\/c\/[a-z]+\/[0-9a-f]{6}\.svg$/);
        }
      }
      const mens = res.body.gkSubcategory.find((g: { categoryName: string }) => g.categoryName === 'Mens');
      expect(mens.data.map((c: { name: string }) => c.name)).toContain('Kurtas');
    });

    it('lists products per group for the home page, each from its group', async () => {
      const [listing, groups] = await Promise.all([
        api.get('/home/home-page-product-listing'),
        api.get('/home/get_subcategory_newlist'),
      ]);
      expect(listing.status).toBe(200);
      expect(listing.body.gkProducts.map((g: { title: string }) => g.title)).toEqual([
        'Mens',
        'Women',
        'Kids',
        'Home Living',
        'Beauty',
      ]);
      for (const group of listing.body.gkProducts) {
        expect(group.products.length).toBeGreaterThan(0);
        expect(group.products.length).toBeLessThanOrEqual(10);
        const shelves = groups.body.gkSubcategory
          .find((g: { categoryName: string }) => g.categoryName === group.title)
          .data.map((c: { slug: string }) => c.slug);
        for (const product of group.products) {
          expectProductShape(product);
          expect(shelves).toContain(product.categorySlug);
        }
      }
    });

    it('serves newest, top-rated and discounted products, sliced in threes', async () => {
      const res = await api.get('/home/get-products');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual([
        'discount_product',
        'latest_product',
        'products',
        'topRated_product',
      ]);
      const dates = res.body.products.map((p: ProductDto) => p.createdAt);
      expect(dates).toEqual([...dates].sort().reverse());
      for (const key of ['latest_product', 'topRated_product', 'discount_product']) {
        expect(res.body[key]).toHaveLength(3);
        for (const slide of res.body[key]) expect(slide).toHaveLength(3);
      }
      const ratings = res.body.topRated_product.flat().map((p: ProductDto) => p.rating);
      expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
      const discounts = res.body.discount_product.flat().map((p: ProductDto) => p.discount);
      expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
    });

    it('reports the real selling-price range of the catalogue', async () => {
      const [res, all] = await Promise.all([api.get('/home/price-range-latest-product'), allProducts()]);
      expect(res.status).toBe(200);
      const prices = all.map(sellingPrice);
      expect(res.body.priceRange).toEqual({ low: Math.min(...prices), high: Math.max(...prices) });
      expect(res.body.latest_product.flat().length).toBeGreaterThan(0);
    });

    it('lists the banners', async () => {
      const res = await api.get('/getallbannerItems');
      expect(res.status).toBe(200);
      expect(res.body.data.banners).toHaveLength(5);
      expect(res.body.data.banners[0]).toEqual({
        path: '/media/banner/1.svg',
        heading: 'Summer Collection',
        description: 'New Arrival on Sale',
        buttonText: 'Shop Now',
      });
    });
  });

  describe('product details', () => {
    it('finds a product by slug and by id, with similar, related and same-shop products', async () => {
      const [first] = (await api.get('/home/query-products?pageNumber=1')).body.products as ProductDto[];
      const bySlug = await api.get(`/home/get-product/${first.slug}`);
      expect(bySlug.status).toBe(200);
      // Every listing field as the listing has it, plus the sizes and colours (issue 15) and the shop page's slug
      // for "Sold by" (issue 16).
      const { options, variants, sizeChart, siblings, shopSlug, ...listingFields } = bySlug.body.product;
      expect(shopSlug).toMatch(/^[a-z0-9-]+$/);
      expect(listingFields).toEqual(first);
      // The product's stock is the sum over its variants; it is among its own colour swatches.
      expect(variants.reduce((sum: number, v: { stock: number }) => sum + v.stock, 0)).toBe(first.stock);
      expect(options).toContainEqual({ name: 'Colour', values: [variants[0].colour] });
      expect(sizeChart === null).toBe(variants[0].size === null);
      expect(siblings).toContainEqual(expect.objectContaining({ _id: first._id, current: true }));
      const byId = await api.get(`/home/get-product/${first._id}`);
      expect(byId.body.product).toEqual(bySlug.body.product);

      const { similarProducts, relatedProducts, moreProducts } = bySlug.body;
      for (const p of [...similarProducts, ...relatedProducts, ...moreProducts]) {
        expectProductShape(p);
        expect(p._id).not.toBe(first._id);
      }
      for (const p of similarProducts) expect(p.categorySlug).toBe(first.categorySlug);
      for (const p of relatedProducts) {
        expect(p.categorySlug).not.toBe(first.categorySlug);
        expect(p.categorySlug.split('-')[0]).toBe(first.categorySlug.split('-')[0]);
      }
      for (const p of moreProducts) expect(p.sellerId).toBe(first.sellerId);
      expect(moreProducts.length).toBeGreaterThan(0);
    });

    it('never suggests a sold-out product as Similar or Related; the shop’s own list still shows them', async () => {
      const db = server.database.db;
      const [, target] = (await api.get('/home/query-products?pageNumber=2')).body.products as ProductDto[];
      const others = await db
        .selectFrom('products')
        .select(['id', 'stock'])
        .where('id', '!=', target!._id)
        .execute();
      await db.updateTable('products').set({ stock: 0 }).where('id', '!=', target!._id).execute();
      try {
        const details = await api.get(`/home/get-product/${target!.slug}`);
        expect(details.status).toBe(200);
        expect(details.body.similarProducts).toEqual([]);
        expect(details.body.relatedProducts).toEqual([]);
        expect(details.body.moreProducts.length).toBeGreaterThan(0);
      } finally {
        for (const { id, stock } of others)
          await db.updateTable('products').set({ stock }).where('id', '=', id).execute();
      }
    });

    it('answers an unknown product with 404 and a bad reference with 400', async () => {
      expect(await api.get('/home/get-product/no-such-product-1')).toMatchObject({
        status: 404,
        body: { error: 'Product not found' },
      });
      expect((await api.get('/home/get-product/999999')).status).toBe(404);
      const bad = await api.get(`/home/get-product/${encodeURIComponent("x' or 1=1")}`);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatch(/slug/);
    });
  });

  describe('shop listing', () => {
    it('pages the whole catalogue, newest first, 12 a page', async () => {
      const first = await api.get('/home/query-products');
      expect(first.status).toBe(200);
      expect(first.body.totalProduct).toBe(60);
      expect(first.body.parPage).toBe(PRODUCTS_PER_PAGE);
      expect(first.body.products).toHaveLength(12);
      first.body.products.forEach(expectProductShape);
      const all = await allProducts();
      expect(new Set(all.map((p) => p._id)).size).toBe(60);
      const dates = all.map((p) => p.createdAt);
      expect(dates).toEqual([...dates].sort().reverse());
      const last = await api.get('/home/query-products?pageNumber=5');
      expect(last.body.products).toHaveLength(12);
      expect((await api.get('/home/query-products?pageNumber=6')).body).toMatchObject({
        products: [],
        totalProduct: 60,
      });
    });

    it('filters by group or subcategory, given as id, slug or name', async () => {
      const groups = (await api.get('/home/get_subcategory_newlist')).body.gkSubcategory;
      const women = groups.find((g: { categoryName: string }) => g.categoryName === 'Women');
      const womenSlugs = women.data.map((c: { slug: string }) => c.slug);
      const bySlug = await allProducts('&category=women');
      expect(bySlug.length).toBeGreaterThan(0);
      for (const p of bySlug) expect(womenSlugs).toContain(p.categorySlug);

      const groupId = (await api.get('/home/get-categorys')).body.categorys.find(
        (c: { slug: string }) => c.slug === 'women',
      )._id;
      const byId = await api.get(`/home/query-products?category=${groupId}`);
      expect(byId.body.totalProduct).toBe(bySlug.length);
      const byName = await api.get('/home/query-products?category=Women');
      expect(byName.body.totalProduct).toBe(bySlug.length);

      const sarees = women.data.find((c: { name: string }) => c.name === 'Sarees');
      const saree = await api.get(`/home/query-products?category=${sarees._id}`);
      expect(saree.body.totalProduct).toBeGreaterThan(0);
      for (const p of saree.body.products) expect(p.category).toBe('Sarees');
      expect((await api.get(`/home/query-products?category=${sarees.slug}`)).body.totalProduct).toBe(
        saree.body.totalProduct,
      );
    });

    it('matches nothing for an unknown category', async () => {
      const res = await api.get('/home/query-products?category=spaceships');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ products: [], totalProduct: 0, parPage: 12 });
    });

    it('combines category, minimum rating and selling-price bounds, and counts them all', async () => {
      const all = await allProducts();
      const mensSlugs = (await api.get('/home/get_subcategory_newlist')).body.gkSubcategory[0].data.map(
        (c: { slug: string }) => c.slug,
      );
      const expected = all.filter(
        (p) =>
          mensSlugs.includes(p.categorySlug) &&
          p.rating >= 3 &&
          sellingPrice(p) >= 300 &&
          sellingPrice(p) <= 3000,
      );
      expect(expected.length).toBeGreaterThan(0);
      const filtered = await allProducts('&category=mens&rating=3&lowPrice=300&highPrice=3000');
      expect(filtered.map((p) => p._id).sort()).toEqual(expected.map((p) => p._id).sort());
    });

    it('sorts by selling price both ways, across pages', async () => {
      const ascending = (await allProducts('&sortPrice=low-to-high')).map(sellingPrice);
      expect(ascending).toHaveLength(60);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      const descending = (await allProducts('&sortPrice=high-to-low')).map(sellingPrice);
      expect(descending).toEqual([...descending].sort((a, b) => b - a));
    });

    it('treats blank parameters as not set', async () => {
      const res = await api.get(
        '/home/query-products?category=&rating=&lowPrice=&highPrice=&sortPrice=&pageNumber=1&searchValue=',
      );
      expect(res.status).toBe(200);
      expect(res.body.totalProduct).toBe(60);
    });

    it.each([
      ['rating=abc', /rating must be a number/],
      ['rating=6', /rating must be at most 5/],
      ['lowPrice=-5', /lowPrice must be at least 0/],
      ['lowPrice=10.5', /lowPrice must be a whole number/],
      ['lowPrice=900&highPrice=100', /lowPrice must not be greater than highPrice/],
      ['sortPrice=cheapest', /sortPrice must be one of low-to-high, high-to-low/],
      ['pageNumber=0', /pageNumber must be at least 1/],
      ['pageNumber=two', /pageNumber must be a number/],
      ['category=a&category=b', /category/],
      [`searchValue=${'x'.repeat(101)}`, /searchValue must be at most 100 characters/],
    ])('rejects %s with a clear 400', async (query, message) => {
      const res = await api.get(`/home/query-products?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    });
  });

  describe('search', () => {
    it.each(['kurta', 'Kurta', 'kurtas', 'KURTA ', 'kur'])('finds kurtas for %j', async (text) => {
      const res = await api.get(`/home/query-products?searchValue=${encodeURIComponent(text)}`);
      expect(res.status).toBe(200);
      expect(res.body.totalProduct).toBeGreaterThan(0);
      for (const p of res.body.products) expect(`${p.name} ${p.category}`).toMatch(/kurta/i);
    });

    it('gives the same kurtas whatever the case or plural', async () => {
      const ids = async (text: string) =>
        (await allProducts(`&searchValue=${encodeURIComponent(text)}`)).map((p) => p._id).sort();
      const kurta = await ids('kurta');
      expect(await ids('KURTAS')).toEqual(kurta);
      expect(await ids(' Kurta ')).toEqual(kurta);
    });

    it('matches words in any order across name, brand and category', async () => {
      const all = await allProducts();
      const sample = all.find((p) => p.category === 'Kurtas')!;
      const forward = await allProducts(`&searchValue=${encodeURIComponent(`${sample.brand} kurtas mens`)}`);
      const backward = await allProducts(`&searchValue=${encodeURIComponent(`mens kurtas ${sample.brand}`)}`);
      expect(forward.map((p) => p._id)).toContain(sample._id);
      expect(backward.map((p) => p._id).sort()).toEqual(forward.map((p) => p._id).sort());
      for (const p of forward) expect(p.brand).toBe(sample.brand);
    });

    it('lists the category a word names first, and follows product edits', async () => {
      const sarees = await allProducts('&category=women-sarees');
      const target = sarees.find((p) => !/saree/i.test(p.brand))!;
      expect(target).toBeDefined();
      // Renamed, the saree matches "saree" only through its category: it is still a saree, listed with them.
      await server.database.db
        .updateTable('products')
        .set({ name: `${target.brand} Women Red Banarasi Zari Drape` })
        .where('id', '=', target._id)
        .execute();
      const found = await allProducts('&searchValue=saree');
      expect(
        found
          .slice(0, sarees.length)
          .map((p) => p._id)
          .sort(),
      ).toEqual(sarees.map((p) => p._id).sort());
      const byNewName = await api.get('/home/query-products?searchValue=drape');
      expect(byNewName.body.products.map((p: ProductDto) => p._id)).toEqual([target._id]);
    });

    it('combines search with filters and sorting', async () => {
      const all = await allProducts('&searchValue=women&sortPrice=low-to-high&lowPrice=200');
      expect(all.length).toBeGreaterThan(0);
      const prices = all.map(sellingPrice);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      for (const p of all) expect(sellingPrice(p)).toBeGreaterThanOrEqual(200);
    });

    it.each([
      '"kurta',
      "kurta' OR 1=1 --",
      'AND OR NOT NEAR',
      'kurta*',
      'a:*&!|()',
      '\\',
      '%_%',
      '😀 कुर्ता',
      '"',
    ])('survives hostile input %j', async (text) => {
      const listing = await api.get(`/home/query-products?searchValue=${encodeURIComponent(text)}`);
      expect(listing.status).toBe(200);
      expect(Array.isArray(listing.body.products)).toBe(true);
      const suggestions = await api.get(`/home/get_search_products?value=${encodeURIComponent(text)}`);
      expect(suggestions.status).toBe(200);
      expect(Array.isArray(suggestions.body.homeSearch)).toBe(true);
    });

    it('suggests a small set of matches for the header', async () => {
      const res = await api.get('/home/get_search_products?value=kurta');
      expect(res.status).toBe(200);
      expect(res.body.homeSearch.length).toBeGreaterThan(0);
      expect(res.body.homeSearch.length).toBeLessThanOrEqual(30);
      for (const item of res.body.homeSearch) {
        expect(Object.keys(item).sort()).toEqual([
          'image',
          'name',
          'price',
          'slug',
          'subcategory',
          'subcategoryName',
        ]);
        expect(`${item.name} ${item.subcategoryName}`).toMatch(/kurta/i);
        expect(item.image).toMatch(/^\/media\/p\//);
      }
      const none = await api.get('/home/get_search_products?value=zzzqqq');
      expect(none.body.homeSearch).toEqual([]);
    });

    it('suggests popular products from many subcategories for empty text, never the whole catalogue', async () => {
      const res = await api.get('/home/get_search_products?value=');
      expect(res.status).toBe(200);
      expect(res.body.homeSearch.length).toBeGreaterThan(6);
      expect(res.body.homeSearch.length).toBeLessThanOrEqual(30);
      const perSubcategory = new Map<string, number>();
      for (const item of res.body.homeSearch)
        perSubcategory.set(item.subcategory, (perSubcategory.get(item.subcategory) ?? 0) + 1);
      expect(Math.max(...perSubcategory.values())).toBeLessThanOrEqual(2);
      expect((await api.get('/home/get_search_products')).body.homeSearch).toEqual(res.body.homeSearch);
    });

    it('rejects an over-long suggestion query', async () => {
      const res = await api.get(`/home/get_search_products?value=${'a'.repeat(101)}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/value must be at most 100 characters/);
    });
  });

  describe('pictures', () => {
    it('serves the seeded product, category and banner pictures from storage as cacheable SVG', async () => {
      const product = (await api.get('/home/query-products')).body.products[0] as ProductDto;
      const category = (await api.get('/home/get-categorys')).body.categorys[0];
      for (const path of [...product.images, category.image, '/media/banner/3.svg']) {
        const res = await fetch(server.baseUrl + path);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('content-security-policy')).toBe(
          "default-src 'none'; style-src 'unsafe-inline'",
        );
        const body = await res.text();
        expect(body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
        expect(body).not.toMatch(/<script|on\w+=/i);
      }
    });

    it('serves what was stored under a key, byte for byte, with the type its extension names', async () => {
      const storage = mediaStorage(server.config);
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
      await storage.put('test/photo-1.png', png, 'image/png');
      const res = await fetch(`${server.baseUrl}/media/test/photo-1.png`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await res.arrayBuffer())).toEqual(png);
    });

    it.each([
      // Not stored: a picture nobody seeded, a colour in capitals, a variant or banner that does not exist.
      '/media/p/kurta/000001/1.svg',
      '/media/c/saree/7A1F2B.svg',
      '/media/p/kurta/7a1f2b/9.svg',
      '/media/banner/6.svg',
      // Not a key at all.
      '/media/p/kurta/7a1f2b/1.exe',
      `/media/p/kurta/${encodeURIComponent('"><script>alert(1)</script>')}/1.svg`,
      '/media/..%2fshop.db',
      '/media/.hidden.svg',
      '/media/nothing/here',
      '/media/',
    ])('answers %s with a JSON 404', async (path) => {
      const res = await fetch(server.baseUrl + path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(((await res.json()) as { error: string }).error).toBe('No such image');
    });
  });
});
