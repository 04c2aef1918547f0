/**
 * Statement budgets of the events whose messages read their facts inside the event's transaction
 * (notifications/facts.ts): a payment verified, a part shipped, a return requested and moved. Each change is
 * counted as orders.test.ts counts an order's placement, on a counting app over the test server's database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { countingApp, startTestServer, testDialect, type TestServer } from './harness';
import { catalog, signInNewCustomer, type CustomerClient } from './orders-fixtures';
import { orderUnderVerification, partsBySeller, webhookPaymentsConfig } from './payments-fixtures';
import {
  consoleCookie,
  enableSellerLogins,
  newOperator,
  seedCatalog,
  SELLER_PASSWORD,
} from './security-fixtures';

let server: TestServer;
let counting: { app: FastifyInstance; queries: { count: number } };
let shopper: CustomerClient;
let operatorCookie: string;
let sellerCookie: string;

beforeAll(async () => {
  server = await startTestServer({
    prepare: async (database) => {
      await seedCatalog(database);
      await enableSellerLogins(database.db);
    },
    config: { payments: webhookPaymentsConfig },
  });
  counting = await countingApp(server);
  shopper = await signInNewCustomer(server);
  operatorCookie = await consoleCookie(server, '/ops/login', await newOperator(server));
  sellerCookie = await consoleCookie(server, '/seller/login', {
    email: catalog.sellers[0].email,
    password: SELLER_PASSWORD,
  });
});
afterAll(async () => {
  await counting?.app.close();
  await server?.close();
});

/**
 * Sends a change to the counting app as a browser would (a console's session cookie, or the shopper's token) and
 * answers how many statements it ran.
 */
async function statementsOf(
  url: string,
  payload: object,
  session: { cookie: string } | { authorization: string },
): Promise<number> {
  counting.queries.count = 0;
  const res = await counting.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { host: 'shop.test', origin: 'http://shop.test', ...session },
    payload,
  });
  expect([200, 201], res.body).toContain(res.statusCode);
  return counting.queries.count;
}

const asOperator = () => ({ cookie: operatorCookie });
const asSeller = () => ({ cookie: sellerCookie });
const asShopper = () => ({ authorization: `Bearer ${shopper.sessionToken}` });

describe(`statements per event (${testDialect})`, () => {
  it('verifies a payment, ships a part and moves a return within their budgets', async () => {
    const counted: Record<string, number> = {};
    // Seller one's kurta and seller two's saree: a payment that places two parts.
    const order = await orderUnderVerification(server, shopper, { kurta: 1, saree: 1 });
    counted.verify = await statementsOf(`/ops/payments/${order.payment.id}/verify`, {}, asOperator());

    const part = (await partsBySeller(server, order.orderId))[catalog.sellers[0].id];
    const move = (body: object) => statementsOf(`/seller/orders/${part}/status`, body, asSeller());
    await move({ status: 'warehouse' });
    counted.ship = await move({ status: 'shipped', courier: 'Delhivery', trackingNumber: 'DLV1234567890' });
    counted.deliver = await move({ status: 'delivered' });

    const { body } = await shopper.get(`/home/customer/gat-order/${order.orderId}`);
    const kurta = body.order.products.find(
      (line: { productInfo: { name: string } }) => line.productInfo.name === catalog.products.kurta.name,
    );
    counted.requestReturn = await statementsOf(
      `/home/customer/return-request/${order.orderId}`,
      { lines: [{ orderItemId: kurta.orderItemId, quantity: 1 }], reason: 'Size too small' },
      asShopper(),
    );
    const returned = await server.database.db.selectFrom('returns').select('id').executeTakeFirstOrThrow();
    const setState = (state: string) =>
      statementsOf(`/seller/returns/${returned.id}/state`, { state }, asSeller());
    counted.approve = await setState('approved');
    counted.receive = (await setState('picked_up')) && (await setState('received'));
    expect(counted).toEqual({
      // Session; the payment marked paid, the order paid and its two parts placed with their events; the sellers'
      // and the shopper's messages in one insert (the order and its lines read once for all three, then each
      // part); the status, the parts' tax invoices, the decision, the audit row; then the rival claims of the UTR
      // and the answer.
      verify: 30,
      // Session and the part; the move with its event and the order's status; the message's facts (the order, its
      // lines, the part: its lines are among the order's) and its insert; the answer.
      ship: 16,
      deliver: 16,
      // Session, the order; under its lock the lines and earlier returns, the return and its units; both messages
      // in one insert over one read of the return; the answer (the return, its units, its photos).
      requestReturn: 13,
      approve: 9,
      // The units priced into the refund, the refund, the return's link to it, and the message with the refund.
      receive: 13,
    });
  });
});
