import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages, upiLinks, type DoPaymentResponse } from '@bazaar/shared';
import { expireReservations } from '../src/flows/reservationExpiry';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';
import { defaultVariantOf } from './variant-fixtures';
import {
  newUtr,
  orderRow,
  orderUnderVerification,
  paymentRow,
  placeOrder,
  seedCatalog,
  signInNewCustomer,
  statusOf,
  stockOfProduct,
  type CustomerClient,
} from './payments-fixtures';

const RESERVATION_MINUTES = 30;
const ATTEMPT_SECONDS = 300;
const UTR_HOLD_MINUTES = 120;

describe(`payments (${testDialect})`, () => {
  let server: TestServer;
  let shopper: CustomerClient;

  beforeAll(async () => {
    server = await startTestServer({
      prepare: (db) => seedCatalog(db, { saree: 100, kurta: 100, tee: 100 }),
      config: {
        payments: {
          upiVpa: 'bazaar.test@okaxis',
          upiPayeeName: 'Bazaar Fashion & Co',
          reservationMinutes: RESERVATION_MINUTES,
          attemptSeconds: ATTEMPT_SECONDS,
          utrHoldMinutes: UTR_HOLD_MINUTES,
          webhookSecret: undefined,
          expiryJobIntervalSeconds: 0,
        },
        // These suites place many orders per shopper.
        orders: { maxOpenUnpaidOrders: 1000 },
      },
    });
    shopper = await signInNewCustomer(server);
  });
  afterAll(() => server.close());

  const afterReservation = () => new Date(Date.now() + (RESERVATION_MINUTES + 1) * 60_000);

  describe('do_payment', () => {
    it('charges the order total from the database, whatever price the page sends', async () => {
      const order = await placeOrder(server, shopper, { kurta: 1 });
      const res = await shopper.post<DoPaymentResponse>('/payment/do_payment', {
        orderId: order.orderId,
        price: 1,
      });
      expect(res.status).toBe(200);
      // ₹999 at 33 % off is ₹670, and under ₹799 the ₹85 shipping fee applies.
      expect(order.price).toBe(755);
      expect(res.body.amount).toBe(755);
      expect(res.body.url).toContain('am=755.00');
      expect((await paymentRow(server, order.orderId)).amount).toBe(755);
    });

    it('builds the UPI deep link and app links from the configured payee, URL-encoded', async () => {
      const order = await placeOrder(server, shopper);
      const res = await shopper.post<DoPaymentResponse>('/payment/do_payment', {
        orderId: order.orderId,
        price: order.price,
      });
      const query =
        `pa=bazaar.test%40okaxis&pn=Bazaar%20Fashion%20%26%20Co&am=${order.price}.00&cu=INR` +
        `&tn=Bazaar%20order%20${order.orderId}&tr=${order.orderId}`;
      expect(res.body.url).toBe(`upi://pay?${query}`);
      expect(res.body.appLinks).toEqual({
        upi: `upi://pay?${query}`,
        gpay: `tez://upi/pay?${query}`,
        phonepe: `phonepe://pay?${query}`,
        paytm: `paytmmp://pay?${query}`,
      });
      expect(
        upiLinks({ vpa: 'bazaar.test@okaxis', name: 'Bazaar Fashion & Co' }, order.price, order.orderId),
      ).toEqual(res.body.appLinks);
      const seconds = (Date.parse(res.body.expiresAt) - Date.now()) / 1000;
      expect(seconds).toBeGreaterThan(ATTEMPT_SECONDS - 10);
      expect(seconds).toBeLessThanOrEqual(ATTEMPT_SECONDS);
      expect(res.body.expiresInSeconds).toBe(ATTEMPT_SECONDS);
    });

    it('reads an attempt that ran out as failed, and Pay Now starts a new one while the reservation lasts', async () => {
      const order = await placeOrder(server, shopper);
      await shopper.post('/payment/do_payment', { orderId: order.orderId });
      expect(await statusOf(shopper, order.orderId)).toBe('pending');

      await server.database.db
        .updateTable('payments')
        .set({ attempt_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('order_code', '=', order.orderId)
        .execute();
      const failed = await shopper.get(`/payment/status/${order.orderId}`);
      expect(failed.body).toEqual({ payment_status: 'failed', canRetry: true });
      expect((await orderRow(server, order.orderId)).delivery_status).toBe('pending');

      const retry = await shopper.post('/payment/do_payment', { orderId: order.orderId });
      expect(retry.status).toBe(200);
      expect(await statusOf(shopper, order.orderId)).toBe('pending');
    });

    it('refuses to start a payment once the reservation is over, and releases the stock itself', async () => {
      const before = await stockOfProduct(server, 'tee');
      const order = await placeOrder(server, shopper, { tee: 2 });
      await shopper.post('/payment/do_payment', { orderId: order.orderId });
      await server.database.db
        .updateTable('payments')
        .set({ reservation_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('order_code', '=', order.orderId)
        .execute();
      const res = await shopper.post('/payment/do_payment', { orderId: order.orderId });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(paymentMessages.orderClosed);
      expect(await statusOf(shopper, order.orderId)).toBe('expired');
      expect((await orderRow(server, order.orderId)).delivery_status).toBe('cancelled');
      expect(await stockOfProduct(server, 'tee')).toBe(before);
    });

    it('validates the body', async () => {
      const res = await shopper.post('/payment/do_payment', { price: 100 });
      expect(res.status).toBe(400);
      // Names the field (as `orderId`, or by the label shown to people).
      expect(res.body.error).toMatch(/order/i);
    });
  });

  describe('UTR submission', () => {
    it('explains that a UTR is the 12-digit number from the UPI app', async () => {
      const order = await placeOrder(server, shopper);
      for (const transactionId of ['12345', '1234567890123', 'ABCDEFGHIJKL', '12345678901a', '   ']) {
        const res = await shopper.post('/payment/update-transactionId', {
          orderId: order.orderId,
          transactionId,
        });
        expect(res.status, transactionId).toBe(400);
        expect(res.body.error).toBe('UTR must be the 12-digit number shown in your UPI app');
      }
      expect(await statusOf(shopper, order.orderId)).toBe('pending');
    });

    it('moves the payment under verification and keeps the reservation', async () => {
      const order = await placeOrder(server, shopper);
      const utr = newUtr();
      const res = await shopper.post('/payment/update-transactionId', {
        orderId: order.orderId,
        transactionId: ` ${utr} `,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        message: paymentMessages.utrSubmitted,
        payment_status: 'under verification',
      });
      expect(await statusOf(shopper, order.orderId)).toBe('under verification');
      expect((await paymentRow(server, order.orderId)).claimed_utr).toBe(utr);

      // Submitting the same UTR again is harmless; a different one is refused.
      expect(
        (await shopper.post('/payment/update-transactionId', { orderId: order.orderId, transactionId: utr }))
          .status,
      ).toBe(200);
      const other = await shopper.post('/payment/update-transactionId', {
        orderId: order.orderId,
        transactionId: newUtr(),
      });
      expect(other.status).toBe(409);
      expect(other.body.error).toBe(paymentMessages.utrAlreadySubmitted);

      // The reservation holds while a person checks the UTR.
      await expireReservations(server.app.ctx, afterReservation());
      expect(await statusOf(shopper, order.orderId)).toBe('under verification');
      expect((await orderRow(server, order.orderId)).delivery_status).toBe('pending');
    });

    it('lets a second order claim a UTR another order has claimed, across customers (issue 14, finding 10)', async () => {
      const squatter = await signInNewCustomer(server, 'Rahul Mehta');
      const victim = await placeOrder(server, shopper);
      // Someone types the victim's UTR first…
      const squatted = await orderUnderVerification(server, squatter);
      // …and the victim's genuine claim is still accepted, for the operator to resolve.
      const res = await shopper.post('/payment/update-transactionId', {
        orderId: victim.orderId,
        transactionId: squatted.utr,
      });
      expect(res.status).toBe(200);
      expect(res.body.payment_status).toBe('under verification');
      expect(await statusOf(shopper, victim.orderId)).toBe('under verification');
    });

    it('accepts every claim when several orders submit the same UTR at the same moment', async () => {
      const shoppers = [
        shopper,
        await signInNewCustomer(server, 'Meera Nair'),
        await signInNewCustomer(server, 'Arjun Das'),
      ];
      const orders = [];
      for (const customer of shoppers) orders.push(await placeOrder(server, customer));
      const utr = newUtr();
      const results = await Promise.all(
        orders.map((order, i) =>
          shoppers[i].post('/payment/update-transactionId', { orderId: order.orderId, transactionId: utr }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      const claims = await server.database.db
        .selectFrom('payments')
        .select('order_code')
        .where('claimed_utr', '=', utr)
        .execute();
      expect(claims).toHaveLength(3);
    });
  });

  describe('reservation expiry', () => {
    it('cancels unpaid orders without a UTR, expires their payment and releases the stock, once', async () => {
      // Orders left pending by earlier tests would expire in this run too; settle them first.
      await expireReservations(server.app.ctx, afterReservation());
      const before = await stockOfProduct(server, 'saree');
      const opened = await placeOrder(server, shopper, { saree: 3 });
      await shopper.post('/payment/do_payment', { orderId: opened.orderId });
      // An order whose shopper never opened a payment page expires too.
      const neverOpened = await placeOrder(server, shopper, { saree: 2 });
      expect(await stockOfProduct(server, 'saree')).toBe(before - 5);

      // Not yet: the reservation still runs.
      await expireReservations(server.app.ctx);
      expect(await statusOf(shopper, opened.orderId)).toBe('pending');

      // Two processes running the job at once release the stock exactly once.
      const runs = await Promise.all([
        expireReservations(server.app.ctx, afterReservation()),
        expireReservations(server.app.ctx, afterReservation()),
      ]);
      expect(runs.reduce((sum, run) => sum + run.expired, 0)).toBeGreaterThanOrEqual(2);
      for (const order of [opened, neverOpened]) {
        expect(await statusOf(shopper, order.orderId)).toBe('expired');
        expect((await paymentRow(server, order.orderId)).status).toBe('expired');
        expect(await orderRow(server, order.orderId)).toMatchObject({
          payment_status: 'not paid',
          delivery_status: 'cancelled',
        });
      }
      expect(await stockOfProduct(server, 'saree')).toBe(before);

      // Idempotent: running again changes nothing.
      await expireReservations(server.app.ctx, afterReservation());
      expect(await stockOfProduct(server, 'saree')).toBe(before);

      // A UTR for an expired order is refused.
      const late = await shopper.post('/payment/update-transactionId', {
        orderId: opened.orderId,
        transactionId: newUtr(),
      });
      expect(late.status).toBe(409);
      expect(late.body.error).toBe(paymentMessages.orderClosed);
    });

    it('releases a UTR nobody verified within the hold, like an unpaid order (issue 14, finding 15)', async () => {
      // Claims left by earlier tests would expire in this run too; settle them first.
      await expireReservations(server.app.ctx, new Date(Date.now() + (UTR_HOLD_MINUTES + 1) * 60_000));
      const before = await stockOfProduct(server, 'tee');
      const order = await orderUnderVerification(server, shopper, { tee: 3 });
      const submittedAt = Date.parse(order.payment.utr_submitted_at!);
      const atHold = (minutes: number) => new Date(submittedAt + minutes * 60_000);

      // Past the reservation but within the hold, the claim keeps the stock.
      await expireReservations(server.app.ctx, atHold(UTR_HOLD_MINUTES - 1));
      expect(await statusOf(shopper, order.orderId)).toBe('under verification');
      expect(await stockOfProduct(server, 'tee')).toBe(before - 3);

      const runs = await Promise.all([
        expireReservations(server.app.ctx, atHold(UTR_HOLD_MINUTES + 1)),
        expireReservations(server.app.ctx, atHold(UTR_HOLD_MINUTES + 1)),
      ]);
      expect(runs.reduce((sum, run) => sum + run.unverified, 0)).toBe(1);
      expect(await orderRow(server, order.orderId)).toMatchObject({
        payment_status: 'not paid',
        delivery_status: 'cancelled',
      });
      expect(await stockOfProduct(server, 'tee')).toBe(before);
      const status = await shopper.get(`/payment/status/${order.orderId}`);
      expect(status.body).toMatchObject({
        payment_status: 'expired',
        canRetry: false,
        closedReason: paymentMessages.verificationTimedOut,
      });
    });

    it('finishes a cancellation a stopped process left half done', async () => {
      const before = await stockOfProduct(server, 'kurta');
      const order = await placeOrder(server, shopper, { kurta: 2 });
      await shopper.post('/payment/do_payment', { orderId: order.orderId });
      // As if a process expired the payment and stopped before cancelling the order.
      await server.database.db
        .updateTable('payments')
        .set({ status: 'expired' })
        .where('order_code', '=', order.orderId)
        .execute();
      const run = await expireReservations(server.app.ctx);
      expect(run.released).toBe(1);
      expect((await orderRow(server, order.orderId)).delivery_status).toBe('cancelled');
      expect(await stockOfProduct(server, 'kurta')).toBe(before);
    });
  });

  describe('ownership and sessions', () => {
    it("answers 404 for someone else's order on every payment call", async () => {
      const order = await placeOrder(server, shopper);
      const stranger = await signInNewCustomer(server, 'Vikram Iyer');
      const calls = [
        stranger.get(`/payment/status/${order.orderId}`),
        stranger.post('/payment/do_payment', { orderId: order.orderId, price: 1 }),
        stranger.post('/payment/update-transactionId', { orderId: order.orderId, transactionId: newUtr() }),
        stranger.post('/payment/remove_from_cart', { orderId: order.orderId }),
        stranger.get(`/order/confirm/${order.orderId}`),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(404);
        expect(res.body.error).toBe(paymentMessages.orderNotFound);
      }
      expect(await statusOf(shopper, order.orderId)).toBe('pending');
    });

    it('refuses visitors with 401', async () => {
      const visitor = new ApiClient(server.baseUrl);
      const calls = [
        visitor.get('/payment/status/BZ-2601-ABCDEF'),
        visitor.post('/payment/do_payment', { orderId: 'BZ-2601-ABCDEF' }),
        visitor.post('/payment/update-transactionId', {
          orderId: 'BZ-2601-ABCDEF',
          transactionId: '123456789012',
        }),
        visitor.post('/payment/remove_from_cart', { orderId: 'BZ-2601-ABCDEF' }),
        visitor.get('/order/confirm/BZ-2601-ABCDEF'),
      ];
      for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
    });
  });

  describe('cart and confirmation', () => {
    it("removes the order's products from the cart, idempotently, leaving other products", async () => {
      const order = await placeOrder(server, shopper, { saree: 1 });
      // The shopper put the same product and another one back in the cart after ordering.
      await server.database.db
        .insertInto('cart_items')
        .values([
          {
            customer_id: shopper.customerId,
            product_id: 3,
            variant_id: defaultVariantOf(3),
            quantity: 1,
            created_at: new Date().toISOString(),
          },
          {
            customer_id: shopper.customerId,
            product_id: 2,
            variant_id: defaultVariantOf(2),
            quantity: 1,
            created_at: new Date().toISOString(),
          },
        ])
        .execute();
      for (let i = 0; i < 2; i++) {
        const res = await shopper.post('/payment/remove_from_cart', { orderId: order.orderId });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ message: paymentMessages.cartCleared });
      }
      const left = await server.database.db
        .selectFrom('cart_items')
        .select('product_id')
        .where('customer_id', '=', shopper.customerId)
        .execute();
      expect(left.map((row) => row.product_id)).toEqual([2]);
      await server.database.db
        .deleteFrom('cart_items')
        .where('customer_id', '=', shopper.customerId)
        .execute();
    });

    it('confirms only paid orders', async () => {
      const order = await placeOrder(server, shopper);
      const res = await shopper.get(`/order/confirm/${order.orderId}`);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(paymentMessages.notPaidYet);
    });
  });
});
