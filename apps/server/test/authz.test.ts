/**
 * Authorization matrix. Every route the server registers is either listed as public (with the reason) or has a
 * case here; a route added without one fails the first test. For every customer route, customer B aims the
 * request at customer A's data (A's ids in the path, A's id in every body field that could name a customer):
 * B is refused (404/403) or served from B's own data, a visitor gets 401, and A's rows are byte-for-byte the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import sharp from 'sharp';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';
import { catalog } from './orders-fixtures';
import {
  customerSnapshot,
  enableSellerLogins,
  fillAccount,
  PASSWORD,
  registerShopper,
  seedCatalog,
  SELLER_PASSWORD,
  signedInOperator,
  signedInSeller,
  type ShopperData,
} from './security-fixtures';

interface Fixture {
  server: TestServer;
  a: ShopperData;
  b: ShopperData;
  sellerOne: ApiClient;
  sellerTwo: ApiClient;
  operator: ApiClient;
  admin: ApiClient;
  /** A refund of a third shopper's paid, invoiced and cancelled part: its credit note is for that shopper and staff. */
  refundId: number;
  /**
   * A's return of a line of seller one's part, and a refund owed to A (written directly: A's order is unpaid), with a
   * photo A uploaded (`photoId`, its largest rendition `photoFile`).
   */
  aReturn: { orderItemId: number; returnId: number; refundId: number; photoId: number; photoFile: string };
  /** A message to A that the delivery gave up on: staff may retry it. */
  failedMessageId: number;
}

type Response = { status: number; body: any; headers: Headers };
type RequestSpec = { path: string; body?: unknown; headers?: Record<string, string> };

/** Anyone may call it; `why` says what makes that safe. */
interface PublicRoute {
  access: 'public';
  why: string;
}

/** A customer's own data. B's request aims at A; `served` checks a 2xx answer came from B's data (else B must be refused). */
interface CustomerRoute {
  access: 'customer';
  request: (fx: Fixture) => RequestSpec;
  served?: (res: Response, fx: Fixture) => Promise<void> | void;
  /** What a visitor gets; 401 unless the route is harmless without a session. */
  visitorStatus?: number;
}

/**
 * The seller console: seller two aims at seller one's conversation with A or at seller one's products; customers and
 * visitors are kept out.
 */
interface SellerRoute {
  access: 'seller';
  request: (fx: Fixture) => RequestSpec;
  served?: (res: Response, fx: Fixture) => Promise<void> | void;
}

/** The operators' console: only operators; a customer session is a 403, no session a 401. */
interface OperatorRoute {
  access: 'operator';
  request: (fx: Fixture) => RequestSpec;
}

/** The admin console: only staff with the admin role; an operator is a 403, anyone else a 401. */
interface AdminRoute {
  access: 'admin';
  request: (fx: Fixture) => RequestSpec;
  /** What an admin gets when not 200: an upload sent as JSON is refused only after the session check (415). */
  adminStatus?: number;
}

type RouteCase = PublicRoute | CustomerRoute | SellerRoute | OperatorRoute | AdminRoute;

const publicRoute = (why: string): PublicRoute => ({ access: 'public', why });
const catalogue = publicRoute('catalogue: the same for everyone, read-only');
const ownCustomerIdIn = (fx: Fixture) => ({
  userId: fx.a.shopper.id,
  customerId: fx.a.shopper.id,
  userInfo: fx.a.shopper.id,
});

async function rowsOf(
  fx: Fixture,
  table: 'cart_items' | 'wishlist_items' | 'addresses' | 'messages' | 'reviews',
  customerId: number,
) {
  return fx.server.database.db.selectFrom(table).selectAll().where('customer_id', '=', customerId).execute();
}

