import { expect, it } from 'vitest';
import type { ProductDetailsResponse, ProductQueryResponse } from '@bazaar/shared';
import { seedDatabase } from '@bazaar/seed';
import { changeVariantStock } from '../src/catalog/repository';
import {
  COUNTED_SHOP_SET_UPS,
  type CountedShop,
  describeShop,
  eventually,
  openCountedShop,
  testDialect,
  type TestServer,
} from './harness';
import { newIdempotencyKey, savedAddressId, signInNewCustomer } from './orders-fixtures';

/**
 * Listing facet counts and size-filtered listings follow a size selling out and coming back (the size facet and
 * the size filter read `products.sizes_in_stock`, migration 027): counts kept in memory (cache/catalogueMemo.ts)
 * and cached answers that count or filter by size are retired when an order sells out a size of a product they
 * can include, or a cancellation brings it back — and only then: an order that leaves every size in stock keeps
 * every count, and a size selling out elsewhere keeps other listings cached. Likewise the product page's carousels,
 * which leave out what has sold out: a product coming back in stock retires the cached pages that can pick it, and
 * a size alone does not. In one process, and across two processes sharing Redis (the orders on one, the reads on
 * the other).
 */

type Shop = CountedShop;

/** A size of a listed product with a few units left, where the product is listed, and a group it is not in. */
interface SizeOnSale {
  productId: number;
  variantId: number;
  size: string;
  stock: number;
  categorySlug: string;
  categoryName: string;
  groupSlug: string;
  otherGroupSlug: string;
}

type Listing = ProductQueryResponse;

const sizeCount = (listing: Listing, size: string) =>
  listing.facets?.size.find((entry) => entry.value === size)?.count ?? 0;

