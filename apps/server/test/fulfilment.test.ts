/**
 * Fulfilment and earnings (issue 16): a seller's part of an order moves pending → placed → warehouse → shipped →
 * delivered or is cancelled; the shopper's order follows its parts; refunds, stock and earnings follow the changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_WINDOW_DAYS } from '@bazaar/shared';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';
import {
  newIdempotencyKey,
  savedAddressId,
  seedCatalog,
  signInNewCustomer,
  stockOf,
  type CustomerClient,
  type ProductKey,
} from './orders-fixtures';
import { orderUnderVerification, partsBySeller, placeOrder, signedInOperator } from './payments-fixtures';
import { enableSellerLogins, signedInSeller } from './security-fixtures';
import { addSizedStyle, stockOfVariant, type SizedStyleIds } from './variant-fixtures';
import { cancelUnpaidOrder } from '../src/flows/reservationExpiry';
import { pdfText } from './pdf-text';

const DAY = 24 * 60 * 60 * 1000;
/** The server's clock (`ctx.clock`), moved by the earnings tests. */
let now = new Date();

let server: TestServer;
let sized: SizedStyleIds;
let shopper: CustomerClient;
let sellerOne: ApiClient;
let sellerTwo: ApiClient;
let operator: ApiClient;

/** A server over a fresh database, with the shopper, both sellers and an operator signed in. */
async function setUp(): Promise<void> {
  server = await startTestServer({
    clock: () => now,
    prepare: async (database) => {
      await seedCatalog(database, { kurta: 50, tee: 50, saree: 50 });
      sized = await addSizedStyle(database.db);
      await enableSellerLogins(database.db);
    },
  });
  shopper = await signInNewCustomer(server, 'Meera Iyer');
  sellerOne = await signedInSeller(server, 0);
  sellerTwo = await signedInSeller(server, 1);
  operator = (await signedInOperator(server)).client;
}

beforeAll(setUp);
afterAll(() => server?.close());

const partsOf = (orderId: string) => partsBySeller(server, orderId);

/** An order of the lines, paid: the shopper submits a UTR and an operator verifies it. */
async function paidOrder(lines: Partial<Record<ProductKey, number>>) {
  const order = await orderUnderVerification(server, shopper, lines);
  const verified = await operator.post(`/ops/payments/${order.payment.id}/verify`, {});
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { ...order, parts: await partsOf(order.orderId) };
}

