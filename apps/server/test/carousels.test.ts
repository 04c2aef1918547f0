import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import type { ProductDetailsResponse, ProductDto } from '@bazaar/shared';
import { seedDatabase } from '@bazaar/seed';
import type { DatabaseHandle } from '../src/db/database';
import { ApiClient, countingApp, eventually, startTestServer, testDialect, type TestServer } from './harness';
import { newIdempotencyKey, savedAddressId, signInNewCustomer } from './orders-fixtures';

/**
 * A product page's carousels (similar, related, more from the shop) depend on the product's shelf and shop, not on
 * the product, so the pages of one shelf share them (kept in memory, cache/catalogueMemo.ts) instead of reading
 * eight lists and 24 products' pictures each. Kept, they still follow the shop: an order of a product they show
 * changes its stock on the next page, a product that sells out leaves the in-stock carousels, and one that comes
 * back (a cancellation) returns to them. In one process, and across two sharing Redis (orders on one, pages read
 * on the other).
 */
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** The shelf under test: its most popular product (two units left, in one size) and five others of it. */
interface Shelf {
  star: { id: number; variantId: number };
  others: { id: number; slug: string }[];
}

/**
 * Picks a shown subcategory with at least six products and makes one of them its most popular product with two
 * units left, before the server starts: similar carousels of that shelf lead with it while it is in stock.
 */
async function prepareShelf({ db }: DatabaseHandle): Promise<Shelf> {
  const products = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('categories as g', 'g.id', 'c.parent_id')
    .select(['p.id', 'p.slug', 'p.category_id', 'p.size_system'])
    .where('p.visible', '=', 1)
    .where('c.hidden', '=', 0)
    .where('g.hidden', '=', 0)
    .orderBy('p.id')
    .execute();
  const byShelf = new Map<number, typeof products>();
  for (const product of products)
    byShelf.set(product.category_id, [...(byShelf.get(product.category_id) ?? []), product]);
  const shelf = [...byShelf.values()].find(
    (members) => members.length >= 6 && members.some((product) => product.size_system !== null),
  );
  if (!shelf) throw new Error('the seed has no shelf of six products with sizes');
  const star = shelf.find((product) => product.size_system !== null)!;
  const [size] = await db
    .selectFrom('product_variants')
    .select('id')
    .where('product_id', '=', star.id)
    .orderBy('id')
    .execute();
  await db.updateTable('product_variants').set({ stock: 0 }).where('product_id', '=', star.id).execute();
  await db.updateTable('product_variants').set({ stock: 2 }).where('id', '=', size.id).execute();
  await db
    .updateTable('products')
    .set({ stock: 2, review_count: 1_000_000 })
    .where('id', '=', star.id)
    .execute();
  return {
    star: { id: star.id, variantId: size.id },
    others: shelf.filter((product) => product.id !== star.id).map(({ id, slug }) => ({ id, slug })),
  };
}

interface Shop {
  shelf: Shelf;
  /** Where orders and cancellations go. */
  writer: TestServer;
  /** Where product pages are read: a process whose every statement is counted. */
  reader: ApiClient;
  queries: { count: number };
}

