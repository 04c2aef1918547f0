/**
 * Cash on delivery (issue 19) through HTTP on both databases: the seller's opt-in, the admin's limit and fee, COD at
 * checkout and on the payment page (mixed sellers and orders above the limit refused, the spec's payload still
 * UPI), the order placed at once with the fee, no reservation expiry, the last unit raced, cash collected only by
 * the part's seller and only once, and a COD part cancelled before delivery owing no refund.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codMessages, type AuditResponse } from '@bazaar/shared';
import { expireReservations } from '../src/flows/reservationExpiry';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';
import {
  catalog,
  newIdempotencyKey,
  putInCart,
  savedAddressId,
  seedCatalog,
  signInNewCustomer,
  type CustomerClient,
  type ProductKey,
} from './orders-fixtures';
import { orderUnderVerification } from './payments-fixtures';
import { enableSellerLogins, signedInOperator, signedInSeller } from './security-fixtures';

let server: TestServer;
let admin: ApiClient;
let sellerOne: ApiClient;
let sellerTwo: ApiClient;

beforeAll(async () => {
  server = await startTestServer({
    prepare: async (database) => {
      await seedCatalog(database);
      await enableSellerLogins(database.db);
    },
  });
  admin = await signedInOperator(server, 'admin');
  sellerOne = await signedInSeller(server, 0);
  sellerTwo = await signedInSeller(server, 1);
});
afterAll(() => server?.close());

const db = () => server.database.db;
const settings = (codLimit: number, codFee: number) => admin.put('/admin/settings', { codLimit, codFee });
const optIn = (seller: ApiClient, acceptsCod: boolean) => seller.put('/seller/cod', { acceptsCod });

/** Places an order of the lines through palce-order, as COD when asked; the raw answer. */
async function place(
  customer: CustomerClient,
  lines: Partial<Record<ProductKey, number>>,
  paymentMethod?: 'cod' | 'upi',
) {
  await putInCart(server.database, customer.customerId, lines);
  return customer.post('/home/order/palce-order', {
    addressId: await savedAddressId(customer),
    idempotencyKey: newIdempotencyKey(),
    ...(paymentMethod ? { paymentMethod } : {}),
  });
}

const orderOf = (code: string) =>
  db().selectFrom('customer_orders').selectAll().where('order_code', '=', code).executeTakeFirstOrThrow();
const partsOf = async (code: string) => {
  const order = await orderOf(code);
  return db()
    .selectFrom('seller_orders')
    .selectAll()
    .where('customer_order_id', '=', order.id)
    .orderBy('seller_id')
    .execute();
};
const variantStock = async (key: ProductKey) =>
  (
    await db()
      .selectFrom('product_variants')
      .select('stock')
      .where('product_id', '=', catalog.products[key].id)
      .executeTakeFirstOrThrow()
  ).stock;

beforeEach(async () => {
  // Each test says what it needs; these are the marketplace's defaults with both shops accepting cash.
  expect((await settings(5000, 0)).status).toBe(200);
  expect((await optIn(sellerOne, true)).status).toBe(200);
  expect((await optIn(sellerTwo, true)).status).toBe(200);
});

