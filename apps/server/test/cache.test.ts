import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { seedDatabase } from '@bazaar/seed';
import {
  ApiClient,
  deleteRedisKeys,
  describeShop,
  eventually,
  redisUrl,
  startTestServer,
  type TestServer,
} from './harness';
import { newOperator } from './security-fixtures';

/**
 * What an order leaves in the response cache. Stock changes retire only the answers that show the product
 * (its page, listings it appears in); categories, home sections and other listings stay cached. Checked in one
 * process, and across two processes sharing Redis (the order on one, the reads on the other).
 */

interface Shop {
  /** Where shoppers read the catalogue. */
  reader: ApiClient;
  /** Where the order (or review) is sent: the other process when there are two. */
  writer: ApiClient;
  server: TestServer;
}

/** Shared answers that hold no stock: an order must leave them cached. */
const STOCK_FREE_URLS = [
  '/home/get-categorys',
  '/home/get_subcategory_newlist',
  '/home/home-page-product-listing',
  '/home/get-products',
  '/home/price-range-latest-product',
  '/getallbannerItems',
  '/home/get_search_products?value=',
];

interface ListedProduct {
  _id: number;
  slug: string;
  stock: number;
  categorySlug: string;
}

/** A signed-in customer with a default address, registered through the API. */
async function customer(client: ApiClient, email: string) {
  const registered = await client.post('/customer/customer-register', {
    name: 'Meera Pillai',
    email,
    password: 'handloom-2026',
  });
  expect(registered.status).toBe(201);
  const auth = { authorization: `Bearer ${registered.body.token as string}` };
  const address = await client.request(
    'POST',
    '/home/customer/add_address',
    {
      name: 'Meera Pillai',
      address: '7 Marine Drive',
      phonenumber: '9876512345',
      pincode: '682031',
      state: 'Kerala',
      cityDistTown: 'Kochi',
      defaultAddress: true,
    },
    auth,
  );
  expect(address.status).toBeLessThan(300);
  return { auth, addressId: (address.body.address as { _id: number })._id };
}

/** A product in stock, the listing of its subcategory (which shows it) and a listing of another group. */
async function orderedAndUnrelated(reader: ApiClient) {
  const groups = (await reader.get('/home/get_subcategory_newlist')).body.gkSubcategory as {
    data: { slug: string }[];
  }[];
  for (const subcategory of groups.flatMap((group) => group.data)) {
    const listingUrl = `/home/query-products?category=${subcategory.slug}`;
    const listed = (await reader.get(listingUrl)).body.products as ListedProduct[];
    for (const product of listed.filter((candidate) => candidate.stock >= 5)) {
      // Bought in a size (or its one default variant) with stock enough.
      const { variants } = (await reader.get(`/home/get-product/${product._id}`)).body.product as {
        variants: { _id: number; stock: number }[];
      };
      const variant = variants.find((candidate) => candidate.stock >= 5);
      if (!variant) continue;
      const otherGroup = groups.find((group) => !group.data.some((c) => c.slug === subcategory.slug))!;
      const unrelatedUrl = `/home/query-products?category=${otherGroup.data[0].slug}`;
      return { product, variantId: variant._id, listingUrl, unrelatedUrl };
    }
  }
  throw new Error('the seed has no subcategory with a product in stock');
}

const cacheOf = async (client: ApiClient, url: string) => (await client.get(url)).headers.get('x-cache');

/** Asks for every URL until it is cached on `client`'s process (a fresh Redis entry may need a second ask). */
async function warm(client: ApiClient, urls: string[]) {
  for (const url of urls) {
    await client.get(url);
    expect(
      await eventually(
        () => cacheOf(client, url),
        (state) => state === 'HIT',
      ),
      url,
    ).toBe('HIT');
  }
}

