/**
 * Sizes as variants (issue 15) through the API: the product page's sizes and colours, add-to-card and Buy Now per
 * size (SIZE_REQUIRED, VARIANT_NOT_FOUND, a sold-out size), cart lines per size, changing a line's size, order lines
 * with size and colour, stock released to the right size, and no oversell of one size under parallel buyers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantMessages } from '@bazaar/shared';
import { cancelUnpaidOrder } from '../src/flows/reservationExpiry';
import { startTestServer, testDialect, type TestServer } from './harness';
import {
  catalog,
  newIdempotencyKey,
  savedAddressId,
  seedCatalog,
  signInNewCustomer,
  type CustomerClient,
} from './orders-fixtures';
import { addSizedStyle, sizedStyle, stockOfVariant, type SizedStyleIds } from './variant-fixtures';

const ADD = '/home/product/add-to-card';
const CART = '/home/product/get-card-product';
const changeVariant = (lineId: number) => `/home/product/change-cart-variant/${lineId}`;

let server: TestServer;
let ids: SizedStyleIds;

beforeAll(async () => {
  server = await startTestServer({
    prepare: async (database) => {
      await seedCatalog(database);
      ids = await addSizedStyle(database.db);
    },
  });
});
afterAll(() => server?.close());

const db = () => server.database.db;
const navy = (size: string) => ids.variants.navy[size];
const maroon = (size: string) => ids.variants.maroon[size];

async function cartLines(client: CustomerClient) {
  const body = (await client.get(CART)).body;
  return {
    body,
    inStock: body.card_products.flatMap((group: any) => group.products),
    soldOut: body.outOfStockProduct,
  };
}

async function buyNow(client: CustomerClient, item: Record<string, unknown>) {
  return client.post('/home/order/palce-order', {
    addressId: await savedAddressId(client),
    idempotencyKey: newIdempotencyKey(),
    buyNow: item,
  });
}

describe(`sizes and variants (${testDialect})`, () => {
  describe('the product page', () => {
    it('lists sizes in run order with their stock, the size chart and the colour siblings', async () => {
      const res = await (await signInNewCustomer(server)).get(`/home/get-product/${sizedStyle.navy.slug}`);
      expect(res.status).toBe(200);
      const { product } = res.body;
      expect(product.stock).toBe(10);
      expect(product.variants).toEqual(
        (['S', 'M', 'L', 'XL'] as const).map((size) => ({
          _id: navy(size),
          sku: `${sizedStyle.navy.slug}-${size}`,
          size,
          colour: 'Navy Blue',
          stock: sizedStyle.navy.stock[size],
        })),
      );
      expect(product.options).toEqual([
        { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
        { name: 'Colour', values: ['Navy Blue'] },
      ]);
      expect(product.sizeChart).toMatchObject({ sizeSystem: 'apparel', title: 'Apparel size chart' });
      expect(product.sizeChart.rows.map((row: { size: string }) => row.size)).toContain('M');
      expect(product.siblings).toEqual([
        {
          _id: ids.products.navy,
          slug: sizedStyle.navy.slug,
          colour: 'Navy Blue',
          colourHex: '#1f2f5c',
          image: `/media/${sizedStyle.navy.slug}.jpg`,
          current: true,
          stock: 10,
        },
        {
          _id: ids.products.maroon,
          slug: sizedStyle.maroon.slug,
          colour: 'Maroon',
          colourHex: '#7a1f2b',
          image: `/media/${sizedStyle.maroon.slug}.jpg`,
          current: false,
          stock: 9,
        },
      ]);
    });

    it('gives a product without sizes its one default variant, no size chart and itself as the only colour', async () => {
      const res = await (await signInNewCustomer(server)).get(`/home/get-product/${catalog.products.tee.id}`);
      const { product } = res.body;
      expect(product.variants).toEqual([
        {
          _id: expect.any(Number),
          sku: `P${catalog.products.tee.id}`,
          size: null,
          colour: 'Blue',
          stock: 10,
        },
      ]);
      expect(product.options).toEqual([{ name: 'Colour', values: ['Blue'] }]);
      expect(product.sizeChart).toBeNull();
      expect(product.siblings).toEqual([
        expect.objectContaining({ _id: catalog.products.tee.id, current: true, stock: 10 }),
      ]);
    });
  });

  describe('add to cart', () => {
    it('refuses a product with sizes without a size: 400 "Please select a size"', async () => {
      const client = await signInNewCustomer(server);
      const res = await client.post(ADD, { productId: ids.products.navy, quantity: 1 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Please select a size', code: 'SIZE_REQUIRED' });
      expect((await cartLines(client)).body.card_product_count).toBe(0);
    });

    it("refuses another product's variant and a sold-out size, clearly", async () => {
      const client = await signInNewCustomer(server);
      const foreign = await client.post(ADD, {
        productId: ids.products.navy,
        quantity: 1,
        variantId: maroon('M'),
      });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ error: variantMessages.variantNotFound, code: 'VARIANT_NOT_FOUND' });
      const soldOut = await client.post(ADD, {
        productId: ids.products.navy,
        quantity: 1,
        variantId: navy('S'),
      });
      expect(soldOut.status).toBe(400);
      expect(soldOut.body).toEqual({ error: 'Size S is sold out', code: 'OUT_OF_STOCK' });
      // More than the size has, though the product has more in other sizes.
      const tooMany = await client.post(ADD, {
        productId: ids.products.navy,
        quantity: 4,
        variantId: navy('M'),
      });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.code).toBe('OUT_OF_STOCK');
      expect((await cartLines(client)).body.card_product_count).toBe(0);
    });

    it('keeps two sizes of one product as two lines, each with its size and its own stock', async () => {
      const client = await signInNewCustomer(server);
      expect(
        (await client.post(ADD, { productId: ids.products.navy, quantity: 1, variantId: navy('M') })).status,
      ).toBe(200);
      expect(
        (await client.post(ADD, { productId: ids.products.navy, quantity: 2, variantId: navy('L') })).status,
      ).toBe(200);
      expect(
        (await client.post(ADD, { productId: ids.products.navy, quantity: 1, variantId: navy('M') })).status,
      ).toBe(200);
      const { inStock, body } = await cartLines(client);
      expect(body.card_product_count).toBe(2);
      expect(
        inStock.map((line: any) => ({
          quantity: line.quantity,
          variant: line.variant,
          stock: line.productInfo.stock,
        })),
      ).toEqual([
        { quantity: 2, variant: { _id: navy('M'), size: 'M', colour: 'Navy Blue', stock: 3 }, stock: 3 },
        { quantity: 2, variant: { _id: navy('L'), size: 'L', colour: 'Navy Blue', stock: 5 }, stock: 5 },
      ]);
      // ₹1000 at 20 % is ₹800 a piece.
      expect(body.price).toBe(4 * 800);
    });

    it('caps the units of one size and names the size in the refusal', async () => {
      const client = await signInNewCustomer(server);
      const eleven = await client.post(ADD, {
        productId: ids.products.navy,
        quantity: 11,
        variantId: navy('L'),
      });
      expect(eleven.status).toBe(400);
      expect(eleven.body).toEqual({
        error: 'You can buy at most 10 units of size L per order',
        code: 'QUANTITY_LIMIT',
      });
      const short = await buyNow(client, {
        productId: ids.products.navy,
        quantity: 11,
        variantId: navy('L'),
      });
      expect(short.status).toBe(400);
      expect(short.body).toEqual({
        error: 'You can buy at most 10 units of Oxford Shirt in size L per order',
        code: 'QUANTITY_LIMIT',
      });
    });

    it('moves a line to the Out of Stock section when its size sells out, though other sizes remain', async () => {
      const client = await signInNewCustomer(server);
      await client.post(ADD, { productId: ids.products.maroon, quantity: 1, variantId: maroon('XL') });
      await client.post(ADD, { productId: ids.products.maroon, quantity: 1, variantId: maroon('S') });
      await db().updateTable('product_variants').set({ stock: 0 }).where('id', '=', maroon('XL')).execute();
      await db().updateTable('products').set({ stock: 8 }).where('id', '=', ids.products.maroon).execute();
      try {
        const { inStock, soldOut } = await cartLines(client);
        expect(inStock.map((line: any) => line.variant.size)).toEqual(['S']);
        expect(soldOut).toEqual([
          expect.objectContaining({ variant: { _id: maroon('XL'), size: 'XL', colour: 'Maroon', stock: 0 } }),
        ]);
        const removed = await client.delete(`/home/product/delete-all-cart-product/${client.customerId}`);
        expect(removed.body.removed).toBe(1);
        expect((await cartLines(client)).inStock.map((line: any) => line.variant.size)).toEqual(['S']);
      } finally {
        await db().updateTable('product_variants').set({ stock: 1 }).where('id', '=', maroon('XL')).execute();
        await db().updateTable('products').set({ stock: 9 }).where('id', '=', ids.products.maroon).execute();
      }
    });
  });

  describe("changing a line's size", () => {
    async function lineOf(client: CustomerClient, size: string) {
      const line = (await cartLines(client)).inStock.find((l: any) => l.variant.size === size);
      return line as { _id: number; quantity: number } | undefined;
    }

    it('moves the line to another size in stock, bringing the quantity down to what that size has', async () => {
      const client = await signInNewCustomer(server);
      await client.post(ADD, { productId: ids.products.navy, quantity: 4, variantId: navy('L') });
      const line = (await lineOf(client, 'L'))!;
      const res = await client.put(changeVariant(line._id), { variantId: navy('M') });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Size updated' });
      const { inStock } = await cartLines(client);
      expect(inStock).toEqual([expect.objectContaining({ _id: line._id, quantity: 3 })]);
      expect(inStock[0].variant).toMatchObject({ _id: navy('M'), size: 'M' });
    });

    it('merges into the line of that size when the shopper already has one', async () => {
      const client = await signInNewCustomer(server);
      await client.post(ADD, { productId: ids.products.navy, quantity: 1, variantId: navy('L') });
      await client.post(ADD, { productId: ids.products.navy, quantity: 2, variantId: navy('XL') });
      const xl = (await lineOf(client, 'XL'))!;
      const l = (await lineOf(client, 'L'))!;
      expect((await client.put(changeVariant(xl._id), { variantId: navy('L') })).status).toBe(200);
      const { inStock, body } = await cartLines(client);
      expect(body.card_product_count).toBe(1);
      expect(inStock).toEqual([expect.objectContaining({ _id: l._id, quantity: 3 })]);
    });

    it("refuses a sold-out size, another product's size, and a line that is not the shopper's", async () => {
      const client = await signInNewCustomer(server);
      const other = await signInNewCustomer(server);
      await client.post(ADD, { productId: ids.products.navy, quantity: 1, variantId: navy('M') });
      const line = (await lineOf(client, 'M'))!;

      const soldOut = await client.put(changeVariant(line._id), { variantId: navy('S') });
      expect(soldOut.status).toBe(400);
      expect(soldOut.body).toEqual({ error: 'Size S is sold out', code: 'OUT_OF_STOCK' });
      const foreign = await client.put(changeVariant(line._id), { variantId: maroon('S') });
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe('VARIANT_NOT_FOUND');
      const notTheirs = await other.put(changeVariant(line._id), { variantId: navy('L') });
      expect(notTheirs.status).toBe(404);
      expect(notTheirs.body.error).toBe('Cart item not found');
      const noBody = await client.put(changeVariant(line._id), {});
      expect(noBody.status).toBe(400);

      expect((await cartLines(client)).inStock).toEqual([
        expect.objectContaining({
          _id: line._id,
          quantity: 1,
          variant: expect.objectContaining({ size: 'M' }),
        }),
      ]);
    });
  });

  describe('Buy Now and orders', () => {
    it('refuses Buy Now of a product with sizes without a size, taking nothing', async () => {
      const client = await signInNewCustomer(server);
      const before = await stockOfVariant(db(), navy('L'));
      const res = await buyNow(client, { productId: ids.products.navy, quantity: 1 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Please select a size', code: 'SIZE_REQUIRED' });
      expect(await stockOfVariant(db(), navy('L'))).toEqual(before);
      const foreign = await buyNow(client, {
        productId: ids.products.navy,
        quantity: 1,
        variantId: maroon('S'),
      });
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe('VARIANT_NOT_FOUND');
      const short = await buyNow(client, { productId: ids.products.navy, quantity: 1, variantId: navy('S') });
      expect(short.status).toBe(409);
      expect(short.body).toEqual({ error: 'Oxford Shirt (Size S) is out of stock', code: 'OUT_OF_STOCK' });
    });

    it('orders two sizes of one product as two lines with size and colour; cancelling gives each size its units back', async () => {
      const client = await signInNewCustomer(server);
      await client.post(ADD, { productId: ids.products.maroon, quantity: 2, variantId: maroon('S') });
      await client.post(ADD, { productId: ids.products.maroon, quantity: 1, variantId: maroon('M') });
      const before = {
        S: await stockOfVariant(db(), maroon('S')),
        M: await stockOfVariant(db(), maroon('M')),
        XL: await stockOfVariant(db(), maroon('XL')),
      };
      const placed = await client.post('/home/order/palce-order', {
        addressId: await savedAddressId(client),
        idempotencyKey: newIdempotencyKey(),
      });
      expect(placed.status).toBe(201);
      expect(await stockOfVariant(db(), maroon('S'))).toEqual({
        variant: before.S.variant - 2,
        product: before.S.product - 3,
      });
      expect((await stockOfVariant(db(), maroon('M'))).variant).toBe(before.M.variant - 1);
      expect((await stockOfVariant(db(), maroon('XL'))).variant).toBe(before.XL.variant);

      const order = (await client.get(`/home/customer/gat-order/${placed.body.orderId}`)).body.order;
      expect(order.products.map((line: any) => ({ quantity: line.quantity, variant: line.variant }))).toEqual(
        [
          { quantity: 2, variant: { _id: maroon('S'), size: 'S', colour: 'Maroon' } },
          { quantity: 1, variant: { _id: maroon('M'), size: 'M', colour: 'Maroon' } },
        ],
      );
      const listed = (await client.get(`/home/customer/gat-orders/${client.customerId}/all`)).body.orders;
      expect(listed[0].products[0].variant).toEqual({ _id: maroon('S'), size: 'S', colour: 'Maroon' });

      expect(await cancelUnpaidOrder(server.app.ctx, placed.body.orderId)).toBe(true);
      expect(await stockOfVariant(db(), maroon('S'))).toEqual(before.S);
      expect(await stockOfVariant(db(), maroon('M'))).toEqual(before.M);
      expect(await stockOfVariant(db(), maroon('XL'))).toEqual(before.XL);
    });

    it('sells the last units of one size to exactly that many of many parallel buyers, other sizes untouched', async () => {
      const buyers = await Promise.all(Array.from({ length: 12 }, () => signInNewCustomer(server)));
      const addresses = await Promise.all(buyers.map((buyer) => savedAddressId(buyer)));
      const xl = await stockOfVariant(db(), navy('XL'));
      const others = await Promise.all(['S', 'M', 'L'].map((size) => stockOfVariant(db(), navy(size))));
      expect(xl.variant).toBe(2);
      const results = await Promise.all(
        buyers.map((buyer, i) =>
          buyer.post('/home/order/palce-order', {
            addressId: addresses[i],
            idempotencyKey: newIdempotencyKey(),
            buyNow: { productId: ids.products.navy, quantity: 1, variantId: navy('XL') },
          }),
        ),
      );
      const statuses = results.map((res) => res.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(2);
      expect(statuses.filter((status) => status === 409)).toHaveLength(10);
      for (const refused of results.filter((res) => res.status === 409))
        expect(refused.body.error).toMatch(
          /^(Only 1 left of Oxford Shirt \(Size XL\)|Oxford Shirt \(Size XL\) is out of stock)$/,
        );
      expect(await stockOfVariant(db(), navy('XL'))).toEqual({ variant: 0, product: xl.product - 2 });
      for (const [i, size] of ['S', 'M', 'L'].entries())
        expect((await stockOfVariant(db(), navy(size))).variant).toBe(others[i].variant);
      const sold = await db()
        .selectFrom('order_items')
        .select((eb) => eb.fn.sum<number>('quantity').as('units'))
        .where('variant_id', '=', navy('XL'))
        .executeTakeFirstOrThrow();
      expect(Number(sold.units)).toBe(2);
    });

    it('orders carts of two sizes of one product in parallel without deadlocks or oversell', async () => {
      const before = { M: await stockOfVariant(db(), navy('M')), L: await stockOfVariant(db(), navy('L')) };
      const buyers = await Promise.all(Array.from({ length: 8 }, () => signInNewCustomer(server)));
      const addresses = await Promise.all(buyers.map((buyer) => savedAddressId(buyer)));
      for (const [i, buyer] of buyers.entries()) {
        // Half add L first: the checkout's lock order must not depend on the cart's.
        for (const size of i % 2 ? ['L', 'M'] : ['M', 'L'])
          await buyer.post(ADD, { productId: ids.products.navy, quantity: 1, variantId: navy(size) });
      }
      // Each asks for both lines (the whole cart would leave out a size that sold out meanwhile).
      const carts = await Promise.all(buyers.map(async (buyer) => (await cartLines(buyer)).inStock));
      const results = await Promise.all(
        buyers.map((buyer, i) =>
          buyer.post('/home/order/palce-order', {
            addressId: addresses[i],
            idempotencyKey: newIdempotencyKey(),
            products: [
              {
                products: carts[i].map((line: any) => ({
                  _id: line._id,
                  quantity: line.quantity,
                  productInfo: { _id: ids.products.navy },
                })),
              },
            ],
          }),
        ),
      );
      const placed = results.filter((res) => res.status === 201).length;
      expect(placed).toBe(Math.min(before.M.variant, before.L.variant, buyers.length));
      for (const res of results) expect([201, 409]).toContain(res.status);
      expect(await stockOfVariant(db(), navy('M'))).toEqual({
        variant: before.M.variant - placed,
        product: before.M.product - 2 * placed,
      });
      expect((await stockOfVariant(db(), navy('L'))).variant).toBe(before.L.variant - placed);
    });
  });
});
