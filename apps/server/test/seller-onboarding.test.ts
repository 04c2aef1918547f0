/**
 * Seller onboarding (issue 16) through the API: registration (valid, each invalid field, a taken e-mail, hostile
 * input), the marketplace's status changes (`changeSellerStatus` and `npm run seller:approve`) and what shoppers see
 * of each shop's products meanwhile (listing, search, suggestions, facets, home, product page, cart, Buy Now), and
 * the shop page.
 */
import { hostname, userInfo } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sellerRegisterMessages,
  variantMessages,
  type AuditResponse,
  type ProductQueryResponse,
} from '@bazaar/shared';
import { loadConfig } from '../src/config';
import { changeSellerStatus } from '../src/flows/sellerStatus';
import { ApiClient, eventually, startTestServer, testDialect, type TestServer } from './harness';
import { compiledServer, runNode } from './compiledServer';
import { NOW, newIdempotencyKey, savedAddressId, seedCatalog, signInNewCustomer } from './orders-fixtures';
import { signedInOperator } from './security-fixtures';

let server: TestServer;

beforeAll(async () => {
  const defaults = loadConfig();
  server = await startTestServer({
    // Registrations share the sign-ins' per-IP budget; this file registers more shops than one person would.
    config: {
      authRateLimits: { ...defaults.authRateLimits, loginPerIp: 1000 },
      // The command-line decisions below reach the server within its poll: half a second here, not 5 s, so the test
      // does not wait out two polls.
      responseCache: { ...defaults.responseCache, outsideChangesPollSeconds: 0.5 },
    },
    prepare: (database) => seedCatalog(database),
  });
});
afterAll(() => server?.close());

const db = () => server.database.db;
let counter = 0;

/** A valid registration; every e-mail and shop name is new unless the test says otherwise. */
function registration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    shopName: `Meera Handlooms ${counter}`,
    ownerName: 'Meera Iyer',
    email: `meera${counter}-${Date.now()}@example.in`,
    mobile: '9876543210',
    password: 'long enough secret',
    pickupAddress: { address: '12 Loom Street', city: 'Pune', state: 'Maharashtra', pincode: '411001' },
    gstin: '27ABCDE1234F1Z5',
    pan: 'ABCDE1234F',
    ...overrides,
  };
}

async function register(overrides: Record<string, unknown> = {}) {
  const client = new ApiClient(server.baseUrl);
  const res = await client.post('/seller/register', registration(overrides));
  return { client, res };
}

