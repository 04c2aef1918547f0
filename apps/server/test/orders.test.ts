import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_CODE_PATTERN } from '@bazaar/shared';
import { signCustomerToken } from '../src/auth/session';
import { loadConfig } from '../src/config';
import { newOrderCode } from '../src/orders/orderCode';
import { cancelUnpaidOrder } from '../src/flows/reservationExpiry';
import { ApiClient, countingApp, startTestServer, testDialect, type TestServer } from './harness';
import { setDefaultVariantStock } from './variant-fixtures';
import {
  catalog,
  newIdempotencyKey,
  putInCart,
  savedAddressId,
  seedCatalog,
  signInNewCustomer,
  stockOf,
  type CustomerClient,
} from './orders-fixtures';

// The real generator, wrapped so one test can hand out a code that is already taken.
vi.mock('../src/orders/orderCode', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/orders/orderCode')>();
  return { ...original, newOrderCode: vi.fn(original.newOrderCode) };
});
// The API projects keep modules from one file to the next (isolate: false), so the server may already be loaded
// with the real generator: load it afresh for this file, and leave the next file a fresh, unmocked one.
vi.hoisted(() => vi.resetModules());
afterAll(() => {
  vi.doUnmock('../src/orders/orderCode');
  vi.resetModules();
});

describe(`placing orders (${testDialect})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ prepare: (db) => seedCatalog(db) });
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const cartOf = (customerId: number) =>
    db()
      .selectFrom('cart_items')
      .select(['product_id', 'quantity'])
      .where('customer_id', '=', customerId)
      .orderBy('product_id')
      .execute();
  const ordersOf = (customerId: number) =>
    db().selectFrom('customer_orders').selectAll().where('customer_id', '=', customerId).execute();
  const placeOrder = (client: CustomerClient, body: Record<string, unknown>) =>
    client.post('/home/order/palce-order', { idempotencyKey: newIdempotencyKey(), ...body });
  const restock = (key: keyof typeof catalog.products, stock: number) =>
    setDefaultVariantStock(db(), catalog.products[key].id, stock);

  it('orders the in-stock cart: money from the database, stock taken, cart lines cleared, one sub-order per shop', async () => {
    await restock('kurta', 10);
    await restock('saree', 10);
    const client = await signInNewCustomer(server);
    const addressId = await savedAddressId(client);
    await putInCart(server.database, client.customerId, { kurta: 2, saree: 1, soldOut: 1 });

    // The page's own totals, user and products are ignored: only the address and the key count.
    const res = await placeOrder(client, {
      shippingInfo: { _id: addressId },
      price: 1,
      shipping_fee: 0,
      items: 99,
      userId: 424242,
      products: [{ sellerId: 1, price: 1, products: [] }],
    });
    expect(res.status).toBe(201);
    // Kurta ₹999 − 33 % = ₹670 × 2 = ₹1,340; saree ₹500; above ₹799 ships free.
    expect(res.body).toEqual({
      orderId: expect.stringMatching(ORDER_CODE_PATTERN),
      message: 'Order placed successfully',
      price: 1840,
      items: 3,
    });

    expect(await stockOf(server.database, 'kurta')).toBe(8);
    expect(await stockOf(server.database, 'saree')).toBe(9);
    expect(await cartOf(client.customerId)).toEqual([
      { product_id: catalog.products.soldOut.id, quantity: 1 },
    ]);

    const [order] = await ordersOf(client.customerId);
    expect(order).toMatchObject({
      order_code: res.body.orderId,
      price: 1840,
      shipping_fee: 0,
      items: 3,
      payment_status: 'not paid',
      delivery_status: 'pending',
    });
    expect(order).toMatchObject({
      shipping_name: 'Priya Sharma',
      shipping_state: 'Karnataka',
      shipping_pincode: '560001',
    });
    const parts = await db()
      .selectFrom('seller_orders')
      .select(['seller_id', 'shop_name', 'price'])
      .where('customer_order_id', '=', order.id)
      .orderBy('seller_id')
      .execute();
    expect(parts).toEqual([
      { seller_id: 1, shop_name: 'Roadster Store', price: 1340 },
      { seller_id: 2, shop_name: 'Saree Mahal', price: 500 },
    ]);
    const lines = await db()
      .selectFrom('order_items')
      .selectAll()
      .where('customer_order_id', '=', order.id)
      .orderBy('product_id')
      .execute();
    expect(lines).toEqual([
      expect.objectContaining({
        name: 'Roadster Men Kurta',
        brand: 'Roadster',
        image: '/media/kurta-front.jpg',
        price: 999,
        discount: 33,
        quantity: 2,
        category: 'Kurtas',
        hsn_code: '6211',
      }),
      expect.objectContaining({
        name: 'Banarasi Silk Saree',
        brand: 'Saree Mahal',
        image: '/media/saree-front.jpg',
        price: 500,
        discount: 0,
        quantity: 1,
        category: 'Sarees',
        hsn_code: '6211',
      }),
    ]);
  });

  it('adds the shared shipping fee to small orders', async () => {
    await restock('tee', 10);
    const client = await signInNewCustomer(server);
    const addressId = await savedAddressId(client);
    await putInCart(server.database, client.customerId, { tee: 1 });
    const res = await placeOrder(client, { addressId });
    expect(res.status).toBe(201);
    // ₹300 − 10 % = ₹270, plus ₹85 shipping.
    expect(res.body).toMatchObject({ price: 355, items: 1 });
    const [order] = await ordersOf(client.customerId);
    expect(order).toMatchObject({ price: 270, shipping_fee: 85 });
  });

  it('keeps the order as it was sold when the product later changes', async () => {
    await restock('kurta', 10);
    const client = await signInNewCustomer(server);
    const addressId = await savedAddressId(client);
    await putInCart(server.database, client.customerId, { kurta: 1 });
    const { orderId } = (await placeOrder(client, { addressId })).body;

    await db()
      .updateTable('products')
      .set({ price: 4999, discount: 0, name: 'Renamed Kurta' })
      .where('id', '=', catalog.products.kurta.id)
      .execute();
    await client.post('/home/customer/add_address', {
      ...(await client.get('/home/customer/get_default_address')).body.defaultAddress,
      addressId,
      name: 'Moved Away',
      alternatephonenumber: '',
    });

    const res = await client.get(`/home/customer/gat-order/${orderId}`);
    expect(res.status).toBe(200);
    expect(res.body.order.products[0]).toEqual({
      quantity: 1,
      productInfo: expect.objectContaining({
        name: 'Roadster Men Kurta',
        price: 999,
        discount: 33,
        images: ['/media/kurta-front.jpg'],
        slug: 'kurta',
      }),
      // Added (issue 15): the variant ordered, with its size (none) and colour as they were.
      variant: { _id: expect.any(Number), size: null, colour: 'Blue' },
      orderItemId: expect.any(Number),
      partId: expect.any(Number),
    });
    expect(res.body.order.price).toBe(670 + 85);
    expect(res.body.order.shippingInfo).toEqual({
      name: 'Priya Sharma',
      address: '12, 4th Cross, Indiranagar',
      province: 'Karnataka',
      city: 'Bengaluru',
      area: 'Indiranagar, Near Metro Station',
      phonenumber: '9876543210',
      pincode: '560001',
    });
    await db()
      .updateTable('products')
      .set({ price: 999, discount: 33, name: 'Roadster Men Kurta' })
      .where('id', '=', catalog.products.kurta.id)
      .execute();
  });

  it('refuses a short line with 409 naming the product and changes nothing', async () => {
    await restock('kurta', 2);
    await restock('saree', 10);
    const client = await signInNewCustomer(server);
    const addressId = await savedAddressId(client);
    await putInCart(server.database, client.customerId, { saree: 1, kurta: 3 });

    const res = await placeOrder(client, { addressId });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'Only 2 left of Roadster Men Kurta', code: 'OUT_OF_STOCK' });
    expect(await stockOf(server.database, 'kurta')).toBe(2);
    expect(await stockOf(server.database, 'saree')).toBe(10);
    expect(await cartOf(client.customerId)).toHaveLength(2);
    expect(await ordersOf(client.customerId)).toEqual([]);
  });

  it('orders just the Buy Now item and leaves the cart alone', async () => {
    await restock('saree', 4);
    const client = await signInNewCustomer(server);
    const addressId = await savedAddressId(client);
    await putInCart(server.database, client.customerId, { saree: 1 });

    const res = await placeOrder(client, {
      addressId,
      buyNow: { productId: catalog.products.saree.id, quantity: 2 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ price: 1000, items: 2 });
    expect(await stockOf(server.database, 'saree')).toBe(2);
    expect(await cartOf(client.customerId)).toEqual([{ product_id: catalog.products.saree.id, quantity: 1 }]);

    const tooMany = await placeOrder(client, {
      addressId,
      buyNow: { productId: catalog.products.saree.id, quantity: 3 },
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error).toBe('Only 2 left of Banarasi Silk Saree');
    const soldOut = await placeOrder(client, {
      addressId,
      buyNow: { productId: catalog.products.soldOut.id, quantity: 1 },
    });
    expect(soldOut.body).toEqual({ error: 'Sold Out Sneakers is out of stock', code: 'OUT_OF_STOCK' });
  });

  it('returns the same order for a retried idempotency key, one after the other', async () => {
    await restock('tee', 10);
    const client = await signInNewCustomer(server);
    const addressId = await savedAddressId(client);
    await putInCart(server.database, client.customerId, { tee: 2 });
    const idempotencyKey = newIdempotencyKey();

    const first = await client.post('/home/order/palce-order', { addressId, idempotencyKey });
    await putInCart(server.database, client.customerId, { tee: 1 });
    const retry = await client.post('/home/order/palce-order', { addressId, idempotencyKey });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await ordersOf(client.customerId)).toHaveLength(1);
    expect(await stockOf(server.database, 'tee')).toBe(8);
  });

  it('creates one order when the same key arrives several times at once', async () => {
    await restock('tee', 10);
    const client = await signInNewCustomer(server);
    const addressId = await savedAddressId(client);
    await putInCart(server.database, client.customerId, { tee: 1 });
    const idempotencyKey = newIdempotencyKey();

    const results = await Promise.all(
      Array.from({ length: 6 }, () => client.post('/home/order/palce-order', { addressId, idempotencyKey })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.body.orderId)).size).toBe(1);
    expect(await ordersOf(client.customerId)).toHaveLength(1);
    expect(await stockOf(server.database, 'tee')).toBe(9);
  });

  it('lets exactly as many customers buy as there is stock when they all order at once', async () => {
    await restock('kurta', 5);
    const customers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signInNewCustomer(server, `Rush ${i}`)),
    );
    const addresses: number[] = [];
    for (const customer of customers) {
      addresses.push(await savedAddressId(customer));
      await putInCart(server.database, customer.customerId, { kurta: 1 });
    }

    const results = await Promise.all(
      customers.map((customer, i) => placeOrder(customer, { addressId: addresses[i] })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.body.error).toMatch(
        /^(Only \d left of Roadster Men Kurta|Roadster Men Kurta is out of stock)$/,
      );
    }
    expect(await stockOf(server.database, 'kurta')).toBe(0);
    const ids = customers.map((c) => c.customerId);
    const orders = await db()
      .selectFrom('customer_orders')
      .select('id')
      .where('customer_id', 'in', ids)
      .execute();
    expect(orders).toHaveLength(5);
  });

  it('draws another order code when the random one is already taken', async () => {
    await restock('tee', 10);
    const client = await signInNewCustomer(server);
    const addressId = await savedAddressId(client);
    const buyTee = { addressId, buyNow: { productId: catalog.products.tee.id, quantity: 1 } };
    const first = await placeOrder(client, buyTee);

    const drawsBefore = vi.mocked(newOrderCode).mock.calls.length;
    vi.mocked(newOrderCode).mockReturnValueOnce(first.body.orderId);
    const second = await placeOrder(client, buyTee);
    // The server drew the taken code, then another (so the clash really happened).
    expect(vi.mocked(newOrderCode).mock.calls.length - drawsBefore).toBe(2);
    expect(second.status).toBe(201);
    expect(second.body.orderId).toMatch(ORDER_CODE_PATTERN);
    expect(second.body.orderId).not.toBe(first.body.orderId);
    expect(await ordersOf(client.customerId)).toHaveLength(2);
    // The clashing attempt rolled back whole: each order took its one unit, no more.
    expect(await stockOf(server.database, 'tee')).toBe(8);
  });

  it('refuses bad requests clearly', async () => {
    const client = await signInNewCustomer(server);
    const other = await signInNewCustomer(server, 'Other');
    const othersAddress = await savedAddressId(other);
    const addressId = await savedAddressId(client);

    expect((await placeOrder(client, {})).body).toEqual({
      error: 'Please select a delivery address',
      code: 'VALIDATION_FAILED',
    });
    const foreign = await placeOrder(client, { addressId: othersAddress });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'Delivery address not found', code: 'NOT_FOUND' });
    const empty = await placeOrder(client, { addressId });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: 'Your cart is empty', code: 'CART_EMPTY' });
    await putInCart(server.database, client.customerId, { soldOut: 1 });
    const onlySoldOut = await placeOrder(client, { addressId });
    expect(onlySoldOut.status).toBe(409);
    expect(onlySoldOut.body).toEqual({ error: 'Sold Out Sneakers is out of stock', code: 'OUT_OF_STOCK' });
    const zero = await placeOrder(client, { addressId, buyNow: { productId: 1, quantity: 0 } });
    expect(zero.body).toEqual({ error: 'Quantity must be at least 1', code: 'VALIDATION_FAILED' });
    expect(
      (
        await new ApiClient(server.baseUrl).post('/home/order/palce-order', {
          addressId,
          idempotencyKey: 'abcdefgh12',
        })
      ).status,
    ).toBe(401);
    const badHeader = await client.request(
      'POST',
      '/home/order/palce-order',
      { addressId },
      { 'idempotency-key': 'x' },
    );
    expect(badHeader.status).toBe(400);
    expect(badHeader.body.error).toBe('Idempotency-Key header must be 8–100 letters, digits, - or _');
  });

  it("lists the customer's own orders by status and hides other customers' orders", async () => {
    await restock('tee', 10);
    const client = await signInNewCustomer(server);
    const stranger = await signInNewCustomer(server, 'Stranger');
    const addressId = await savedAddressId(client);
    const placed = [];
    for (let i = 0; i < 3; i++) {
      placed.push(
        (await placeOrder(client, { addressId, buyNow: { productId: catalog.products.tee.id, quantity: 1 } }))
          .body.orderId,
      );
    }
    expect(await cancelUnpaidOrder(server.app.ctx, placed[0])).toBe(true);

    // The customerId in the path is ignored: the session decides whose orders these are.
    const all = await client.get(`/home/customer/gat-orders/${stranger.customerId}/all`);
    expect(all.status).toBe(200);
    expect(all.body.orders.map((o: { orderId: string }) => o.orderId)).toEqual([...placed].reverse());
    expect(all.body.orders[0]).toMatchObject({
      price: 270 + 85,
      payment_status: 'not paid',
      delivery_status: 'pending',
      date: expect.any(String),
      products: [
        {
          quantity: 1,
          productInfo: expect.objectContaining({
            name: 'Roadster Graphic T-Shirt',
            brand: 'Roadster',
            price: 300,
            discount: 10,
          }),
        },
      ],
      shippingInfo: expect.objectContaining({
        name: 'Priya Sharma',
        city: 'Bengaluru',
        province: 'Karnataka',
      }),
    });
    const pending = (await client.get(`/home/customer/gat-orders/0/pending`)).body.orders;
    expect(pending.map((o: { orderId: string }) => o.orderId)).toEqual([placed[2], placed[1]]);
    const cancelled = (await client.get(`/home/customer/gat-orders/0/cancelled`)).body.orders;
    expect(cancelled.map((o: { orderId: string }) => o.orderId)).toEqual([placed[0]]);
    expect((await client.get(`/home/customer/gat-orders/0/warehouse`)).body.orders).toEqual([]);
    // Issue 16 added shipped and delivered to the spec's filters; anything else is still refused.
    expect((await client.get(`/home/customer/gat-orders/0/shipped`)).body.orders).toEqual([]);
    expect((await client.get(`/home/customer/gat-orders/0/lost`)).status).toBe(400);

    expect((await stranger.get(`/home/customer/gat-orders/${client.customerId}/all`)).body.orders).toEqual(
      [],
    );
    const peek = await stranger.get(`/home/customer/gat-order/${placed[1]}`);
    expect(peek.status).toBe(404);
    expect(peek.body).toEqual({ error: 'Order not found', code: 'NOT_FOUND' });
    expect((await client.get(`/home/customer/gat-order/${placed[1]}`)).body.order.orderId).toBe(placed[1]);
  });

  it('cancels an unpaid order once, giving its stock back, and never touches a paid one', async () => {
    await restock('saree', 5);
    await restock('tee', 5);
    const client = await signInNewCustomer(server);
    const addressId = await savedAddressId(client);
    await putInCart(server.database, client.customerId, { saree: 2, tee: 1 });
    const { orderId } = (await placeOrder(client, { addressId })).body;
    expect(await stockOf(server.database, 'saree')).toBe(3);

    expect(await cancelUnpaidOrder(server.app.ctx, orderId)).toBe(true);
    expect(await stockOf(server.database, 'saree')).toBe(5);
    expect(await stockOf(server.database, 'tee')).toBe(5);
    expect((await client.get(`/home/customer/gat-order/${orderId}`)).body.order.delivery_status).toBe(
      'cancelled',
    );
    const parts = await db()
      .selectFrom('seller_orders')
      .select('seller_orders.delivery_status')
      .innerJoin('customer_orders', 'customer_orders.id', 'seller_orders.customer_order_id')
      .where('order_code', '=', orderId)
      .execute();
    expect(parts.map((p) => p.delivery_status)).toEqual(['cancelled', 'cancelled']);

    expect(await cancelUnpaidOrder(server.app.ctx, orderId)).toBe(false);
    expect(await stockOf(server.database, 'saree')).toBe(5);

    const paid = (
      await placeOrder(client, { addressId, buyNow: { productId: catalog.products.saree.id, quantity: 1 } })
    ).body.orderId;
    await db()
      .updateTable('customer_orders')
      .set({ payment_status: 'paid' })
      .where('order_code', '=', paid)
      .execute();
    expect(await cancelUnpaidOrder(server.app.ctx, paid)).toBe(false);
    expect(await stockOf(server.database, 'saree')).toBe(4);
    expect(await cancelUnpaidOrder(server.app.ctx, 'BZ-0000-NOPE22')).toBe(false);
  });
});

describe(`statements per order (${testDialect})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ prepare: (db) => seedCatalog(db) });
  });
  afterAll(() => server.close());

  it('places a Buy Now order in seven statements (eight on PostgreSQL), as many when it takes the last units, and opens its payment in three, the session check included', async () => {
    const { app, queries } = await countingApp(server);
    try {
      const client = await signInNewCustomer(server);
      const addressId = await savedAddressId(client);
      const headers = {
        authorization: `Bearer ${signCustomerToken(server.config.jwtSecret, { id: client.customerId, name: 'Priya Sharma', email: null }, 0)}`,
      };
      /** Buys `quantity` sarees now, as a new order, and answers how many statements that ran. */
      const buySarees = async (quantity: number) => {
        queries.count = 0;
        const placed = await app.inject({
          method: 'POST',
          url: '/api/home/order/palce-order',
          headers,
          payload: {
            addressId,
            idempotencyKey: newIdempotencyKey(),
            buyNow: { productId: catalog.products.saree.id, quantity },
          },
        });
        expect(placed.statusCode).toBe(201);
        return { orderId: placed.json().orderId as string, statements: queries.count };
      };

      const placed = await buySarees(1);
      // Session, then one transaction: on PostgreSQL the customer's lock, then take stock (the product's, reading
      // it, then its variant's: no lookup first), the order with its address, its seller part, its line, and the
      // order-placed e-mail in the outbox.
      expect(placed.statements).toBe(testDialect === 'postgres' ? 8 : 7);

      queries.count = 0;
      const payment = await app.inject({
        method: 'POST',
        url: '/api/payment/do_payment',
        headers,
        payload: { orderId: placed.orderId },
      });
      expect(payment.statusCode).toBe(200);
      // Session, the order, the payment created with its attempt started.
      expect(queries.count).toBe(3);

      const soldOut = await buySarees(await stockOf(server.database, 'saree'));
      // Taking the last units also tells the catalogue's caches that the product's sizes in stock moved, and where
      // it is listed: the product's update returns that, so it costs no statement more.
      expect(soldOut.statements).toBe(testDialect === 'postgres' ? 8 : 7);
    } finally {
      await app.close();
    }
  });
});