describe(`cash on delivery settings (${testDialect})`, () => {
  it('a seller opts in and out; the profile says so; the body is checked', async () => {
    const off = await optIn(sellerTwo, false);
    expect(off.body).toMatchObject({
      message: codMessages.sellerCodSaved(false),
      seller: { acceptsCod: false },
    });
    expect((await sellerTwo.get('/seller/me')).body.seller.acceptsCod).toBe(false);
    expect((await optIn(sellerTwo, true)).body.seller.acceptsCod).toBe(true);
    expect((await sellerTwo.get('/seller/me')).body.seller.acceptsCod).toBe(true);
    expect((await sellerTwo.put('/seller/cod', { acceptsCod: 'yes' })).status).toBe(400);
    expect((await new ApiClient(server.baseUrl).put('/seller/cod', { acceptsCod: true })).status).toBe(401);
  });

  it('the admin sets the limit and fee (default ₹5,000 and ₹0), audited, within bounds', async () => {
    expect((await admin.get('/admin/settings')).body.settings).toEqual({ codLimit: 5000, codFee: 0 });
    const saved = await settings(3000, 49);
    expect(saved.body).toEqual({
      message: codMessages.settingsSaved,
      settings: { codLimit: 3000, codFee: 49 },
    });
    expect((await admin.get('/admin/settings')).body.settings).toEqual({ codLimit: 3000, codFee: 49 });
    const log = await admin.get<AuditResponse>('/admin/audit?action=settings.change');
    expect(log.body.entries[0]).toMatchObject({
      subjectKind: 'settings',
      before: { codLimit: 5000, codFee: 0 },
      after: { codLimit: 3000, codFee: 49 },
    });
    for (const bad of [
      { codLimit: -1, codFee: 0 },
      { codLimit: 5000, codFee: 10.5 },
      { codLimit: 5000, codFee: 100_000 },
      { codLimit: 5000 },
    ])
      expect((await admin.put('/admin/settings', bad)).status).toBe(400);
    expect(
      (await (await signedInOperator(server)).put('/admin/settings', { codLimit: 1, codFee: 1 })).status,
    ).toBe(403);
  });
});