/** A product of the seller as the seller center stores one: `status` as given, `visible` by the rule. */
async function addProduct(sellerId: number, name: string, status = 'active', visible = 0) {
  const product = await db()
    .insertInto('products')
    .values({
      slug: name.toLowerCase().replace(/\s+/g, '-'),
      name,
      brand: 'Meeraweave',
      price: 2000,
      discount: 10,
      stock: 5,
      description: `${name} description`,
      colour: 'Teal',
      category_id: 21,
      seller_id: sellerId,
      created_at: NOW,
      status,
      visible,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('product_variants')
    .values({ product_id: product.id, sku: `MW-${product.id}`, size: null, position: 0, stock: 5 })
    .execute();
  return product.id;
}

describe(`seller registration (${testDialect})`, () => {
  it('creates a pending shop with a slug, signs it in, and /seller/me says where it stands', async () => {
    const { client, res } = await register({
      shopName: '  Meera’s Handlooms  ',
      email: ' Meera@Example.IN ',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: sellerRegisterMessages.registered,
      seller: {
        id: expect.any(Number),
        name: 'Meera Iyer',
        shopName: 'Meera’s Handlooms',
        email: 'meera@example.in',
        status: 'pending',
        statusReason: null,
        slug: 'meeras-handlooms',
        commissionPercent: 10,
        acceptsCod: false,
      },
    });
    expect(res.headers.getSetCookie().find((line) => line.startsWith('sellerToken='))).toMatch(/HttpOnly/i);
    expect(JSON.stringify(res.body)).not.toContain('secret');
    const me = await client.get('/seller/me');
    expect(me.status).toBe(200);
    expect(me.body.seller).toEqual(res.body.seller);

    const row = await db()
      .selectFrom('sellers')
      .selectAll()
      .where('id', '=', res.body.seller.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      mobile: '9876543210',
      city: 'Pune',
      pickup_address: '12 Loom Street',
      pickup_state: 'Maharashtra',
      pickup_pincode: '411001',
      gstin: '27ABCDE1234F1Z5',
      pan: 'ABCDE1234F',
      status: 'pending',
      approved_at: null,
    });
    expect(row.password_hash).toMatch(/^\$argon2/);

    // The same shop name again gets the next free slug.
    const twin = await register({ shopName: 'Meeras Handlooms' });
    expect(twin.res.status).toBe(201);
    expect(twin.res.body.seller.slug).toBe('meeras-handlooms-2');
  });

  it('takes GSTIN and PAN as optional, forgiving spaces and lower case', async () => {
    const without = await register({ gstin: undefined, pan: '' });
    expect(without.res.status).toBe(201);
    const lower = await register({ gstin: '27abcde1234f1z5', pan: 'abcde 1234f' });
    expect(lower.res.status).toBe(201);
    const row = await db()
      .selectFrom('sellers')
      .select(['gstin', 'pan'])
      .where('id', '=', lower.res.body.seller.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ gstin: '27ABCDE1234F1Z5', pan: 'ABCDE1234F' });
  });

  it.each([
    ['a blank shop name', { shopName: '  ' }, 'Shop name is required'],
    ['a shop name of symbols only', { shopName: '!!!' }, sellerRegisterMessages.shopName],
    ['a missing owner name', { ownerName: undefined }, 'Name is required'],
    ['a bad e-mail', { email: 'meera-at-example' }, 'Please enter a valid email'],
    ['a landline', { mobile: '0201234567' }, 'Please enter a valid 10-digit mobile number'],
    ['a short password', { password: 'short' }, 'Password must be at least 8 characters'],
    [
      'a five-digit pincode',
      { pickupAddress: { address: '1 Road', city: 'Pune', state: 'Maharashtra', pincode: '41100' } },
      'Please enter a valid 6-digit pincode',
    ],
    [
      'a state not in the list',
      { pickupAddress: { address: '1 Road', city: 'Pune', state: 'Narnia', pincode: '411001' } },
      'Please choose a state or union territory from the list',
    ],
    [
      'no street address',
      { pickupAddress: { address: '', city: 'Pune', state: 'Maharashtra', pincode: '411001' } },
      'Address is required',
    ],
    ['no pickup address at all', { pickupAddress: undefined }, 'Pickup address is required'],
    ['a GSTIN of the wrong shape', { gstin: '27ABCDE1234F1X5' }, sellerRegisterMessages.gstin],
    ['a GSTIN of another state', { gstin: '29ABCDE1234F1Z5' }, sellerRegisterMessages.gstinState],
    ['a PAN of the wrong shape', { pan: 'ABCD1234F', gstin: '' }, sellerRegisterMessages.pan],
    ['a PAN that is not the GSTIN’s', { pan: 'ZZZZZ9999Z' }, sellerRegisterMessages.panMismatch],
  ])('refuses %s with a message naming the field', async (_, overrides, message) => {
    const { res } = await register(overrides);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, code: 'VALIDATION_FAILED' });
  });

  it('refuses an e-mail another seller has (409), whatever its case; a customer’s e-mail is a separate account', async () => {
    const first = await register();
    const again = await register({ email: first.res.body.seller.email.toUpperCase() });
    expect(again.res.status).toBe(409);
    expect(again.res.body).toEqual({ error: sellerRegisterMessages.emailTaken, code: 'EMAIL_TAKEN' });
    // Nothing was created and the second client is not signed in.
    expect((await again.client.get('/seller/me')).status).toBe(401);

    const customerEmail = `customer-${Date.now()}@example.in`;
    const shopper = await new ApiClient(server.baseUrl).post('/customer/customer-register', {
      name: 'Meera',
      email: customerEmail,
      password: 'long enough secret',
    });
    expect(shopper.status).toBe(201);
    expect((await register({ email: customerEmail })).res.status).toBe(201);
  });

  it('ignores fields a shop may not set itself and refuses hostile input', async () => {
    const { res } = await register({ status: 'approved', commissionPercent: 0, slug: 'bazaar', id: 1 });
    expect(res.status).toBe(201);
    expect(res.body.seller).toMatchObject({ status: 'pending', commissionPercent: 10 });
    expect(res.body.seller.slug).not.toBe('bazaar');
    expect(res.body.seller.id).not.toBe(1);

    // Markup is only text: stored as typed, and the slug keeps letters and digits.
    const markup = await register({ shopName: '<img src=x onerror=alert(1)>' });
    expect(markup.res.status).toBe(201);
    expect(markup.res.body.seller.shopName).toBe('<img src=x onerror=alert(1)>');
    expect(markup.res.body.seller.slug).toMatch(/^img-src-x-onerror-alert-1(-\d+)?$/);

    for (const body of [
      registration({ shopName: 'x'.repeat(81) }),
      registration({ email: "meera'--@example.in" + 'x'.repeat(300) }),
      registration({ pickupAddress: 'Pune' }),
      registration({ mobile: 9876543210 }),
      '[]',
      'not json',
    ]) {
      const refused = await new ApiClient(server.baseUrl).post('/seller/register', body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });
});

