/**
 * Cancellations, returns and refunds (issue 19): a shopper cancels an order or one shop's part until it ships
 * (stock back per size, a refund for a paid part), returns delivered lines within the return window (the seller
 * approves, picks up, receives and restocks once), and operators record refunds with the bank reference.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  MAX_RETURN_PHOTO_BYTES,
  MAX_RETURN_PHOTOS,
  MAX_UNSENT_RETURN_PHOTOS,
  RETURN_PHOTO_UNSENT_HOURS,
  RETURN_WINDOW_DAYS,
  returnMessages,
  type ReturnPhotoDto,
} from '@bazaar/shared';
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
import {
  newUtr,
  partsBySeller,
  orderUnderVerification,
  placeOrder,
  signedInOperator,
  signWebhook,
  webhookPaymentsConfig,
} from './payments-fixtures';
import { enableSellerLogins, signedInSeller } from './security-fixtures';
import {
  addSizedStyle,
  productsWithStaleSizesInStock,
  sizesInStockOf,
  stockOfVariant,
  type SizedStyleIds,
} from './variant-fixtures';
import { expireReservations } from '../src/flows/reservationExpiry';
import { removeUnsentReturnPhotos } from '../src/flows/returnPhotos';
import { holdsGpsPosition, phoneJpeg, smallPhoto, transparentPng, uploadFile } from './photo-fixtures';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The server's clock (`ctx.clock`), moved by the return-window test. */
let now = new Date();

let server: TestServer;
let sized: SizedStyleIds;
let shopper: CustomerClient;
let otherShopper: CustomerClient;
let sellerOne: ApiClient;
let sellerTwo: ApiClient;
let operator: ApiClient;
let secondOperator: ApiClient;

beforeAll(async () => {
  server = await startTestServer({
    clock: () => now,
    prepare: async (database) => {
      await seedCatalog(database, { kurta: 50, tee: 50, saree: 50 });
      sized = await addSizedStyle(database.db);
      await enableSellerLogins(database.db);
    },
    config: {
      payments: webhookPaymentsConfig,
      orders: { maxOpenUnpaidOrders: 1000 },
    },
  });
  shopper = await signInNewCustomer(server, 'Meera Iyer');
  otherShopper = await signInNewCustomer(server, 'Rohan Das');
  sellerOne = await signedInSeller(server, 0);
  sellerTwo = await signedInSeller(server, 1);
  operator = (await signedInOperator(server)).client;
  secondOperator = (await signedInOperator(server, 'Bina Shah')).client;
});
afterAll(() => server?.close());

const db = () => server.database.db;

const partsOf = (orderId: string) => partsBySeller(server, orderId);

async function paidOrder(lines: Partial<Record<ProductKey, number>>) {
  const order = await orderUnderVerification(server, shopper, lines);
  const verified = await operator.post(`/ops/payments/${order.payment.id}/verify`, {});
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { ...order, parts: await partsOf(order.orderId) };
}

const move = (seller: ApiClient, partId: number, body: object) =>
  seller.post(`/seller/orders/${partId}/status`, body);