/** Queues a welcome to the customer that the delivery already gave up on (failed). */
async function failedMessageTo(server: TestServer, customerId: number): Promise<number> {
  const now = new Date().toISOString();
  const row = await server.database.db
    .insertInto('notification_outbox')
    .values({
      channel: 'email',
      kind: 'welcome',
      recipient_kind: 'customer',
      recipient_id: customerId,
      params: '{}',
      state: 'failed',
      attempts: 6,
      next_attempt_at: now,
      locked_until: null,
      last_error: 'Mailbox unavailable',
      created_at: now,
      sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** B's session was ended by a case: signs B in again (with whichever password an earlier case left). */
async function signInAgainAsB(fx: Fixture): Promise<void> {
  const login = await new ApiClient(fx.server.baseUrl).post('/customer/customer-login', {
    email: fx.b.shopper.email,
    password: 'another secret 42',
  });
  const relogin =
    login.status === 200
      ? login
      : await new ApiClient(fx.server.baseUrl).post('/customer/customer-login', {
          email: fx.b.shopper.email,
          password: PASSWORD,
        });
  expect(relogin.status).toBe(200);
  fx.b.shopper.sessionToken = relogin.body.token;
}

/** A shop waiting for approval, which the admin console's decision case approves. */
const PENDING_SELLER_ID = 90;
/** Empty subcategories the admin console's delete and move cases work on, and banners for its banner cases. */
const EMPTY_CATEGORY_ID = 95;
const MOVABLE_CATEGORY_ID = 96;
const BANNER_IDS = [1, 2] as const;
/** A customer the admin console's block and unblock cases act on. */
const BLOCKABLE_CUSTOMER_ID = 91;

const matrix: Record<string, RouteCase> = {
  'GET /api/health': publicRoute('liveness probe; says only which database is in use'),
  'GET /api/health/live': publicRoute('liveness probe; says only that the process answers'),
  'GET /api/health/ready': publicRoute('readiness probe; says only whether the database and Redis answer'),
  'GET /api/home/get-categorys': catalogue,
  'GET /api/home/get_subcategory_newlist': catalogue,
  'GET /api/home/home-page-product-listing': catalogue,
  'GET /api/home/get-products': catalogue,
  'GET /api/home/get-product/:slugOrId': catalogue,
  'GET /api/home/price-range-latest-product': catalogue,
  'GET /api/home/query-products': catalogue,
  'GET /api/home/delivery-estimate': publicRoute(
    "pincode check: when a product's seller can deliver to a pincode; nothing about the caller",
  ),
  'GET /api/home/get_search_products': catalogue,
  'GET /api/getallbannerItems': catalogue,
  'GET /api/home/customer/get-reviews/:productId': publicRoute(
    'published reviews show the reviewer name only',
  ),
  'POST /api/customer/customer-register': publicRoute('auth entry point, rate-limited per IP'),
  'POST /api/customer/customer-login': publicRoute(
    'auth entry point, rate-limited per IP and per (email, IP); slowed down per email',
  ),
  'POST /api/customer/send-otp': publicRoute('auth entry point, rate-limited per IP and mobile'),
  'POST /api/customer/verify-otp': publicRoute(
    'auth entry point, rate-limited; 5 wrong guesses per mobile per day',
  ),
  'POST /api/customer/complete-profile': publicRoute(
    'auth entry point; needs the signed proof of a verified mobile',
  ),
  'POST /api/seller/login': publicRoute('seller console sign-in, rate-limited'),
  'POST /api/seller/register': publicRoute(
    'a new shop signs itself up as pending (shows nothing to shoppers until approved), rate-limited per IP',
  ),
  'GET /api/home/shop/:slug': publicRoute(
    "an approved shop's public page: name, city, rating and its listed products; nothing about its owner",
  ),
  'GET /api/seller/logout': publicRoute('ends the caller’s own seller session and clears its cookie'),
  'POST /api/ops/login': publicRoute('operator console sign-in, rate-limited'),
  'GET /api/ops/logout': publicRoute('clears and revokes the caller’s own operator session'),
  'POST /api/payment/webhook': publicRoute(
    'bank notifications; HMAC-signed body, refused without the secret',
  ),
  'GET /media/*': publicRoute('stored product, category and banner pictures'),

  // ---- customer account ----
  'POST /api/customer/update-user-profile': {
    access: 'customer',
    request: (fx) => ({
      path: '/customer/update-user-profile',
      body: { name: 'Renamed B', email: fx.b.shopper.email, id: fx.a.shopper.id, ...ownCustomerIdIn(fx) },
    }),
    async served(res, fx) {
      const row = await fx.server.database.db
        .selectFrom('customers')
        .select('name')
        .where('id', '=', fx.b.shopper.id)
        .executeTakeFirstOrThrow();
      expect(row.name).toBe('Renamed B');
      fx.b.shopper.sessionToken = res.body.token;
    },
  },
  'POST /api/customer/change-password': {
    access: 'customer',
    request: (fx) => ({
      path: '/customer/change-password',
      body: { old_password: PASSWORD, new_password: 'another secret 42', ...ownCustomerIdIn(fx) },
    }),
    async served(res, fx) {
      // The new password is B's: A still signs in with the old one.
      fx.b.shopper.sessionToken = res.body.token;
      const login = await new ApiClient(fx.server.baseUrl).post('/customer/customer-login', {
        email: fx.a.shopper.email,
        password: PASSWORD,
      });
      expect(login.status).toBe(200);
    },
  },
  'GET /api/customer/logout': {
    access: 'customer',
    // Without a session it only clears a cookie the caller may not even have.
    visitorStatus: 200,
    request: () => ({ path: '/customer/logout' }),
    async served(_res, fx) {
      // Logout ends B's session only; A's token still works. B signs in again for the cases after this one.
      expect((await fx.a.shopper.get('/home/product/get-card-product')).status).toBe(200);
      expect((await fx.b.shopper.get('/home/product/get-card-product')).status).toBe(401);
      await signInAgainAsB(fx);
    },
  },
  'POST /api/customer/logout-all': {
    access: 'customer',
    request: (fx) => ({ path: '/customer/logout-all', body: ownCustomerIdIn(fx) }),
    async served(_res, fx) {
      // Every session of B ends, none of A's.
      expect((await fx.a.shopper.get('/home/product/get-card-product')).status).toBe(200);
      expect((await fx.b.shopper.get('/home/product/get-card-product')).status).toBe(401);
      await signInAgainAsB(fx);
    },
  },

  // ---- reviews ----
  'POST /api/home/customer/submit-review': {
    access: 'customer',
    request: (fx) => ({
      path: '/home/customer/submit-review',
      body: {
        productId: catalog.products.kurta.id,
        rating: 5,
        review: 'Signed as someone else?',
        name: fx.a.shopper.name,
        ...ownCustomerIdIn(fx),
      },
    }),
    // B has no paid order with the kurta, so B may not review it at all (403); that a buyer's review is filed
    // under the session's customer, whatever the body names, is reviews.test.ts's.
  },
  'GET /api/home/customer/review-eligibility/:productId': {
    access: 'customer',
    // A reviewed the saree; B has not, and is told only about B's own standing.
    request: () => ({ path: `/home/customer/review-eligibility/${catalog.products.saree.id}` }),
    served(res) {
      expect(res.body.message).not.toBe('You have already reviewed this product');
    },
  },

  // ---- cart ----
  'POST /api/home/product/add-to-card': {
    access: 'customer',
    request: (fx) => ({
      path: '/home/product/add-to-card',
      body: { productId: catalog.products.saree.id, quantity: 1, ...ownCustomerIdIn(fx) },
    }),
    async served(_res, fx) {
      expect(
        (await rowsOf(fx, 'cart_items', fx.b.shopper.id)).some(
          (l) => l.product_id === catalog.products.saree.id,
        ),
      ).toBe(true);
    },
  },
  'GET /api/home/product/get-card-product': {
    access: 'customer',
    request: () => ({ path: '/home/product/get-card-product' }),
    served: (res, fx) => expectNoneOfA(res, fx),
  },
  'GET /api/home/product/get-card-product/:userId': {
    access: 'customer',
    request: (fx) => ({ path: `/home/product/get-card-product/${fx.a.shopper.id}` }),
    served: (res, fx) => expectNoneOfA(res, fx),
  },
  'DELETE /api/home/product/delete-card-product/:id': {
    access: 'customer',
    request: (fx) => ({ path: `/home/product/delete-card-product/${fx.a.cartLineId}` }),
  },
  'DELETE /api/home/product/delete-all-cart-product/:id': {
    access: 'customer',
    request: (fx) => ({ path: `/home/product/delete-all-cart-product/${fx.a.shopper.id}` }),
    async served(_res, fx) {
      // Only B's own sold-out line went.
      expect((await rowsOf(fx, 'cart_items', fx.b.shopper.id)).some((l) => l.id === fx.b.soldOutLineId)).toBe(
        false,
      );
    },
  },
  'PUT /api/home/product/quantity-inc/:id': {
    access: 'customer',
    request: (fx) => ({ path: `/home/product/quantity-inc/${fx.a.cartLineId}`, body: ownCustomerIdIn(fx) }),
  },
  'PUT /api/home/product/quantity-dec/:id': {
    access: 'customer',
    request: (fx) => ({ path: `/home/product/quantity-dec/${fx.a.cartLineId}`, body: ownCustomerIdIn(fx) }),
  },
  'PUT /api/home/product/change-cart-variant/:id': {
    access: 'customer',
    // Any variant: B aims at A's line, which must stay as it is whatever the size asked for.
    request: (fx) => ({
      path: `/home/product/change-cart-variant/${fx.a.cartLineId}`,
      body: { variantId: 1, ...ownCustomerIdIn(fx) },
    }),
  },

  // ---- wishlist ----
  'POST /api/home/product/add-to-wishlist': {
    access: 'customer',
    request: (fx) => ({
      path: '/home/product/add-to-wishlist',
      body: { productId: catalog.products.tee.id, ...ownCustomerIdIn(fx) },
    }),
    async served(_res, fx) {
      expect(
        (await rowsOf(fx, 'wishlist_items', fx.b.shopper.id)).some(
          (w) => w.product_id === catalog.products.tee.id,
        ),
      ).toBe(true);
    },
  },
  'GET /api/home/product/get-wishlist-products': {
    access: 'customer',
    request: () => ({ path: '/home/product/get-wishlist-products' }),
    served: (res, fx) => expectNoneOfA(res, fx),
  },
  'GET /api/home/product/get-wishlist-products/:userId': {
    access: 'customer',
    request: (fx) => ({ path: `/home/product/get-wishlist-products/${fx.a.shopper.id}` }),
    served: (res, fx) => expectNoneOfA(res, fx),
  },
  'DELETE /api/home/product/delete-wishlist-product/:id': {
    access: 'customer',
    request: (fx) => ({ path: `/home/product/delete-wishlist-product/${fx.a.wishlistId}` }),
  },

  // ---- addresses ----
  'POST /api/home/customer/add_address': {
    access: 'customer',
    request: (fx) => ({
      path: '/home/customer/add_address',
      body: {
        addressId: fx.a.addressId,
        name: 'Taken over',
        phonenumber: '9123456780',
        pincode: '110001',
        state: 'Delhi',
        cityDistTown: 'New Delhi',
        address: 'Somewhere else',
        defaultAddress: true,
        ...ownCustomerIdIn(fx),
      },
    }),
  },
  'GET /api/home/customer/get_default_address': {
    access: 'customer',
    request: () => ({ path: '/home/customer/get_default_address' }),
    served: (res, fx) => expectNoneOfA(res, fx),
  },
  'GET /api/home/customer/get_all_address': {
    access: 'customer',
    request: () => ({ path: '/home/customer/get_all_address' }),
    served: (res, fx) => expectNoneOfA(res, fx),
  },
  'DELETE /api/home/customer/delete_address/:addressId': {
    access: 'customer',
    request: (fx) => ({ path: `/home/customer/delete_address/${fx.a.addressId}` }),
  },
  'PATCH /api/home/customer/markDefaultAddress/:addressId': {
    access: 'customer',
    request: (fx) => ({
      path: `/home/customer/markDefaultAddress/${fx.a.addressId}`,
      body: { field: 'defaultAddress', value: false },
    }),
  },

  // ---- orders, dashboard, invoices ----
  'POST /api/home/order/palce-order': {
    access: 'customer',
    // B's cart has the tee in stock, so the only thing wrong is the address: it is A's.
    request: (fx) => ({
      path: '/home/order/palce-order',
      body: { addressId: fx.a.addressId, idempotencyKey: 'authz-b-with-a-address', ...ownCustomerIdIn(fx) },
    }),
  },
  'GET /api/home/customer/gat-orders/:customerId/:status': {
    access: 'customer',
    request: (fx) => ({ path: `/home/customer/gat-orders/${fx.a.shopper.id}/all` }),
    async served(res, fx) {
      expect(res.body.orders.map((o: { orderId: string }) => o.orderId)).toEqual([fx.b.orderCode]);
      expectNoneOfA(res, fx);
    },
  },
  'GET /api/home/customer/gat-order/:orderId': {
    access: 'customer',
    request: (fx) => ({ path: `/home/customer/gat-order/${fx.a.orderCode}` }),
  },
  'POST /api/home/customer/cancel-order/:orderId': {
    access: 'customer',
    request: (fx) => ({ path: `/home/customer/cancel-order/${fx.a.orderCode}`, body: ownCustomerIdIn(fx) }),
  },
  'POST /api/home/customer/return-request/:orderId': {
    access: 'customer',
    request: (fx) => ({
      path: `/home/customer/return-request/${fx.a.orderCode}`,
      body: {
        lines: [{ orderItemId: fx.aReturn.orderItemId, quantity: 1 }],
        reason: 'Size too small',
        ...ownCustomerIdIn(fx),
      },
    }),
  },
  'POST /api/home/customer/return-photos': {
    access: 'customer',
    // B's upload is B's own photo, whatever A's ids the form names.
    request: (fx) => {
      const form = new FormData();
      form.append('customerId', String(fx.a.shopper.id));
      form.append('file', new Blob([new Uint8Array(tinyPhoto)], { type: 'image/png' }), 'b.png');
      return { path: '/home/customer/return-photos', body: form };
    },
    async served(res, fx) {
      expect(res.status).toBe(201);
      const row = await fx.server.database.db
        .selectFrom('return_photos')
        .select('customer_id')
        .where('id', '=', res.body.photo._id)
        .executeTakeFirstOrThrow();
      expect(row.customer_id).toBe(fx.b.shopper.id);
    },
  },
  'DELETE /api/home/customer/return-photos/:photoId': {
    access: 'customer',
    request: (fx) => ({ path: `/home/customer/return-photos/${fx.aReturn.photoId}` }),
  },
  'GET /api/home/customer/return-photos/:photoId/:file': {
    access: 'customer',
    request: (fx) => ({ path: `/home/customer/return-photos/${fx.aReturn.photoId}/${fx.aReturn.photoFile}` }),
  },
  'GET /api/home/customer/refunds': {
    access: 'customer',
    request: (fx) => ({ path: `/home/customer/refunds?orderId=${fx.a.orderCode}` }),
    served(res, fx) {
      expect(res.body.refunds).toEqual([]);
      expectNoneOfA(res, fx);
    },
  },
  'GET /api/home/customer/invoice/:orderId': {
    access: 'customer',
    request: (fx) => ({ path: `/home/customer/invoice/${fx.a.orderCode}` }),
  },
  'GET /api/home/customer/refunds/:refundId/credit-note': {
    access: 'customer',
    request: (fx) => ({ path: `/home/customer/refunds/${fx.refundId}/credit-note` }),
  },
  'GET /api/home/customer/gat-dashboard-data/:userId': {
    access: 'customer',
    request: (fx) => ({ path: `/home/customer/gat-dashboard-data/${fx.a.shopper.id}` }),
    served(res, fx) {
      expect(res.body.totalOrder).toBe(1);
      expectNoneOfA(res, fx);
    },
  },

  // ---- payments ----
  'POST /api/payment/do_payment': {
    access: 'customer',
    request: (fx) => ({
      path: '/payment/do_payment',
      body: { orderId: fx.a.orderCode, price: 1, ...ownCustomerIdIn(fx) },
    }),
  },
  'POST /api/payment/update-transactionId': {
    access: 'customer',
    request: (fx) => ({
      path: '/payment/update-transactionId',
      body: { orderId: fx.a.orderCode, transactionId: '987654321012', ...ownCustomerIdIn(fx) },
    }),
  },
  'GET /api/payment/status/:orderId': {
    access: 'customer',
    request: (fx) => ({ path: `/payment/status/${fx.a.orderCode}` }),
  },
  'GET /api/payment/cod/:orderId': {
    access: 'customer',
    request: (fx) => ({ path: `/payment/cod/${fx.a.orderCode}` }),
  },
  'POST /api/payment/cod/:orderId': {
    access: 'customer',
    request: (fx) => ({ path: `/payment/cod/${fx.a.orderCode}`, body: ownCustomerIdIn(fx) }),
  },
  'POST /api/payment/remove_from_cart': {
    access: 'customer',
    request: (fx) => ({
      path: '/payment/remove_from_cart',
      body: { orderId: fx.a.orderCode, ...ownCustomerIdIn(fx) },
    }),
  },
  'GET /api/order/confirm/:orderId': {
    access: 'customer',
    request: (fx) => ({ path: `/order/confirm/${fx.a.orderCode}` }),
  },

  // ---- chat, customer side ----
  'POST /api/chat/customer/add-customer-friend': {
    access: 'customer',
    request: (fx) => ({
      path: '/chat/customer/add-customer-friend',
      body: { sellerId: catalog.sellers[0].id, ...ownCustomerIdIn(fx) },
    }),
    served: (res, fx) => expectNoneOfA(res, fx),
  },
  'POST /api/chat/customer/send-message-to-seller': {
    access: 'customer',
    request: (fx) => ({
      path: '/chat/customer/send-message-to-seller',
      body: {
        sellerId: catalog.sellers[0].id,
        text: 'Who am I?',
        name: fx.a.shopper.name,
        senderId: fx.a.shopper.id,
        ...ownCustomerIdIn(fx),
      },
    }),
    async served(res, fx) {
      expect(res.body.message.senderName).not.toBe(fx.a.shopper.name);
      expect((await rowsOf(fx, 'messages', fx.b.shopper.id)).some((m) => m.message === 'Who am I?')).toBe(
        true,
      );
    },
  },
  'GET /api/chat/customer/messages/:sellerId': {
    access: 'customer',
    request: () => ({ path: `/chat/customer/messages/${catalog.sellers[0].id}` }),
    served: (res, fx) => expectNoneOfA(res, fx),
  },

  // ---- seller console ----
  'GET /api/seller/me': {
    access: 'seller',
    request: () => ({ path: '/seller/me' }),
    served: (res) => expect(res.body.seller.id).toBe(catalog.sellers[1].id),
  },
  'POST /api/seller/change-password': {
    access: 'seller',
    request: () => ({
      path: '/seller/change-password',
      body: {
        old_password: SELLER_PASSWORD,
        new_password: 'seller two secret 43',
        sellerId: catalog.sellers[0].id,
        email: catalog.sellers[0].email,
      },
    }),
    async served(_res, fx) {
      // The new password is seller two's; seller one still signs in with the old one. Seller two changes back.
      const one = await new ApiClient(fx.server.baseUrl).post('/seller/login', {
        email: catalog.sellers[0].email,
        password: SELLER_PASSWORD,
      });
      expect(one.status).toBe(200);
      const back = await fx.sellerTwo.post('/seller/change-password', {
        old_password: 'seller two secret 43',
        new_password: SELLER_PASSWORD,
      });
      expect(back.status).toBe(200);
    },
  },
  'GET /api/chat/seller/customers': {
    access: 'seller',
    request: () => ({ path: '/chat/seller/customers' }),
    served: (res, fx) => expectNoneOfA(res, fx),
  },
  'GET /api/chat/seller/messages/:customerId': {
    access: 'seller',
    request: (fx) => ({ path: `/chat/seller/messages/${fx.a.shopper.id}` }),
  },
  'POST /api/chat/seller/read/:customerId': {
    access: 'seller',
    request: (fx) => ({ path: `/chat/seller/read/${fx.a.shopper.id}` }),
  },
  'POST /api/chat/seller/send-message-to-customer': {
    access: 'seller',
    request: (fx) => ({
      path: '/chat/seller/send-message-to-customer',
      body: { customerId: fx.a.shopper.id, text: 'Not my customer', sellerId: catalog.sellers[0].id },
    }),
  },

  // ---- seller center: products (seller two aims at seller one's kurta) ----
  'GET /api/seller/products': {
    access: 'seller',
    request: () => ({ path: `/seller/products?q=${encodeURIComponent(catalog.products.kurta.name)}` }),
    served: (res) => expect(res.body.products).toEqual([]),
  },
  'POST /api/seller/products': {
    access: 'seller',
    request: () => ({
      path: '/seller/products',
      body: { ...sellerProductBody(), sellerId: catalog.sellers[0].id },
    }),
    served: async (res, fx) => {
      const row = await fx.server.database.db
        .selectFrom('products')
        .select('seller_id')
        .where('id', '=', res.body.product._id)
        .executeTakeFirstOrThrow();
      expect(row.seller_id).toBe(catalog.sellers[1].id);
    },
  },
  'GET /api/seller/products/export': {
    access: 'seller',
    request: () => ({ path: '/seller/products/export' }),
    served: (res) => expect(String(res.body)).not.toContain(catalog.products.kurta.name),
  },
  'POST /api/seller/products/import': {
    access: 'seller',
    // Seller one's product id as the product key: for seller two it names a new product of its own.
    request: () => ({
      path: '/seller/products/import',
      headers: { 'content-type': 'text/csv' },
      body: [
        'product_key,name,brand,category_id,description,price,discount,status,size,colour,sku,stock',
        `${catalog.products.kurta.id},Taken Over Kurta,Roadster,11,,999,0,active,,,,99`,
      ].join('\n'),
    }),
    served: async (res, fx) => {
      expect(res.body).toMatchObject({ created: 1, updated: 0 });
      const rows = await fx.server.database.db
        .selectFrom('products')
        .select('seller_id')
        .where('name', '=', 'Taken Over Kurta')
        .execute();
      expect(rows.map((row) => row.seller_id)).toEqual([catalog.sellers[1].id]);
    },
  },
  'GET /api/seller/products/:id': {
    access: 'seller',
    request: () => ({ path: `/seller/products/${catalog.products.kurta.id}` }),
  },
  'PUT /api/seller/products/:id': {
    access: 'seller',
    request: () => ({ path: `/seller/products/${catalog.products.kurta.id}`, body: sellerProductBody() }),
  },
  'DELETE /api/seller/products/:id': {
    access: 'seller',
    request: () => ({ path: `/seller/products/${catalog.products.kurta.id}` }),
  },
  // ---- seller center: product photos (seller two aims at seller one's product and its photos) ----
  'GET /api/seller/products/:id/images': {
    access: 'seller',
    request: () => ({ path: `/seller/products/${catalog.products.kurta.id}/images` }),
  },
  'POST /api/seller/products/:id/images': {
    access: 'seller',
    request: () => ({ path: `/seller/products/${catalog.products.kurta.id}/images`, body: {} }),
  },
  'PUT /api/seller/products/:id/images': {
    access: 'seller',
    request: () => ({
      path: `/seller/products/${catalog.products.kurta.id}/images`,
      body: { order: [2, 1] },
    }),
  },
  'DELETE /api/seller/products/:id/images/:imageId': {
    access: 'seller',
    request: () => ({ path: `/seller/products/${catalog.products.kurta.id}/images/1` }),
  },

  // ---- seller center: orders and earnings (seller two aims at seller one's part of A's order) ----
  'GET /api/seller/orders': {
    access: 'seller',
    request: () => ({ path: '/seller/orders' }),
    served: (res, fx) => expectNoneOfA(res, fx),
  },
  'GET /api/seller/orders/:id': {
    access: 'seller',
    request: (fx) => ({ path: `/seller/orders/${fx.a.sellerOnePartId}` }),
  },
  'POST /api/seller/orders/:id/status': {
    access: 'seller',
    request: (fx) => ({
      path: `/seller/orders/${fx.a.sellerOnePartId}/status`,
      body: { status: 'cancelled', note: 'Not my order', sellerId: catalog.sellers[0].id },
    }),
  },
  'POST /api/seller/orders/:id/cash-collected': {
    access: 'seller',
    request: (fx) => ({
      path: `/seller/orders/${fx.a.sellerOnePartId}/cash-collected`,
      body: { sellerId: catalog.sellers[0].id },
    }),
  },
  'PUT /api/seller/cod': {
    access: 'seller',
    // The shop named in the body is ignored: only the signed-in seller's own setting changes.
    request: () => ({ path: '/seller/cod', body: { acceptsCod: true, sellerId: catalog.sellers[0].id } }),
    async served(res, fx) {
      expect(res.body.seller.id).toBe(catalog.sellers[1].id);
      const one = await fx.server.database.db
        .selectFrom('sellers')
        .select('accepts_cod')
        .where('id', '=', catalog.sellers[0].id)
        .executeTakeFirstOrThrow();
      expect(one.accepts_cod).toBe(0);
    },
  },
  'GET /api/seller/orders/:id/packing-slip': {
    access: 'seller',
    request: (fx) => ({ path: `/seller/orders/${fx.a.sellerOnePartId}/packing-slip` }),
  },
  'GET /api/seller/orders/:id/invoice': {
    access: 'seller',
    request: (fx) => ({ path: `/seller/orders/${fx.a.sellerOnePartId}/invoice` }),
  },
  'GET /api/seller/returns': {
    access: 'seller',
    request: () => ({ path: '/seller/returns' }),
    served: (res, fx) => expectNoneOfA(res, fx),
  },
  'GET /api/seller/returns/:id': {
    access: 'seller',
    request: (fx) => ({ path: `/seller/returns/${fx.aReturn.returnId}` }),
  },
  'GET /api/seller/returns/:id/photos/:photoId/:file': {
    access: 'seller',
    request: (fx) => ({
      path: `/seller/returns/${fx.aReturn.returnId}/photos/${fx.aReturn.photoId}/${fx.aReturn.photoFile}`,
    }),
  },
  'POST /api/seller/returns/:id/state': {
    access: 'seller',
    request: (fx) => ({ path: `/seller/returns/${fx.aReturn.returnId}/state`, body: { state: 'approved' } }),
  },
  'POST /api/seller/returns/:id/restock': {
    access: 'seller',
    request: (fx) => ({ path: `/seller/returns/${fx.aReturn.returnId}/restock`, body: {} }),
  },
  'GET /api/seller/earnings': {
    access: 'seller',
    request: () => ({ path: `/seller/earnings?sellerId=${catalog.sellers[0].id}` }),
    served: (res, fx) => expectNoneOfA(res, fx),
  },
  'GET /api/seller/earnings/export': {
    access: 'seller',
    request: () => ({ path: `/seller/earnings/export?sellerId=${catalog.sellers[0].id}` }),
    served: (res, fx) => expect(String(res.body)).not.toContain(fx.a.orderCode),
  },

  // ---- operators' console ----
  'GET /api/ops/me': { access: 'operator', request: () => ({ path: '/ops/me' }) },
  'GET /api/ops/payments': {
    access: 'operator',
    request: () => ({ path: '/ops/payments?status=under%20verification' }),
  },
  'POST /api/ops/payments/:paymentId/verify': {
    access: 'operator',
    request: (fx) => ({ path: `/ops/payments/${fx.a.paymentId}/verify`, body: {} }),
  },
  'GET /api/ops/refunds/:refundId/credit-note': {
    access: 'operator',
    request: (fx) => ({ path: `/ops/refunds/${fx.refundId}/credit-note` }),
  },
  'POST /api/ops/payments/:paymentId/reject': {
    access: 'operator',
    request: (fx) => ({ path: `/ops/payments/${fx.b.paymentId}/reject`, body: {} }),
  },

  // ---- admin console ----
  'GET /api/admin/sellers': { access: 'admin', request: () => ({ path: '/admin/sellers?status=approved' }) },
  'POST /api/admin/sellers/:sellerId/status': {
    access: 'admin',
    request: () => ({ path: `/admin/sellers/${PENDING_SELLER_ID}/status`, body: { status: 'approved' } }),
  },
  'PUT /api/admin/sellers/:sellerId/commission': {
    access: 'admin',
    request: () => ({
      path: `/admin/sellers/${catalog.sellers[0].id}/commission`,
      body: { commissionPercent: 12 },
    }),
  },
  'GET /api/admin/audit': { access: 'admin', request: () => ({ path: '/admin/audit' }) },
  'GET /api/admin/categories': { access: 'admin', request: () => ({ path: '/admin/categories' }) },
  'POST /api/admin/categories': {
    access: 'admin',
    request: () => ({ path: '/admin/categories', body: { name: 'Matrix Group' } }),
  },
  'PATCH /api/admin/categories/:categoryId': {
    access: 'admin',
    request: () => ({
      path: `/admin/categories/${catalog.products.kurta.category}`,
      body: { name: 'Kurtas' },
    }),
  },
  'POST /api/admin/categories/:categoryId/move': {
    access: 'admin',
    request: () => ({ path: `/admin/categories/${MOVABLE_CATEGORY_ID}/move`, body: { parentId: 2 } }),
  },
  'POST /api/admin/categories/:categoryId/position': {
    access: 'admin',
    request: () => ({
      path: `/admin/categories/${catalog.products.tee.category}/position`,
      body: { position: 0 },
    }),
  },
  'POST /api/admin/categories/:categoryId/visibility': {
    access: 'admin',
    request: () => ({ path: `/admin/categories/${EMPTY_CATEGORY_ID}/visibility`, body: { hidden: false } }),
  },
  'POST /api/admin/categories/:categoryId/image': {
    access: 'admin',
    request: () => ({ path: `/admin/categories/${EMPTY_CATEGORY_ID}/image`, body: {} }),
    adminStatus: 415,
  },
  'DELETE /api/admin/categories/:categoryId': {
    access: 'admin',
    request: () => ({ path: `/admin/categories/${EMPTY_CATEGORY_ID}` }),
  },
  'GET /api/admin/banners': { access: 'admin', request: () => ({ path: '/admin/banners' }) },
  'POST /api/admin/banners': {
    access: 'admin',
    request: () => ({
      path: '/admin/banners',
      body: { heading: 'Matrix', description: 'A banner', buttonText: 'Shop', link: '/shops' },
    }),
  },
  'PUT /api/admin/banners/:bannerId': {
    access: 'admin',
    request: () => ({
      path: `/admin/banners/${BANNER_IDS[0]}`,
      body: { heading: 'Matrix', description: 'A banner', buttonText: 'Shop', link: '/shops' },
    }),
  },
  'POST /api/admin/banners/:bannerId/position': {
    access: 'admin',
    request: () => ({ path: `/admin/banners/${BANNER_IDS[0]}/position`, body: { position: 1 } }),
  },
  'POST /api/admin/banners/:bannerId/visibility': {
    access: 'admin',
    request: () => ({ path: `/admin/banners/${BANNER_IDS[0]}/visibility`, body: { hidden: true } }),
  },
  'POST /api/admin/banners/:bannerId/image': {
    access: 'admin',
    request: () => ({ path: `/admin/banners/${BANNER_IDS[0]}/image`, body: {} }),
    adminStatus: 415,
  },
  'DELETE /api/admin/banners/:bannerId': {
    access: 'admin',
    request: () => ({ path: `/admin/banners/${BANNER_IDS[1]}` }),
  },
  'GET /api/admin/tax-rates': { access: 'admin', request: () => ({ path: '/admin/tax-rates' }) },
  'PUT /api/admin/tax-rates/:hsnCode': {
    access: 'admin',
    request: () => ({
      path: '/admin/tax-rates/6211',
      body: { ratePercent: 5, highRatePercent: 18, slabLimit: 2500 },
    }),
  },
  // Refunds are recorded by operators and admins alike.
  'GET /api/admin/refunds': { access: 'operator', request: () => ({ path: '/admin/refunds?state=pending' }) },
  'GET /api/admin/return-photos/:photoId/:file': {
    access: 'operator',
    request: (fx) => ({ path: `/admin/return-photos/${fx.aReturn.photoId}/${fx.aReturn.photoFile}` }),
  },
  'POST /api/admin/refunds/:refundId/record': {
    access: 'operator',
    request: (fx) => ({
      path: `/admin/refunds/${fx.aReturn.refundId}/record`,
      body: { reference: 'UPI4455667788' },
    }),
  },
  'GET /api/admin/notifications': {
    access: 'operator',
    request: () => ({ path: '/admin/notifications?state=failed' }),
  },
  'POST /api/admin/notifications/:notificationId/retry': {
    access: 'operator',
    request: (fx) => ({ path: `/admin/notifications/${fx.failedMessageId}/retry` }),
  },
  'GET /api/admin/settings': { access: 'admin', request: () => ({ path: '/admin/settings' }) },
  'PUT /api/admin/settings': {
    access: 'admin',
    request: () => ({ path: '/admin/settings', body: { codLimit: 6000, codFee: 20 } }),
  },
  'GET /api/admin/customers': { access: 'admin', request: () => ({ path: '/admin/customers?q=a' }) },
  'GET /api/admin/customers/:customerId': {
    access: 'admin',
    request: (fx) => ({ path: `/admin/customers/${fx.a.shopper.id}` }),
  },
  // The admin's cases block, then unblock, a customer of their own (A and B keep their sessions).
  'POST /api/admin/customers/:customerId/block': {
    access: 'admin',
    request: () => ({ path: `/admin/customers/${BLOCKABLE_CUSTOMER_ID}/block`, body: { reason: 'Matrix' } }),
  },
  'POST /api/admin/customers/:customerId/unblock': {
    access: 'admin',
    request: () => ({ path: `/admin/customers/${BLOCKABLE_CUSTOMER_ID}/unblock`, body: {} }),
  },
};

/** A product body the seller center accepts. */
function sellerProductBody() {
  return {
    name: 'Matrix Kurta',
    brand: 'Roadster',
    categoryId: 11,
    description: '',
    price: 999,
    discount: 0,
    status: 'active',
    variants: [{ size: 'M', stock: 5 }],
  };
}

/** A seller's products, their variants and photos as they are now: equal snapshots mean nothing of theirs changed. */
async function sellerProductsSnapshot(fx: Fixture, sellerId: number) {
  const { db } = fx.server.database;
  const products = await db
    .selectFrom('products')
    .selectAll()
    .where('seller_id', '=', sellerId)
    .orderBy('id')
    .execute();
  const variants = await db
    .selectFrom('product_variants')
    .selectAll()
    .where(
      'product_id',
      'in',
      products.map((product) => product.id),
    )
    .orderBy('id')
    .execute();
  const images = await db
    .selectFrom('product_images')
    .selectAll()
    .where(
      'product_id',
      'in',
      products.map((product) => product.id),
    )
    .orderBy('id')
    .execute();
  return { products, variants, images };
}

/** Nothing of A (ids, order code, name, address, messages) appears anywhere in the answer. */
function expectNoneOfA(res: Response, fx: Fixture) {
  expect(res.status).toBe(200);
  const text = JSON.stringify(res.body);
  expect(text).not.toContain(fx.a.orderCode);
  expect(text).not.toContain(`House ${fx.a.shopper.id}, Banjara Hills`);
  expect(text).not.toContain(`Hello from ${fx.a.shopper.name}`);
  expect(text).not.toContain(fx.a.shopper.email);
}

/** A return of A's seller-one line and a refund owed to A, as the returns flow would have written them. */
async function returnOfA(server: TestServer, a: ShopperData): Promise<Fixture['aReturn']> {
  const { db } = server.database;
  const item = await db
    .selectFrom('order_items')
    .select(['id', 'customer_order_id'])
    .where('seller_order_id', '=', a.sellerOnePartId)
    .executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  const { id: returnId } = await db
    .insertInto('returns')
    .values({
      customer_order_id: item.customer_order_id,
      seller_order_id: a.sellerOnePartId,
      customer_id: a.shopper.id,
      seller_id: catalog.sellers[0].id,
      reason: 'Size too small',
      comment: null,
      decision_reason: null,
      refund_id: null,
      restocked_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('return_items')
    .values({ return_id: returnId, order_item_id: item.id, quantity: 1 })
    .execute();
  const { id: refundId } = await db
    .insertInto('refunds')
    .values({
      customer_order_id: item.customer_order_id,
      seller_order_id: a.sellerOnePartId,
      customer_id: a.shopper.id,
      amount: 100,
      reason: 'return',
      reference: null,
      created_at: at,
      refunded_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const upload = new FormData();
  upload.append('file', new Blob([new Uint8Array(tinyPhoto)], { type: 'image/png' }), 'a.png');
  const uploaded = await a.shopper.post('/home/customer/return-photos', upload);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const photoId: number = uploaded.body.photo._id;
  await db.updateTable('return_photos').set({ return_id: returnId }).where('id', '=', photoId).execute();
  const photoFile = (uploaded.body.photo.url as string).split('/').pop()!;
  return { orderItemId: item.id, returnId, refundId, photoId, photoFile };
}

/** A small real photo for the return photo cases. */
let tinyPhoto: Buffer;

const keyOf = (method: string, url: string) => `${method} ${url}`;
/** Everything outside /api and /media is a file of the web build (index.html, hashed assets), public by nature. */
const isWebBuildFile = (url: string) => !url.startsWith('/api') && !url.startsWith('/media');

let fx: Fixture;

beforeAll(async () => {
  tinyPhoto = await sharp({
    create: { width: 40, height: 30, channels: 3, background: '#8a1c3b' },
  })
    .png()
    .toBuffer();
  const server = await startTestServer({
    prepare: async (database) => {
      await seedCatalog(database);
      await enableSellerLogins(database.db);
      await database.db
        .insertInto('sellers')
        .values({
          id: PENDING_SELLER_ID,
          name: 'Waiting Owner',
          shop_name: 'Waiting Shop',
          email: 'waiting@shop.example',
          password_hash: null,
          city: 'Pune',
          slug: 'waiting-shop',
          status: 'pending',
          created_at: new Date().toISOString(),
        })
        .execute();
      await database.db
        .insertInto('categories')
        .values(
          [EMPTY_CATEGORY_ID, MOVABLE_CATEGORY_ID].map((id, index) => ({
            id,
            parent_id: 1,
            name: `Matrix Shelf ${id}`,
            slug: `matrix-shelf-${id}`,
            image: '',
            position: 3 + index,
          })),
        )
        .execute();
      await database.db
        .insertInto('banners')
        .values(
          BANNER_IDS.map((id, position) => ({
            id,
            path: `/media/banner-${id}.jpg`,
            heading: `Banner ${id}`,
            description: 'Seeded',
            button_text: 'Shop',
            link: '/shops',
            position,
          })),
        )
        .execute();
      // PostgreSQL serials do not advance on explicit ids: the create case's banner must get a new one.
      if (testDialect === 'postgres')
        await sql`select setval(pg_get_serial_sequence('banners', 'id'), 10)`.execute(database.db);
      await database.db
        .insertInto('customers')
        .values({
          id: BLOCKABLE_CUSTOMER_ID,
          name: 'Blockable Customer',
          email: 'blockable@example.in',
          phone: null,
          password_hash: null,
          method: 'email',
          token_version: 0,
          created_at: new Date().toISOString(),
        })
        .execute();
    },
  });
  // A and B are distinct people with distinct names, so a leak of one into the other is visible in any answer.
  const a = await fillAccount(server, await registerShopper(server, 'Ananya Rao'));
  const b = await fillAccount(server, await registerShopper(server, 'Bhavesh Kumar'));
  fx = {
    server,
    a,
    b,
    sellerOne: await signedInSeller(server, 0),
    sellerTwo: await signedInSeller(server, 1),
    operator: await signedInOperator(server),
    admin: await signedInOperator(server, 'admin'),
    refundId: 0,
    aReturn: await returnOfA(server, a),
    failedMessageId: await failedMessageTo(server, a.shopper.id),
  };
  // A third shopper pays, and seller one cancels the paid part: a refund with an invoice to credit.
  const c = await fillAccount(server, await registerShopper(server, 'Chitra Nair'));
  expect((await fx.operator.post(`/ops/payments/${c.paymentId}/verify`, {})).status).toBe(200);
  const cancelled = await fx.sellerOne.post(`/seller/orders/${c.sellerOnePartId}/status`, {
    status: 'cancelled',
    note: 'Out of stock',
  });
  expect(cancelled.status).toBe(200);
  const refund = await server.database.db
    .selectFrom('refunds')
    .select('id')
    .where('seller_order_id', '=', c.sellerOnePartId)
    .executeTakeFirstOrThrow();
  fx.refundId = refund.id;
  // Seller two must have a conversation of its own for "lists only its own" to mean something.
  await b.shopper.post('/chat/customer/send-message-to-seller', {
    sellerId: catalog.sellers[1].id,
    text: 'Hi shop two',
  });
});
afterAll(() => fx?.server.close());

describe(`authorization matrix (${testDialect})`, () => {
  it('has a case or a public listing for every route the server registers, and no stale ones', () => {
    const registered = fx.server.app.routeTable
      .filter((r) => !isWebBuildFile(r.url))
      .map((r) => keyOf(r.method, r.url));
    const missing = registered.filter((key) => !(key in matrix));
    expect(missing, 'routes without an authorization case: add one to the matrix').toEqual([]);
    expect(Object.keys(matrix).filter((key) => !registered.includes(key))).toEqual([]);
    // Sanity: the inventory really is the whole API (so an empty table cannot pass).
    expect(registered.length).toBeGreaterThan(50);
  });

  const entries = Object.entries(matrix);

  describe.each(entries.filter(([, c]) => c.access === 'customer') as [string, CustomerRoute][])(
    '%s',
    (key, route) => {
      const method = key.split(' ')[0];

      it(`answers a visitor ${route.visitorStatus ?? 401}`, async () => {
        const { path, body } = route.request(fx);
        const res = await new ApiClient(fx.server.baseUrl).request(method, path, body);
        expect(res.status).toBe(route.visitorStatus ?? 401);
        if (res.status === 401) expect(res.body.error).toEqual(expect.any(String));
      });

      it("does not let B read or change A's data", async () => {
        const before = await customerSnapshot(fx.server.database.db, fx.a.shopper.id);
        const { path, body } = route.request(fx);
        const res = await fx.b.shopper.request(method, path, body);
        if (route.served) {
          expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
          await route.served(res, fx);
        } else {
          expect([403, 404], JSON.stringify(res.body)).toContain(res.status);
          expect(res.body.error).toEqual(expect.any(String));
        }
        expect(await customerSnapshot(fx.server.database.db, fx.a.shopper.id)).toEqual(before);
      });
    },
  );

  describe.each(entries.filter(([, c]) => c.access === 'seller') as [string, SellerRoute][])(
    '%s',
    (key, route) => {
      const method = key.split(' ')[0];

      it('refuses visitors and customer sessions with 401', async () => {
        const { path, body, headers } = route.request(fx);
        expect((await new ApiClient(fx.server.baseUrl).request(method, path, body, headers)).status).toBe(
          401,
        );
        expect((await fx.a.shopper.request(method, path, body, headers)).status).toBe(401);
      });

      it("does not let seller two read or write seller one's conversation with A or products", async () => {
        const before = await customerSnapshot(fx.server.database.db, fx.a.shopper.id);
        const { path, body, headers } = route.request(fx);
        const sellerOneBefore = await sellerProductsSnapshot(fx, catalog.sellers[0].id);
        const res = await fx.sellerTwo.request(method, path, body, headers);
        if (route.served) {
          expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
          await route.served(res, fx);
        } else {
          expect([403, 404], JSON.stringify(res.body)).toContain(res.status);
        }
        expect(await customerSnapshot(fx.server.database.db, fx.a.shopper.id)).toEqual(before);
        expect(await sellerProductsSnapshot(fx, catalog.sellers[0].id)).toEqual(sellerOneBefore);
      });
    },
  );

  describe.each(entries.filter(([, c]) => c.access === 'operator') as [string, OperatorRoute][])(
    '%s',
    (key, route) => {
      const method = key.split(' ')[0];

      it('answers visitors 401 and customers and sellers 403/401, changing nothing', async () => {
        const before = await customerSnapshot(fx.server.database.db, fx.a.shopper.id);
        const { path, body } = route.request(fx);
        expect((await new ApiClient(fx.server.baseUrl).request(method, path, body)).status).toBe(401);
        expect((await fx.b.shopper.request(method, path, body)).status).toBe(403);
        expect((await fx.sellerOne.request(method, path, body)).status).toBe(401);
        expect(await customerSnapshot(fx.server.database.db, fx.a.shopper.id)).toEqual(before);
      });

      it('serves an operator', async () => {
        const { path, body } = route.request(fx);
        expect((await fx.operator.request(method, path, body)).status).toBeLessThan(300);
      });

      // An admin may do everything an operator does (the decisions were taken above, so only the reads).
      it.runIf(method === 'GET')('serves an admin too', async () => {
        const { path, body } = route.request(fx);
        expect((await fx.admin.request(method, path, body)).status).toBeLessThan(300);
      });
    },
  );

  describe.each(entries.filter(([, c]) => c.access === 'admin') as [string, AdminRoute][])(
    '%s',
    (key, route) => {
      const method = key.split(' ')[0];

      it('answers visitors, customers and sellers 401 and operators 403, changing nothing', async () => {
        const { db } = fx.server.database;
        const audit = () => db.selectFrom('audit_log').selectAll().execute();
        const sellers = () => db.selectFrom('sellers').selectAll().orderBy('id').execute();
        const merchandise = () =>
          Promise.all([
            db.selectFrom('categories').selectAll().orderBy('id').execute(),
            db.selectFrom('banners').selectAll().orderBy('id').execute(),
          ]);
        const customers = () => db.selectFrom('customers').selectAll().orderBy('id').execute();
        const [auditBefore, sellersBefore, merchandiseBefore, customersBefore] = await Promise.all([
          audit(),
          sellers(),
          merchandise(),
          customers(),
        ]);
        const { path, body } = route.request(fx);
        for (const [client, status] of [
          [new ApiClient(fx.server.baseUrl), 401],
          [fx.b.shopper, 401],
          [fx.sellerOne, 401],
          [fx.operator, 403],
        ] as const) {
          const res = await client.request(method, path, body);
          expect(res.status, JSON.stringify(res.body)).toBe(status);
          expect(res.body.error).toEqual(expect.any(String));
        }
        expect(await audit()).toEqual(auditBefore);
        expect(await sellers()).toEqual(sellersBefore);
        expect(await merchandise()).toEqual(merchandiseBefore);
        expect(await customers()).toEqual(customersBefore);
      });

      it('serves an admin', async () => {
        const { path, body } = route.request(fx);
        const res = await fx.admin.request(method, path, body);
        expect(res.status, JSON.stringify(res.body)).toBe(route.adminStatus ?? 200);
      });
    },
  );
});
