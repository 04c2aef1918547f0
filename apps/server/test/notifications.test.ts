/**
 * Notifications (issue 19): events queue e-mails (and SMS) in the outbox inside their own transaction, and the
 * delivery job sends them through a real SMTP server started here, with retries, once each even with several
 * processes delivering.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { NotificationSettings } from '../src/config';
import { buildApp } from '../src/app';
import type { SmsProvider } from '../src/auth/sms';
import { enqueueNotification } from '../src/notifications/outbox';
import { deliverDueNotifications } from '../src/notifications/service';
import { createMailer } from '../src/notifications/transport';
import { cancelUnpaidOrder } from '../src/flows/reservationExpiry';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';
import { addressBody, catalog, seedCatalog, signInNewCustomer, type CustomerClient } from './orders-fixtures';
import { orderRow, orderUnderVerification, placeOrder } from './payments-fixtures';
import {
  enableSellerLogins,
  newOperator,
  registerShopper,
  signedInOperator,
  signedInOperator as signedInStaff,
  signedInSeller,
} from './security-fixtures';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from './smtp-capture';

/** Seconds before the first retry here: short, so the backoff's doubling shows within a test. */
const RETRY_BASE_SECONDS = 0.3;
const MAX_ATTEMPTS = 3;

let smtp: SmtpCapture;
let server: TestServer;
const texts: { mobile: string; text: string }[] = [];
const capturingSms: SmsProvider = { send: async (mobile, text) => void texts.push({ mobile, text }) };