describe(`seller status and what shoppers see (${testDialect})`, () => {
  let sellerId: number;
  let seller: ApiClient;
  let slug: string;
  let product: number;
  let draft: number;
  let archived: number;
  const NAME = 'Zariwala Kanjivaram Saree';

  beforeAll(async () => {
    const { client, res } = await register({
      shopName: 'Zariwala Silks',
      email: `zariwala-${Date.now()}@example.in`,
    });
    seller = client;
    sellerId = res.body.seller.id;
    slug = res.body.seller.slug;
    product = await addProduct(sellerId, NAME);
    draft = await addProduct(sellerId, 'Zariwala Draft Dupatta', 'draft');
    archived = await addProduct(sellerId, 'Zariwala Archived Stole', 'archived');
  });

  const api = () => new ApiClient(server.baseUrl);

  /** Where a shopper could meet the product, each as seen now: true when it shows there. */
  async function seenByShoppers(productId: number, name: string) {
    const [listing, search, suggestions, facets, home, page] = await Promise.all([
      api().get('/home/query-products?category=women-sarees'),
      api().get(`/home/query-products?searchValue=${encodeURIComponent(name)}`),
      api().get(`/home/get_search_products?value=${encodeURIComponent(name)}`),
      api().get('/home/query-products?facets=1'),
      api().get('/home/get-products'),
      api().get(`/home/get-product/${productId}`),
    ]);
    const has = (products: { _id: number }[]) => products.some((p) => p._id === productId);
    return {
      listing: has(listing.body.products),
      search: has(search.body.products),
      suggestions: suggestions.body.homeSearch.some((s: { name: string }) => s.name === name),
      brandFacet: facets.body.facets.brand.some((b: { value: string }) => b.value === 'Meeraweave'),
      home: has(home.body.products),
      page: page.status === 200,
    };
  }

  const everywhere = {
    listing: true,
    search: true,
    suggestions: true,
    brandFacet: true,
    home: true,
    page: true,
  };
  const nowhere = {
    listing: false,
    search: false,
    suggestions: false,
    brandFacet: false,
    home: false,
    page: false,
  };

  it('a pending shop’s products are invisible everywhere and cannot be bought', async () => {
    expect(await seenByShoppers(product, NAME)).toEqual(nowhere);
    expect((await api().get(`/home/get-product/${product}`)).body.code).toBe('NOT_FOUND');
    expect((await api().get(`/home/shop/${slug}`)).status).toBe(404);

    const shopper = await signInNewCustomer(server);
    const add = await shopper.post('/home/product/add-to-card', { productId: product, quantity: 1 });
    expect(add.status).toBe(409);
    expect(add.body).toEqual({ error: variantMessages.unavailable, code: 'PRODUCT_UNAVAILABLE' });
    const buyNow = await shopper.post('/home/order/palce-order', {
      addressId: await savedAddressId(shopper),
      idempotencyKey: newIdempotencyKey(),
      buyNow: { productId: product, quantity: 1 },
    });
    expect(buyNow.status).toBe(409);
    expect(buyNow.body.code).toBe('PRODUCT_UNAVAILABLE');
    // Nothing was taken.
    const stock = await db()
      .selectFrom('products')
      .select('stock')
      .where('id', '=', product)
      .executeTakeFirst();
    expect(stock?.stock).toBe(5);
  });

  it('approval shows the active products (drafts and archived stay hidden); the shop signs in as approved', async () => {
    expect(await changeSellerStatus(server.app.ctx, sellerId, 'approved')).toEqual({
      sellerId,
      from: 'pending',
      to: 'approved',
    });
    expect(await seenByShoppers(product, NAME)).toEqual(everywhere);
    for (const hidden of [draft, archived])
      expect((await api().get(`/home/get-product/${hidden}`)).status).toBe(404);
    const me = await seller.get('/seller/me');
    expect(me.body.seller).toMatchObject({ status: 'approved', statusReason: null });
    const row = await db()
      .selectFrom('sellers')
      .select('approved_at')
      .where('id', '=', sellerId)
      .executeTakeFirst();
    expect(row?.approved_at).toEqual(expect.any(String));

    // The product page links the shop.
    expect((await api().get(`/home/get-product/${product}`)).body.product.shopSlug).toBe(slug);

    const shopper = await signInNewCustomer(server);
    const add = await shopper.post('/home/product/add-to-card', { productId: product, quantity: 1 });
    expect(add.status).toBe(200);
  });

  it('suspension hides them all again (with the reason for the seller), reinstatement restores them', async () => {
    const shopper = await signInNewCustomer(server);
    expect(
      (await shopper.post('/home/product/add-to-card', { productId: product, quantity: 1 })).status,
    ).toBe(200);

    await changeSellerStatus(server.app.ctx, sellerId, 'suspended', 'Counterfeit complaints under review');
    expect(await seenByShoppers(product, NAME)).toEqual(nowhere);
    expect((await api().get(`/home/shop/${slug}`)).status).toBe(404);
    const me = await seller.get('/seller/me');
    expect(me.status).toBe(200);
    expect(me.body.seller).toMatchObject({
      status: 'suspended',
      statusReason: 'Counterfeit complaints under review',
    });
    // The line already in the cart still shows, with the unavailable lines and outside the totals; checking it out
    // is refused with a clear message.
    const cart = await shopper.get('/home/product/get-card-product');
    expect(cart.body.card_products).toEqual([]);
    expect(cart.body).toMatchObject({ price: 0, buy_product_item: 0, card_product_count: 1 });
    expect(cart.body.outOfStockProduct).toHaveLength(1);
    expect(cart.body.outOfStockProduct[0].products[0]).toMatchObject({ name: NAME, stock: 0 });
    const order = await shopper.post('/home/order/palce-order', {
      addressId: await savedAddressId(shopper),
      idempotencyKey: newIdempotencyKey(),
    });
    expect(order.status).toBe(409);
    expect(order.body).toEqual({ error: variantMessages.unavailable, code: 'PRODUCT_UNAVAILABLE' });

    await changeSellerStatus(server.app.ctx, sellerId, 'approved');
    expect(await seenByShoppers(product, NAME)).toEqual(everywhere);
    const back = await shopper.get('/home/product/get-card-product');
    expect(back.body.outOfStockProduct).toEqual([]);
    expect(back.body.card_products[0].products[0].productInfo.name).toBe(NAME);
    expect(back.body.price).toBeGreaterThan(0);
    expect((await seller.get('/seller/me')).body.seller.statusReason).toBeNull();
  });

  it('refuses illegal transitions, a rejection or suspension without a reason, and unknown sellers', async () => {
    const pending = (await register()).res.body.seller.id as number;
    await expect(changeSellerStatus(server.app.ctx, pending, 'suspended', 'why')).rejects.toMatchObject({
      statusCode: 409,
      code: 'ILLEGAL_STATUS_CHANGE',
      message: 'A pending seller cannot become suspended',
    });
    await expect(changeSellerStatus(server.app.ctx, sellerId, 'approved')).rejects.toMatchObject({
      statusCode: 409,
      message: 'The seller is already approved',
    });
    await expect(changeSellerStatus(server.app.ctx, pending, 'rejected', '  ')).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(changeSellerStatus(server.app.ctx, 999_999, 'approved')).rejects.toMatchObject({
      statusCode: 404,
    });
    // Rejected, then approved after another review.
    await changeSellerStatus(server.app.ctx, pending, 'rejected', 'GSTIN does not match the documents');
    const status = await db()
      .selectFrom('sellers')
      .select(['status', 'status_reason'])
      .where('id', '=', pending)
      .executeTakeFirst();
    expect(status).toEqual({ status: 'rejected', status_reason: 'GSTIN does not match the documents' });
    await changeSellerStatus(server.app.ctx, pending, 'approved');
  });
});