/** The spec's own palce-order payload, built from what the spec's calls answer (cart, address book, product page). */
async function specPayload(
  client: CustomerClient,
  products: unknown[],
  extra: { price: number; shipping_fee: number; items: number },
) {
  const [address] = (await client.get('/home/customer/get_all_address')).body.address;
  return { ...extra, products, shippingInfo: address, userId: client.customerId, navigate: '/payment' };
}

/** Exactly what the spec's cart page sends on Place Order. */
async function specCartPayload(client: CustomerClient) {
  const cart = (await client.get('/home/product/get-card-product')).body;
  return specPayload(client, cart.card_products, {
    price: cart.price,
    shipping_fee: 0,
    items: cart.buy_product_item,
  });
}

/** Exactly what the spec's Buy Now sends: one shop group with the product page's product, shipping fee 85. */
async function specBuyNowPayload(client: CustomerClient, slug: string, quantity: number) {
  const { product } = (await client.get(`/home/get-product/${slug}`)).body;
  const unit = product.price - Math.floor((product.price * product.discount) / 100);
  return specPayload(
    client,
    [
      {
        sellerId: product.sellerId,
        shopName: product.shopName,
        price: quantity * (unit - Math.floor((unit * 5) / 100)),
        products: [{ quantity, productInfo: product }],
      },
    ],
    { price: unit * quantity, shipping_fee: 85, items: 1 },
  );
}