const ship = { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DLV1234567890' };

async function deliver(seller: ApiClient, partId: number) {
  for (const body of [{ status: 'warehouse' }, ship, { status: 'delivered' }]) {
    const res = await move(seller, partId, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

const cancel = (client: CustomerClient, orderId: string, body: object = {}) =>
  client.post(`/home/customer/cancel-order/${orderId}`, body);

const refundRows = (orderId: string) =>
  db()
    .selectFrom('refunds')
    .innerJoin('customer_orders', 'customer_orders.id', 'refunds.customer_order_id')
    .selectAll('refunds')
    .where('customer_orders.order_code', '=', orderId)
    .orderBy('refunds.id')
    .execute();

const outbox = (kind: string) =>
  db().selectFrom('notification_outbox').selectAll().where('kind', '=', kind).orderBy('id').execute();

async function orderOf(client: CustomerClient, orderId: string) {
  const res = await client.get(`/home/customer/gat-order/${orderId}`);
  expect(res.status).toBe(200);
  return res.body.order;
}

describe(`a shopper's cancellation (${testDialect})`, () => {
  it('cancels a paid order: stock back, a refund per part with its shipping share, the shopper told', async () => {
    const before = {
      tee: await stockOf(server.database, 'tee'),
      saree: await stockOf(server.database, 'saree'),
    };
    // ₹270 + ₹500, ₹85 shipping shared 30 and 55 (see fulfilment.test.ts).
    const order = await paidOrder({ tee: 1, saree: 1 });
    const res = await cancel(shopper, order.orderId, { reason: 'Ordered by mistake' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ refundAmount: 855 });
    expect(res.body.message).toBe(
      'Your order was cancelled. ₹855 will be refunded to you in 7–10 business days.',
    );
    expect(await stockOf(server.database, 'tee')).toBe(before.tee);
    expect(await stockOf(server.database, 'saree')).toBe(before.saree);
    expect(
      (await refundRows(order.orderId)).map((refund) => [refund.amount, refund.reason, refund.state]),
    ).toEqual([
      [300, 'cancellation', 'pending'],
      [555, 'cancellation', 'pending'],
    ]);
    const details = await orderOf(shopper, order.orderId);
    expect(details.delivery_status).toBe('cancelled');
    expect(details.timeline.at(-1)).toMatchObject({ status: 'cancelled', note: 'Ordered by mistake' });
    expect(details.parts.every((part: { cancellable: boolean }) => !part.cancellable)).toBe(true);
    const queued = (await outbox('order_cancelled')).filter(
      (row) => JSON.parse(row.params).orderId === details._id,
    );
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ recipient_kind: 'customer', recipient_id: shopper.customerId });

    const list = await shopper.get(`/home/customer/refunds?orderId=${order.orderId}`);
    expect(list.status).toBe(200);
    expect(list.body.refunds).toHaveLength(2);
    expect(list.body.refunds[0]).toMatchObject({ orderId: order.orderId, state: 'pending', reference: null });
    expect(list.body.refunds[0].expectedBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const again = await cancel(shopper, order.orderId);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ILLEGAL_TRANSITION');
  });

  it("cancels one shop's part only, with that part's refund; the rest of the order goes on", async () => {
    const order = await paidOrder({ tee: 1, saree: 1 });
    const res = await cancel(shopper, order.orderId, { sellerId: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ refundAmount: 555 });
    expect(res.body.message).toBe(
      'The items from Saree Mahal were cancelled. ₹555 will be refunded to you in 7–10 business days.',
    );
    const details = await orderOf(shopper, order.orderId);
    expect(details.delivery_status).toBe('placed');
    expect(
      details.parts.map((part: { sellerId: number; status: string }) => [part.sellerId, part.status]),
    ).toEqual([
      [1, 'placed'],
      [2, 'cancelled'],
    ]);
    expect((await cancel(shopper, order.orderId, { sellerId: 77 })).status).toBe(404);
    expect((await cancel(shopper, order.orderId, { reason: 'Because' })).status).toBe(400);
  });

  it('closes an unpaid order with its payment, gives the sizes back and owes nothing', async () => {
    const { navy } = sized.variants;
    const before = await stockOfVariant(db(), navy.M);
    await db()
      .insertInto('cart_items')
      .values({
        customer_id: shopper.customerId,
        product_id: sized.products.navy,
        variant_id: navy.M,
        quantity: 2,
        created_at: new Date().toISOString(),
      })
      .execute();
    const placed = await shopper.post('/home/order/palce-order', {
      addressId: await savedAddressId(shopper),
      idempotencyKey: newIdempotencyKey(),
    });
    expect(placed.status).toBe(201);
    const orderId: string = placed.body.orderId;
    expect((await shopper.post('/payment/do_payment', { orderId })).status).toBe(200);
    const res = await cancel(shopper, orderId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ refundAmount: 0, message: 'Your order was cancelled.' });
    expect(await stockOfVariant(db(), navy.M)).toEqual(before);
    expect(await refundRows(orderId)).toEqual([]);
    const payment = await db()
      .selectFrom('payments')
      .selectAll()
      .where('order_code', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('expired');
    expect((await shopper.post('/payment/do_payment', { orderId })).status).toBe(409);
    // The reservation job finds nothing more to give back.
    await expireReservations(server.app.ctx, new Date(Date.now() + DAY));
    expect(await stockOfVariant(db(), navy.M)).toEqual(before);
  });

  it('waits for a transfer being verified, refuses shipped parts and answers another shopper 404', async () => {
    const verifying = await orderUnderVerification(server, shopper, { kurta: 1 });
    expect((await cancel(shopper, verifying.orderId)).status).toBe(409);

    const order = await paidOrder({ kurta: 1 });
    expect((await cancel(otherShopper, order.orderId)).status).toBe(404);
    const part = order.parts[1];
    expect((await move(sellerOne, part, { status: 'warehouse' })).status).toBe(200);
    expect((await move(sellerOne, part, ship)).status).toBe(200);
    const res = await cancel(shopper, order.orderId);
    expect(res.status).toBe(409);
    expect(res.body.error).toContain('already been shipped');
    expect(await refundRows(order.orderId)).toEqual([]);
  });

  it('lets exactly one of a cancellation and a shipment sent at once win', async () => {
    for (let round = 0; round < 3; round += 1) {
      const order = await paidOrder({ kurta: 1 });
      const part = order.parts[1];
      expect((await move(sellerOne, part, { status: 'warehouse' })).status).toBe(200);
      const [cancelled, shipped] = await Promise.all([
        cancel(shopper, order.orderId),
        move(sellerOne, part, ship),
      ]);
      expect([cancelled.status, shipped.status].sort()).toEqual([200, 409]);
      const row = await db()
        .selectFrom('seller_orders')
        .select('delivery_status')
        .where('id', '=', part)
        .executeTakeFirstOrThrow();
      expect(row.delivery_status).toBe(cancelled.status === 200 ? 'cancelled' : 'shipped');
      expect(await refundRows(order.orderId)).toHaveLength(cancelled.status === 200 ? 1 : 0);
    }
  });
});

describe(`returns (${testDialect})`, () => {
  /** A paid, delivered order of the navy shirt (2 units of a size) and a saree (seller two, not delivered). */
  async function deliveredOrder(size: 'M' | 'L' = 'M') {
    const { navy } = sized.variants;
    await db()
      .insertInto('cart_items')
      .values({
        customer_id: shopper.customerId,
        product_id: sized.products.navy,
        variant_id: navy[size],
        quantity: 2,
        created_at: new Date().toISOString(),
      })
      .execute();
    const order = await paidOrder({ saree: 1 });
    await deliver(sellerOne, order.parts[1]);
    const details = await orderOf(shopper, order.orderId);
    const lineOf = (name: string) =>
      details.products.find((line: { productInfo: { name: string } }) =>
        line.productInfo.name.includes(name),
      );
    return {
      ...order,
      shirt: lineOf('Oxford').orderItemId as number,
      saree: lineOf('Saree').orderItemId as number,
    };
  }
  const requestReturn = (client: CustomerClient, orderId: string, body: object) =>
    client.post(`/home/customer/return-request/${orderId}`, body);
  const setState = (seller: ApiClient, id: number, body: object) =>
    seller.post(`/seller/returns/${id}/state`, body);

  /** Sets one size's stock directly, keeping its product's stock the sum of its sizes'. */
  async function setSizeStock(productId: number, variantId: number, stock: number) {
    const { variant } = await stockOfVariant(db(), variantId);
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('product_variants').set({ stock }).where('id', '=', variantId).execute();
        await trx
          .updateTable('products')
          .set((eb) => ({ stock: eb('stock', '+', stock - variant) }))
          .where('id', '=', productId)
          .execute();
      });
  }

  it('walks a return through approval, pickup and receipt to a refund, and restocks the size once', async () => {
    const order = await deliveredOrder();
    const refused = await requestReturn(shopper, order.orderId, {
      lines: [{ orderItemId: order.saree, quantity: 1 }],
      reason: 'Size too small',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Items can be returned only after they are delivered');
    expect(
      (
        await requestReturn(shopper, order.orderId, {
          lines: [{ orderItemId: order.shirt, quantity: 3 }],
          reason: 'Size too small',
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await requestReturn(otherShopper, order.orderId, {
          lines: [{ orderItemId: order.shirt, quantity: 1 }],
          reason: 'Size too small',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await requestReturn(shopper, order.orderId, {
          lines: [{ orderItemId: order.shirt, quantity: 1 }],
          reason: 'Too dull',
        })
      ).status,
    ).toBe(400);

    const res = await requestReturn(shopper, order.orderId, {
      lines: [{ orderItemId: order.shirt, quantity: 1 }],
      reason: 'Size too small',
      comment: 'Fits tight at the shoulders',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [created] = res.body.returns;
    expect(created).toMatchObject({
      state: 'requested',
      amount: 800,
      shopName: 'Roadster Store',
      restocked: false,
    });
    const returnId: number = created._id;
    const sellerMessages = (await outbox('seller_return_requested')).filter(
      (row) => JSON.parse(row.params).returnId === returnId,
    );
    expect(sellerMessages).toMatchObject([{ recipient_kind: 'seller', recipient_id: 1 }]);
    // One unit is left to return; asking for two is refused.
    expect(
      (
        await requestReturn(shopper, order.orderId, {
          lines: [{ orderItemId: order.shirt, quantity: 2 }],
          reason: 'Size too small',
        })
      ).status,
    ).toBe(409);

    // Seller two cannot see or move it; seller one lists it.
    expect((await sellerTwo.get(`/seller/returns/${returnId}`)).status).toBe(404);
    expect((await setState(sellerTwo, returnId, { state: 'approved' })).status).toBe(404);
    const list = await sellerOne.get('/seller/returns?state=requested');
    expect(list.body.returns.map((r: { _id: number }) => r._id)).toContain(returnId);
    expect(
      (await sellerTwo.get('/seller/returns')).body.returns.map((r: { _id: number }) => r._id),
    ).not.toContain(returnId);

    expect((await sellerOne.post(`/seller/returns/${returnId}/restock`, {})).status).toBe(409);
    expect((await setState(sellerOne, returnId, { state: 'received' })).status).toBe(409);
    for (const state of ['approved', 'picked_up', 'received']) {
      const moved = await setState(sellerOne, returnId, { state });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body.return.state).toBe(state);
    }
    expect((await setState(sellerOne, returnId, { state: 'approved' })).status).toBe(409);
    const refunds = (await refundRows(order.orderId)).filter((refund) => refund.reason === 'return');
    expect(refunds).toMatchObject([{ amount: 800, state: 'pending', seller_order_id: order.parts[1] }]);
    const updates = (await outbox('return_update')).filter(
      (row) => JSON.parse(row.params).returnId === returnId,
    );
    expect(updates).toHaveLength(4);

    const details = await orderOf(shopper, order.orderId);
    expect(
      details.lineReturns.find((line: { orderItemId: number }) => line.orderItemId === order.shirt),
    ).toEqual({
      orderItemId: order.shirt,
      partId: order.parts[1],
      returnable: 1,
      returns: [{ returnId, state: 'received', quantity: 1, photos: [] }],
    });

    // The rest of size M sells meanwhile, so the restock is what puts M back on sale and in the size filter (the
    // units come back after it, for the tests that follow).
    const left = await stockOfVariant(db(), sized.variants.navy.M);
    await setSizeStock(sized.products.navy, sized.variants.navy.M, 0);
    expect(await sizesInStockOf(db(), sized.products.navy)).not.toContain('M');

    // Restocking puts the unit back in size M, once, even when asked twice at once.
    const restocks = await Promise.all([
      sellerOne.post(`/seller/returns/${returnId}/restock`, {}),
      sellerOne.post(`/seller/returns/${returnId}/restock`, {}),
    ]);
    expect(restocks.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = await stockOfVariant(db(), sized.variants.navy.M);
    expect(after).toEqual({ variant: 1, product: left.product - left.variant + 1 });
    expect(await sizesInStockOf(db(), sized.products.navy)).toContain('M');
    expect(await productsWithStaleSizesInStock(db())).toEqual([]);
    await setSizeStock(sized.products.navy, sized.variants.navy.M, left.variant + 1);
  });

  it("takes a received return off the seller's earnings and reverses its commission", async () => {
    const order = await deliveredOrder();
    const earnings = async () => {
      const res = await sellerOne.get('/seller/earnings');
      expect(res.status).toBe(200);
      const part = res.body.orders.find((row: { _id: number }) => row._id === order.parts[1]);
      return { totals: res.body, part };
    };
    const before = await earnings();
    expect(before.part).toMatchObject({
      gross: 1600,
      returns: 0,
      commissionPercent: 10,
      commission: 160,
      net: 1440,
    });

    const res = await requestReturn(shopper, order.orderId, {
      lines: [{ orderItemId: order.shirt, quantity: 1 }],
      reason: 'Size too small',
    });
    const returnId: number = res.body.returns[0]._id;
    for (const state of ['approved', 'picked_up']) {
      expect((await setState(sellerOne, returnId, { state })).status).toBe(200);
      // Until the parcel is back the sale stands.
      expect((await earnings()).part).toMatchObject({ returns: 0, net: 1440 });
    }
    expect((await setState(sellerOne, returnId, { state: 'received' })).status).toBe(200);

    // The ₹800 refunded comes off, and the commission is charged on the ₹800 kept only.
    const after = await earnings();
    expect(after.part).toMatchObject({ gross: 1600, returns: 800, commission: 80, net: 720 });
    expect(after.totals.gross).toBe(before.totals.gross);
    expect(after.totals.returns - before.totals.returns).toBe(800);
    expect(before.totals.commission - after.totals.commission).toBe(80);
    expect(before.totals.net - after.totals.net).toBe(720);
    expect(after.totals.settled + after.totals.unsettled).toBe(after.totals.net);
    const csv = await sellerOne.request('GET', '/seller/earnings/export');
    expect(csv.body as string).toMatch(
      new RegExp(`^${order.orderId},${order.parts[1]},.*,1600,800,10,80,720,no$`, 'm'),
    );
  });

  it('rejects with a reason, which gives the units back to return', async () => {
    const order = await deliveredOrder('L');
    const res = await requestReturn(shopper, order.orderId, {
      lines: [{ orderItemId: order.shirt, quantity: 2 }],
      reason: 'Damaged or defective',
    });
    expect(res.status).toBe(201);
    const returnId = res.body.returns[0]._id;
    expect((await setState(sellerOne, returnId, { state: 'rejected' })).status).toBe(400);
    const rejected = await setState(sellerOne, returnId, {
      state: 'rejected',
      reason: 'The tags were removed',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.return).toMatchObject({
      state: 'rejected',
      decisionReason: 'The tags were removed',
    });
    expect((await setState(sellerOne, returnId, { state: 'picked_up' })).status).toBe(409);
    const again = await requestReturn(shopper, order.orderId, {
      lines: [{ orderItemId: order.shirt, quantity: 2 }],
      reason: 'Damaged or defective',
    });
    expect(again.status).toBe(201);
  });

  it(`refuses a return after the ${RETURN_WINDOW_DAYS}-day window`, async () => {
    const order = await deliveredOrder('L');
    const body = { lines: [{ orderItemId: order.shirt, quantity: 1 }], reason: 'Size too large' };
    try {
      now = new Date(Date.now() + RETURN_WINDOW_DAYS * DAY + 60_000);
      const late = await requestReturn(shopper, order.orderId, body);
      expect(late.status).toBe(409);
      expect(late.body.error).toContain('return window');
      now = new Date(Date.now() + RETURN_WINDOW_DAYS * DAY - 60_000);
      expect((await requestReturn(shopper, order.orderId, body)).status).toBe(201);
    } finally {
      now = new Date();
    }
  });

  describe('photos', () => {
    const uploadReturnPhoto = (
      client: ApiClient,
      bytes: Buffer,
      options?: Parameters<typeof uploadFile>[3],
    ) => uploadFile(client, '/home/customer/return-photos', bytes, options);
    async function uploaded(client: ApiClient, bytes: Promise<Buffer> | Buffer = smallPhoto()) {
      const res = await uploadReturnPhoto(client, await bytes);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.photo as ReturnPhotoDto;
    }
    /** Fetches a photo URL the API gave (it starts with /api). */
    const fetchPhoto = (client: ApiClient, url: string) => client.download(url.replace(/^\/api/, ''));
    const photoRow = (id: number) =>
      db().selectFrom('return_photos').selectAll().where('id', '=', id).executeTakeFirst();
    const oneShirt = (order: { shirt: number }) => [{ orderItemId: order.shirt, quantity: 1 }];

    // Each case orders shirts of its own: enough of both sizes for all of them.
    beforeAll(async () => {
      const { navy } = sized.variants;
      await db()
        .updateTable('product_variants')
        .set({ stock: 20 })
        .where('id', 'in', [navy.M, navy.L])
        .execute();
      await db().updateTable('products').set({ stock: 42 }).where('id', '=', sized.products.navy).execute();
    });

    it('go with the return to its seller and staff, and to nobody else', async () => {
      const order = await deliveredOrder();
      const jpeg = await uploaded(shopper, phoneJpeg());
      const png = await uploaded(shopper, transparentPng());
      expect(jpeg).toMatchObject({
        url: `/api/home/customer/return-photos/${jpeg._id}/1200.webp`,
        thumbnailUrl: `/api/home/customer/return-photos/${jpeg._id}/320.webp`,
        // Upright by its EXIF orientation: the phone's 1600×1200 landscape is a 1200-wide portrait.
        width: 1200,
        height: 1600,
      });

      // The shopper sees the preview; it carries none of the phone's metadata and no proxy may keep it.
      const preview = await fetchPhoto(shopper, jpeg.thumbnailUrl);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-type')).toBe('image/webp');
      expect(preview.headers.get('cache-control')).toMatch(/^private/);
      expect(holdsGpsPosition(preview.body)).toBe(false);
      expect((await sharp(preview.body).metadata()).width).toBe(320);
      // Nobody else does, and the public /media never serves it.
      expect((await fetchPhoto(otherShopper, jpeg.url)).status).toBe(404);
      expect((await fetchPhoto(new ApiClient(server.baseUrl), jpeg.url)).status).toBe(401);
      const { file_id } = (await photoRow(jpeg._id))!;
      const media = await fetch(`${server.baseUrl}/media/r/${file_id}-1200x1600/320.webp`);
      expect(media.status).toBe(404);
      expect((await fetchPhoto(shopper, jpeg.url.replace('1200.webp', '1201.webp'))).status).toBe(404);
      expect((await shopper.get(`/home/customer/return-photos/${jpeg._id}/..%2Fsecret.webp`)).status).toBe(
        400,
      );

      const res = await requestReturn(shopper, order.orderId, {
        lines: oneShirt(order),
        reason: 'Damaged or defective',
        photoIds: [jpeg._id, png._id],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const [created] = res.body.returns;
      expect(created.photos.map((photo: ReturnPhotoDto) => photo._id)).toEqual([jpeg._id, png._id]);

      // The seller of the return sees them through its own route, another seller does not.
      const sellerView = await sellerOne.get(`/seller/returns/${created._id}`);
      const [sellerPhoto] = sellerView.body.return.photos as ReturnPhotoDto[];
      expect(sellerPhoto.url).toBe(`/api/seller/returns/${created._id}/photos/${jpeg._id}/1200.webp`);
      const large = await fetchPhoto(sellerOne, sellerPhoto.url);
      expect(large.status).toBe(200);
      expect(await sharp(large.body).metadata()).toMatchObject({ width: 1200, height: 1600 });
      const listed = (await sellerOne.get('/seller/returns')).body.returns.find(
        (ret: { _id: number }) => ret._id === created._id,
      );
      expect(listed.photos).toHaveLength(2);
      expect((await fetchPhoto(sellerTwo, sellerPhoto.url)).status).toBe(404);
      expect((await fetchPhoto(shopper, sellerPhoto.url)).status).toBe(401);
      // Seller one's other return does not open this photo either.
      const other = await requestReturn(shopper, order.orderId, {
        lines: oneShirt(order),
        reason: 'Size too small',
      });
      expect(other.status).toBe(201);
      const otherReturn = other.body.returns[0]._id;
      expect(
        (await sellerOne.download(`/seller/returns/${otherReturn}/photos/${jpeg._id}/1200.webp`)).status,
      ).toBe(404);

      // Operators and admins see it; a shopper may not use the staff route.
      expect((await operator.download(`/admin/return-photos/${png._id}/320.webp`)).status).toBe(200);
      expect((await shopper.download(`/admin/return-photos/${png._id}/320.webp`)).status).toBe(403);
      // Sent photos stay with the return.
      expect((await shopper.delete(`/home/customer/return-photos/${jpeg._id}`)).status).toBe(409);
    });

    it("show on the shopper's Order Details and, once received, on the operators' refund with the return", async () => {
      const order = await deliveredOrder();
      const photo = await uploaded(shopper, phoneJpeg());
      const sent = await requestReturn(shopper, order.orderId, {
        lines: oneShirt(order),
        reason: 'Damaged or defective',
        comment: 'Torn at the seam',
        photoIds: [photo._id],
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      const returnId: number = sent.body.returns[0]._id;

      // Order Details carries the sent photo on its line's return, through the shopper's own route.
      const details = await orderOf(shopper, order.orderId);
      const line = details.lineReturns.find(
        (entry: { orderItemId: number }) => entry.orderItemId === order.shirt,
      );
      expect(line.returns).toEqual([{ returnId, state: 'requested', quantity: 1, photos: [photo] }]);

      for (const state of ['approved', 'picked_up', 'received'])
        expect((await setState(sellerOne, returnId, { state })).status).toBe(200);
      const [owed] = (await refundRows(order.orderId)).filter((refund) => refund.reason === 'return');
      // A cancellation's refund, newer, comes without a return.
      const cancelled = await paidOrder({ kurta: 1 });
      expect((await cancel(shopper, cancelled.orderId)).status).toBe(200);
      const [cancellation] = await refundRows(cancelled.orderId);

      const queue = await operator.get('/admin/refunds?state=all');
      expect(queue.status).toBe(200);
      const byId = (id: number) => queue.body.refunds.find((refund: { _id: number }) => refund._id === id);
      expect(byId(cancellation.id)).toMatchObject({ reason: 'cancellation', return: null });
      const staffPhoto = `/api/admin/return-photos/${photo._id}`;
      expect(byId(owed.id).return).toEqual({
        _id: returnId,
        state: 'received',
        reason: 'Damaged or defective',
        comment: 'Torn at the seam',
        lines: [expect.objectContaining({ orderItemId: order.shirt, quantity: 1, amount: 800 })],
        photos: [
          {
            _id: photo._id,
            url: `${staffPhoto}/1200.webp`,
            thumbnailUrl: `${staffPhoto}/320.webp`,
            width: 1200,
            height: 1600,
          },
        ],
        createdAt: expect.any(String),
      });
      // Only staff open the photos by that route; the shopper and the seller have routes of their own.
      const thumbnail = byId(owed.id).return.photos[0].thumbnailUrl;
      expect((await fetchPhoto(operator, thumbnail)).status).toBe(200);
      expect((await fetchPhoto(shopper, thumbnail)).status).toBe(403);
      expect((await fetchPhoto(sellerOne, thumbnail)).status).toBe(401);

      // Recording the refund answers it with its return too.
      const recorded = await operator.post(`/admin/refunds/${owed.id}/record`, { reference: 'UPI555666777' });
      expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
      expect(recorded.body.refund.return).toMatchObject({ _id: returnId, photos: [{ _id: photo._id }] });
    });

    it("are refused when hostile: wrong type, too large, too many, not the shopper's, for two shops", async () => {
      const text = await uploadReturnPhoto(shopper, Buffer.from('<svg onload="alert(1)"/>'), {
        name: 'trick.jpg',
      });
      expect(text.status).toBe(415);
      expect(text.body.error).toContain('not a JPEG, PNG, WebP or AVIF photo');
      expect((await uploadReturnPhoto(shopper, await smallPhoto('gif'), { type: 'image/gif' })).status).toBe(
        415,
      );
      const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(MAX_RETURN_PHOTO_BYTES)]);
      const tooLarge = await uploadReturnPhoto(shopper, huge);
      expect(tooLarge.status, JSON.stringify(tooLarge.body)).toBe(413);
      expect(tooLarge.body.error).toContain('larger than 10 MB');
      expect((await shopper.post('/home/customer/return-photos', { file: 'x' })).status).toBe(415);
      expect((await uploadReturnPhoto(new ApiClient(server.baseUrl), await smallPhoto())).status).toBe(401);

      const order = await deliveredOrder('L');
      const theirs = await uploaded(otherShopper);
      const mine = await Promise.all([
        uploaded(shopper),
        uploaded(shopper),
        uploaded(shopper),
        uploaded(shopper),
      ]);
      const ask = (photoIds: number[], lines = oneShirt(order)) =>
        requestReturn(shopper, order.orderId, { lines, reason: 'Wrong item received', photoIds });
      const returnsBefore = await db().selectFrom('returns').select('id').execute();

      const foreign = await ask([mine[0]._id, theirs._id]);
      expect(foreign.status).toBe(400);
      expect(foreign.body.error).toBe(returnMessages.photosNotYours);
      expect((await ask(mine.map((photo) => photo._id))).status).toBe(400);
      expect((await ask([mine[0]._id, mine[0]._id])).status).toBe(400);
      expect((await ask([999_999])).status).toBe(400);
      // Both parts delivered: photos may not go to two shops at once.
      await deliver(sellerTwo, order.parts[2]);
      const twoShops = await ask(
        [mine[0]._id],
        [...oneShirt(order), { orderItemId: order.saree, quantity: 1 }],
      );
      expect(twoShops.status).toBe(400);
      expect(twoShops.body.error).toBe(returnMessages.photosOnePart);
      // Nothing was created or attached by any refusal.
      expect(await db().selectFrom('returns').select('id').execute()).toEqual(returnsBefore);
      expect((await photoRow(theirs._id))?.return_id).toBeNull();
      expect((await photoRow(mine[0]._id))?.return_id).toBeNull();

      // Another shopper can neither remove nor see the photos; the shopper removes one before sending.
      expect((await otherShopper.delete(`/home/customer/return-photos/${mine[3]._id}`)).status).toBe(404);
      const removed = await shopper.delete(`/home/customer/return-photos/${mine[3]._id}`);
      expect(removed.status).toBe(200);
      expect(await photoRow(mine[3]._id)).toBeUndefined();
      expect((await fetchPhoto(shopper, mine[3].url)).status).toBe(404);

      const sent = await ask(mine.slice(0, 3).map((photo) => photo._id));
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      expect(sent.body.returns[0].photos).toHaveLength(MAX_RETURN_PHOTOS);
      // A photo already sent cannot be sent again with another return.
      const reused = await ask([mine[0]._id]);
      expect(reused.status).toBe(400);
    });

    it(`limits the unsent photos to ${MAX_UNSENT_RETURN_PHOTOS} and removes them after ${RETURN_PHOTO_UNSENT_HOURS} hours`, async () => {
      const uploader = await signInNewCustomer(server, 'Kavya Rao');
      const photos: ReturnPhotoDto[] = [];
      for (let i = 0; i < MAX_UNSENT_RETURN_PHOTOS; i += 1) photos.push(await uploaded(uploader));
      const over = await uploadReturnPhoto(uploader, await smallPhoto());
      expect(over.status).toBe(409);
      expect(over.body.code).toBe('PHOTO_LIMIT_REACHED');
      const sentOne = (
        await db()
          .selectFrom('return_photos')
          .select('id')
          .where('return_id', 'is not', null)
          .executeTakeFirstOrThrow()
      ).id;

      try {
        now = new Date(Date.now() + (RETURN_PHOTO_UNSENT_HOURS - 1) * HOUR);
        await removeUnsentReturnPhotos(server.app.ctx);
        expect(await photoRow(photos[0]._id)).toBeDefined();
        now = new Date(Date.now() + RETURN_PHOTO_UNSENT_HOURS * HOUR + 60_000);
        const run = await removeUnsentReturnPhotos(server.app.ctx);
        expect(run.removed).toBeGreaterThanOrEqual(MAX_UNSENT_RETURN_PHOTOS);
      } finally {
        now = new Date();
      }
      expect(await photoRow(photos[0]._id)).toBeUndefined();
      expect((await fetchPhoto(uploader, photos[0].url)).status).toBe(404);
      const row = await photoRow(photos[1]._id);
      expect(row).toBeUndefined();
      // Photos sent with a return stay, files and all.
      expect(await photoRow(sentOne)).toBeDefined();
      const files: string[] = [];
      for await (const key of server.app.ctx.media.list()) if (key.startsWith('r/')) files.push(key);
      const kept = await db().selectFrom('return_photos').select('file_id').execute();
      expect(files.length).toBeGreaterThan(0);
      expect(files.every((key) => kept.some((photo) => key.startsWith(`r/${photo.file_id}-`)))).toBe(true);
      // With room again, the shopper may upload.
      expect((await uploadReturnPhoto(uploader, await smallPhoto())).status).toBe(201);
    });
  });
});

describe(`refunds (${testDialect})`, () => {
  it('lets operators record a refund once, audited, and shows the shopper the reference', async () => {
    const order = await paidOrder({ kurta: 1 });
    expect((await cancel(shopper, order.orderId)).status).toBe(200);
    const [refund] = await refundRows(order.orderId);
    const queue = await operator.get('/admin/refunds?state=pending');
    expect(queue.status).toBe(200);
    expect(queue.body.refunds.map((r: { _id: number }) => r._id)).toContain(refund.id);
    expect(queue.body.refunds.find((r: { _id: number }) => r._id === refund.id)).toMatchObject({
      amount: 670 + 85,
      reason: 'cancellation',
      customer: { name: 'Meera Iyer' },
    });
    expect((await operator.post(`/admin/refunds/${refund.id}/record`, { reference: 'x' })).status).toBe(400);
    expect((await operator.post('/admin/refunds/999999/record', { reference: 'UPI123456789' })).status).toBe(
      404,
    );

    // Two operators at once with different references: one records it, the other learns it was done.
    const [first, second] = await Promise.all([
      operator.post(`/admin/refunds/${refund.id}/record`, { reference: 'UPI123456789' }),
      secondOperator.post(`/admin/refunds/${refund.id}/record`, { reference: 'NEFT98765432' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const reference = first.status === 200 ? 'UPI123456789' : 'NEFT98765432';
    // The winner's reference again is harmless.
    const repeat = await operator.post(`/admin/refunds/${refund.id}/record`, { reference });
    expect(repeat.status).toBe(200);
    expect(repeat.body.refund).toMatchObject({ state: 'refunded', reference });
    const audits = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'refund.record')
      .where('subject_id', '=', String(refund.id))
      .execute();
    expect(audits).toHaveLength(1);
    const issued = (await outbox('refund_issued')).filter(
      (row) => JSON.parse(row.params).refundId === refund.id,
    );
    expect(issued).toHaveLength(1);

    const mine = await shopper.get('/home/customer/refunds');
    expect(mine.body.refunds.find((r: { _id: number }) => r._id === refund.id)).toMatchObject({
      state: 'refunded',
      reference,
    });
    expect((await otherShopper.get('/home/customer/refunds')).body.refunds).toEqual([]);
    expect((await shopper.get('/admin/refunds')).status).toBe(403);
  });

  it('owes a payment the bank confirms for an order already cancelled, once', async () => {
    const order = await placeOrder(server, shopper, { tee: 1 });
    expect((await shopper.post('/payment/do_payment', { orderId: order.orderId })).status).toBe(200);
    expect((await cancel(shopper, order.orderId)).status).toBe(200);
    const body = JSON.stringify({ orderId: order.orderId, utr: newUtr(), status: 'SUCCESS' });
    for (let i = 0; i < 2; i += 1) {
      const res = await new ApiClient(server.baseUrl).request('POST', '/payment/webhook', body, {
        'content-type': 'application/json',
        'x-bazaar-signature': signWebhook(body),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect(await refundRows(order.orderId)).toMatchObject([
      { reason: 'late_payment', amount: order.price, state: 'pending', seller_order_id: null },
    ]);
  });
});