describe(`the shop page (${testDialect})`, () => {
  it('shows an approved shop: name, city, rating over its products’ reviews, product count, joined, products paged', async () => {
    const { res } = await register({ shopName: 'Kutch Mirrorwork', email: `kutch-${Date.now()}@example.in` });
    const { id, slug } = res.body.seller;
    const products = [];
    for (let i = 0; i < 3; i++) products.push(await addProduct(id, `Kutch Mirror Top ${i}`));
    await addProduct(id, 'Kutch Draft Bag', 'draft');
    await changeSellerStatus(server.app.ctx, id, 'approved');
    // Two products reviewed: 5 stars × 2 reviews and 2 stars × 1 review, a weighted 4.0.
    await db()
      .updateTable('products')
      .set({ rating: 5, review_count: 2 })
      .where('id', '=', products[0])
      .execute();
    await db()
      .updateTable('products')
      .set({ rating: 2, review_count: 1 })
      .where('id', '=', products[1])
      .execute();

    const page = await new ApiClient(server.baseUrl).get(`/home/shop/${slug}`);
    expect(page.status).toBe(200);
    expect(page.body.shop).toEqual({
      slug,
      name: 'Kutch Mirrorwork',
      city: 'Pune',
      rating: 4,
      reviewCount: 3,
      productCount: 3,
      joinedAt: expect.any(String),
    });
    expect(page.body.products.map((p: { _id: number }) => p._id).sort()).toEqual([...products].sort());
    expect(page.body.totalProduct).toBe(3);
    expect(page.body.parPage).toBeGreaterThan(0);
    const cheapestFirst = await new ApiClient(server.baseUrl).get(
      `/home/shop/${slug}?sort=price-asc&pageNumber=1`,
    );
    expect(cheapestFirst.status).toBe(200);
    expect(
      (await new ApiClient(server.baseUrl).get(`/home/shop/${slug}?pageNumber=2`)).body.products,
    ).toEqual([]);
  });

  it('is not found for a pending, unknown or malformed shop', async () => {
    const { res } = await register();
    const api = new ApiClient(server.baseUrl);
    expect((await api.get(`/home/shop/${res.body.seller.slug}`)).status).toBe(404);
    expect((await api.get('/home/shop/no-such-shop')).body).toEqual({
      error: sellerRegisterMessages.notFound,
      code: 'NOT_FOUND',
    });
    expect((await api.get('/home/shop/Bad%20Slug')).status).toBe(400);
    // The server refuses over-long path parts before routing (414).
    expect([400, 414]).toContain((await api.get(`/home/shop/${'a'.repeat(121)}`)).status);
    expect((await api.get('/home/shop/x?pageNumber=0')).status).toBe(400);
  });
});