describe(`the spec's own order payloads, without an idempotency key (${testDialect})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      prepare: (db) => seedCatalog(db, { tee: 100, kurta: 100, saree: 100 }),
    });
  });
  afterAll(() => server.close());

  const ordersOf = (customerId: number) =>
    server.database.db
      .selectFrom('customer_orders')
      .select(['id', 'order_code', 'items'])
      .where('customer_id', '=', customerId)
      .execute();
  const cartOf = (customerId: number) =>
    server.database.db
      .selectFrom('cart_items')
      .select('product_id')
      .where('customer_id', '=', customerId)
      .execute();
  const place = (client: CustomerClient, body: unknown) => client.post('/home/order/palce-order', body);

  it('orders the cart from exactly the payload the spec sends, and consumes the cart', async () => {
    const client = await signInNewCustomer(server);
    await savedAddressId(client);
    await putInCart(server.database, client.customerId, { kurta: 2, saree: 1 });
    const before = await stockOf(server.database, 'kurta');

    const res = await place(client, await specCartPayload(client));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      orderId: expect.stringMatching(ORDER_CODE_PATTERN),
      price: 1840,
      items: 3,
    });
    expect(await cartOf(client.customerId)).toEqual([]);
    expect(await stockOf(server.database, 'kurta')).toBe(before - 2);
  });

  it("orders just the spec's Buy Now product with its quantity and leaves the cart alone", async () => {
    const client = await signInNewCustomer(server);
    await savedAddressId(client);
    await putInCart(server.database, client.customerId, { kurta: 1 });
    const before = await stockOf(server.database, 'saree');

    const res = await place(client, await specBuyNowPayload(client, 'saree', 2));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // The server's price: ₹500 × 2, free shipping above ₹799 (not the page's 85 or its 5 % off).
    expect(res.body).toMatchObject({ price: 1000, items: 2 });
    expect(await stockOf(server.database, 'saree')).toBe(before - 2);
    expect(await cartOf(client.customerId)).toEqual([{ product_id: catalog.products.kurta.id }]);
  });

  it('makes one order of the same cart submitted six times at once, and answers each with it', async () => {
    const client = await signInNewCustomer(server);
    await savedAddressId(client);
    await putInCart(server.database, client.customerId, { tee: 1, saree: 1 });
    const payload = await specCartPayload(client);
    const before = await stockOf(server.database, 'tee');

    const results = await Promise.all(Array.from({ length: 6 }, () => place(client, payload)));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.body.orderId)).size).toBe(1);
    expect(await ordersOf(client.customerId)).toHaveLength(1);
    expect(await stockOf(server.database, 'tee')).toBe(before - 1);
  });

  it('makes one order of the same Buy Now submitted six times at once', async () => {
    const client = await signInNewCustomer(server);
    await savedAddressId(client);
    const payload = await specBuyNowPayload(client, 'tee', 3);
    const before = await stockOf(server.database, 'tee');

    const results = await Promise.all(Array.from({ length: 6 }, () => place(client, payload)));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.body.orderId)).size).toBe(1);
    expect(await ordersOf(client.customerId)).toHaveLength(1);
    expect(await stockOf(server.database, 'tee')).toBe(before - 3);

    // A different Buy Now is a different order.
    const other = await place(client, await specBuyNowPayload(client, 'tee', 1));
    expect(other.status).toBe(201);
    expect(other.body.orderId).not.toBe(results[0].body.orderId);
  });

  it('takes the idempotency key from the standard Idempotency-Key header too', async () => {
    const client = await signInNewCustomer(server);
    await savedAddressId(client);
    const key = { 'idempotency-key': newIdempotencyKey() };
    const order = '/home/order/palce-order';
    const first = await client.request('POST', order, await specBuyNowPayload(client, 'kurta', 1), key);
    // A retry carrying the same key gets the first order, even with another body (no fingerprint could match it).
    const retry = await client.request('POST', order, await specBuyNowPayload(client, 'kurta', 2), key);
    expect(first.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await ordersOf(client.customerId)).toHaveLength(1);
  });

  it('refuses a cart line the order before already took', async () => {
    const client = await signInNewCustomer(server);
    await savedAddressId(client);
    await putInCart(server.database, client.customerId, { tee: 1 });
    const payload = await specCartPayload(client);
    expect((await place(client, { ...payload, idempotencyKey: newIdempotencyKey() })).status).toBe(201);
    const again = await place(client, { ...payload, idempotencyKey: newIdempotencyKey() });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'Your cart is empty', code: 'CART_EMPTY' });
    expect(await ordersOf(client.customerId)).toHaveLength(1);
  });
});

describe(`limits that stop one account holding the catalogue (${testDialect})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      prepare: (db) => seedCatalog(db, { tee: 500, kurta: 500, saree: 500 }),
    });
  });
  afterAll(() => server.close());

  const ordersOf = (customerId: number) =>
    server.database.db
      .selectFrom('customer_orders')
      .select(['order_code', 'payment_status'])
      .where('customer_id', '=', customerId)
      .execute();
  const buyNow = (client: CustomerClient, addressId: number, quantity = 1) =>
    client.post('/home/order/palce-order', {
      addressId,
      idempotencyKey: newIdempotencyKey(),
      buyNow: { productId: catalog.products.tee.id, quantity },
    });
  const capMessage =
    'You already have 3 unpaid orders. Pay for one of them in My Orders, or wait for one to expire ' +
    '(unpaid orders are cancelled 30 minutes after they are placed), then order again.';

  it('sells at most 10 units of a product per order, from Buy Now, the cart or the spec payload', async () => {
    const client = await signInNewCustomer(server);
    const addressId = await savedAddressId(client);
    const before = await stockOf(server.database, 'tee');

    const hundred = await buyNow(client, addressId, 100);
    expect(hundred.status).toBe(400);
    expect(hundred.body).toEqual({
      error: 'You can buy at most 10 units of Roadster Graphic T-Shirt per order',
      code: 'QUANTITY_LIMIT',
    });
    const spec = await client.post('/home/order/palce-order', await specBuyNowPayload(client, 'tee', 11));
    expect(spec.status).toBe(400);
    expect(spec.body.error).toBe('You can buy at most 10 units of Roadster Graphic T-Shirt per order');
    // A cart line from before the cap.
    await putInCart(server.database, client.customerId, { kurta: 12 });
    const cart = await client.post('/home/order/palce-order', {
      addressId,
      idempotencyKey: newIdempotencyKey(),
    });
    expect(cart.status).toBe(400);
    expect(cart.body.error).toBe('You can buy at most 10 units of Roadster Men Kurta per order');
    expect(await ordersOf(client.customerId)).toEqual([]);
    expect(await stockOf(server.database, 'tee')).toBe(before);

    expect((await buyNow(client, addressId, 10)).status).toBe(201);
  });

  it('holds at most 3 open unpaid orders per customer; a paid or cancelled one frees a place', async () => {
    const client = await signInNewCustomer(server);
    const addressId = await savedAddressId(client);
    const placed: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await buyNow(client, addressId);
      expect(res.status).toBe(201);
      placed.push(res.body.orderId);
    }
    const before = await stockOf(server.database, 'tee');
    const fourth = await buyNow(client, addressId);
    expect(fourth.status).toBe(409);
    expect(fourth.body).toEqual({ error: capMessage, code: 'TOO_MANY_UNPAID_ORDERS' });
    expect(await stockOf(server.database, 'tee')).toBe(before);

    expect(await cancelUnpaidOrder(server.app.ctx, placed[0])).toBe(true);
    expect((await buyNow(client, addressId)).status).toBe(201);
    await server.database.db
      .updateTable('customer_orders')
      .set({ payment_status: 'paid' })
      .where('order_code', '=', placed[1])
      .execute();
    expect((await buyNow(client, addressId)).status).toBe(201);
    expect((await buyNow(client, addressId)).status).toBe(409);
    // Another customer is not held back by this one.
    const other = await signInNewCustomer(server, 'Other');
    expect((await buyNow(other, await savedAddressId(other))).status).toBe(201);
  });

  it('keeps the cap when 12 different orders arrive at once', async () => {
    const client = await signInNewCustomer(server);
    const addressId = await savedAddressId(client);
    const before = await stockOf(server.database, 'tee');
    const results = await Promise.all(Array.from({ length: 12 }, () => buyNow(client, addressId)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(results.find((r) => r.status === 409)?.body).toEqual({
      error: capMessage,
      code: 'TOO_MANY_UNPAID_ORDERS',
    });
    expect(await ordersOf(client.customerId)).toHaveLength(3);
    expect(await stockOf(server.database, 'tee')).toBe(before - 3);
  });

  it('still answers a retried key with its order when the customer is at the cap', async () => {
    const client = await signInNewCustomer(server);
    const addressId = await savedAddressId(client);
    const idempotencyKey = newIdempotencyKey();
    const body = { addressId, idempotencyKey, buyNow: { productId: catalog.products.saree.id, quantity: 1 } };
    const first = await client.post('/home/order/palce-order', body);
    await buyNow(client, addressId);
    await buyNow(client, addressId);
    const retry = await client.post('/home/order/palce-order', body);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
  });

  it('takes the cap from MAX_OPEN_UNPAID_ORDERS', () => {
    expect(loadConfig({}, { ...process.env, MAX_OPEN_UNPAID_ORDERS: '5' }).orders.maxOpenUnpaidOrders).toBe(
      5,
    );
    expect(
      loadConfig({}, { ...process.env, MAX_OPEN_UNPAID_ORDERS: undefined }).orders.maxOpenUnpaidOrders,
    ).toBe(3);
    expect(() => loadConfig({}, { ...process.env, MAX_OPEN_UNPAID_ORDERS: '0' })).toThrow(
      /MAX_OPEN_UNPAID_ORDERS/,
    );
  });
});
