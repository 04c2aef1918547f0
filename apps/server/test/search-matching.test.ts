import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDto } from '@bazaar/shared';
import { seedDatabase } from '@bazaar/seed';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';

/**
 * Search as a shopper types it (issue 15): typos, synonyms, phrases, punctuation, product types before brands,
 * relevance then popularity, and the header suggestions matching exactly as the listing does.
 */
describe(`search matching (${testDialect})`, () => {
  let server: TestServer;
  let api: ApiClient;
  /** A DressBerry top more popular than anything else: only its category can keep it behind the dresses. */
  let dressBerryTopId: number;

  beforeAll(async () => {
    server = await startTestServer({
      prepare: async (database) => {
        // Three products per subcategory (the seed places them round-robin).
        await seedDatabase(database, { products: 117 });
        const db = database.db;
        const tops = await db
          .selectFrom('categories')
          .select(['id'])
          .where('slug', '=', 'women-tops')
          .executeTakeFirstOrThrow();
        const seller = await db.selectFrom('sellers').select('id').executeTakeFirstOrThrow();
        const inserted = await db
          .insertInto('products')
          .values({
            slug: 'dressberry-women-black-solid-top-search',
            name: 'DressBerry Women Black Solid Top',
            brand: 'DressBerry',
            price: 999,
            discount: 10,
            stock: 5,
            rating: 5,
            review_count: 100_000,
            description: 'A top.',
            colour: 'Black',
            category_id: tops.id,
            seller_id: seller.id,
            created_at: new Date().toISOString(),
            category_terms: 'Tops Women',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        dressBerryTopId = inserted.id;
        await db
          .insertInto('product_images')
          .values({ product_id: dressBerryTopId, position: 0, url: '/media/p/top/2a2b2f/1.svg' })
          .execute();
      },
    });
    api = new ApiClient(server.baseUrl);
  });
  afterAll(() => server.close());

  /** Every match of a search, page by page through the listing. */
  async function search(text: string, extra = ''): Promise<ProductDto[]> {
    const all: ProductDto[] = [];
    for (let page = 1; ; page++) {
      const res = await api.get(
        `/home/query-products?pageNumber=${page}&searchValue=${encodeURIComponent(text)}${extra}`,
      );
      expect(res.status).toBe(200);
      all.push(...res.body.products);
      if (all.length >= res.body.totalProduct || !res.body.products.length) {
        expect(all).toHaveLength(res.body.totalProduct);
        return all;
      }
    }
  }
  const ids = (products: ProductDto[]) => products.map((p) => p._id).sort((a, b) => a - b);
  const slugsOf = async (category: string) =>
    (
      await server.database.db
        .selectFrom('categories')
        .select('slug')
        .where('name', '=', category)
        .where('parent_id', 'is not', null)
        .execute()
    ).map((c) => c.slug);

  it('corrects typos to the catalogue’s words: "jeens" finds the jeans', async () => {
    const jeans = await search('jeans');
    expect(jeans.length).toBeGreaterThanOrEqual(6);
    for (const typo of ['jeens', 'Jeanz', 'jaens']) expect(ids(await search(typo)), typo).toEqual(ids(jeans));
    const jeansSlugs = await slugsOf('Jeans');
    // Products in a Jeans category come first.
    for (const p of jeans.slice(0, 6)) expect(jeansSlugs).toContain(p.categorySlug);
    const shirts = await search('shirt');
    expect(ids(await search('shrit'))).toEqual(ids(shirts));
  });

  it('knows t-shirts by every name: tshirt, t shirt, tee', async () => {
    const tshirts = await search('T-Shirts');
    const tshirtSlugs = await slugsOf('T-Shirts');
    expect(tshirts.length).toBeGreaterThanOrEqual(6);
    for (const p of tshirts.slice(0, 6)) expect(tshirtSlugs).toContain(p.categorySlug);
    for (const text of ['tshirt', 't shirt', 'tee', 'tees', 'TSHIRTS', 't-shirt']) {
      expect(ids(await search(text)), text).toEqual(ids(tshirts));
    }
  });

  it('finds the same kurtas for kurti and kurta', async () => {
    const kurtas = await search('kurta');
    expect(kurtas.length).toBeGreaterThanOrEqual(6);
    expect(ids(await search('kurti'))).toEqual(ids(kurtas));
    expect(ids(await search('kurtis'))).toEqual(ids(kurtas));
  });

  it('reads natural phrases as the shopper means them', async () => {
    // "kurta for women": the women's kurtas, exactly what the Women filter with "kurta" finds.
    const womensKurtas = await search('kurta for women');
    expect(womensKurtas.length).toBeGreaterThanOrEqual(3);
    expect(ids(womensKurtas)).toEqual(ids(await search('kurta', '&category=women')));
    for (const p of womensKurtas) expect(p.categorySlug).toMatch(/^women-/);
    expect(womensKurtas[0].category).toBe('Kurtas & Suits');

    // "shirts for men" finds what "men shirt" finds, men's shirts first.
    const mensShirts = await search('shirts for men');
    expect(mensShirts.length).toBeGreaterThanOrEqual(3);
    expect(ids(mensShirts)).toEqual(ids(await search('men shirt')));
    for (const p of mensShirts) expect(p.categorySlug).toMatch(/^mens-/);
    expect(mensShirts[0].categorySlug).toBe('mens-shirts');

    // "shirt and jeans": either.
    const either = await search('shirt and jeans');
    expect(ids(either)).toEqual(
      [...new Set([...ids(await search('shirt')), ...ids(await search('jeans'))])].sort((a, b) => a - b),
    );
  });

  it('treats a query of only punctuation (or stop words) as empty', async () => {
    const everything = await api.get('/home/query-products');
    const emptySuggestions = await api.get('/home/get_search_products?value=');
    for (const text of ['!!!', '"*&|', ' - ', 'for the']) {
      const listing = await api.get(`/home/query-products?searchValue=${encodeURIComponent(text)}`);
      expect(listing.status).toBe(200);
      expect(listing.body, text).toEqual(everything.body);
      const suggestions = await api.get(`/home/get_search_products?value=${encodeURIComponent(text)}`);
      expect(suggestions.body.homeSearch, text).toEqual(emptySuggestions.body.homeSearch);
    }
  });

  it('lists a product type before a brand that merely contains the word: "dress"', async () => {
    const found = await search('dress');
    const position = found.findIndex((p) => p._id === dressBerryTopId);
    expect(position).toBeGreaterThan(0);
    const dresses = found.filter((p) => p.category === 'Dresses');
    expect(dresses.length).toBeGreaterThanOrEqual(3);
    expect(found.slice(0, dresses.length)).toEqual(dresses);
    expect(position).toBeGreaterThanOrEqual(dresses.length);
  });

  it('ranks by relevance, then popularity (review count, then rating)', async () => {
    const found = await search('dress');
    const rows = await server.database.db
      .selectFrom('products')
      .select(['id', 'review_count', 'rating', 'category_id'])
      .where(
        'id',
        'in',
        found.map((p) => p._id),
      )
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const key = (p: ProductDto) => {
      const row = byId.get(p._id)!;
      return [p.category === 'Dresses' ? 0 : 1, -row.review_count, -Number(row.rating), -row.id];
    };
    const expected = [...found].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x.map((v, i) => v - y[i]).find((d) => d !== 0) ?? 0;
    });
    expect(found.map((p) => p._id)).toEqual(expected.map((p) => p._id));
  });

  it('counts facets over every match of a search', async () => {
    const res = await api.get('/home/query-products?searchValue=dress&facets=1');
    const total = res.body.totalProduct as number;
    expect(res.body.totalProductCapped).toBe(false);
    const brandTotal = (res.body.facets.brand as { count: number }[]).reduce((sum, b) => sum + b.count, 0);
    expect(brandTotal).toBe(total);
    const dressBerry = res.body.facets.brand.find((b: { value: string }) => b.value === 'DressBerry');
    expect(dressBerry.count).toBeGreaterThanOrEqual(1);
  });

  it('suggests in the header exactly what the listing lists first', async () => {
    for (const text of ['dress', 'jeens', 'tee', 'kurta for women', 'shirt and jeans', 'kur', 'navy']) {
      const listing = (await search(text)).slice(0, 30).map((p) => p.slug);
      const res = await api.get(`/home/get_search_products?value=${encodeURIComponent(text)}`);
      expect(res.status).toBe(200);
      expect(
        res.body.homeSearch.map((item: { slug: string }) => item.slug),
        text,
      ).toEqual(listing);
    }
  });
});