/** The `index`-th sized variant with 2–6 units of a listed product in a shown subcategory. */
async function sizeOnSale(server: TestServer, index: number): Promise<SizeOnSale> {
  const db = server.database.db;
  const variants = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('categories as g', 'g.id', 'c.parent_id')
    .select([
      'v.id as variantId',
      'v.size',
      'v.stock',
      'p.id as productId',
      'c.slug',
      'c.name as categoryName',
      'g.id as groupId',
      'g.slug as groupSlug',
    ])
    .where('p.visible', '=', 1)
    .where('c.hidden', '=', 0)
    .where('g.hidden', '=', 0)
    .where('v.size', 'is not', null)
    .where('v.stock', '>=', 2)
    .where('v.stock', '<=', 6)
    .orderBy('v.id')
    .execute();
  const variant = variants[index];
  if (!variant) throw new Error('the seed has too few sizes with a few units left');
  const other = await db
    .selectFrom('categories')
    .select('slug')
    .where('parent_id', 'is', null)
    .where('hidden', '=', 0)
    .where('id', '<>', variant.groupId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return {
    productId: variant.productId,
    variantId: variant.variantId,
    size: variant.size!,
    stock: variant.stock,
    categorySlug: variant.slug!,
    categoryName: variant.categoryName,
    groupSlug: variant.groupSlug!,
    otherGroupSlug: other.slug!,
  };
}

/** Every product a product page shows: its own, its colour siblings and its three carousels'. */
const productsOnPage = (page: ProductDetailsResponse) => [
  page.product._id,
  ...page.product.siblings.map((sibling) => sibling._id),
  ...[...page.similarProducts, ...page.relatedProducts, ...page.moreProducts].map((product) => product._id),
];

/**
 * Leaves the product one unit, in one of its sizes (`changeVariantStock`, as orders take stock), and answers that
 * variant.
 */
async function leaveOneUnit(server: TestServer, productId: number): Promise<number> {
  const db = server.database.db;
  const variants = await db
    .selectFrom('product_variants')
    .select(['id', 'stock'])
    .where('product_id', '=', productId)
    .where('stock', '>', 0)
    .orderBy('id')
    .execute();
  await db.transaction().execute(async (trx) => {
    for (const [index, variant] of variants.entries()) {
      const take = index === 0 ? variant.stock - 1 : variant.stock;
      if (take) await changeVariantStock(trx, { productId, variantId: variant.id }, -take);
    }
  });
  return variants[0].id;
}

/** Places a Buy Now order of `quantity` of the variant through the writer, as a new shopper. */
async function buy(shop: Shop, on: Pick<SizeOnSale, 'productId' | 'variantId'>, quantity: number) {
  const client = await signInNewCustomer(shop.writer);
  const placed = await client.post('/home/order/palce-order', {
    addressId: await savedAddressId(client),
    idempotencyKey: newIdempotencyKey(),
    buyNow: { productId: on.productId, variantId: on.variantId, quantity },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { client, orderId: placed.body.orderId as string };
}

/** The tests each set-up of the shop runs (`describeShop`). */
function facetStockTests(shop: Shop) {
  /** A listing as the reader answers it, with the statements that answer ran and its X-Cache. */
  async function read(url: string) {
    shop.queries.count = 0;
    const response = await shop.reader.get(`/home/query-products?${url}`);
    expect(response.status, url).toBe(200);
    return {
      listing: response.body as Listing,
      statements: shop.queries.count,
      cache: response.headers.get('x-cache'),
    };
  }

  /** Reads each URL until the reader answers it from its cache. */
  async function warm(urls: string[]) {
    for (const url of urls)
      expect(
        (
          await eventually(
            () => read(url),
            (answer) => answer.cache === 'HIT',
          )
        ).cache,
        url,
      ).toBe('HIT');
  }

  it('keeps every count kept in memory across an order that leaves the size in stock', async () => {
    const on = await sizeOnSale(shop.writer, 0);
    const listingUrl = `category=${on.categorySlug}&facets=1`;
    const before = await read(listingUrl);
    const shown = before.listing.products.find((product) => product._id === on.productId);
    expect(shown, 'the product is on its subcategory’s first page').toBeDefined();
    // The same filter in another order: its counts come from memory, so it reads only its page.
    const pageOnly = (await read(`${listingUrl}&sort=discount`)).statements;
    expect(pageOnly).toBeLessThan(before.statements);
    await warm([listingUrl]);

    await buy(shop, on, 1);
    // The listing shows the product's stock, so it is computed again — from the counts kept in memory.
    const after = await eventually(
      () => read(listingUrl),
      (answer) =>
        answer.listing.products.find((product) => product._id === on.productId)?.stock === shown!.stock - 1,
    );
    expect(after.cache).toBe('MISS');
    expect(after.statements).toBe(pageOnly);
    expect(after.listing.facets).toEqual(before.listing.facets);
  });

  it('drops a sold-out size from the counts and size filters that can include the product at once, and a cancel brings it back', async () => {
    const on = await sizeOnSale(shop.writer, 1);
    const subcategoryUrl = `category=${on.categorySlug}&facets=1`;
    const filteredUrl = `category=${on.groupSlug}&size=${encodeURIComponent(on.size)}`;
    const elsewhereUrl = `category=${on.otherGroupSlug}&facets=1`;
    // A page of the product's group that does not show it: only its counts can change.
    let groupPageUrl: string | undefined;
    for (const sort of ['newest', 'price-asc', 'price-desc', 'discount'])
      for (const page of [1, 2]) {
        const url = `category=${on.groupSlug}&facets=1&sort=${sort}&pageNumber=${page}`;
        const { listing } = await read(url);
        if (!groupPageUrl && listing.products.length && !listing.products.some((p) => p._id === on.productId))
          groupPageUrl = url;
      }
    if (!groupPageUrl) throw new Error('every page of the group shows the product');
    // The same page without counts reads no sizes: a size selling out off its page leaves it cached.
    const plainGroupPageUrl = groupPageUrl.replace('facets=1', 'facets=0');
    // A search naming the product's category: its count is its tiers' (the category first, then other matches).
    const searchUrl = `searchValue=${encodeURIComponent(on.categoryName)}&size=${encodeURIComponent(on.size)}`;

    const counted = async () => ({
      subcategory: sizeCount((await read(subcategoryUrl)).listing, on.size),
      groupPage: sizeCount((await read(groupPageUrl!)).listing, on.size),
      filtered: (await read(filteredUrl)).listing.totalProduct,
      searched: (await read(searchUrl)).listing.totalProduct,
    });
    const before = await counted();
    expect(before.subcategory).toBeGreaterThan(0);
    expect(before.searched, searchUrl).toBeGreaterThan(0);
    await warm([subcategoryUrl, groupPageUrl, filteredUrl, searchUrl, elsewhereUrl, plainGroupPageUrl]);

    const { client, orderId } = await buy(shop, on, on.stock);
    const soldOut = await eventually(counted, (now) => now.subcategory === before.subcategory - 1);
    expect(soldOut).toEqual({
      subcategory: before.subcategory - 1,
      groupPage: before.groupPage - 1,
      filtered: before.filtered - 1,
      searched: before.searched - 1,
    });
    // Another group cannot list the product: its answer and counts stay; nor can a page that reads no sizes change.
    expect((await read(elsewhereUrl)).cache).toBe('HIT');
    expect((await read(plainGroupPageUrl)).cache).toBe('HIT');

    const cancelled = await client.post(`/home/customer/cancel-order/${orderId}`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await eventually(counted, (now) => now.subcategory === before.subcategory)).toEqual(before);
    expect((await read(elsewhereUrl)).cache).toBe('HIT');
  });

  it('retires the cached product pages whose carousels can pick a product that comes back in stock, and not for a size alone', async () => {
    /** A product page as the reader answers it, with its X-Cache. */
    const readPage = async (productId: number) => {
      const response = await shop.reader.get(`/home/get-product/${productId}`);
      expect(response.status).toBe(200);
      return { page: response.body as ProductDetailsResponse, cache: response.headers.get('x-cache') };
    };
    const warmPages = async (productIds: number[]) => {
      for (const id of productIds)
        expect(
          (
            await eventually(
              () => readPage(id),
              (answer) => answer.cache === 'HIT',
            )
          ).cache,
        ).toBe('HIT');
    };
    // A product whose Similar carousel suggests another shop's product, shown nowhere else on its page.
    const db = shop.writer.database.db;
    const listed = await db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['p.id', 'c.parent_id as groupId'])
      .where('p.visible', '=', 1)
      .where('c.hidden', '=', 0)
      .orderBy('p.id')
      .execute();
    let chosen: { pageOf: number; suggested: number; groupId: number | null } | undefined;
    for (const candidate of listed) {
      const { page } = await readPage(candidate.id);
      const elsewhere = productsOnPage({ ...page, similarProducts: [] });
      const suggested = page.similarProducts.find(
        (product) => product.sellerId !== page.product.sellerId && !elsewhere.includes(product._id),
      );
      if (suggested) {
        chosen = { pageOf: candidate.id, suggested: suggested._id, groupId: candidate.groupId };
        break;
      }
    }
    if (!chosen) throw new Error('no product page suggests another shop’s product');
    const { pageOf, suggested } = chosen;
    const otherGroupPage = listed.find((product) => product.groupId !== chosen.groupId)!.id;

    const variantId = await leaveOneUnit(shop.writer, suggested);
    const { client, orderId } = await buy(shop, { productId: suggested, variantId }, 1);
    // Sold out, it leaves the carousel (the page showed it: its stock change retired the page).
    const soldOut = await eventually(
      () => readPage(pageOf),
      (answer) => !productsOnPage(answer.page).includes(suggested),
    );
    expect(productsOnPage(soldOut.page)).not.toContain(suggested);
    await warmPages([pageOf, otherGroupPage]);

    // A product of the same group, not on the page, sells out one size and stays on sale: no in-stock carousel
    // changes, and the page stays cached (once the reader has heard of it: the size's listing drops the product).
    const onSale = await db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['v.id as variantId', 'v.size', 'v.stock', 'p.id as productId', 'c.slug'])
      .where('c.parent_id', '=', chosen.groupId)
      .where('p.visible', '=', 1)
      .where('p.id', 'not in', productsOnPage(soldOut.page))
      .where('v.size', 'is not', null)
      .where('v.stock', '>=', 1)
      .where('v.stock', '<=', 10)
      .whereRef('v.stock', '<', 'p.stock')
      .orderBy('v.id')
      .executeTakeFirst();
    if (!onSale) throw new Error('no product of the group off the page has a size with a few units left');
    const sizeListingUrl = `category=${onSale.slug}&size=${encodeURIComponent(onSale.size!)}`;
    const sizeListed = async () => (await read(sizeListingUrl)).listing.totalProduct;
    const listedBefore = await sizeListed();
    await warm([sizeListingUrl]);
    await buy(shop, onSale, onSale.stock);
    expect(await eventually(sizeListed, (total) => total === listedBefore - 1)).toBe(listedBefore - 1);
    expect((await readPage(pageOf)).cache).toBe('HIT');

    const cancelled = await client.post(`/home/customer/cancel-order/${orderId}`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // Back in stock, it is back in the Similar carousel of the page that did not show it, at once.
    const back = await eventually(
      () => readPage(pageOf),
      (answer) => answer.page.similarProducts.some((product) => product._id === suggested),
    );
    expect(back.page.similarProducts.map((product) => product._id)).toContain(suggested);
    // A page of another group cannot pick it: it stays cached.
    expect((await readPage(otherGroupPage)).cache).toBe('HIT');
  });
}

const seeded = {
  prepare: async (database: Parameters<typeof seedDatabase>[0]) => {
    await seedDatabase(database, { products: 80 });
  },
};

for (const setUp of COUNTED_SHOP_SET_UPS)
  describeShop(`${setUp} (${testDialect})`, () => openCountedShop(seeded.prepare, setUp), facetStockTests);