function describeShop(title: string, open: () => Promise<{ shop: Shop; close(): Promise<void> }>) {
  describe(title, () => {
    let shop: Shop;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ shop, close } = await open());
    });
    afterAll(async () => close?.());

    /** A product page as the reader answers it, with the statements it ran. */
    async function page(ref: string | number) {
      shop.queries.count = 0;
      const response = await shop.reader.get(`/home/get-product/${ref}`);
      expect(response.status, String(ref)).toBe(200);
      return { body: response.body as ProductDetailsResponse, statements: shop.queries.count };
    }
    const starIn = (products: ProductDto[]) => products.find((product) => product._id === shop.shelf.star.id);
    /** The stock the page's similar carousel shows for the star: undefined when it is not there. */
    const starStock = async (ref: string) => starIn((await page(ref)).body.similarProducts)?.stock;
    /** Reads the page until its similar carousel shows the star with `stock` (undefined: not at all). */
    async function expectStar(ref: string, stock: number | undefined) {
      expect(
        await eventually(
          () => starStock(ref),
          (shown) => shown === stock,
        ),
        ref,
      ).toBe(stock);
    }

    /** Buys one unit of the shelf's most popular product, through the writer, as a new shopper. */
    async function buyStar() {
      const buyer = await signInNewCustomer(shop.writer);
      const placed = await buyer.post('/home/order/palce-order', {
        addressId: await savedAddressId(buyer),
        idempotencyKey: newIdempotencyKey(),
        buyNow: { productId: shop.shelf.star.id, variantId: shop.shelf.star.variantId, quantity: 1 },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      return { buyer, orderId: placed.body.orderId as string };
    }

    it('pages of one shelf share its carousels, which follow an order, a sell-out and a cancellation', async () => {
      const [first, second, third, fourth, fifth] = shop.shelf.others;
      const firstPage = await page(first.slug);
      expect(starIn(firstPage.body.similarProducts)?.stock).toBe(2);
      for (const carousel of [
        firstPage.body.similarProducts,
        firstPage.body.relatedProducts,
        firstPage.body.moreProducts,
      ])
        expect(carousel.map((product) => product._id)).not.toContain(first.id);
      // Another page of the shelf reads its own product, not the carousels again, and leaves itself out.
      const secondPage = await page(second.slug);
      expect(starIn(secondPage.body.similarProducts)?.stock).toBe(2);
      expect(secondPage.body.similarProducts.map((product) => product._id)).not.toContain(second.id);
      expect(secondPage.statements).toBeLessThan(firstPage.statements);

      // One unit sold, one left: pages show the stock now, the page read before and one never read.
      await buyStar();
      for (const ref of [first.slug, third.slug]) await expectStar(ref, 1);

      // Sold out: it leaves the in-stock carousel.
      const { buyer, orderId } = await buyStar();
      await expectStar(fourth.slug, undefined);

      // Back in stock: it returns to a page computed afresh, though no carousel kept since showed it, and to the
      // page kept without it.
      const cancelled = await buyer.post(`/home/customer/cancel-order/${orderId}`, {});
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      for (const ref of [fifth.slug, fourth.slug]) await expectStar(ref, 1);
    });
  });
}

/** Seeds the shop, prepares the shelf, and hands the shelf to the test. */
function seededWithShelf() {
  let shelf: Shelf | undefined;
  return {
    prepare: async (database: DatabaseHandle) => {
      await seedDatabase(database, { products: 160 });
      shelf = await prepareShelf(database);
    },
    shelf: () => shelf!,
  };
}

/** A counted reader on the writer's database, serving HTTP. */
async function countedReader(writer: TestServer) {
  const { app, queries } = await countingApp(writer);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, queries, baseUrl: `http://127.0.0.1:${port}` };
}

describeShop(`one process (${testDialect})`, async () => {
  const seeded = seededWithShelf();
  const server = await startTestServer(seeded);
  const reader = await countedReader(server);
  // Orders go to the counted process too: one process hears its own writes only.
  const writer: TestServer = { ...server, baseUrl: reader.baseUrl };
  return {
    shop: { shelf: seeded.shelf(), writer, reader: new ApiClient(reader.baseUrl), queries: reader.queries },
    async close() {
      await reader.app.close();
      await server.close();
    },
  };
});

describeShop(`two processes sharing Redis (${testDialect})`, async () => {
  const redisKeyPrefix = `bazaar-carousels-${randomBytes(4).toString('hex')}`;
  const seeded = seededWithShelf();
  const server = await startTestServer({ ...seeded, config: { redisUrl, redisKeyPrefix } });
  const reader: { app: FastifyInstance; queries: { count: number }; baseUrl: string } =
    await countedReader(server);
  return {
    shop: {
      shelf: seeded.shelf(),
      writer: server,
      reader: new ApiClient(reader.baseUrl),
      queries: reader.queries,
    },
    async close() {
      await reader.app.close();
      await server.close();
      // The change sequence has no expiry; leave nothing of this run behind.
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${redisKeyPrefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
});