describe(`cash on delivery orders (${testDialect})`, () => {
  it("the spec's payload still places a UPI order, waiting for payment", async () => {
    const customer = await signInNewCustomer(server);
    const res = await place(customer, { saree: 1 });
    expect(res.status).toBe(201);
    expect(await orderOf(res.body.orderId)).toMatchObject({
      payment_method: 'upi',
      cod_fee: 0,
      payment_status: 'not paid',
      delivery_status: 'pending',
    });
  });

  it('places a COD order at once with the fee: parts placed, stock taken, messages queued, no expiry', async () => {
    expect((await settings(5000, 40)).status).toBe(200);
    const customer = await signInNewCustomer(server);
    const stockBefore = await variantStock('kurta');
    const res = await place(customer, { kurta: 1, saree: 1 }, 'cod');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // Kurta 999 - 33 % = 670, saree 500: 1170 of goods, free shipping, plus the ₹40 fee.
    expect(res.body).toMatchObject({ message: codMessages.placed, price: 1170 + 40 });
    const order = await orderOf(res.body.orderId);
    expect(order).toMatchObject({
      payment_method: 'cod',
      cod_fee: 40,
      payment_status: 'cod',
      delivery_status: 'placed',
    });
    expect((await partsOf(res.body.orderId)).map((p) => [p.payment_status, p.delivery_status])).toEqual([
      ['cod', 'placed'],
      ['cod', 'placed'],
    ]);
    expect(await variantStock('kurta')).toBe(stockBefore - 1);

    const outbox = await db()
      .selectFrom('notification_outbox')
      .selectAll()
      .where('created_at', '>=', order.created_at)
      .execute();
    const mine = outbox.filter((row) => JSON.parse(row.params).orderId === order.id);
    expect(mine.map((row) => [row.kind, row.recipient_kind, row.recipient_id]).sort()).toEqual(
      [
        ['order_placed', 'customer', customer.customerId],
        ['seller_new_order', 'seller', catalog.sellers[0].id],
        ['seller_new_order', 'seller', catalog.sellers[1].id],
      ].sort(),
    );

    // The shopper's pages: price with the fee, COD shown honestly, nothing to pay online.
    const details = await customer.get(`/home/customer/gat-order/${res.body.orderId}`);
    expect(details.body.order).toMatchObject({
      price: 1210,
      cod_fee: 40,
      payment_method: 'cod',
      payment_status: 'cod',
    });
    expect((await customer.get(`/payment/status/${res.body.orderId}`)).body).toEqual({
      payment_status: 'cod',
      canRetry: false,
    });
    const pay = await customer.post('/payment/do_payment', { orderId: res.body.orderId });
    expect(pay.status).toBe(409);
    expect(pay.body.error).toBe('This order is paid by cash on delivery: nothing to pay online');

    // Days later the reservation job leaves it alone.
    await expireReservations(server.app.ctx, new Date(Date.now() + 7 * 24 * 3600_000));
    expect((await orderOf(res.body.orderId)).delivery_status).toBe('placed');
  });

  it('refuses COD when a seller of the order does not accept it, naming the shop, and takes nothing', async () => {
    expect((await optIn(sellerTwo, false)).status).toBe(200);
    const customer = await signInNewCustomer(server);
    const stockBefore = await variantStock('saree');
    const res = await place(customer, { kurta: 1, saree: 1 }, 'cod');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: codMessages.sellerDoesNotAccept(['Saree Mahal']),
      code: 'COD_NOT_AVAILABLE',
    });
    expect(await variantStock('saree')).toBe(stockBefore);
    expect(
      await db()
        .selectFrom('customer_orders')
        .select('id')
        .where('customer_id', '=', customer.customerId)
        .execute(),
    ).toEqual([]);
    // Seller one alone accepts: its kurta may be COD.
    expect((await place(await signInNewCustomer(server), { kurta: 1 }, 'cod')).status).toBe(201);
  });

  it('refuses COD above the limit (goods and shipping), allows it at the limit', async () => {
    const customer = await signInNewCustomer(server);
    // Saree 500 + 85 shipping = 585.
    expect((await settings(584, 0)).status).toBe(200);
    const above = await place(customer, { saree: 1 }, 'cod');
    expect(above.status).toBe(409);
    expect(above.body.error).toBe(codMessages.aboveLimit(584));
    expect((await settings(585, 0)).status).toBe(200);
    expect((await place(await signInNewCustomer(server), { saree: 1 }, 'cod')).status).toBe(201);
  });

  it('the payment page offers COD for a UPI order, explains when it cannot, and places it once', async () => {
    const customer = await signInNewCustomer(server);
    expect((await settings(5000, 25)).status).toBe(200);
    const upi = await place(customer, { saree: 1 });
    const offered = await customer.get(`/payment/cod/${upi.body.orderId}`);
    expect(offered.body).toEqual({ available: true, reason: null, fee: 25, limit: 5000, total: 585 + 25 });

    const chosen = await customer.post(`/payment/cod/${upi.body.orderId}`);
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body).toEqual({ message: codMessages.placed, orderId: upi.body.orderId, total: 610 });
    expect(await orderOf(upi.body.orderId)).toMatchObject({
      payment_status: 'cod',
      delivery_status: 'placed',
      cod_fee: 25,
    });
    const again = await customer.post(`/payment/cod/${upi.body.orderId}`);
    expect(again.status).toBe(409);
    expect((await customer.get(`/payment/cod/${upi.body.orderId}`)).body).toMatchObject({
      available: false,
      reason: codMessages.notPayable,
    });

    // A seller that does not take cash: the page says why.
    expect((await optIn(sellerTwo, false)).status).toBe(200);
    const other = await place(customer, { saree: 1 });
    expect((await customer.get(`/payment/cod/${other.body.orderId}`)).body).toMatchObject({
      available: false,
      reason: codMessages.sellerDoesNotAccept(['Saree Mahal']),
    });
    expect((await customer.post(`/payment/cod/${other.body.orderId}`)).status).toBe(409);

    // Another customer's order is not found; a UTR being verified cannot be switched to cash.
    const stranger = await signInNewCustomer(server, 'Someone Else');
    expect((await stranger.get(`/payment/cod/${upi.body.orderId}`)).status).toBe(404);
    expect((await stranger.post(`/payment/cod/${upi.body.orderId}`)).status).toBe(404);
    expect((await optIn(sellerTwo, true)).status).toBe(200);
    const claimed = await orderUnderVerification(server, customer, { saree: 1 });
    expect((await customer.post(`/payment/cod/${claimed.orderId}`)).status).toBe(409);
  });

  it('two COD orders for the last unit at once: one wins, the other is told it sold out', async () => {
    const { id } = catalog.products.tee;
    await db().updateTable('product_variants').set({ stock: 1 }).where('product_id', '=', id).execute();
    await db().updateTable('products').set({ stock: 1 }).where('id', '=', id).execute();
    const [first, second] = [
      await signInNewCustomer(server, 'Racer One'),
      await signInNewCustomer(server, 'Racer Two'),
    ];
    const bodies = await Promise.all(
      [first, second].map(async (customer) => ({
        customer,
        addressId: await savedAddressId(customer),
      })),
    );
    const results = await Promise.all(
      bodies.map(({ customer, addressId }) =>
        customer.post('/home/order/palce-order', {
          addressId,
          buyNow: { productId: id, quantity: 1 },
          idempotencyKey: newIdempotencyKey(),
          paymentMethod: 'cod',
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('OUT_OF_STOCK');
    expect(await variantStock('tee')).toBe(0);
  });
});

describe(`collecting the cash (${testDialect})`, () => {
  const ship = { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DLV1234567890' };
  const collect = (seller: ApiClient, partId: number) =>
    seller.post(`/seller/orders/${partId}/cash-collected`);

  async function shipped(seller: ApiClient, partId: number) {
    for (const body of [{ status: 'warehouse' }, ship])
      expect((await seller.post(`/seller/orders/${partId}/status`, body)).status).toBe(200);
  }

  it("only the part's seller, only once shipped, only once; the order is paid when every part is; earnings count it", async () => {
    const customer = await signInNewCustomer(server);
    const placed = await place(customer, { kurta: 1, saree: 1 }, 'cod');
    const [one, two] = await partsOf(placed.body.orderId);

    expect((await collect(sellerTwo, one.id)).status).toBe(404);
    const early = await collect(sellerOne, one.id);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(codMessages.notDeliveredYet);
    const earningsBefore = (await sellerOne.get('/seller/earnings')).body;

    await shipped(sellerOne, one.id);
    // Two taps at once: one collects (and delivers), the other is told it already happened.
    const both = await Promise.all([collect(sellerOne, one.id), collect(sellerOne, one.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = both.find((r) => r.status === 200)!;
    expect(won.body.message).toBe(codMessages.collected);
    expect(won.body.order).toMatchObject({
      status: 'delivered',
      paymentStatus: 'paid',
      cashCollectedAt: expect.any(String),
    });
    expect(both.find((r) => r.status === 409)!.body.code).toBe('CASH_ALREADY_COLLECTED');
    // Delivering by collecting tells the shopper, once.
    const delivered = await db()
      .selectFrom('notification_outbox')
      .select('params')
      .where('kind', '=', 'order_delivered')
      .where('channel', '=', 'email')
      .execute();
    expect(delivered.filter((row) => JSON.parse(row.params).partId === one.id)).toHaveLength(1);
    expect((await collect(sellerOne, one.id)).body.code).toBe('CASH_ALREADY_COLLECTED');

    // Seller two's part is still owed: the order stays COD until its cash is in too.
    expect((await orderOf(placed.body.orderId)).payment_status).toBe('cod');
    const earningsAfter = (await sellerOne.get('/seller/earnings')).body;
    expect(earningsAfter.gross).toBe(earningsBefore.gross + one.price);

    await shipped(sellerTwo, two.id);
    expect((await sellerTwo.post(`/seller/orders/${two.id}/status`, { status: 'delivered' })).status).toBe(
      200,
    );
    expect((await collect(sellerTwo, two.id)).status).toBe(200);
    expect(await orderOf(placed.body.orderId)).toMatchObject({
      payment_status: 'paid',
      delivery_status: 'delivered',
    });
    expect(
      (await customer.get(`/home/customer/gat-order/${placed.body.orderId}`)).body.order.payment_status,
    ).toBe('paid');
  });

  it('the order is paid when one part is collected and every other is cancelled, whichever comes last', async () => {
    // The seller cancels the other part after the cash came in.
    const first = await signInNewCustomer(server);
    const sellerCancelsLast = await place(first, { kurta: 1, saree: 1 }, 'cod');
    const [one, two] = await partsOf(sellerCancelsLast.body.orderId);
    await shipped(sellerOne, one.id);
    expect((await collect(sellerOne, one.id)).status).toBe(200);
    expect((await orderOf(sellerCancelsLast.body.orderId)).payment_status).toBe('cod');
    const cancel = { status: 'cancelled', note: 'Out of stock' };
    expect((await sellerTwo.post(`/seller/orders/${two.id}/status`, cancel)).status).toBe(200);
    expect((await orderOf(sellerCancelsLast.body.orderId)).payment_status).toBe('paid');

    // The shopper cancels the other shop's part after the cash came in.
    const second = await signInNewCustomer(server);
    const shopperCancelsLast = await place(second, { kurta: 1, saree: 1 }, 'cod');
    const [three] = await partsOf(shopperCancelsLast.body.orderId);
    await shipped(sellerOne, three.id);
    expect((await collect(sellerOne, three.id)).status).toBe(200);
    const sellerTwoId = catalog.products.saree.seller;
    const cancelled = await second.post(`/home/customer/cancel-order/${shopperCancelsLast.body.orderId}`, {
      sellerId: sellerTwoId,
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.refundAmount).toBe(0);
    expect((await orderOf(shopperCancelsLast.body.orderId)).payment_status).toBe('paid');

    // The other part is cancelled first and the cash of the last one comes in after.
    const third = await signInNewCustomer(server);
    const collectedLast = await place(third, { kurta: 1, saree: 1 }, 'cod');
    const [five, six] = await partsOf(collectedLast.body.orderId);
    expect((await sellerTwo.post(`/seller/orders/${six.id}/status`, cancel)).status).toBe(200);
    expect((await orderOf(collectedLast.body.orderId)).payment_status).toBe('cod');
    await shipped(sellerOne, five.id);
    expect((await collect(sellerOne, five.id)).status).toBe(200);
    expect((await orderOf(collectedLast.body.orderId)).payment_status).toBe('paid');
  });

  it('a COD order cancelled whole before any cash came in stays unpaid', async () => {
    const customer = await signInNewCustomer(server);
    const placed = await place(customer, { kurta: 1, saree: 1 }, 'cod');
    const [one] = await partsOf(placed.body.orderId);
    const cancel = { status: 'cancelled', note: 'Out of stock' };
    expect((await sellerOne.post(`/seller/orders/${one.id}/status`, cancel)).status).toBe(200);
    expect((await customer.post(`/home/customer/cancel-order/${placed.body.orderId}`, {})).status).toBe(200);
    expect(await orderOf(placed.body.orderId)).toMatchObject({
      payment_status: 'cod',
      delivery_status: 'cancelled',
    });
  });

  it('a UPI part has no cash to collect', async () => {
    const customer = await signInNewCustomer(server);
    const placed = await place(customer, { kurta: 1 });
    const [part] = await partsOf(placed.body.orderId);
    const res = await collect(sellerOne, part.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('NOT_CASH_ON_DELIVERY');
  });

  it('a COD part cancelled before delivery gives its stock back and owes no refund', async () => {
    const customer = await signInNewCustomer(server);
    const before = await variantStock('kurta');
    const placed = await place(customer, { kurta: 2 }, 'cod');
    const [part] = await partsOf(placed.body.orderId);
    const res = await sellerOne.post(`/seller/orders/${part.id}/status`, {
      status: 'cancelled',
      note: 'Out of fabric',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await variantStock('kurta')).toBe(before);
    expect(
      await db().selectFrom('refunds').selectAll().where('seller_order_id', '=', part.id).execute(),
    ).toEqual([]);
    expect((await collect(sellerOne, part.id)).status).toBe(409);
  });

  it('a shopper cancelling a COD order before delivery is owed nothing back', async () => {
    const customer = await signInNewCustomer(server);
    const placed = await place(customer, { kurta: 1, saree: 1 }, 'cod');
    const res = await customer.post(`/home/customer/cancel-order/${placed.body.orderId}`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.refundAmount).toBe(0);
    const order = await orderOf(placed.body.orderId);
    expect(order.delivery_status).toBe('cancelled');
    expect(
      await db().selectFrom('refunds').selectAll().where('customer_order_id', '=', order.id).execute(),
    ).toEqual([]);
  });
});