/** The tests each set-up of the shop runs (`describeShop`). */
function cacheTests(shop: Shop) {
  it('an order retires the product page and the listings showing it, and nothing else', async () => {
    const { reader, writer } = shop;
    const { product, variantId, listingUrl, unrelatedUrl } = await orderedAndUnrelated(reader);
    const productUrl = `/home/get-product/${product.slug}`;
    const unrelated = (await reader.get(unrelatedUrl)).body.products as ListedProduct[];
    expect(unrelated.map((p) => p._id)).not.toContain(product._id);
    await warm(reader, [...STOCK_FREE_URLS, unrelatedUrl, listingUrl, productUrl]);
    // With two processes, the writer's process finds what the reader's stored in Redis.
    expect(await cacheOf(writer, unrelatedUrl)).toBe('HIT');

    const buyer = await customer(writer, `buyer-${randomBytes(3).toString('hex')}@example.in`);
    const order = await writer.request(
      'POST',
      '/home/order/palce-order',
      {
        addressId: buyer.addressId,
        idempotencyKey: `cache-${randomBytes(4).toString('hex')}`,
        buyNow: { productId: product._id, variantId, quantity: 2 },
      },
      buyer.auth,
    );
    expect(order.status).toBe(201);

    const page = await eventually(
      () => reader.get(productUrl),
      (response) => response.body.product.stock === product.stock - 2,
    );
    expect(page.body.product.stock).toBe(product.stock - 2);
    expect(page.headers.get('x-cache')).toBe('MISS');
    const listing = await reader.get(listingUrl);
    expect(listing.headers.get('x-cache')).toBe('MISS');
    expect((listing.body.products as ListedProduct[]).find((p) => p._id === product._id)?.stock).toBe(
      product.stock - 2,
    );

    for (const url of [...STOCK_FREE_URLS, unrelatedUrl]) expect(await cacheOf(reader, url), url).toBe('HIT');
  });

  it('a query parameter the route does not read does not make a new entry', async () => {
    const { reader } = shop;
    const url = '/home/query-products?category=women&pageNumber=2';
    await warm(reader, [url]);
    const cached = await reader.get(url);
    for (const variant of [
      `${url}&nc=${Date.now()}`,
      '/home/query-products?pageNumber=2&category=women&utm_source=mail',
      `${url}&sortPrice=&searchValue=`,
    ]) {
      const response = await reader.get(variant);
      expect(response.headers.get('x-cache'), variant).toBe('HIT');
      expect(response.headers.get('etag')).toBe(cached.headers.get('etag'));
    }
    // Any spelling of a product's slug is one product, so one entry.
    const { slug } = (cached.body.products as ListedProduct[])[0];
    await warm(reader, [`/home/get-product/${slug}`]);
    expect(await cacheOf(reader, `/home/get-product/${slug.toUpperCase()}?x=1`)).toBe('HIT');
    // What the route does read still makes its own entry.
    expect(await cacheOf(reader, '/home/query-products?category=women&pageNumber=3')).toBe('MISS');
  });

  it("an admin's banner change retires the banner answer, on every process, and nothing else", async () => {
    const { reader, writer, server } = shop;
    expect((await writer.post('/ops/login', await newOperator(server, 'admin'))).status).toBe(200);
    const [banner] = (await writer.get('/admin/banners')).body.banners as { id: number; link: string }[];
    await writer.post(`/admin/banners/${banner.id}/visibility`, { hidden: false });
    await warm(reader, STOCK_FREE_URLS);
    const heading = `Cache ${randomBytes(3).toString('hex')}`;
    const edit = {
      heading,
      description: 'Checked by the cache test',
      buttonText: 'Shop',
      link: banner.link,
    };
    expect((await writer.put(`/admin/banners/${banner.id}`, edit)).status).toBe(200);

    const banners = await eventually(
      () => reader.get('/getallbannerItems'),
      (response) => response.body.data.banners.some((b: { heading: string }) => b.heading === heading),
    );
    expect(banners.headers.get('x-cache')).toBe('MISS');
    for (const url of STOCK_FREE_URLS.filter((url) => url !== '/getallbannerItems'))
      expect(await cacheOf(reader, url), url).toBe('HIT');
  });

  it('a catalogue write through the server (a review changing a rating) retires what it changed', async () => {
    const { reader, writer, server } = shop;
    const { product, variantId, unrelatedUrl } = await orderedAndUnrelated(reader);
    const productUrl = `/home/get-product/${product._id}`;
    // Only verified buyers may review: the reviewer buys the product (paid) before the cache is warmed.
    const reviewer = await customer(writer, `reviewer-${randomBytes(3).toString('hex')}@example.in`);
    const bought = await writer.request(
      'POST',
      '/home/order/palce-order',
      { addressId: reviewer.addressId, buyNow: { productId: product._id, variantId, quantity: 1 } },
      reviewer.auth,
    );
    expect(bought.status).toBe(201);
    await server.database.db
      .updateTable('customer_orders')
      .set({ payment_status: 'paid' })
      .where('order_code', '=', bought.body.orderId)
      .execute();
    await warm(reader, [productUrl, unrelatedUrl, '/home/home-page-product-listing']);

    const review = await writer.request(
      'POST',
      '/home/customer/submit-review',
      { productId: product._id, rating: 1, review: 'Checked by the cache test' },
      reviewer.auth,
    );
    expect(review.status).toBe(201);

    // A rating moves the product in every popularity and rating order: everything is recomputed.
    expect(
      await eventually(
        () => cacheOf(reader, productUrl),
        (state) => state === 'MISS',
      ),
    ).toBe('MISS');
    expect(await cacheOf(reader, '/home/home-page-product-listing')).toBe('MISS');
    expect(await cacheOf(reader, unrelatedUrl)).toBe('MISS');
  });
}

const seeded = {
  prepare: (database: DatabaseHandle) => seedDatabase(database, { products: 80 }).then(() => {}),
};

describeShop(
  'one process, in-process cache',
  async () => {
    const server = await startTestServer(seeded);
    const client = new ApiClient(server.baseUrl);
    return { shop: { reader: client, writer: client, server }, close: () => server.close() };
  },
  cacheTests,
);

describeShop(
  'two processes sharing Redis',
  async () => {
    const redisKeyPrefix = `bazaar-cache-test-${randomBytes(4).toString('hex')}`;
    const processA = await startTestServer({ ...seeded, config: { redisUrl, redisKeyPrefix } });
    const databaseB = openDatabase(processA.config);
    const processB: FastifyInstance = await buildApp({ config: processA.config, database: databaseB });
    await processB.listen({ port: 0, host: '127.0.0.1' });
    const address = processB.server.address();
    const baseUrlB = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return {
      shop: { reader: new ApiClient(processA.baseUrl), writer: new ApiClient(baseUrlB), server: processA },
      async close() {
        await processB.close();
        await databaseB.destroy();
        await processA.close();
        await deleteRedisKeys(redisKeyPrefix);
      },
    };
  },
  cacheTests,
);
