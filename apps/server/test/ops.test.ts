import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages, type OpsPaymentsResponse } from '@bazaar/shared';
import { signCustomerToken } from '../src/auth/session';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';
import {
  newUtr,
  orderRow,
  orderUnderVerification,
  paymentRow,
  placeOrder,
  seedCatalog,
  signedInOperator,
  signInNewCustomer,
  signWebhook,
  statusOf,
  stockOfProduct,
  webhookPaymentsConfig,
  type CustomerClient,
} from './payments-fixtures';

describe(`operator verification and bank webhook (${testDialect})`, () => {
  let server: TestServer;
  let shopper: CustomerClient;

  beforeAll(async () => {
    server = await startTestServer({
      prepare: (db) => seedCatalog(db, { saree: 100, kurta: 100 }),
      config: {
        payments: webhookPaymentsConfig,
        // These suites place many orders per shopper.
        orders: { maxOpenUnpaidOrders: 1000 },
      },
    });
    shopper = await signInNewCustomer(server, 'Priya Sharma');
  });
  afterAll(() => server.close());

  const decisionsOf = (paymentId: number) =>
    server.database.db
      .selectFrom('payment_decisions')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .execute();

  describe('console sign-in', () => {
    it('refuses a wrong password and unknown emails alike', async () => {
      const { email } = await signedInOperator(server);
      const client = new ApiClient(server.baseUrl);
      for (const body of [
        { email, password: 'not the password' },
        { email: 'nobody@bazaar.example', password: 'correct horse battery' },
      ]) {
        const res = await client.post('/ops/login', body);
        expect(res.status).toBe(401);
        expect(res.body.error).toBe(paymentMessages.operatorCredentials);
      }
      expect((await client.post('/ops/login', { email: 'not-an-email', password: 'x' })).status).toBe(400);
    });

    it('signs in with an opsToken cookie and signs out for good', async () => {
      const { operator, email, password } = await signedInOperator(server, 'Kavya Menon');
      const login = await fetch(`${server.baseUrl}/api/ops/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const setCookie = login.headers.getSetCookie().find((line) => line.startsWith('opsToken='));
      expect(setCookie).toMatch(/HttpOnly/i);
      // The staff session reaches both consoles' APIs (/api/ops, /api/admin), never the pages.
      expect(setCookie).toMatch(/Path=\/api;/);
      const cookie = { cookie: setCookie!.split(';')[0] };
      const client = new ApiClient(server.baseUrl);
      expect((await client.request('GET', '/ops/me', undefined, cookie)).body).toEqual({ operator });
      expect((await client.request('GET', '/ops/logout', undefined, cookie)).status).toBe(200);
      // The old cookie no longer works, even if someone kept a copy.
      expect((await client.request('GET', '/ops/me', undefined, cookie)).status).toBe(401);
    });

    it('keeps customers and visitors out of the console', async () => {
      const { payment } = await orderUnderVerification(server, shopper);
      const visitor = new ApiClient(server.baseUrl);
      for (const [client, status] of [
        [shopper, 403],
        [visitor, 401],
      ] as const) {
        expect((await client.get('/ops/payments')).status).toBe(status);
        const verify = await client.post(`/ops/payments/${payment.id}/verify`, {});
        expect(verify.status).toBe(status);
        expect((await client.post(`/ops/payments/${payment.id}/reject`, {})).status).toBe(status);
      }
      // A customer token does not pass as an operator cookie either.
      const customerToken = signCustomerToken(
        server.config.jwtSecret,
        { id: shopper.customerId, name: 'Priya Sharma', email: null },
        0,
      );
      const forged = await visitor.request('GET', '/ops/payments', undefined, {
        cookie: `opsToken=${customerToken}`,
      });
      expect(forged.status).toBe(401);
      expect((await paymentRow(server, payment.order_code)).status).toBe('under verification');
    });
  });

  describe('decisions', () => {
    it('lists payments under verification with order, customer, amount, UTR and time', async () => {
      const { client } = await signedInOperator(server);
      const submitted = await orderUnderVerification(server, shopper);
      const res = await client.get<OpsPaymentsResponse>('/ops/payments?status=under%20verification');
      expect(res.status).toBe(200);
      const row = res.body.payments.find((p) => p.orderId === submitted.orderId);
      expect(row).toMatchObject({
        paymentId: submitted.payment.id,
        customer: { name: 'Priya Sharma' },
        amount: submitted.price,
        utr: submitted.utr,
        status: 'under verification',
      });
      expect(Date.parse(row!.submittedAt!)).toBeGreaterThan(Date.now() - 60_000);
      // How long the claim may hold the stock unverified (issue 14, finding 15).
      expect(Date.parse(row!.holdExpiresAt!) - Date.parse(row!.submittedAt!)).toBe(120 * 60_000);
      expect(res.body.payments.every((p) => p.status === 'under verification')).toBe(true);
      expect((await client.get('/ops/payments?status=bogus')).status).toBe(400);
    });

    it('verifying pays and places the order, and is audited with the operator', async () => {
      const { client, operator } = await signedInOperator(server, 'Asha Rao');
      const { orderId, payment } = await orderUnderVerification(server, shopper);
      const res = await client.post(`/ops/payments/${payment.id}/verify`, {
        note: 'Seen on the HDFC statement',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: paymentMessages.verified, payment_status: 'paid' });

      expect(await statusOf(shopper, orderId)).toBe('paid');
      expect(await orderRow(server, orderId)).toMatchObject({
        payment_status: 'paid',
        delivery_status: 'placed',
      });
      const decisions = await decisionsOf(payment.id);
      expect(decisions).toHaveLength(1);
      expect(decisions[0]).toMatchObject({
        operator_id: operator.id,
        source: 'operator',
        decision: 'verified',
        note: 'Seen on the HDFC statement',
      });
      expect(Date.parse(decisions[0].created_at)).toBeGreaterThan(Date.now() - 60_000);

      const confirm = await shopper.get(`/order/confirm/${orderId}`);
      expect(confirm.status).toBe(200);
      expect(confirm.body).toEqual({ message: paymentMessages.orderConfirmed, order_status: 'placed' });
      expect((await shopper.get(`/order/confirm/${orderId}`)).status).toBe(200);

      const queue = await client.get<OpsPaymentsResponse>('/ops/payments');
      expect(queue.body.payments.some((p) => p.paymentId === payment.id)).toBe(false);
      expect(queue.body.recentDecisions[0]).toMatchObject({
        paymentId: payment.id,
        orderId,
        decision: 'verified',
        source: 'operator',
        operatorName: 'Asha Rao',
      });

      // A second decision on the same payment is refused and not recorded.
      const again = await client.post(`/ops/payments/${payment.id}/reject`, {});
      expect(again.status).toBe(409);
      expect(again.body.error).toBe(paymentMessages.notUnderVerification);
      expect(await decisionsOf(payment.id)).toHaveLength(1);
    });

    it('rejecting releases the UTR, tells the shopper why and lets them submit a corrected one (issue 14, finding 3)', async () => {
      const { client, operator } = await signedInOperator(server, 'Farhan Ali');
      const before = await stockOfProduct(server, 'kurta');
      const { orderId, payment, utr } = await orderUnderVerification(server, shopper, { kurta: 4 });

      const res = await client.post(`/ops/payments/${payment.id}/reject`, { note: 'No such credit' });
      expect(res.status).toBe(200);
      expect(res.body.payment_status).toBe('failed');
      const status = await shopper.get(`/payment/status/${orderId}`);
      expect(status.body).toMatchObject({
        payment_status: 'failed',
        canRetry: true,
        rejection: { utr, reason: 'No such credit' },
      });
      // The order is still open and keeps its stock while the reservation lasts; My Orders says the same.
      expect(await orderRow(server, orderId)).toMatchObject({
        payment_status: 'not paid',
        delivery_status: 'pending',
      });
      expect(await stockOfProduct(server, 'kurta')).toBe(before - 4);
      const listed = await shopper.get(`/home/customer/gat-order/${orderId}`);
      expect(listed.body.order.payment).toMatchObject({
        canRetry: true,
        rejection: { reason: 'No such credit' },
      });
      expect(await decisionsOf(payment.id)).toEqual([
        expect.objectContaining({
          operator_id: operator.id,
          decision: 'rejected',
          utr,
          note: 'No such credit',
        }),
      ]);

      // A corrected UTR goes back under verification (Pay Now works again too).
      expect((await shopper.post('/payment/do_payment', { orderId })).status).toBe(200);
      const corrected = newUtr();
      const resubmit = await shopper.post('/payment/update-transactionId', {
        orderId,
        transactionId: corrected,
      });
      expect(resubmit.status).toBe(200);
      expect(resubmit.body.payment_status).toBe('under verification');
      const again = await shopper.get(`/payment/status/${orderId}`);
      expect(again.body).toEqual({ payment_status: 'under verification', canRetry: false });
      expect((await client.post(`/ops/payments/${payment.id}/verify`, {})).status).toBe(200);
      expect((await paymentRow(server, orderId)).utr).toBe(corrected);
    });

    it('a rejection after the reservation ended cancels the order, and says why', async () => {
      const { client } = await signedInOperator(server);
      const before = await stockOfProduct(server, 'kurta');
      const { orderId, payment } = await orderUnderVerification(server, shopper, { kurta: 2 });
      await server.database.db
        .updateTable('payments')
        .set({ reservation_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', payment.id)
        .execute();

      const res = await client.post(`/ops/payments/${payment.id}/reject`, { note: 'Amount was short' });
      expect(res.status).toBe(200);
      expect(res.body.payment_status).toBe('expired');
      expect(await orderRow(server, orderId)).toMatchObject({ delivery_status: 'cancelled' });
      expect(await stockOfProduct(server, 'kurta')).toBe(before);
      const status = await shopper.get(`/payment/status/${orderId}`);
      expect(status.body).toMatchObject({
        payment_status: 'expired',
        canRetry: false,
        closedReason: paymentMessages.windowClosed,
        rejection: { reason: 'Amount was short' },
      });
      const listed = await shopper.get('/home/customer/gat-orders/0/cancelled');
      const order = listed.body.orders.find((o: { orderId: string }) => o.orderId === orderId);
      expect(order.payment).toMatchObject({ canRetry: false, closedReason: paymentMessages.windowClosed });
      expect((await shopper.post('/payment/do_payment', { orderId })).status).toBe(409);
    });

    it('lets exactly one of two operators deciding at once win', async () => {
      const first = await signedInOperator(server, 'Operator One');
      const second = await signedInOperator(server, 'Operator Two');
      const { payment } = await orderUnderVerification(server, shopper);
      const results = await Promise.all([
        first.client.post(`/ops/payments/${payment.id}/verify`, {}),
        second.client.post(`/ops/payments/${payment.id}/reject`, {}),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await decisionsOf(payment.id)).toHaveLength(1);
    });

    it('answers 404 for an unknown payment', async () => {
      const { client } = await signedInOperator(server);
      expect((await client.post('/ops/payments/999999/verify', {})).status).toBe(404);
    });
  });

  describe('bank webhook', () => {
    const postWebhook = (body: string, signature?: string) =>
      new ApiClient(server.baseUrl).request('POST', '/payment/webhook', body, {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-bazaar-signature': signature }),
      });

    it('refuses a missing or bad signature with 401 and changes nothing', async () => {
      const { orderId } = await placeOrder(server, shopper);
      const body = JSON.stringify({ orderId, utr: newUtr(), status: 'SUCCESS' });
      for (const signature of [
        undefined,
        'nonsense',
        signWebhook(body, 'wrong-secret'),
        signWebhook(body + ' '),
      ]) {
        const res = await postWebhook(body, signature);
        expect(res.status).toBe(401);
        expect(res.body.error).toBe(paymentMessages.webhookSignature);
      }
      expect(await statusOf(shopper, orderId)).toBe('pending');
    });

    it('marks the order paid on a correctly signed SUCCESS, audited as the bank', async () => {
      const { orderId, payment, utr } = await orderUnderVerification(server, shopper);
      const body = JSON.stringify({ orderId, utr, status: 'SUCCESS' });
      const res = await postWebhook(body, `sha256=${signWebhook(body)}`);
      expect(res.status).toBe(200);
      expect(res.body.payment_status).toBe('paid');
      expect(await orderRow(server, orderId)).toMatchObject({
        payment_status: 'paid',
        delivery_status: 'placed',
      });
      expect(await decisionsOf(payment.id)).toEqual([
        expect.objectContaining({ source: 'bank', operator_id: null, decision: 'verified' }),
      ]);
      // A repeated notification is harmless.
      expect((await postWebhook(body, signWebhook(body))).status).toBe(200);
      expect(await decisionsOf(payment.id)).toHaveLength(1);
    });

    it('pays an order the shopper never typed a UTR for, and a FAILURE rejects the claimed transfer', async () => {
      const direct = await placeOrder(server, shopper);
      const utr = newUtr();
      const body = JSON.stringify({ orderId: direct.orderId, utr, status: 'SUCCESS' });
      expect((await postWebhook(body, signWebhook(body))).status).toBe(200);
      expect((await paymentRow(server, direct.orderId)).utr).toBe(utr);
      expect(await statusOf(shopper, direct.orderId)).toBe('paid');

      const claimed = await orderUnderVerification(server, shopper);
      const failure = JSON.stringify({ orderId: claimed.orderId, utr: claimed.utr, status: 'FAILURE' });
      expect((await postWebhook(failure, signWebhook(failure))).status).toBe(200);
      const status = await shopper.get(`/payment/status/${claimed.orderId}`);
      expect(status.body).toMatchObject({
        payment_status: 'failed',
        canRetry: true,
        rejection: { utr: claimed.utr, reason: paymentMessages.bankFailed },
      });
    });

    it('validates the signed body', async () => {
      const body = JSON.stringify({ orderId: 'BZ-2601-ABCDEF', utr: '12', status: 'MAYBE' });
      expect((await postWebhook(body, signWebhook(body))).status).toBe(400);
      const unknown = JSON.stringify({ orderId: 'BZ-2601-ABCDEF', utr: newUtr(), status: 'SUCCESS' });
      expect((await postWebhook(unknown, signWebhook(unknown))).status).toBe(404);
    });
  });

  describe('UTR claimed by two orders (issue 14, finding 10)', () => {
    const postWebhook = (body: string) =>
      new ApiClient(server.baseUrl).request('POST', '/payment/webhook', body, {
        'content-type': 'application/json',
        'x-bazaar-signature': signWebhook(body),
      });
    const queueRow = async (client: ApiClient, paymentId: number) =>
      (await client.get<OpsPaymentsResponse>('/ops/payments')).body.payments.find(
        (p) => p.paymentId === paymentId,
      );

    it('shows both claims to the operator, and verifying one releases the other with a reason', async () => {
      const { client } = await signedInOperator(server);
      const squatter = await signInNewCustomer(server, 'Sunil Squat');
      const squatted = await orderUnderVerification(server, squatter);
      const victim = await placeOrder(server, shopper);
      const claim = await shopper.post('/payment/update-transactionId', {
        orderId: victim.orderId,
        transactionId: squatted.utr,
      });
      expect(claim.status).toBe(200);
      const victimPayment = await paymentRow(server, victim.orderId);

      const squatterRow = await queueRow(client, squatted.payment.id);
      expect(squatterRow?.conflicts).toEqual([
        expect.objectContaining({
          paymentId: victimPayment.id,
          orderId: victim.orderId,
          customerName: 'Priya Sharma',
          status: 'under verification',
        }),
      ]);
      expect((await queueRow(client, victimPayment.id))?.conflicts).toEqual([
        expect.objectContaining({ paymentId: squatted.payment.id, customerName: 'Sunil Squat' }),
      ]);

      expect((await client.post(`/ops/payments/${victimPayment.id}/verify`, {})).status).toBe(200);
      expect(await statusOf(shopper, victim.orderId)).toBe('paid');
      const squatterStatus = await squatter.get(`/payment/status/${squatted.orderId}`);
      expect(squatterStatus.body).toMatchObject({
        rejection: { utr: squatted.utr, reason: paymentMessages.claimVerifiedElsewhere },
      });
      // A transfer that paid an order cannot be claimed again.
      const reuse = await squatter.post('/payment/update-transactionId', {
        orderId: squatted.orderId,
        transactionId: squatted.utr,
      });
      expect(reuse.status).toBe(409);
      expect(reuse.body.error).toBe(paymentMessages.utrUsed);
    });

    it("a rejected squatter's UTR is free for its real payer", async () => {
      const { client } = await signedInOperator(server);
      const squatter = await signInNewCustomer(server, 'Sunil Squat');
      const squatted = await orderUnderVerification(server, squatter);
      expect(
        (await client.post(`/ops/payments/${squatted.payment.id}/reject`, { note: 'Not ours' })).status,
      ).toBe(200);
      expect((await paymentRow(server, squatted.orderId)).claimed_utr).toBeNull();
      const victim = await placeOrder(server, shopper);
      const claim = await shopper.post('/payment/update-transactionId', {
        orderId: victim.orderId,
        transactionId: squatted.utr,
      });
      expect(claim.status).toBe(200);
      expect((await queueRow(client, (await paymentRow(server, victim.orderId)).id))?.conflicts).toEqual([]);
    });

    it("the bank's signed confirmation pays the real order despite a squatter's claim, and releases that claim", async () => {
      const squatter = await signInNewCustomer(server, 'Sunil Squat');
      const squatted = await orderUnderVerification(server, squatter);
      const victim = await placeOrder(server, shopper);
      const body = JSON.stringify({ orderId: victim.orderId, utr: squatted.utr, status: 'SUCCESS' });
      const res = await postWebhook(body);
      expect(res.status).toBe(200);
      expect(res.body.payment_status).toBe('paid');
      expect(await statusOf(shopper, victim.orderId)).toBe('paid');
      expect((await squatter.get(`/payment/status/${squatted.orderId}`)).body).toMatchObject({
        payment_status: 'failed',
        rejection: { utr: squatted.utr, reason: paymentMessages.claimVerifiedElsewhere },
      });
    });
  });
});
