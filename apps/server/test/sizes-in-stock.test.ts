/**
 * The denormalised sizes in stock of migration 027 (issue 15, listing facets on a cache miss), on both databases:
 * `products.sizes_in_stock` follows every way a variant's stock changes — the seed, an order taking a size's last
 * units, cancelling it and the reservation job giving them back, parallel buyers of two sizes, a seller's edits
 * (stock per size, sizes added and removed), direct writes and deletes — and the size filter and size counts read
 * from it agree with the variants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIZE_SYSTEMS } from '@bazaar/shared';
import { seedDatabase } from '@bazaar/seed';
import { countBySizeInStock, findProducts, type ProductFilter } from '../src/catalog/repository';
import { cancelUnpaidOrder, expireReservations } from '../src/flows/reservationExpiry';
import { startTestServer, testDialect, type TestServer } from './harness';
import { newIdempotencyKey, savedAddressId, seedCatalog, signInNewCustomer } from './orders-fixtures';
import { enableSellerLogins, signedInSeller } from './security-fixtures';
import {
  addSizedStyle,
  productsWithStaleSizesInStock,
  sizesInStockOf,
  type SizedStyleIds,
} from './variant-fixtures';

describe(`sizes in stock kept on the product (${testDialect})`, () => {
  let server: TestServer;
  let ids: SizedStyleIds;

  beforeAll(async () => {
    server = await startTestServer({
      prepare: async (database) => {
        await seedCatalog(database);
        await enableSellerLogins(database.db);
        ids = await addSizedStyle(database.db);
      },
    });
  });
  afterAll(() => server?.close());

  const db = () => server.database.db;
  const ctx = () => ({ db: db(), dialect: server.database.dialect });

  /** Buys `quantity` of one size with Buy Now, as a new shopper; the order stays unpaid. */
  async function buy(productId: number, variantId: number, quantity: number) {
    const client = await signInNewCustomer(server);
    const res = await client.post('/home/order/palce-order', {
      addressId: await savedAddressId(client),
      idempotencyKey: newIdempotencyKey(),
      buyNow: { productId, variantId, quantity },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.orderId as string;
  }

  /** The listing's view of a product's sizes: the size filter per size, and the size counts over the product. */
  async function listedSizes(productId: number): Promise<string[]> {
    const filter: ProductFilter = { brands: ['Roadster'], includeHidden: true };
    const sizes: string[] = [];
    for (const size of SIZE_SYSTEMS.apparel.sizes) {
      const found = await findProducts(ctx(), { ...filter, sizes: [size] }, 'newest', { limit: 100 });
      if (found.some((product) => product.id === productId)) sizes.push(size);
    }
    return sizes;
  }

  it('gives every size of every size run its own bit', async () => {
    const rows = await db().selectFrom('size_bits').select(['size', 'bit']).execute();
    const everySize = Object.values(SIZE_SYSTEMS).flatMap((system) => [...system.sizes]);
    expect(rows.map((row) => row.size).sort()).toEqual([...new Set(everySize)].sort());
    const bits = rows.map((row) => Number(row.bit));
    expect(new Set(bits).size).toBe(bits.length);
    for (const bit of bits) expect(Math.log2(bit) % 1).toBe(0);
  });

  it('starts with the sizes that have stock, for rows inserted one by one', async () => {
    expect(await sizesInStockOf(db(), ids.products.navy)).toEqual(['M', 'L', 'XL']);
    expect(await sizesInStockOf(db(), ids.products.maroon)).toEqual(['S', 'M', 'XL']);
    expect(await productsWithStaleSizesInStock(db())).toEqual([]);
    expect(await listedSizes(ids.products.navy)).toEqual(['M', 'L', 'XL']);
  });

  it('drops a size when an order takes its last units and brings it back when the order is cancelled', async () => {
    const navy = ids.products.navy;
    const orderId = await buy(navy, ids.variants.navy.XL, 2);
    expect(await sizesInStockOf(db(), navy)).toEqual(['M', 'L']);
    expect(await listedSizes(navy)).toEqual(['M', 'L']);
    const counts = await countBySizeInStock(ctx(), { brands: ['Roadster'], colours: ['Navy Blue'] });
    expect(counts.find((entry) => entry.value === 'XL')).toBeUndefined();
    expect(counts.find((entry) => entry.value === 'M')).toEqual({ value: 'M', count: 1 });

    expect(await cancelUnpaidOrder(server.app.ctx, orderId)).toBe(true);
    expect(await sizesInStockOf(db(), navy)).toEqual(['M', 'L', 'XL']);
    expect(await listedSizes(navy)).toEqual(['M', 'L', 'XL']);
    expect(await productsWithStaleSizesInStock(db())).toEqual([]);
  });

  it('keeps the size while units are left, and the reservation job gives a sold-out size back', async () => {
    const maroon = ids.products.maroon;
    await buy(maroon, ids.variants.maroon.M, 3);
    expect(await sizesInStockOf(db(), maroon)).toEqual(['S', 'M', 'XL']);
    await buy(maroon, ids.variants.maroon.XL, 1);
    expect(await sizesInStockOf(db(), maroon)).toEqual(['S', 'M']);

    const run = await expireReservations(server.app.ctx, new Date(Date.now() + 24 * 60 * 60_000));
    // Both orders (and any other unpaid one of this file) ran out of time.
    expect(run.expired).toBeGreaterThanOrEqual(2);
    expect(await sizesInStockOf(db(), maroon)).toEqual(['S', 'M', 'XL']);
    expect(await productsWithStaleSizesInStock(db())).toEqual([]);
  });

  it('follows parallel buyers of the last units of two sizes of one product', async () => {
    const navy = ids.products.navy;
    const buyers = await Promise.all(Array.from({ length: 10 }, () => signInNewCustomer(server)));
    const addresses = await Promise.all(buyers.map((buyer) => savedAddressId(buyer)));
    const results = await Promise.all(
      buyers.map((buyer, i) =>
        buyer.post('/home/order/palce-order', {
          addressId: addresses[i],
          idempotencyKey: newIdempotencyKey(),
          buyNow: {
            productId: navy,
            variantId: i % 2 ? ids.variants.navy.XL : ids.variants.navy.L,
            quantity: 1,
          },
        }),
      ),
    );
    // XL has 2 units and L 5: ten buyers, five of each, sell out XL and all of L.
    expect(results.filter((res) => res.status === 201)).toHaveLength(7);
    expect(await sizesInStockOf(db(), navy)).toEqual(['M']);
    expect(await productsWithStaleSizesInStock(db())).toEqual([]);
  });

  it("follows a seller's edits: stock per size, sizes added and removed, the product deleted", async () => {
    const seller = await signedInSeller(server, 0);
    const product = {
      name: 'Sizes In Stock Kurta',
      brand: 'Roadster',
      categoryId: 11,
      description: 'A kurta whose sizes come and go',
      price: 999,
      discount: 10,
      status: 'active',
    };
    const created = await seller.post('/seller/products', {
      ...product,
      variants: [
        { size: 'S', stock: 4 },
        { size: 'M', stock: 0 },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { _id: productId, variants } = created.body.product;
    expect(await sizesInStockOf(db(), productId)).toEqual(['S']);

    const [s, m] = variants;
    const edited = await seller.put(`/seller/products/${productId}`, {
      ...product,
      variants: [
        { _id: s._id, size: 'S', stock: 0 },
        { _id: m._id, size: 'M', stock: 2 },
        { size: 'XL', stock: 1 },
      ],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await sizesInStockOf(db(), productId)).toEqual(['M', 'XL']);

    const removed = await seller.put(`/seller/products/${productId}`, {
      ...product,
      variants: [{ _id: m._id, size: 'M', stock: 2 }],
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await sizesInStockOf(db(), productId)).toEqual(['M']);
    expect(await productsWithStaleSizesInStock(db())).toEqual([]);

    // A product with no orders is deleted outright; its variants go with it.
    expect((await seller.delete(`/seller/products/${productId}`)).status).toBe(200);
    expect(await productsWithStaleSizesInStock(db())).toEqual([]);
  });

  it('follows writes made outside the repository: bulk updates, a size renamed, a variant deleted', async () => {
    const maroon = ids.products.maroon;
    await db().updateTable('product_variants').set({ stock: 0 }).where('product_id', '=', maroon).execute();
    expect(await sizesInStockOf(db(), maroon)).toEqual([]);
    await db()
      .updateTable('product_variants')
      .set({ stock: 5 })
      .where('id', 'in', [ids.variants.maroon.S, ids.variants.maroon.L])
      .execute();
    expect(await sizesInStockOf(db(), maroon)).toEqual(['S', 'L']);
    await db()
      .updateTable('product_variants')
      .set({ size: 'XXL' })
      .where('id', '=', ids.variants.maroon.L)
      .execute();
    expect(await sizesInStockOf(db(), maroon)).toEqual(['S', 'XXL']);
    await db().deleteFrom('product_variants').where('id', '=', ids.variants.maroon.S).execute();
    expect(await sizesInStockOf(db(), maroon)).toEqual(['XXL']);
    expect(await productsWithStaleSizesInStock(db())).toEqual([]);
  });
});

describe(`sizes in stock of a seeded catalogue (${testDialect})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      prepare: async (handle) => {
        await seedDatabase(handle, { products: 300 });
      },
    });
  });
  afterAll(() => server?.close());

  it("matches every product's variants, bulk inserted by the seed", async () => {
    const db = server.database.db;
    expect(await productsWithStaleSizesInStock(db)).toEqual([]);
    const sized = await db.selectFrom('products').select('id').where('sizes_in_stock', '<>', 0).execute();
    // The seed sells most products in sizes, some sold out: the masks are not all empty or all full.
    expect(sized.length).toBeGreaterThan(100);
  });
});
