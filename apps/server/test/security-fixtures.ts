/**
 * A populated shop for the security suites (authorization matrix, hostile input, backups): two customers with
 * passwords, each owning a cart, a wishlist, an address, an order with a payment under verification and a chat,
 * plus a seller who can sign in and an operator.
 */
import { createHash } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { sql } from 'kysely';
import type { DB } from '../src/db/database';
import type { StaffRole } from '@bazaar/shared';
import { createOperator } from '../src/ops/service';
import { SHOP_TABLES } from '../src/backup/tables';

export { SHOP_TABLES };
import { ApiClient, testDialect, type TestServer } from './harness';
import { catalog, newIdempotencyKey, seedCatalog } from './orders-fixtures';
import { defaultVariantOf } from './variant-fixtures';

export { seedCatalog };

export const PASSWORD = 'correct horse 42';
export const SELLER_PASSWORD = 'seller secret 42';

/** A shopper who signed up through the API and sends the session as the web app does (Bearer). */
export class Shopper extends ApiClient {
  constructor(
    baseUrl: string,
    readonly id: number,
    readonly name: string,
    readonly email: string,
    public sessionToken: string,
  ) {
    super(baseUrl);
  }

  override request<T = any>(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    return super.request<T>(method, url, body, { authorization: `Bearer ${this.sessionToken}`, ...headers });
  }
}

let shopperCounter = 0;