/** An order of sizes of the navy Oxford shirt (seller one), placed through the cart; unpaid. */
async function sizedOrder(sizes: Record<string, number>) {
  for (const [size, quantity] of Object.entries(sizes))
    await server.database.db
      .insertInto('cart_items')
      .values({
        customer_id: shopper.customerId,
        product_id: sized.products.navy,
        variant_id: sized.variants.navy[size],
        quantity,
        created_at: new Date().toISOString(),
      })
      .execute();
  const res = await shopper.post('/home/order/palce-order', {
    addressId: await savedAddressId(shopper),
    idempotencyKey: newIdempotencyKey(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { orderId: res.body.orderId as string, parts: await partsOf(res.body.orderId) };
}

const move = (seller: ApiClient, partId: number, body: object) =>
  seller.post(`/seller/orders/${partId}/status`, body);
const ship = { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DLV1234567890' };

async function customerStatus(orderId: string): Promise<string> {
  const res = await shopper.get(`/home/customer/gat-order/${orderId}`);
  expect(res.status).toBe(200);
  return res.body.order.delivery_status;
}

const refundsOf = (partId: number) =>
  server.database.db.selectFrom('refunds').selectAll().where('seller_order_id', '=', partId).execute();

describe(`a seller's orders (${testDialect})`, () => {
  it("lists only the seller's own parts, newest first, with lines, address, payment status and counts", async () => {
    const unpaid = await placeOrder(server, shopper, { tee: 1, saree: 1 });
    const paid = await paidOrder({ kurta: 2 });
    const res = await sellerOne.get('/seller/orders');
    expect(res.status).toBe(200);
    const codes = res.body.orders.map((order: { orderId: string }) => order.orderId);
    expect(codes.indexOf(paid.orderId)).toBeLessThan(codes.indexOf(unpaid.orderId));
    const mine = res.body.orders.find((order: { orderId: string }) => order.orderId === paid.orderId);
    expect(mine).toMatchObject({
      _id: paid.parts[1],
      status: 'placed',
      paymentStatus: 'paid',
      amount: 1340,
      items: 2,
      lines: [
        { name: 'Roadster Men Kurta', quantity: 2, price: 999, discount: 33, amount: 1340, size: null },
      ],
      shippingInfo: { name: 'Priya Sharma', city: 'Bengaluru', pincode: '560001' },
      courier: null,
      trackingNumber: null,
    });
    // The unpaid order's seller-one part only: its tee, never seller two's saree.
    const other = res.body.orders.find((order: { orderId: string }) => order.orderId === unpaid.orderId);
    expect(other.lines.map((line: { name: string }) => line.name)).toEqual(['Roadster Graphic T-Shirt']);
    expect(other).toMatchObject({ status: 'pending', paymentStatus: 'not paid', amount: 270 });
    expect(JSON.stringify(res.body)).not.toContain('Banarasi Silk Saree');
    expect(res.body.counts).toMatchObject({ all: res.body.total, placed: 1, pending: 1 });

    const placed = await sellerOne.get('/seller/orders?status=placed');
    expect(placed.body.orders.map((order: { _id: number }) => order._id)).toEqual([paid.parts[1]]);
    expect((await sellerOne.get('/seller/orders?status=lost')).status).toBe(400);
    expect((await sellerOne.get('/seller/orders?page=0')).status).toBe(400);
    const two = await sellerTwo.get('/seller/orders');
    expect(two.body.orders.map((order: { orderId: string }) => order.orderId)).toEqual([unpaid.orderId]);
  });

  it('walks a part through pack, ship and deliver; the shopper sees the status and timeline of each part', async () => {
    const order = await paidOrder({ kurta: 1, saree: 1 });
    const [one, two] = [order.parts[1], order.parts[2]];
    expect(await customerStatus(order.orderId)).toBe('placed');

    const packed = await move(sellerOne, one, { status: 'warehouse', note: 'Packed in a box' });
    expect(packed.status, JSON.stringify(packed.body)).toBe(200);
    expect(packed.body).toMatchObject({ message: 'Order updated', order: { _id: one, status: 'warehouse' } });
    // One shop packed, the other not yet: the order is where its least advanced part is.
    expect(await customerStatus(order.orderId)).toBe('placed');
    expect((await move(sellerTwo, two, { status: 'warehouse' })).status).toBe(200);
    expect(await customerStatus(order.orderId)).toBe('warehouse');
    const warehouse = await shopper.get('/home/customer/gat-orders/0/warehouse');
    expect(warehouse.body.orders.map((o: { orderId: string }) => o.orderId)).toContain(order.orderId);

    const shipped = await move(sellerOne, one, ship);
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body.order).toMatchObject({ courier: 'Delhivery', trackingNumber: 'DLV1234567890' });
    expect(shipped.body.order.shippedAt).toEqual(expect.any(String));
    expect(await customerStatus(order.orderId)).toBe('shipped');
    const inTransit = await shopper.get('/home/customer/gat-orders/0/shipped');
    expect(inTransit.body.orders.map((o: { orderId: string }) => o.orderId)).toEqual([order.orderId]);

    expect((await move(sellerOne, one, { status: 'delivered' })).status).toBe(200);
    // Delivered by one shop, still packed at the other: the order is on its way until every part arrives.
    expect(await customerStatus(order.orderId)).toBe('shipped');
    expect((await move(sellerTwo, two, { ...ship, trackingNumber: 'BD-99887766' })).status).toBe(200);
    expect((await move(sellerTwo, two, { status: 'delivered' })).status).toBe(200);
    expect(await customerStatus(order.orderId)).toBe('delivered');
    const delivered = await shopper.get('/home/customer/gat-orders/0/delivered');
    expect(delivered.body.orders.map((o: { orderId: string }) => o.orderId)).toEqual([order.orderId]);

    const { body } = await shopper.get(`/home/customer/gat-order/${order.orderId}`);
    const ofOne = body.order.timeline.filter((step: { sellerId: number }) => step.sellerId === 1);
    expect(ofOne.map((step: { status: string }) => step.status)).toEqual([
      'placed',
      'warehouse',
      'shipped',
      'delivered',
    ]);
    expect(ofOne[1]).toMatchObject({ shopName: 'Roadster Store', note: 'Packed in a box' });
    expect(ofOne[2]).toMatchObject({ courier: 'Delhivery', trackingNumber: 'DLV1234567890' });
    expect(ofOne[0]).not.toHaveProperty('courier');
    expect(body.order.timeline.filter((step: { sellerId: number }) => step.sellerId === 2)).toHaveLength(4);

    const detail = await sellerOne.get(`/seller/orders/${one}`);
    expect(detail.body.order.timeline.map((e: { actor: string }) => e.actor)).toEqual([
      'operator',
      'seller',
      'seller',
      'seller',
    ]);
    expect(detail.body.order).toMatchObject({ status: 'delivered', commissionPercent: 10 });
  });

  it('refuses every change the lifecycle does not allow with 409 and a clear message', async () => {
    const unpaid = await placeOrder(server, shopper, { kurta: 1 });
    const pendingPart = (await partsOf(unpaid.orderId))[1];
    const refused = async (partId: number, body: object, from: string) => {
      const res = await move(sellerOne, partId, body);
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.code).toBe('ILLEGAL_TRANSITION');
      expect(res.body.error).toContain(`This order is ${from}`);
    };
    for (const status of ['warehouse', 'delivered'])
      await refused(pendingPart, { status }, 'awaiting payment');
    await refused(pendingPart, ship, 'awaiting payment');

    const order = await paidOrder({ kurta: 1 });
    const part = order.parts[1];
    await refused(part, ship, 'paid and waiting to be packed');
    await refused(part, { status: 'delivered' }, 'paid and waiting to be packed');
    expect((await move(sellerOne, part, { status: 'warehouse' })).status).toBe(200);
    await refused(part, { status: 'warehouse' }, 'packed');
    await refused(part, { status: 'delivered' }, 'packed');
    expect((await move(sellerOne, part, ship)).status).toBe(200);
    await refused(part, { status: 'cancelled', note: 'Too late' }, 'shipped');
    await refused(part, ship, 'shipped');
    expect((await move(sellerOne, part, { status: 'delivered' })).status).toBe(200);
    const res = await move(sellerOne, part, { status: 'cancelled', note: 'Too late' });
    expect(res.body.error).toBe(
      'This order is delivered, so "Cancel" is not possible. No further changes can be made.',
    );

    // Cancelled is final.
    const other = await paidOrder({ kurta: 1 });
    expect((await move(sellerOne, other.parts[1], { status: 'cancelled', note: 'Damaged' })).status).toBe(
      200,
    );
    await refused(other.parts[1], { status: 'warehouse' }, 'cancelled');

    // States the seller never sets.
    for (const status of ['placed', 'pending', 'lost']) {
      const wrong = await move(sellerOne, other.parts[1], { status });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('ships only with a courier and a valid AWB, and cancels only with a reason', async () => {
    const order = await paidOrder({ kurta: 1 });
    const part = order.parts[1];
    expect((await move(sellerOne, part, { status: 'warehouse' })).status).toBe(200);
    const cases: [object, string][] = [
      [{ status: 'shipped', courier: 'Delhivery' }, 'Tracking number (AWB) is required to ship'],
      [{ status: 'shipped', trackingNumber: 'DLV1234567890' }, 'Courier is required to ship'],
      [
        { status: 'shipped', courier: 'Delhivery', trackingNumber: '12' },
        'Tracking number must be 6–30 letters, digits or dashes',
      ],
      [
        { status: 'shipped', courier: 'Delhivery', trackingNumber: '<script>alert(1)</script>' },
        'Tracking number must be 6–30 letters, digits or dashes',
      ],
      [{ status: 'cancelled' }, 'Please give a reason for the cancellation; the shopper sees it'],
      [
        { status: 'cancelled', note: '   ' },
        'Please give a reason for the cancellation; the shopper sees it',
      ],
    ];
    for (const [body, error] of cases) {
      const res = await move(sellerOne, part, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ error, code: 'VALIDATION_FAILED' });
    }
    expect((await sellerOne.get(`/seller/orders/${part}`)).body.order.status).toBe('warehouse');
    expect((await move(sellerOne, part, { ...ship, trackingNumber: '  awb-778899  ' })).status).toBe(200);
    expect((await sellerOne.get(`/seller/orders/${part}`)).body.order.trackingNumber).toBe('awb-778899');
  });

  it("answers 404 for another seller's part on every route and changes nothing", async () => {
    const order = await paidOrder({ kurta: 1 });
    const part = order.parts[1];
    for (const res of [
      await sellerTwo.get(`/seller/orders/${part}`),
      await move(sellerTwo, part, { status: 'warehouse' }),
      await move(sellerTwo, part, { status: 'cancelled', note: 'Not mine' }),
      await sellerTwo.get(`/seller/orders/${part}/packing-slip`),
      await sellerOne.get('/seller/orders/999999'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Order not found', code: 'NOT_FOUND' });
    }
    expect((await sellerOne.get('/seller/orders/abc')).status).toBe(400);
    expect((await sellerOne.get(`/seller/orders/${part}`)).body.order.status).toBe('placed');
    expect(await refundsOf(part)).toEqual([]);
    // Customers and visitors have no seller session.
    expect((await shopper.get(`/seller/orders/${part}`)).status).toBe(401);
    expect((await new ApiClient(server.baseUrl).get('/seller/orders')).status).toBe(401);
  });
});

describe(`cancellations (${testDialect})`, () => {
  it('gives back exactly the units of each size and records the refund of a paid part', async () => {
    const { navy } = sized.variants;
    const before = {
      M: await stockOfVariant(server.database.db, navy.M),
      L: await stockOfVariant(server.database.db, navy.L),
    };
    const order = await sizedOrder({ M: 2, L: 1 });
    expect((await stockOfVariant(server.database.db, navy.M)).variant).toBe(before.M.variant - 2);
    const verified = await operator.post(
      `/ops/payments/${(await orderUnderVerificationOf(order.orderId)).id}/verify`,
      {},
    );
    expect(verified.status).toBe(200);
    const part = order.parts[1];
    expect((await move(sellerOne, part, { status: 'warehouse' })).status).toBe(200);
    const res = await move(sellerOne, part, { status: 'cancelled', note: 'Found a stain while packing' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(
      'Order cancelled. The stock is back on sale and a refund to the shopper has been recorded.',
    );
    expect(await stockOfVariant(server.database.db, navy.M)).toEqual(before.M);
    expect(await stockOfVariant(server.database.db, navy.L)).toEqual(before.L);
    // 3 × ₹800, free shipping: the refund is the part's goods.
    expect(await refundsOf(part)).toEqual([
      expect.objectContaining({
        amount: 2400,
        reason: 'cancellation',
        state: 'pending',
        customer_id: shopper.customerId,
      }),
    ]);
    expect(await customerStatus(order.orderId)).toBe('cancelled');
    const { body } = await shopper.get(`/home/customer/gat-order/${order.orderId}`);
    expect(body.order.timeline.at(-1)).toMatchObject({
      status: 'cancelled',
      note: 'Found a stain while packing',
    });
  });

  it('splits the shipping fee between the parts of a refunded order so the refunds add up to what was paid', async () => {
    // ₹270 + ₹500 = ₹770, under the free-shipping line: ₹85 shipping, shared 30 (with the rounding) and 55.
    const order = await paidOrder({ tee: 1, saree: 1 });
    expect(order.price).toBe(855);
    expect(
      (await move(sellerOne, order.parts[1], { status: 'cancelled', note: 'Out of stock' })).status,
    ).toBe(200);
    expect(await customerStatus(order.orderId)).toBe('placed');
    expect(
      (await move(sellerTwo, order.parts[2], { status: 'cancelled', note: 'Out of stock' })).status,
    ).toBe(200);
    expect(await customerStatus(order.orderId)).toBe('cancelled');
    const amounts = [
      (await refundsOf(order.parts[1]))[0].amount,
      (await refundsOf(order.parts[2]))[0].amount,
    ];
    expect(amounts).toEqual([300, 555]);
  });

  it('records no refund for an unpaid part, and the reservation job does not give its units back twice', async () => {
    const before = {
      tee: await stockOf(server.database, 'tee'),
      saree: await stockOf(server.database, 'saree'),
    };
    const order = await placeOrder(server, shopper, { tee: 2, saree: 1 });
    const parts = await partsOf(order.orderId);
    const res = await move(sellerOne, parts[1], { status: 'cancelled', note: 'Cannot ship to this pincode' });
    expect(res.body.message).toBe('Order cancelled. The stock is back on sale.');
    expect(await refundsOf(parts[1])).toEqual([]);
    expect(await stockOf(server.database, 'tee')).toBe(before.tee);
    expect(await customerStatus(order.orderId)).toBe('pending');

    expect(await cancelUnpaidOrder(server.app.ctx, order.orderId)).toBe(true);
    expect(await stockOf(server.database, 'tee')).toBe(before.tee);
    expect(await stockOf(server.database, 'saree')).toBe(before.saree);
    expect(await customerStatus(order.orderId)).toBe('cancelled');
    const { body } = await shopper.get(`/home/customer/gat-order/${order.orderId}`);
    expect(body.order.timeline).toEqual([
      expect.objectContaining({ sellerId: 1, status: 'cancelled', note: 'Cannot ship to this pincode' }),
      expect.objectContaining({ sellerId: 2, status: 'cancelled', note: 'Payment was not received in time' }),
    ]);
  });

  it('owes the shopper a part cancelled before the payment came in, but waits for a transfer being verified', async () => {
    const order = await placeOrder(server, shopper, { tee: 1, saree: 1 });
    const parts = await partsOf(order.orderId);
    expect((await move(sellerTwo, parts[2], { status: 'cancelled', note: 'Sold elsewhere' })).status).toBe(
      200,
    );
    const payment = await orderUnderVerificationOf(order.orderId);
    // The shopper's transfer may pay for seller one's part: it cannot be cancelled until Bazaar has looked at it.
    const refused = await move(sellerOne, parts[1], { status: 'cancelled', note: 'Changed my mind' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error:
        'The shopper has sent a payment that Bazaar is verifying. Wait for the verification, then pack or cancel the order.',
      code: 'ILLEGAL_TRANSITION',
    });
    expect((await operator.post(`/ops/payments/${payment.id}/verify`, {})).status).toBe(200);
    expect(await refundsOf(parts[2])).toEqual([expect.objectContaining({ amount: 555 })]);
    expect(await refundsOf(parts[1])).toEqual([]);
    expect((await sellerOne.get(`/seller/orders/${parts[1]}`)).body.order.status).toBe('placed');
    expect(await customerStatus(order.orderId)).toBe('placed');
  });

  it('tells the shopper that the shops cancelled an unpaid order, which can no longer be paid', async () => {
    const order = await placeOrder(server, shopper, { tee: 1 });
    const part = (await partsOf(order.orderId))[1];
    expect((await move(sellerOne, part, { status: 'cancelled', note: 'Discontinued' })).status).toBe(200);
    expect(await customerStatus(order.orderId)).toBe('cancelled');
    const status = await shopper.get(`/payment/status/${order.orderId}`);
    expect(status.body).toMatchObject({
      payment_status: 'expired',
      canRetry: false,
      closedReason: 'Order cancelled by the shop before it was paid: nothing is due',
    });
    expect((await shopper.post('/payment/do_payment', { orderId: order.orderId })).status).toBe(409);
  });

  it('applies only one of several changes sent at once', async () => {
    const order = await paidOrder({ kurta: 1 });
    const part = order.parts[1];
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        move(sellerOne, part, i % 2 ? { status: 'warehouse' } : { status: 'cancelled', note: 'Race' }),
      ),
    );
    const won = results.filter((res) => res.status === 200);
    expect(won).toHaveLength(1);
    for (const res of results.filter((r) => r.status !== 200)) {
      expect(res.status).toBe(409);
      expect(['STATUS_CHANGED', 'ILLEGAL_TRANSITION']).toContain(res.body.code);
    }
    const events = await server.database.db
      .selectFrom('order_events')
      .select('status')
      .where('seller_order_id', '=', part)
      .execute();
    expect(events.map((event) => event.status)).toEqual(['placed', won[0].body.order.status]);
    expect(await refundsOf(part)).toHaveLength(won[0].body.order.status === 'cancelled' ? 1 : 0);
  });
});

async function orderUnderVerificationOf(orderId: string) {
  const utr = String(700_000_000_000 + Math.floor(Math.random() * 99_999_999_999));
  const res = await shopper.post('/payment/update-transactionId', { orderId, transactionId: utr });
  expect(res.status).toBe(200);
  return server.database.db
    .selectFrom('payments')
    .select('id')
    .where('order_code', '=', orderId)
    .executeTakeFirstOrThrow();
}

describe(`packing slips (${testDialect})`, () => {
  it("prints the part's lines with sizes and the address, for its seller only", async () => {
    const order = await sizedOrder({ M: 2 });
    const res = await sellerOne.request('GET', `/seller/orders/${order.parts[1]}/packing-slip`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="packing-slip-${order.orderId}-${order.parts[1]}.pdf"`,
    );
    // The client above reads answers as text; the PDF's bytes are fetched as they are.
    const pdf = await fetch(`${server.baseUrl}/api/seller/orders/${order.parts[1]}/packing-slip`, {
      headers: { cookie: await sellerCookie() },
    });
    const text = pdfText(Buffer.from(await pdf.arrayBuffer())).join('\n');
    expect(text).toContain('PACKING SLIP');
    expect(text).toContain(order.orderId);
    expect(text).toContain('Priya Sharma');
    expect(text).toContain('Bengaluru, Karnataka - 560001');
    expect(text).toContain('Oxford Shirt');
    expect(text).toContain('Size M');
    expect(text).toContain('Qty 2');
    expect(text).toContain('Roadster Store');
  });
});

async function sellerCookie(): Promise<string> {
  const res = await new ApiClient(server.baseUrl).post('/seller/login', {
    email: 'asha@roadster.example',
    password: 'seller secret 42',
  });
  return res.headers.getSetCookie()[0].split(';')[0];
}

describe(`earnings (${testDialect})`, () => {
  // Afresh: the parts the tests above delivered and cancelled would be in these sums.
  beforeAll(async () => {
    await server.close();
    await setUp();
  });

  it('adds up paid, not cancelled parts with the commission fixed at placing, settled after the return window', async () => {
    // Seller two starts afresh at 15 %: ₹500 × 15 % = ₹75; its other orders above are all cancelled or unpaid.
    await server.database.db
      .updateTable('sellers')
      .set({ commission_percent: 15 })
      .where('id', '=', 2)
      .execute();
    const start = new Date();
    now = start;
    const delivered = await paidOrder({ saree: 1 });
    const inTransit = await paidOrder({ saree: 2 });
    const cancelled = await paidOrder({ saree: 1 });
    await placeOrder(server, shopper, { saree: 1 });
    // A later change of rate does not rewrite these sales.
    await server.database.db
      .updateTable('sellers')
      .set({ commission_percent: 30 })
      .where('id', '=', 2)
      .execute();
    for (const status of ['warehouse', 'shipped', 'delivered'] as const)
      expect(
        (await move(sellerTwo, delivered.parts[2], status === 'shipped' ? ship : { status })).status,
      ).toBe(200);
    expect((await move(sellerTwo, inTransit.parts[2], { status: 'warehouse' })).status).toBe(200);
    expect((await move(sellerTwo, cancelled.parts[2], { status: 'cancelled', note: 'Torn' })).status).toBe(
      200,
    );

    const mine = (res: { body: { orders: { _id: number }[] } }) =>
      res.body.orders.filter((o) => [delivered.parts[2], inTransit.parts[2]].includes(o._id));
    now = new Date(start.getTime() + (RETURN_WINDOW_DAYS - 1) * DAY);
    const early = await sellerTwo.get('/seller/earnings');
    expect(early.status).toBe(200);
    expect(mine(early)).toHaveLength(2);
    expect(early.body).toMatchObject({
      gross: 1500,
      commission: 225,
      net: 1275,
      settled: 0,
      unsettled: 1275,
    });

    now = new Date(start.getTime() + (RETURN_WINDOW_DAYS + 1) * DAY);
    const later = await sellerTwo.get('/seller/earnings');
    expect(later.body).toMatchObject({
      gross: 1500,
      returns: 0,
      commission: 225,
      net: 1275,
      settled: 425,
      unsettled: 850,
    });
    expect(later.body.orders).toEqual([
      expect.objectContaining({
        _id: inTransit.parts[2],
        gross: 1000,
        commission: 150,
        net: 850,
        settled: false,
      }),
      expect.objectContaining({
        _id: delivered.parts[2],
        orderId: delivered.orderId,
        status: 'delivered',
        gross: 500,
        commissionPercent: 15,
        commission: 75,
        net: 425,
        settled: true,
      }),
    ]);

    const csv = await sellerTwo.request('GET', '/seller/earnings/export');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (csv.body as string).trim().split('\n');
    expect(lines[0]).toBe(
      'Order,Part,Ordered at,Status,Delivered at,Gross (INR),Returns (INR),Commission %,Commission (INR),Net (INR),Settled',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(
      new RegExp(`^${delivered.orderId},${delivered.parts[2]},.*,delivered,.*,500,0,15,75,425,yes$`),
    );
    // Seller one's earnings are its own.
    expect(JSON.stringify((await sellerOne.get('/seller/earnings')).body)).not.toContain(delivered.orderId);
  });

  it('rounds the commission half up per part and filters by order date', async () => {
    // ₹670 (a kurta) at 15 %: 100.5 → ₹101.
    await server.database.db
      .updateTable('sellers')
      .set({ commission_percent: 15 })
      .where('id', '=', 1)
      .execute();
    const order = await paidOrder({ kurta: 1 });
    const res = await sellerOne.get('/seller/earnings');
    expect(res.body.orders.find((o: { _id: number }) => o._id === order.parts[1])).toMatchObject({
      gross: 670,
      commission: 101,
      net: 569,
    });
    // Order dates are days in India (UTC+05:30).
    const indiaDay = (offset: number) =>
      new Date(Date.now() + 330 * 60_000 + offset * DAY).toISOString().slice(0, 10);
    const tomorrow = indiaDay(1);
    const yesterday = indiaDay(-1);
    const none = await sellerOne.get(`/seller/earnings?from=${tomorrow}`);
    expect(none.body).toMatchObject({ gross: 0, net: 0, orders: [], total: 0 });
    const some = await sellerOne.get(`/seller/earnings?from=${yesterday}&to=${tomorrow}`);
    expect(some.body.total).toBeGreaterThan(0);
    const backwards = await sellerOne.get(`/seller/earnings?from=${tomorrow}&to=${yesterday}`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toBe('The end date must not be before the start date');
    expect((await sellerOne.get('/seller/earnings?from=yesterday')).status).toBe(400);
  });
});
