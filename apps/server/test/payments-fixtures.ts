/** Setup shared by the payments and ops API suites: orders placed through the real palce-order call. */
import { createHmac } from 'node:crypto';
import type { PaymentState } from '@bazaar/shared';
import { ApiClient, type TestServer } from './harness';
import {
  newIdempotencyKey,
  putInCart,
  savedAddressId,
  stockOf,
  type CustomerClient,
  type ProductKey,
} from './orders-fixtures';
import { createOperator } from '../src/ops/service';

export { seedCatalog, signInNewCustomer, type CustomerClient } from './orders-fixtures';

export const WEBHOOK_SECRET = 'test-webhook-secret';

/** Payments as the suites that post bank notifications configure them (the expiry job off: tests run it). */
export const webhookPaymentsConfig = {
  upiVpa: 'bazaar.demo@upi',
  upiPayeeName: 'Bazaar Fashion',
  reservationMinutes: 30,
  attemptSeconds: 300,
  utrHoldMinutes: 120,
  webhookSecret: WEBHOOK_SECRET,
  expiryJobIntervalSeconds: 0,
};

/** The parts of an order by seller id (1: Roadster Store, 2: Saree Mahal). */
export async function partsBySeller(server: TestServer, orderId: string): Promise<Record<number, number>> {
  const rows = await server.database.db
    .selectFrom('seller_orders')
    .innerJoin('customer_orders', 'customer_orders.id', 'seller_orders.customer_order_id')
    .select(['seller_orders.id', 'seller_orders.seller_id'])
    .where('customer_orders.order_code', '=', orderId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.seller_id, row.id]));
}

export interface PlacedOrder {
  orderId: string;
  /** Goods plus shipping, as the server computed it. */
  price: number;
}

/** Puts the lines in the customer's cart, saves an address and places the order through the API. */
export async function placeOrder(
  server: TestServer,
  customer: CustomerClient,
  lines: Partial<Record<ProductKey, number>> = { saree: 1 },
): Promise<PlacedOrder> {
  await putInCart(server.database, customer.customerId, lines);
  const addressId = await savedAddressId(customer);
  const res = await customer.post('/home/order/palce-order', {
    addressId,
    idempotencyKey: newIdempotencyKey(),
    price: 1,
  });
  if (res.status !== 201)
    throw new Error(`placing the order failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { orderId: res.body.orderId, price: res.body.price };
}

export async function paymentRow(server: TestServer, orderId: string) {
  return server.database.db
    .selectFrom('payments')
    .selectAll()
    .where('order_code', '=', orderId)
    .executeTakeFirstOrThrow();
}

export async function orderRow(server: TestServer, orderId: string) {
  return server.database.db
    .selectFrom('customer_orders')
    .select(['id', 'payment_status', 'delivery_status'])
    .where('order_code', '=', orderId)
    .executeTakeFirstOrThrow();
}

export async function statusOf(customer: CustomerClient, orderId: string): Promise<PaymentState> {
  const res = await customer.get(`/payment/status/${orderId}`);
  if (res.status !== 200) throw new Error(`status failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.payment_status;
}

const utrBase = 100_000_000_000 + Math.floor(Math.random() * 800_000_000_000);
let utrCounter = 0;
/** A fresh 12-digit UTR per call. */
export const newUtr = (): string => String(utrBase + ++utrCounter);

/** Places an order and submits a UTR for it, leaving the payment under verification. */
export async function orderUnderVerification(
  server: TestServer,
  customer: CustomerClient,
  lines?: Partial<Record<ProductKey, number>>,
) {
  const order = await placeOrder(server, customer, lines);
  const utr = newUtr();
  const res = await customer.post('/payment/update-transactionId', {
    orderId: order.orderId,
    transactionId: utr,
  });
  if (res.status !== 200) throw new Error(`UTR submission failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...order, utr, payment: await paymentRow(server, order.orderId) };
}

let operatorCounter = 0;
/** Creates an operator and returns a client signed in to the console with it. */
export async function signedInOperator(server: TestServer, name = 'Asha Rao') {
  operatorCounter += 1;
  const email = `operator${operatorCounter}@bazaar.example`;
  const password = 'correct horse battery';
  const operator = await createOperator(server.database.db, { email, name, password });
  const client = new ApiClient(server.baseUrl);
  const res = await client.post('/ops/login', { email, password });
  if (res.status !== 200) throw new Error(`operator login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { operator, client, email, password };
}

export function signWebhook(body: string, secret = WEBHOOK_SECRET): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export const stockOfProduct = (server: TestServer, key: ProductKey) => stockOf(server.database, key);