export async function registerShopper(server: TestServer, name: string): Promise<Shopper> {
  shopperCounter += 1;
  const email = `${name.split(' ')[0].toLowerCase()}.${shopperCounter}.${Date.now()}@example.in`;
  const res = await new ApiClient(server.baseUrl).post('/customer/customer-register', {
    name,
    email,
    password: PASSWORD,
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.body)}`);
  const row = await server.database.db
    .selectFrom('customers')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return new Shopper(server.baseUrl, row.id, name, email, res.body.token);
}

function expectStatus(res: { status: number; body: unknown }, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
}

export interface ShopperData {
  shopper: Shopper;
  addressId: number;
  /** Cart lines left after the order: an in-stock tee and a sold-out pair of sneakers. */
  cartLineId: number;
  soldOutLineId: number;
  wishlistId: number;
  orderCode: string;
  paymentId: number;
  /** The order's part of seller one (the kurta's shop): what another seller must not see or change. */
  sellerOnePartId: number;
}

let utrCounter = 0;

/** Gives the shopper one of everything a customer can own, all through the API. */
export async function fillAccount(server: TestServer, shopper: Shopper): Promise<ShopperData> {
  const { db } = server.database;
  expectStatus(
    await shopper.post('/home/product/add-to-card', { productId: catalog.products.kurta.id, quantity: 1 }),
    200,
    'add to cart',
  );
  const address = await shopper.post('/home/customer/add_address', {
    name: shopper.name,
    phonenumber: '9876543210',
    pincode: '500001',
    state: 'Telangana',
    cityDistTown: 'Hyderabad',
    address: `House ${shopper.id}, Banjara Hills`,
    defaultAddress: true,
  });
  expectStatus(address, 200, 'saving the address');
  const addressId: number = address.body.address._id;
  const order = await shopper.post('/home/order/palce-order', {
    addressId,
    idempotencyKey: newIdempotencyKey(),
  });
  expectStatus(order, 201, 'placing the order');
  const orderCode: string = order.body.orderId;
  expectStatus(
    await shopper.post('/payment/do_payment', { orderId: orderCode }),
    200,
    'starting the payment',
  );
  utrCounter += 1;
  const utr = String(400_000_000_000 + shopper.id * 1000 + utrCounter);
  expectStatus(
    await shopper.post('/payment/update-transactionId', { orderId: orderCode, transactionId: utr }),
    200,
    'UTR',
  );

  expectStatus(
    await shopper.post('/home/product/add-to-card', { productId: catalog.products.tee.id, quantity: 2 }),
    200,
    'add tee',
  );
  // Sold-out lines cannot be added through the API (stock 0), so this one is put in place directly.
  await db
    .insertInto('cart_items')
    .values({
      customer_id: shopper.id,
      product_id: catalog.products.soldOut.id,
      variant_id: defaultVariantOf(catalog.products.soldOut.id),
      quantity: 1,
      created_at: new Date().toISOString(),
    })
    .execute();
  expectStatus(
    await shopper.post('/home/product/add-to-wishlist', { productId: catalog.products.saree.id }),
    200,
    'wishlist',
  );
  expectStatus(
    await shopper.post('/chat/customer/send-message-to-seller', {
      sellerId: catalog.sellers[0].id,
      text: `Hello from ${shopper.name}`,
    }),
    200,
    'chat',
  );
  // Only verified buyers may review (a paid order with the product), which this account is not: its review is
  // written as the submit-review call would have written it for one.
  await db
    .insertInto('reviews')
    .values({
      product_id: catalog.products.saree.id,
      customer_id: shopper.id,
      name: shopper.name,
      rating: 4,
      review: `Lovely saree, ${shopper.name}`,
      verified_purchase: 1,
      created_at: new Date().toISOString(),
    })
    .execute();

  const lines = await db
    .selectFrom('cart_items')
    .select(['id', 'product_id'])
    .where('customer_id', '=', shopper.id)
    .execute();
  const wishlist = await db
    .selectFrom('wishlist_items')
    .select('id')
    .where('customer_id', '=', shopper.id)
    .executeTakeFirstOrThrow();
  const payment = await db
    .selectFrom('payments')
    .select('id')
    .where('order_code', '=', orderCode)
    .executeTakeFirstOrThrow();
  const part = await db
    .selectFrom('seller_orders')
    .innerJoin('customer_orders', 'customer_orders.id', 'seller_orders.customer_order_id')
    .select('seller_orders.id')
    .where('customer_orders.order_code', '=', orderCode)
    .where('seller_orders.seller_id', '=', catalog.sellers[0].id)
    .executeTakeFirstOrThrow();
  return {
    shopper,
    addressId,
    cartLineId: lines.find((l) => l.product_id === catalog.products.tee.id)!.id,
    soldOutLineId: lines.find((l) => l.product_id === catalog.products.soldOut.id)!.id,
    wishlistId: wishlist.id,
    orderCode,
    paymentId: payment.id,
    sellerOnePartId: part.id,
  };
}

/** Seller 1 of the catalogue can sign in to the console with SELLER_PASSWORD; seller 2 too. */
export async function enableSellerLogins(db: DB): Promise<void> {
  await db
    .updateTable('sellers')
    .set({ password_hash: await hash(SELLER_PASSWORD) })
    .execute();
}

/** A console session (cookie) of a seller of the catalogue. */
export async function signedInSeller(server: TestServer, sellerIndex: 0 | 1): Promise<ApiClient> {
  const client = new ApiClient(server.baseUrl);
  expectStatus(
    await client.post('/seller/login', {
      email: catalog.sellers[sellerIndex].email,
      password: SELLER_PASSWORD,
    }),
    200,
    'seller login',
  );
  return client;
}

let operatorCounter = 0;

/** Creates a staff account (an operator unless told otherwise) and returns its sign-in details. */
export async function newOperator(
  server: TestServer,
  role: StaffRole = 'operator',
): Promise<{ email: string; password: string }> {
  operatorCounter += 1;
  const email = `${role}${operatorCounter}.${Date.now()}@bazaar.example`;
  await createOperator(server.database.db, { email, name: 'Asha Rao', password: PASSWORD, role });
  return { email, password: PASSWORD };
}

/** A client signed in to the staff consoles: an operator, or with `role` 'admin' an admin. */
export async function signedInOperator(server: TestServer, role: StaffRole = 'operator'): Promise<ApiClient> {
  const client = new ApiClient(server.baseUrl);
  expectStatus(await client.post('/ops/login', await newOperator(server, role)), 200, `${role} login`);
  return client;
}

/** Signs in at a console login route and returns its session cookie as `name=value`. */
export async function consoleCookie(
  server: TestServer,
  loginPath: string,
  credentials: object,
): Promise<string> {
  const res = await new ApiClient(server.baseUrl).post(loginPath, credentials);
  expectStatus(res, 200, `${loginPath}`);
  return res.headers.getSetCookie()[0].split(';')[0];
}

/** Everything the database holds about one customer, in a stable order: equal snapshots mean nothing changed. */
export async function customerSnapshot(db: DB, customerId: number) {
  const orders = await db
    .selectFrom('customer_orders')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
  const orderIds = orders.map((o) => o.id);
  const payments = await db
    .selectFrom('payments')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
  const paymentIds = payments.map((p) => p.id);
  return {
    customer: await db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst(),
    cart: await db
      .selectFrom('cart_items')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute(),
    wishlist: await db
      .selectFrom('wishlist_items')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute(),
    addresses: await db
      .selectFrom('addresses')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute(),
    orders,
    sellerOrders: orderIds.length
      ? await db
          .selectFrom('seller_orders')
          .selectAll()
          .where('customer_order_id', 'in', orderIds)
          .orderBy('id')
          .execute()
      : [],
    orderItems: orderIds.length
      ? await db
          .selectFrom('order_items')
          .selectAll()
          .where('customer_order_id', 'in', orderIds)
          .orderBy('id')
          .execute()
      : [],
    payments,
    decisions: paymentIds.length
      ? await db
          .selectFrom('payment_decisions')
          .selectAll()
          .where('payment_id', 'in', paymentIds)
          .orderBy('id')
          .execute()
      : [],
    messages: await db
      .selectFrom('messages')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute(),
    conversations: await db
      .selectFrom('conversations')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute(),
    reviews: await db
      .selectFrom('reviews')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute(),
    refunds: await db
      .selectFrom('refunds')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute(),
    returns: await db
      .selectFrom('returns')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute(),
  };
}

/** A SHA-256 of each table's rows (ordered by id), so a test can tell whether anything at all was written. */
export async function tableChecksums(
  db: DB,
  tables: readonly string[] = SHOP_TABLES,
): Promise<Record<string, string>> {
  if (testDialect === 'postgres') {
    // One statement, hashed in the database: the hostile-input suite takes two checksums around each of ~700 refused
    // writes, and one round trip per table made it the slowest file of the suite (190 s on two busy cores).
    const digests = sql.join(
      tables.map(
        (table) =>
          sql`(select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from ${sql.table(table)} t)`,
      ),
    );
    const { rows } = await sql<{ digests: string[] }>`select array[${digests}] as digests`.execute(db);
    return Object.fromEntries(tables.map((table, index) => [table, rows[0].digests[index]]));
  }
  const sums: Record<string, string> = {};
  for (const table of tables) {
    const { rows } = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} order by id`.execute(db);
    sums[table] = createHash('sha256').update(JSON.stringify(rows)).digest('hex');
  }
  return sums;
}
