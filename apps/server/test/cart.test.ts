import { describe, expect, it } from 'vitest';
import { testDialect } from './harness';
import { MAX_UNITS_MESSAGE, MAX_UNITS_PER_PRODUCT, type CartLine, type CartResponse } from '@bazaar/shared';
import { CustomerClient, products, setStock, shops, useCartFixtureServer } from './cart-fixtures';

const CART = '/home/product/get-card-product';
const ADD = '/home/product/add-to-card';

describe(`cart (${testDialect})`, () => {
  const { server, visitor, customer } = useCartFixtureServer();

  const cartOf = async (client: CustomerClient) => (await client.get<CartResponse>(CART)).body;
  const productIdsOf = (lines: CartLine[]) => lines.map((line) => line.productInfo._id);

  async function lineOf(
    client: CustomerClient,
    productId: number,
  ): Promise<{ _id: number; quantity: number }> {
    const body = await cartOf(client);
    const lines: CartLine[] = [
      ...body.card_products.flatMap((group) => group.products),
      ...body.outOfStockProduct.map((line) => ({ ...line, productInfo: line.products[0] })),
    ];
    const line = lines.find((l) => l.productInfo._id === productId);
    if (!line) throw new Error(`product ${productId} is not in the cart`);
    return line;
  }

  it('refuses visitors on every cart call with 401', async () => {
    const calls = [
      visitor().post(ADD, { productId: products.kurta.id, quantity: 1 }),
      visitor().get(CART),
      visitor().get(`${CART}/1`),
      visitor().delete('/home/product/delete-card-product/1'),
      visitor().delete('/home/product/delete-all-cart-product/1'),
      visitor().put('/home/product/quantity-inc/1'),
      visitor().put('/home/product/quantity-dec/1'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Please login first');
    }
  });

  it('starts empty', async () => {
    const res = await customer(1).get<CartResponse>(CART);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      card_products: [],
      price: 0,
      card_product_count: 0,
      shipping_fee: 0,
      outOfStockProduct: [],
      buy_product_item: 0,
    });
  });

  it('adds a product and prices it from the database: ₹999 at 33 % is ₹670, plus ₹85 shipping', async () => {
    const alice = customer(1);
    // A price or userId in the body is ignored: the server prices from the database, the session names the customer.
    const res = await alice.post(ADD, { productId: products.kurta.id, quantity: 1, price: 1, userId: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Added to cart' });

    const body = await cartOf(alice);
    expect(body.price).toBe(670);
    expect(body.shipping_fee).toBe(85);
    expect(body.card_product_count).toBe(1);
    expect(body.buy_product_item).toBe(1);
    expect(body.card_products).toEqual([
      {
        sellerId: shops.kalaa.id,
        shopName: shops.kalaa.shopName,
        price: 670,
        products: [
          {
            _id: expect.any(Number),
            quantity: 1,
            productInfo: {
              _id: products.kurta.id,
              slug: products.kurta.slug,
              name: 'Product kurta',
              brand: 'Brand kurta',
              price: 999,
              discount: 33,
              stock: 5,
              rating: 4.5,
              images: ['/images/handloom-kurta-1.jpg', '/images/handloom-kurta-2.jpg'],
              shopName: shops.kalaa.shopName,
              sellerId: shops.kalaa.id,
              category: 'Women',
            },
            // Added (issue 15): a product without sizes is bought as its one default variant.
            variant: { _id: expect.any(Number), size: null, colour: 'Red', stock: 5 },
          },
        ],
      },
    ]);
    // Customer 2 was named in the body but got nothing.
    expect((await cartOf(customer(2))).card_product_count).toBe(0);
  });

  it('raises the quantity when the same product is added again, and frees shipping above ₹799', async () => {
    const alice = customer(1);
    expect((await alice.post(ADD, { productId: products.kurta.id, quantity: 2 })).status).toBe(200);
    const body = await cartOf(alice);
    expect(body.card_product_count).toBe(1);
    expect(body.card_products[0].products[0].quantity).toBe(3);
    expect(body.price).toBe(3 * 670);
    expect(body.shipping_fee).toBe(0);
    expect(body.buy_product_item).toBe(3);
  });

  it('refuses to add beyond stock, in one go or in total, and leaves the line as it was', async () => {
    const alice = customer(1);
    const tooMany = await alice.post(ADD, { productId: products.kurta.id, quantity: 3 }); // 3 + 3 > 5
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ error: 'Out of stock', code: 'OUT_OF_STOCK' });
    expect((await lineOf(alice, products.kurta.id)).quantity).toBe(3);

    const fresh = await customer(3).post(ADD, { productId: products.sneakers.id, quantity: 3 }); // stock 2
    expect(fresh.status).toBe(400);
    expect(fresh.body.error).toBe('Out of stock');
    const soldOut = await customer(3).post(ADD, { productId: products.soldOut.id, quantity: 1 });
    expect(soldOut.status).toBe(400);
    expect(soldOut.body.error).toBe('Out of stock');
    expect((await cartOf(customer(3))).card_product_count).toBe(0);

    // Exactly up to stock is fine.
    expect((await alice.post(ADD, { productId: products.kurta.id, quantity: 2 })).status).toBe(200);
    expect((await lineOf(alice, products.kurta.id)).quantity).toBe(5);
  });

  it('answers an unknown product with 404 and bad input with a 400 naming the field', async () => {
    const alice = customer(1);
    const missing = await alice.post(ADD, { productId: 9999, quantity: 1 });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Product not found');
    for (const [body, field] of [
      [{ productId: products.kurta.id, quantity: 0 }, 'Quantity'],
      [{ productId: products.kurta.id, quantity: 1.5 }, 'Quantity'],
      [{ productId: products.kurta.id }, 'Quantity'],
      [{ productId: 'abc', quantity: 1 }, 'Product id'],
      [{ quantity: 1 }, 'Product id'],
    ] as const) {
      const res = await alice.post(ADD, body);
      expect(res.status).toBe(400);
      // Named as the shopper would name it, never as the API field (`productId:`).
      expect(res.body.error).toMatch(new RegExp(`^${field} `));
    }
  });

  it('groups lines by shop with each shop total, and sums the cart over both shops', async () => {
    const bob = customer(4);
    await bob.post(ADD, { productId: products.kurta.id, quantity: 1 });
    await bob.post(ADD, { productId: products.sneakers.id, quantity: 2 });
    await bob.post(ADD, { productId: products.dupatta.id, quantity: 1 });
    const { body } = await bob.get<CartResponse>(`${CART}/999`); // the spec's userId form: the param is ignored
    expect(body.card_products.map((g) => [g.shopName, g.price, productIdsOf(g.products)])).toEqual([
      [shops.kalaa.shopName, 670 + 270, [products.kurta.id, products.dupatta.id]],
      [shops.urban.shopName, 1000, [products.sneakers.id]],
    ]);
    expect(body.price).toBe(670 + 270 + 1000);
    expect(body.card_product_count).toBe(3);
    expect(body.buy_product_item).toBe(4);
    expect(body.shipping_fee).toBe(0);
  });

  it('moves a sold-out product to the Out of Stock section, outside the totals', async () => {
    const carol = customer(5);
    await carol.post(ADD, { productId: products.dupatta.id, quantity: 1 });
    await carol.post(ADD, { productId: products.belt.id, quantity: 2 });
    await setStock(server(), products.belt.id, 0);

    const body = await cartOf(carol);
    expect(body.card_products).toHaveLength(1);
    expect(productIdsOf(body.card_products[0].products)).toEqual([products.dupatta.id]);
    expect(body.outOfStockProduct).toEqual([
      {
        _id: expect.any(Number),
        quantity: 2,
        products: [
          expect.objectContaining({
            _id: products.belt.id,
            stock: 0,
            images: ['/images/leather-belt-1.jpg', '/images/leather-belt-2.jpg'],
          }),
        ],
        variant: expect.objectContaining({ size: null, stock: 0 }),
      },
    ]);
    expect(body.price).toBe(270);
    expect(body.shipping_fee).toBe(85);
    expect(body.buy_product_item).toBe(1);
    expect(body.card_product_count).toBe(2);
  });

  it('Delete in the Out of Stock section removes only the sold-out lines of the signed-in customer', async () => {
    const carol = customer(5);
    const dave = customer(6);
    await setStock(server(), products.belt.id, 2);
    await dave.post(ADD, { productId: products.belt.id, quantity: 1 });
    await setStock(server(), products.belt.id, 0);

    const res = await carol.delete('/home/product/delete-all-cart-product/6'); // another id in the path changes nothing
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Out of stock products removed from cart');
    const body = await cartOf(carol);
    expect(body.outOfStockProduct).toEqual([]);
    expect(body.card_product_count).toBe(1);
    expect(body.price).toBe(270);
    expect((await cartOf(dave)).outOfStockProduct).toHaveLength(1);
    await setStock(server(), products.belt.id, 2);
  });

  it('steps quantity up to stock and down to 1, and no further', async () => {
    const bob = customer(4);
    const sneakers = await lineOf(bob, products.sneakers.id); // quantity 2, stock 2
    const inc = await bob.put(`/home/product/quantity-inc/${sneakers._id}`);
    expect(inc.status).toBe(400);
    expect(inc.body).toEqual({ error: 'Out of stock', code: 'OUT_OF_STOCK' });

    expect((await bob.put(`/home/product/quantity-dec/${sneakers._id}`)).body).toEqual({
      message: 'Quantity updated',
    });
    expect((await lineOf(bob, products.sneakers.id)).quantity).toBe(1);
    const dec = await bob.put(`/home/product/quantity-dec/${sneakers._id}`);
    expect(dec.status).toBe(400);
    expect(dec.body).toEqual({ error: 'Quantity cannot be less than 1', code: 'QUANTITY_LIMIT' });
    expect((await lineOf(bob, products.sneakers.id)).quantity).toBe(1);

    const up = await bob.put(`/home/product/quantity-inc/${sneakers._id}`);
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ message: 'Quantity updated' });
    expect((await lineOf(bob, products.sneakers.id)).quantity).toBe(2);
  });

  it("answers another customer's line ids with 404 and leaves the line unchanged", async () => {
    const bob = customer(4);
    const mallory = customer(3);
    const kurta = await lineOf(bob, products.kurta.id);
    for (const call of [
      () => mallory.put(`/home/product/quantity-inc/${kurta._id}`),
      () => mallory.put(`/home/product/quantity-dec/${kurta._id}`),
      () => mallory.delete(`/home/product/delete-card-product/${kurta._id}`),
    ]) {
      const res = await call();
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Cart item not found');
    }
    expect(await lineOf(bob, products.kurta.id)).toMatchObject({ _id: kurta._id, quantity: 1 });
    expect((await bob.put('/home/product/quantity-inc/abc')).status).toBe(400);
    expect((await bob.put('/home/product/quantity-inc/424242')).status).toBe(404);
  });

  it('removes a line', async () => {
    const bob = customer(4);
    const dupatta = await lineOf(bob, products.dupatta.id);
    const res = await bob.delete(`/home/product/delete-card-product/${dupatta._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Product removed from cart' });
    const body = await cartOf(bob);
    expect(body.card_product_count).toBe(2);
    expect(productIdsOf(body.card_products[0].products)).toEqual([products.kurta.id]);
    expect((await bob.delete(`/home/product/delete-card-product/${dupatta._id}`)).status).toBe(404);
  });

  it('never lets 50 parallel increments pass the 10-unit cap, though 20 are in stock', async () => {
    const erin = customer(2);
    await erin.post(ADD, { productId: products.socks.id, quantity: 1 });
    const socks = await lineOf(erin, products.socks.id);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => erin.put(`/home/product/quantity-inc/${socks._id}`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_UNITS_PER_PRODUCT - 1);
    const refused = results.filter((r) => r.status === 400);
    expect(refused).toHaveLength(50 - (MAX_UNITS_PER_PRODUCT - 1));
    expect(new Set(refused.map((r) => r.body.error))).toEqual(new Set([MAX_UNITS_MESSAGE]));
    expect((await lineOf(erin, products.socks.id)).quantity).toBe(MAX_UNITS_PER_PRODUCT);
  });

  it('caps a line at 10 units however they are added, with a message that says so', async () => {
    const dave = customer(6);
    expect(products.socks.stock).toBeGreaterThan(MAX_UNITS_PER_PRODUCT);
    // The spec's own add-to-card payload: userId, quantity, productId.
    const tooMany = await dave.post(ADD, { userId: 6, productId: products.socks.id, quantity: 11 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({
      error: 'You can buy at most 10 units of a product per order',
      code: 'QUANTITY_LIMIT',
    });

    expect((await dave.post(ADD, { userId: 6, productId: products.socks.id, quantity: 6 })).status).toBe(200);
    const beyond = await dave.post(ADD, { userId: 6, productId: products.socks.id, quantity: 5 });
    expect(beyond.status).toBe(400);
    expect(beyond.body.error).toBe(MAX_UNITS_MESSAGE);
    expect((await lineOf(dave, products.socks.id)).quantity).toBe(6);

    expect((await dave.post(ADD, { userId: 6, productId: products.socks.id, quantity: 4 })).status).toBe(200);
    const socks = await lineOf(dave, products.socks.id);
    expect(socks.quantity).toBe(MAX_UNITS_PER_PRODUCT);
    const inc = await dave.put(`/home/product/quantity-inc/${socks._id}`);
    expect(inc.status).toBe(400);
    expect(inc.body.error).toBe(MAX_UNITS_MESSAGE);
    expect((await lineOf(dave, products.socks.id)).quantity).toBe(MAX_UNITS_PER_PRODUCT);
    expect((await dave.put(`/home/product/quantity-dec/${socks._id}`)).status).toBe(200);
  });

  it('never lets 20 parallel adds pass the cap either', async () => {
    const carol = customer(5);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => carol.post(ADD, { productId: products.socks.id, quantity: 1 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(MAX_UNITS_PER_PRODUCT);
    expect((await lineOf(carol, products.socks.id)).quantity).toBe(MAX_UNITS_PER_PRODUCT);
  });

  it('never lets 20 parallel adds pass stock either', async () => {
    const erin = customer(2);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => erin.post(ADD, { productId: products.kurta.id, quantity: 1 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(products.kurta.stock);
    expect((await lineOf(erin, products.kurta.id)).quantity).toBe(products.kurta.stock);
  });
});