function notificationSettings(overrides: Partial<NotificationSettings> = {}): NotificationSettings {
  return {
    smtpUrl: smtp.url,
    mailFrom: 'Bazaar <orders@bazaar.test>',
    shopUrl: 'https://bazaar.test',
    maxAttempts: MAX_ATTEMPTS,
    retryBaseSeconds: RETRY_BASE_SECONDS,
    pollSeconds: 30,
    deliver: true,
    ...overrides,
  };
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({
    sms: capturingSms,
    config: { notifications: notificationSettings() },
    prepare: async (database) => {
      await seedCatalog(database, { kurta: 50, tee: 50, saree: 50 });
      await enableSellerLogins(database.db);
    },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const db = () => server.database.db;

/** Waits (polling, 10 s at most) until `find` answers something, and answers it. */
async function waitFor<T>(what: string, find: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = await find();
    if (found !== undefined && found !== null) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function mailTo(address: string, subject: string | RegExp): Promise<CapturedMail> {
  return waitFor(`a mail to ${address} about ${subject}`, () =>
    smtp
      .mailsTo(address)
      .find((mail) => (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject))),
  );
}

async function emailOf(customer: CustomerClient): Promise<string> {
  const row = await db()
    .selectFrom('customers')
    .select('email')
    .where('id', '=', customer.customerId)
    .executeTakeFirstOrThrow();
  return row.email!;
}

function outboxOf(kind: string, recipientId: number | null) {
  let query = db().selectFrom('notification_outbox').selectAll().where('kind', '=', kind);
  query =
    recipientId === null
      ? query.where('recipient_id', 'is', null)
      : query.where('recipient_id', '=', recipientId);
  return query.orderBy('id').execute();
}

/** Waits until no message at all is pending. */
function outboxIdle() {
  return waitFor('an idle outbox', async () => {
    const pending = await db()
      .selectFrom('notification_outbox')
      .select('id')
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return pending ? undefined : true;
  });
}

/** Waits until every message of `kind` to the recipient left `pending`. */
function settled(kind: string, recipientId: number | null) {
  return waitFor(`${kind} messages settled`, async () => {
    const rows = await outboxOf(kind, recipientId);
    return rows.length && rows.every((row) => row.state !== 'pending') ? rows : undefined;
  });
}

/** A paid order of one saree (Saree Mahal, seller 2) and one kurta (Roadster Store, seller 1). */
async function paidOrder(shopper: CustomerClient) {
  const order = await orderUnderVerification(server, shopper, { saree: 1, kurta: 2 });
  const operator = await signedInOperator(server);
  expect((await operator.post(`/ops/payments/${order.payment.id}/verify`, {})).status).toBe(200);
  const id = (await orderRow(server, order.orderId)).id;
  const parts = await db()
    .selectFrom('seller_orders')
    .select(['id', 'seller_id'])
    .where('customer_order_id', '=', id)
    .execute();
  const partOf = (sellerId: number) => parts.find((part) => part.seller_id === sellerId)!.id;
  return { ...order, id, sareePart: partOf(2), kurtaPart: partOf(1) };
}

/** A new shopper whose welcome the SMTP server refuses at every try, until the delivery gives up: its row. */
async function welcomeThatFails(name: string) {
  const customer = await signInNewCustomer(server, name);
  smtp.refuseNext(MAX_ATTEMPTS);
  await db()
    .transaction()
    .execute((trx) =>
      enqueueNotification(trx, { kind: 'welcome', to: { customerId: customer.customerId }, params: {} }),
    );
  const [failed] = await settled('welcome', customer.customerId);
  return { customer, failed };
}

/** A paid order whose kurta part (Roadster Store) was delivered, and the shopper's return of one kurta. */
async function returnRequested(shopper: CustomerClient, comment?: string) {
  const order = await paidOrder(shopper);
  const kurtaShop = await signedInSeller(server, 0);
  for (const body of [
    { status: 'warehouse' },
    { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DLV55554444' },
    { status: 'delivered' },
  ])
    expect((await kurtaShop.post(`/seller/orders/${order.kurtaPart}/status`, body)).status).toBe(200);
  const line = await db()
    .selectFrom('order_items')
    .select('id')
    .where('seller_order_id', '=', order.kurtaPart)
    .executeTakeFirstOrThrow();
  const requested = await shopper.post(`/home/customer/return-request/${order.orderId}`, {
    lines: [{ orderItemId: line.id, quantity: 1 }],
    reason: 'Size too small',
    ...(comment ? { comment } : {}),
  });
  expect(requested.status, JSON.stringify(requested.body)).toBe(201);
  return { order, kurtaShop, returnId: requested.body.returns[0]._id as number };
}

describe(`notifications through SMTP (${testDialect})`, () => {
  it('welcomes a shopper who registers, once, by name, in HTML and plain text', async () => {
    const shopper = await registerShopper(server, 'Meera Iyer');
    const mail = await mailTo(shopper.email, 'Welcome to Bazaar');
    expect(mail.from).toBe('"Bazaar" <orders@bazaar.test>');
    expect(mail.text).toContain('Hi Meera,');
    expect(mail.html).toContain('Hi Meera,');
    expect(mail.html).toContain('#e11d48');
    // The same e-mail registering again is refused, and welcomed no second time.
    const again = await new ApiClient(server.baseUrl).post('/customer/customer-register', {
      name: 'Meera Again',
      email: shopper.email,
      password: 'correct horse 42',
    });
    expect(again.status).toBe(409);
    expect(await outboxOf('welcome', shopper.id)).toHaveLength(1);
  });

  it('sends the order-placed mail with the lines, rupee amounts, the UPI reminder and the deadline', async () => {
    const shopper = await signInNewCustomer(server, 'Kavya Nair');
    const order = await placeOrder(server, shopper, { kurta: 2 });
    const mail = await mailTo(await emailOf(shopper), `Order ${order.orderId} placed`);
    const kurta = catalog.products.kurta;
    expect(mail.text).toContain(`${kurta.name} (Roadster)`);
    expect(mail.text).toContain('× 2');
    const total = `₹${order.price.toLocaleString('en-IN')}`;
    expect(mail.text).toContain(`Order total: ${total}`);
    expect(mail.text).toMatch(/complete your UPI payment of ₹[\d,]+ by \d{1,2} \w{3} \d{4}, .* IST/);
    expect(mail.html).toContain('<table');
    expect(mail.text).toContain(`https://bazaar.test/dashboard/order/details/${order.orderId}`);
  });

  it('tells the shopper of the payment, each seller of its part, then shipping and delivery by mail and SMS', async () => {
    const shopper = await signInNewCustomer(server, 'Ravi Kumar');
    await db()
      .updateTable('customers')
      .set({ phone: '9123456780' })
      .where('id', '=', shopper.customerId)
      .execute();
    const email = await emailOf(shopper);
    const order = await paidOrder(shopper);

    await mailTo(email, `Payment received for order ${order.orderId}`);
    const sareeSeller = await mailTo(catalog.sellers[1].email, `New order ${order.orderId}: please pack it`);
    expect(sareeSeller.text).toContain(catalog.products.saree.name);
    expect(sareeSeller.text).not.toContain(catalog.products.kurta.name);
    await mailTo(catalog.sellers[0].email, `New order ${order.orderId}: please pack it`);

    const sareeShop = await signedInSeller(server, 1);
    const ship = { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DLV99887766' };
    for (const status of ['warehouse', 'shipped'])
      expect(
        (
          await sareeShop.post(
            `/seller/orders/${order.sareePart}/status`,
            status === 'shipped' ? ship : { status },
          )
        ).status,
      ).toBe(200);
    const shipped = await mailTo(email, `Your order ${order.orderId} has shipped`);
    expect(shipped.text).toContain('Courier: Delhivery');
    expect(shipped.text).toContain('Tracking number (AWB): DLV99887766');
    const shippedText = await waitFor('the shipped SMS', () =>
      texts.find((sms) => sms.mobile === '9123456780' && sms.text.includes('has shipped')),
    );
    expect(shippedText.text).toContain('AWB DLV99887766');

    expect(
      (await sareeShop.post(`/seller/orders/${order.sareePart}/status`, { status: 'delivered' })).status,
    ).toBe(200);
    await mailTo(email, `Your order ${order.orderId} was delivered`);
    await waitFor('the delivered SMS', () =>
      texts.find((sms) => sms.mobile === '9123456780' && sms.text.includes('was delivered')),
    );
  });

  it('texts a shopper without a mobile on the account at the delivery phone of the order', async () => {
    const shopper = await signInNewCustomer(server, 'Email Only');
    const order = await paidOrder(shopper);
    const sareeShop = await signedInSeller(server, 1);
    for (const body of [
      { status: 'warehouse' },
      { status: 'shipped', courier: 'Blue Dart', trackingNumber: 'BD4242424242' },
    ])
      expect((await sareeShop.post(`/seller/orders/${order.sareePart}/status`, body)).status).toBe(200);
    const sms = await waitFor('the shipped SMS', () =>
      texts.find((text) => text.text.includes(order.orderId)),
    );
    expect(sms).toEqual({
      mobile: addressBody().phonenumber,
      text: `Bazaar: your order ${order.orderId} from Saree Mahal has shipped with Blue Dart, AWB BD4242424242.`,
    });
  });

  it("tells the shopper of a seller's cancellation and the refund with the policy's promise", async () => {
    const shopper = await signInNewCustomer(server, 'Anil Menon');
    const order = await paidOrder(shopper);
    const kurtaShop = await signedInSeller(server, 0);
    const cancel = { status: 'cancelled', note: 'Out of this colour' };
    expect((await kurtaShop.post(`/seller/orders/${order.kurtaPart}/status`, cancel)).status).toBe(200);
    const mail = await mailTo(await emailOf(shopper), `Order ${order.orderId} partly cancelled`);
    const refund = await db()
      .selectFrom('refunds')
      .select('amount')
      .where('seller_order_id', '=', order.kurtaPart)
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain('Reason: Out of this colour');
    expect(mail.text).toContain(`₹${refund.amount.toLocaleString('en-IN')} will be refunded`);
    expect(mail.text).toContain('within 7-10 business days');
  });

  it('tells the shopper of their own cancellation, each return step and the refund, and the seller of the return', async () => {
    const shopper = await signInNewCustomer(server, 'Nisha Rao');
    const email = await emailOf(shopper);
    const cancelled = await paidOrder(shopper);
    const cancel = await shopper.post(`/home/customer/cancel-order/${cancelled.orderId}`, {
      sellerId: 2,
      reason: 'Ordered by mistake',
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const cancelMail = await mailTo(email, `Order ${cancelled.orderId} partly cancelled`);
    expect(cancelMail.text).toContain('were cancelled as you asked');
    expect(cancelMail.text).toMatch(/₹[\d,]+ will be refunded/);

    const { order, kurtaShop, returnId } = await returnRequested(shopper, 'Runs <small>');
    const sellerMail = await mailTo(catalog.sellers[0].email, `Return requested for order ${order.orderId}`);
    expect(sellerMail.text).toContain('Reason: Size too small');
    expect(sellerMail.html).toContain('Runs &lt;small&gt;');
    await mailTo(email, `Your return for order ${order.orderId}: Return requested`);

    for (const state of ['approved', 'picked_up', 'received']) {
      const moved = await kurtaShop.post(`/seller/returns/${returnId}/state`, { state });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      // Each step is told before the next, as a shopper would see them one by one.
      await settled('return_update', shopper.customerId);
    }
    await mailTo(email, `Your return for order ${order.orderId}: Return approved`);
    const received = await mailTo(email, `Your return for order ${order.orderId}: Return received`);
    const refund = await db()
      .selectFrom('refunds')
      .select(['id', 'amount'])
      .where('customer_order_id', '=', order.id)
      .where('reason', '=', 'return')
      .executeTakeFirstOrThrow();
    expect(received.text).toContain(`₹${refund.amount.toLocaleString('en-IN')} will be refunded to you`);

    const operator = await signedInOperator(server);
    const recorded = await operator.post(`/admin/refunds/${refund.id}/record`, {
      reference: 'UPI778899001122',
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    const refundMail = await mailTo(
      email,
      `Refund of ₹${refund.amount.toLocaleString('en-IN')} issued for order ${order.orderId}`,
    );
    expect(refundMail.text).toContain('Reference: UPI778899001122');
    expect(refundMail.text).toContain('within 7-10 business days');
  });

  it('writes each return update with the state it had when it happened, however late it is sent', async () => {
    const shopper = await signInNewCustomer(server, 'Ira Sen');
    const email = await emailOf(shopper);
    const { order, kurtaShop, returnId } = await returnRequested(shopper);
    await outboxIdle();

    // The approval's mail is refused once, so it is written again only after the pickup that follows at once.
    smtp.refuseNext(1);
    for (const state of ['approved', 'picked_up'])
      expect((await kurtaShop.post(`/seller/returns/${returnId}/state`, { state })).status).toBe(200);
    const rows = (await settled('return_update', shopper.customerId)).filter(
      (row) => JSON.parse(row.params).returnId === returnId,
    );
    expect(rows.map((row) => [row.state, JSON.parse(row.params).facts.state])).toEqual([
      ['sent', 'requested'],
      ['sent', 'approved'],
      ['sent', 'picked_up'],
    ]);
    expect(rows[1].attempts).toBe(2);
    const subjects = smtp
      .mailsTo(email)
      .map((mail) => mail.subject)
      .filter((subject) => subject.startsWith(`Your return for order ${order.orderId}`));
    expect(subjects).toEqual([
      `Your return for order ${order.orderId}: Return requested`,
      `Your return for order ${order.orderId}: Return picked up`,
      `Your return for order ${order.orderId}: Return approved`,
    ]);

    // A message queued before facts were stored (its ids only) is still written, from the return as it is now.
    const queuedAt = new Date().toISOString();
    await db()
      .insertInto('notification_outbox')
      .values({
        channel: 'email',
        kind: 'return_update',
        recipient_kind: 'customer',
        recipient_id: shopper.customerId,
        params: JSON.stringify({ returnId }),
        next_attempt_at: queuedAt,
        locked_until: null,
        last_error: null,
        created_at: queuedAt,
        sent_at: null,
      })
      .execute();
    // Queuing another message wakes the delivery job, which takes every due one.
    await db()
      .transaction()
      .execute((trx) =>
        enqueueNotification(trx, { kind: 'welcome', to: { customerId: shopper.customerId }, params: {} }),
      );
    await waitFor('the message queued without facts', () => {
      const pickedUp = smtp
        .mailsTo(email)
        .filter((mail) => mail.subject === `Your return for order ${order.orderId}: Return picked up`);
      return pickedUp.length === 2 ? pickedUp : undefined;
    });
  });

  it('tells a shopper who switches from UPI to cash on delivery that the method changed, with the fee, once', async () => {
    await db().updateTable('sellers').set({ accepts_cod: 1 }).execute();
    const admin = await signedInStaff(server, 'admin');
    expect((await admin.put('/admin/settings', { codLimit: 5000, codFee: 49 })).status).toBe(200);
    const shopper = await signInNewCustomer(server, 'Tara Menon');
    const email = await emailOf(shopper);
    const order = await placeOrder(server, shopper, { saree: 1 });
    await mailTo(email, `Order ${order.orderId} placed`);
    const switched = await shopper.post(`/payment/cod/${order.orderId}`);
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);

    const mail = await mailTo(email, `Order ${order.orderId}: payment changed to cash on delivery`);
    const total = `₹${(order.price + 49).toLocaleString('en-IN')}`;
    expect(mail.text).toContain(
      `Please keep ${total} ready when it arrives, including the cash on delivery fee of ₹49.`,
    );
    expect(mail.text).toContain('Cash on delivery fee: ₹49');
    expect(mail.text).toContain(`Order total: ${total}`);
    expect(mail.html).toContain('Payment method changed to cash on delivery');
    await settled('payment_method_changed', shopper.customerId);
    // The order was announced once, when it was placed.
    expect(await outboxOf('order_placed', shopper.customerId)).toHaveLength(1);
    expect(smtp.mailsTo(email).filter((m) => m.subject === `Order ${order.orderId} placed`)).toHaveLength(1);
    expect((await admin.put('/admin/settings', { codLimit: 5000, codFee: 0 })).status).toBe(200);
  });

  it('tells the shopper an unpaid order was cancelled when its reservation ended', async () => {
    const shopper = await signInNewCustomer(server, 'Farah Khan');
    const order = await placeOrder(server, shopper, { tee: 1 });
    expect(await cancelUnpaidOrder(server.app.ctx, order.orderId)).toBe(true);
    const mail = await mailTo(await emailOf(shopper), `Order ${order.orderId} cancelled`);
    expect(mail.text).toContain('Payment was not received in time');
    expect(mail.text).toContain('You were not charged');
  });

  it('tells the shopper an operator rejected the UTR', async () => {
    const shopper = await signInNewCustomer(server, 'Tara Das');
    const order = await orderUnderVerification(server, shopper, { tee: 1 });
    const operator = await signedInOperator(server);
    const rejected = await operator.post(`/ops/payments/${order.payment.id}/reject`, {
      note: 'No such transfer',
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const mail = await mailTo(
      await emailOf(shopper),
      `We could not verify your payment for order ${order.orderId}`,
    );
    expect(mail.text).toContain('No such transfer');
  });

  it('asks every admin, and no operator, to approve a newly registered seller', async () => {
    const admins = [await newOperator(server, 'admin'), await newOperator(server, 'admin')];
    const operator = await newOperator(server, 'operator');
    const res = await new ApiClient(server.baseUrl).post('/seller/register', {
      shopName: 'Chikan <Craft> & Co',
      ownerName: 'Zoya Ali',
      email: `zoya-${Date.now()}@example.in`,
      mobile: '9876543210',
      password: 'long enough secret',
      pickupAddress: { address: '5 Aminabad', city: 'Lucknow', state: 'Uttar Pradesh', pincode: '226018' },
      gstin: '09ABCDE1234F1Z5',
      pan: 'ABCDE1234F',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const subject = 'New seller to approve: Chikan <Craft> & Co';
    for (const admin of admins) {
      const mail = await mailTo(admin.email, subject);
      expect(mail.text).toContain('Review sellers: https://bazaar.test/admin/sellers');
      // What the seller typed is escaped in the HTML part.
      expect(mail.html).toContain('Chikan &lt;Craft&gt; &amp; Co');
      expect(mail.html).not.toContain('<Craft>');
    }
    expect(smtp.mailsTo(operator.email)).toHaveLength(0);
  });

  it('sends nothing for an event whose transaction rolled back', async () => {
    const shopper = await signInNewCustomer(server, 'Rolled Back');
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await enqueueNotification(trx, {
            kind: 'welcome',
            to: { customerId: shopper.customerId },
            params: {},
          });
          throw new Error('the event failed');
        }),
    ).rejects.toThrow('the event failed');
    // A later message to someone else is delivered, so the job has run since.
    const other = await signInNewCustomer(server, 'Sent Later');
    await db()
      .transaction()
      .execute((trx) =>
        enqueueNotification(trx, { kind: 'welcome', to: { customerId: other.customerId }, params: {} }),
      );
    await mailTo(await emailOf(other), 'Welcome to Bazaar');
    expect(await outboxOf('welcome', shopper.customerId)).toHaveLength(0);
    expect(smtp.mailsTo(await emailOf(shopper))).toHaveLength(0);
  });

  it('retries a refused message with a doubling backoff, then gives up with the error', async () => {
    const shopper = await signInNewCustomer(server, 'Retry Later');
    const before = smtp.attempts.length;
    smtp.refuseNext(2);
    await db()
      .transaction()
      .execute((trx) =>
        enqueueNotification(trx, { kind: 'welcome', to: { customerId: shopper.customerId }, params: {} }),
      );
    await mailTo(await emailOf(shopper), 'Welcome to Bazaar');
    const [row] = await settled('welcome', shopper.customerId);
    expect(row).toMatchObject({ state: 'sent', attempts: 3 });
    const [first, second, third] = smtp.attempts.slice(before);
    expect(second - first).toBeGreaterThanOrEqual(RETRY_BASE_SECONDS * 1000 - 50);
    expect(third - second).toBeGreaterThanOrEqual(2 * RETRY_BASE_SECONDS * 1000 - 50);

    const { customer: unlucky, failed } = await welcomeThatFails('Never Delivered');
    expect(failed).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
    expect(failed.last_error).toContain('451');
    expect(smtp.mailsTo(await emailOf(unlucky))).toHaveLength(0);
  });

  it('shows staff the failed messages by kind and recipient, and a retry (audited, once) sends one', async () => {
    const { customer: unlucky, failed } = await welcomeThatFails('Zubin Unlucky');
    const email = await emailOf(unlucky);
    expect(failed.state).toBe('failed');

    const admin = await signedInStaff(server, 'admin');
    const operator = await signedInStaff(server, 'operator');
    // Failed is the default; the recipient is found by words of the name or the e-mail, any case.
    const listed = await admin.get('/admin/notifications?recipient=ZUBIN');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(listed.body.notifications).toEqual([
      {
        _id: failed.id,
        channel: 'email',
        kind: 'welcome',
        state: 'failed',
        recipient: { kind: 'customer', _id: unlucky.customerId, name: 'Zubin Unlucky', email },
        attempts: MAX_ATTEMPTS,
        lastError: expect.stringContaining('451'),
        createdAt: failed.created_at,
        nextAttemptAt: expect.any(String),
        sentAt: null,
      },
    ]);
    const byEmail = await operator.get(
      `/admin/notifications?recipient=${encodeURIComponent(email.slice(0, 8))}`,
    );
    expect(byEmail.body.notifications.map((n: { _id: number }) => n._id)).toContain(failed.id);
    expect((await admin.get('/admin/notifications?recipient=zubin&kind=order_placed')).body.total).toBe(0);
    expect((await admin.get('/admin/notifications?recipient=zubin&state=sent')).body.total).toBe(0);
    // LIKE's wildcards are words like any other.
    expect((await admin.get('/admin/notifications?recipient=%25')).body.total).toBe(0);
    expect((await admin.get('/admin/notifications?state=lost')).status).toBe(400);
    expect((await unlucky.post(`/admin/notifications/${failed.id}/retry`)).status).toBe(403);

    const retried = await operator.post(`/admin/notifications/${failed.id}/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.notification).toMatchObject({ _id: failed.id, attempts: 0 });
    await mailTo(email, 'Welcome to Bazaar');
    const [sent] = await settled('welcome', unlucky.customerId);
    expect(sent).toMatchObject({ state: 'sent', attempts: 1 });
    const again = await admin.post(`/admin/notifications/${failed.id}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('NOT_FAILED');
    expect((await admin.post('/admin/notifications/999999/retry')).status).toBe(404);
    expect(
      (await admin.get('/admin/notifications?recipient=zubin&state=sent')).body.notifications,
    ).toMatchObject([{ _id: failed.id, state: 'sent', sentAt: expect.any(String) }]);

    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'notification.retry')
      .where('subject_id', '=', String(failed.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ subject_kind: 'notification' });
    expect(JSON.parse(audit[0].before!)).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('fails a message whose recipient has no address at once, with the reason', async () => {
    const shopper = await signInNewCustomer(server, 'No Address');
    await db().updateTable('customers').set({ email: null }).where('id', '=', shopper.customerId).execute();
    await db()
      .transaction()
      .execute((trx) =>
        enqueueNotification(trx, { kind: 'welcome', to: { customerId: shopper.customerId }, params: {} }),
      );
    const [row] = await settled('welcome', shopper.customerId);
    expect(row).toMatchObject({
      state: 'failed',
      attempts: 1,
      last_error: 'The recipient has no e-mail address',
    });
  });

  it('leaves a message another process holds until its lease ends, then sends it (that process died)', async () => {
    const shopper = await signInNewCustomer(server, 'Lease Holder');
    const leaseEnd = Date.now() + 4_000;
    await db()
      .transaction()
      .execute(async (trx) => {
        await enqueueNotification(trx, {
          kind: 'welcome',
          to: { customerId: shopper.customerId },
          params: {},
        });
        await trx
          .updateTable('notification_outbox')
          .set({ locked_until: new Date(leaseEnd).toISOString(), attempts: 1 })
          .where('recipient_id', '=', shopper.customerId)
          .execute();
      });
    const mail = await mailTo(await emailOf(shopper), 'Welcome to Bazaar');
    expect(mail.receivedAt).toBeGreaterThanOrEqual(leaseEnd);
    const [row] = await settled('welcome', shopper.customerId);
    expect(row).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('sends each message once while two processes and two extra runs deliver at the same time', async () => {
    const second: FastifyInstance = await buildApp({
      config: server.config,
      database: server.database,
      sms: capturingSms,
    });
    await second.ready();
    try {
      const shoppers = await Promise.all(
        Array.from({ length: 12 }, (_, index) => signInNewCustomer(server, `Racer ${index}`)),
      );
      await db()
        .transaction()
        .execute((trx) =>
          enqueueNotification(
            trx,
            ...shoppers.map((shopper) => ({
              kind: 'welcome' as const,
              to: { customerId: shopper.customerId },
              params: {},
            })),
          ),
        );
      const mailer = createMailer(server.config, server.app.log);
      await Promise.all([
        deliverDueNotifications(server.app.ctx, mailer),
        deliverDueNotifications(second.ctx, mailer),
      ]);
      mailer.close();
      for (const shopper of shoppers) {
        const [row] = await settled('welcome', shopper.customerId);
        expect(row).toMatchObject({ state: 'sent', attempts: 1 });
      }
      // Late deliveries would show up now.
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const shopper of shoppers) expect(smtp.mailsTo(await emailOf(shopper))).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('notifications without SMTP', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-outbox-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes each e-mail as an .eml file under DATA_DIR/outbox', async () => {
    const config = { ...server.config, dataDir, notifications: notificationSettings({ smtpUrl: undefined }) };
    const mailer = createMailer(config, server.app.log);
    await mailer.send({
      to: ['meera@example.in'],
      subject: 'Order BZ-2611-TEST01 placed',
      html: '<p>Total ₹1,299</p>',
      text: 'Total ₹1,299',
      reference: '7-order_placed',
    });
    mailer.close();
    const folder = path.join(dataDir, 'outbox');
    expect(existsSync(folder)).toBe(true);
    const [file] = readdirSync(folder);
    expect(file).toMatch(/-7-order_placed\.eml$/);
    const raw = readFileSync(path.join(folder, file), 'utf8');
    expect(raw).toContain('To: meera@example.in');
    expect(raw).toContain('Subject: Order BZ-2611-TEST01 placed');
    expect(raw).toContain('multipart/alternative');
  });
});