describe(`npm run seller:approve (${testDialect})`, () => {
  it('approves, suspends with a reason and reinstates a shop by its e-mail; refuses unknown e-mails', async () => {
    const { res } = await register({ email: `cli-${Date.now()}@example.in` });
    const { id, email } = res.body.seller;
    const productId = await addProduct(id, 'Command Line Kurta');
    const build = await compiledServer();
    const config = server.config;
    const env = {
      ...process.env,
      DATA_DIR: config.dataDir,
      SQLITE_PATH: config.sqlitePath,
      DATABASE_URL: config.databaseUrl ?? '',
      DATABASE_SCHEMA: config.databaseSchema ?? '',
      JWT_SECRET: config.jwtSecret,
      REDIS_URL: '',
    };
    const cli = (...args: string[]) => runNode([path.join(build.dir, 'cli/seller-approve.js'), ...args], env);
    const visible = async () =>
      (await db().selectFrom('products').select('visible').where('id', '=', productId).executeTakeFirst())
        ?.visible;
    const status = async () =>
      (await db().selectFrom('sellers').select('status').where('id', '=', id).executeTakeFirst())?.status;
    // The running server's cached listing follows each decision within its poll (CATALOGUE_POLL_SECONDS, 5 s by
    // default, 0.5 s for this file's server), not when the entry expires (60 s): the command counts its change where
    // the server looks.
    const listed = async () =>
      (
        await new ApiClient(server.baseUrl).get<ProductQueryResponse>(
          '/home/query-products?brand=Meeraweave&sort=newest',
        )
      ).body.products.map((product) => product.name);
    const listedSoon = (shown: boolean) =>
      eventually(listed, (names) => names.includes('Command Line Kurta') === shown, 20_000);
    try {
      expect(await listed()).not.toContain('Command Line Kurta');
      expect(await cli('--email', email.toUpperCase())).toContain('pending → approved');
      expect([await status(), await visible()]).toEqual(['approved', 1]);
      expect(await listedSoon(true)).toContain('Command Line Kurta');
      await expect(cli('--email', email, '--suspend')).rejects.toThrow(/give a reason/);
      expect(await cli('--email', email, '--suspend', '--reason', 'Late shipments')).toContain(
        'approved → suspended',
      );
      expect([await status(), await visible()]).toEqual(['suspended', 0]);
      expect(await listedSoon(false)).not.toContain('Command Line Kurta');
      expect(await cli('--email', email, '--reinstate')).toContain('suspended → approved');
      expect([await status(), await visible()]).toEqual(['approved', 1]);
      await expect(cli('--email', 'nobody@example.in')).rejects.toThrow(/No seller has the email/);
      await expect(cli('--email', email, '--suspend', '--reject')).rejects.toThrow(/Usage/);
      await expect(cli('--email', email)).rejects.toThrow(/already approved/);
    } finally {
      build.dispose();
    }

    // Each decision is in the audit log as the admin console writes it, by the shell's user@host; the refused ones
    // left nothing.
    const commandLineUser = `${userInfo().username}@${hostname()}`;
    const rows = await db()
      .selectFrom('audit_log')
      .select(['action', 'before', 'after', 'reason', 'staff_id', 'command_line_user', 'ip'])
      .where('subject_kind', '=', 'seller')
      .where('subject_id', '=', String(id))
      .orderBy('id')
      .execute();
    const byCli = { staff_id: null, command_line_user: commandLineUser, ip: null };
    expect(rows).toEqual([
      {
        ...byCli,
        action: 'seller.approve',
        before: '{"status":"pending"}',
        after: '{"status":"approved"}',
        reason: null,
      },
      {
        ...byCli,
        action: 'seller.suspend',
        before: '{"status":"approved"}',
        after: '{"status":"suspended"}',
        reason: 'Late shipments',
      },
      {
        ...byCli,
        action: 'seller.reinstate',
        before: '{"status":"suspended"}',
        after: '{"status":"approved"}',
        reason: null,
      },
    ]);
    // The admin console reads them, and tells them from staff's by who acted.
    const admin = await signedInOperator(server, 'admin');
    const suspended = await admin.get<AuditResponse>('/admin/audit?action=seller.suspend&actor=command-line');
    expect(suspended.body.entries.find((entry) => entry.subjectId === String(id))).toMatchObject({
      staff: null,
      commandLineUser,
      before: { status: 'approved' },
      after: { status: 'suspended' },
      reason: 'Late shipments',
      ip: null,
    });
    const byStaff = await admin.get<AuditResponse>('/admin/audit?action=seller.suspend&actor=staff');
    expect(byStaff.body.entries.some((entry) => entry.subjectId === String(id))).toBe(false);
  }, 120_000);
});
