import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCustomerToken, type SessionUser } from '../src/auth/session';
import { nowIso } from '../src/db/database';
import { markVerifiedPurchases } from '../src/db/migrations/011_verified_reviews_order_fingerprint';
import { seedDatabase } from '@bazaar/seed';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';

describe(`reviews API (${testDialect})`, () => {
  let server: TestServer;
  let visitor: ApiClient;

  beforeAll(async () => {
    server = await startTestServer({
      prepare: (db) => seedDatabase(db, { products: 60 }).then(() => undefined),
    });
    visitor = new ApiClient(server.baseUrl);
  });
  afterAll(() => server.close());

  async function signedInCustomer(name: string) {
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.in`;
    const row = await server.database.db
      .insertInto('customers')
      .values({ name, email, method: 'email', token_version: 0, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user: SessionUser = { id: row.id, name, email };
    const token = signCustomerToken(server.config.jwtSecret, user, 0);
    const client = new ApiClient(server.baseUrl);
    const auth = { authorization: `Bearer ${token}` };
    return {
      user,
      post: (url: string, body: unknown) => client.request('POST', url, body, auth),
      get: (url: string) => client.request('GET', url, undefined, auth),
    };
  }

  let orderCounter = 0;
  /** Gives the customer an order containing the product, paid unless said otherwise. */
  async function orderOf(customerId: number, productId: number, paymentStatus = 'paid') {
    const db = server.database.db;
    const product = await db
      .selectFrom('products')
      .select(['seller_id', 'name', 'brand', 'slug', 'price', 'discount'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    orderCounter += 1;
    const order = await db
      .insertInto('customer_orders')
      .values({
        order_code: `BZ-2611-REV${String(orderCounter).padStart(3, '0')}`,
        customer_id: customerId,
        price: product.price,
        shipping_fee: 0,
        items: 1,
        payment_status: paymentStatus,
        delivery_status: 'pending',
        shipping_name: 'Reviewer',
        shipping_phone: '9876543210',
        shipping_address: '1 MG Road',
        shipping_city: 'Bengaluru',
        shipping_state: 'Karnataka',
        shipping_pincode: '560001',
        idempotency_key: `review-order-${orderCounter}`,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const part = await db
      .insertInto('seller_orders')
      .values({
        customer_order_id: order.id,
        seller_id: product.seller_id,
        shop_name: 'Shop',
        price: product.price,
        payment_status: paymentStatus,
        delivery_status: 'pending',
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_items')
      .values({
        customer_order_id: order.id,
        seller_order_id: part.id,
        product_id: productId,
        name: product.name,
        brand: product.brand,
        slug: product.slug,
        image: '',
        price: product.price,
        discount: product.discount,
        quantity: 1,
        category: 'Kurtas',
        hsn_code: '6211',
      })
      .execute();
  }

  /** A signed-in customer with a paid order containing the product. */
  async function buyerOf(name: string, productId: number) {
    const customer = await signedInCustomer(name);
    await orderOf(customer.user.id, productId);
    return customer;
  }

  /** A product with the given number of seeded reviews (so the rating maths can be checked by hand). */
  /** The first product, as seeded (no customer has reviewed it in an earlier test), whose review count fits. */
  async function productWithReviews(predicate: (count: number) => boolean) {
    const rows = await server.database.db
      .selectFrom('products')
      .select(['id', 'rating', 'review_count'])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('reviews')
              .select('reviews.id')
              .whereRef('reviews.product_id', '=', 'products.id')
              .where('reviews.customer_id', 'is not', null),
          ),
        ),
      )
      .orderBy('id')
      .execute();
    const row = rows.find((r) => predicate(r.review_count));
    if (!row) throw new Error('no product with that many reviews in the seed');
    return row;
  }

  async function productRow(id: number) {
    return server.database.db
      .selectFrom('products')
      .select(['rating', 'review_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  it('lists reviews 5 a page, newest first, with a per-star histogram', async () => {
    const product = await productWithReviews((n) => n >= 6);
    const page1 = await visitor.get(`/home/customer/get-reviews/${product.id}?pageNo=1`);
    expect(page1.status).toBe(200);
    expect(Object.keys(page1.body).sort()).toEqual(['rating_review', 'reviews', 'totalReview']);
    expect(page1.body.totalReview).toBe(product.review_count);
    expect(page1.body.reviews).toHaveLength(5);
    for (const review of page1.body.reviews) {
      expect(Object.keys(review).sort()).toEqual([
        '_id',
        'date',
        'name',
        'rating',
        'review',
        'verifiedBuyer',
      ]);
      expect(new Date(review.date).toISOString()).toBe(review.date);
    }
    const page2 = await visitor.get(`/home/customer/get-reviews/${product.id}?pageNo=2`);
    expect(page2.body.reviews).toHaveLength(product.review_count - 5);
    const dates = [...page1.body.reviews, ...page2.body.reviews].map((r: { date: string }) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());

    expect(page1.body.rating_review.map((b: { rating: number }) => b.rating)).toEqual([5, 4, 3, 2, 1]);
    const all = [...page1.body.reviews, ...page2.body.reviews];
    for (const bucket of page1.body.rating_review) {
      expect(bucket.sum).toBe(all.filter((r: { rating: number }) => r.rating === bucket.rating).length);
    }
    const average = all.reduce((s: number, r: { rating: number }) => s + r.rating, 0) / all.length;
    expect(product.rating).toBe(Math.round(average * 2) / 2);
  });

  it('pages past the end to an empty list and defaults to page 1', async () => {
    const product = await productWithReviews((n) => n >= 1);
    const beyond = await visitor.get(`/home/customer/get-reviews/${product.id}?pageNo=50`);
    expect(beyond.body.reviews).toEqual([]);
    expect(beyond.body.totalReview).toBe(product.review_count);
    const first = await visitor.get(`/home/customer/get-reviews/${product.id}`);
    expect(first.body.reviews.length).toBe(Math.min(5, product.review_count));
  });

  it('gives an empty histogram for a product without reviews', async () => {
    const product = await productWithReviews((n) => n === 0);
    const res = await visitor.get(`/home/customer/get-reviews/${product.id}`);
    expect(res.body).toEqual({
      reviews: [],
      totalReview: 0,
      rating_review: [5, 4, 3, 2, 1].map((rating) => ({ rating, sum: 0 })),
    });
  });

  it('rejects bad product ids and pages', async () => {
    expect((await visitor.get('/home/customer/get-reviews/abc')).status).toBe(400);
    expect((await visitor.get('/home/customer/get-reviews/1?pageNo=0')).status).toBe(400);
    expect(await visitor.get('/home/customer/get-reviews/999999')).toMatchObject({
      status: 404,
      body: { error: 'Product not found' },
    });
  });

  it('asks visitors to sign in before reviewing', async () => {
    const res = await visitor.post('/home/customer/submit-review', {
      productId: 1,
      rating: 5,
      review: 'Lovely',
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Please login first');
  });

  it('adds a signed-in review under the session name and recomputes the rating in half steps', async () => {
    const product = await productWithReviews((n) => n === 0);
    const priya = await buyerOf('Priya Sharma', product.id);
    const res = await priya.post('/home/customer/submit-review', {
      productId: product.id,
      rating: 4,
      review: '  Soft fabric, true to size.  ',
      name: 'Someone Else',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Review added' });
    expect(await productRow(product.id)).toEqual({ rating: 4, review_count: 1 });

    const rahul = await buyerOf('Rahul Verma', product.id);
    expect(
      (
        await rahul.post('/home/customer/submit-review', {
          productId: product.id,
          rating: 5,
          review: 'Great',
        })
      ).status,
    ).toBe(201);
    // (4 + 5) / 2 = 4.5
    expect(await productRow(product.id)).toEqual({ rating: 4.5, review_count: 2 });
    const anu = await buyerOf('Anu Nair', product.id);
    expect(
      (await anu.post('/home/customer/submit-review', { productId: product.id, rating: 1, review: 'Poor' }))
        .status,
    ).toBe(201);
    // (4 + 5 + 1) / 3 = 3.33 → 3.5
    expect(await productRow(product.id)).toEqual({ rating: 3.5, review_count: 3 });

    const listed = await visitor.get(`/home/customer/get-reviews/${product.id}`);
    expect(listed.body.totalReview).toBe(3);
    const mine = listed.body.reviews.find((r: { name: string }) => r.name === 'Priya Sharma');
    expect(mine).toMatchObject({ rating: 4, review: 'Soft fabric, true to size.', verifiedBuyer: true });
    expect(listed.body.reviews.map((r: { name: string }) => r.name)).not.toContain('Someone Else');
    const details = await visitor.get(`/home/get-product/${product.id}`);
    expect(details.body.product.rating).toBe(3.5);
  });

  it('allows one review per customer per product', async () => {
    const product = await productWithReviews((n) => n >= 1);
    const before = await productRow(product.id);
    const meera = await buyerOf('Meera Iyer', product.id);
    expect(
      (
        await meera.post('/home/customer/submit-review', {
          productId: product.id,
          rating: 5,
          review: 'Love it',
        })
      ).status,
    ).toBe(201);
    const again = await meera.post('/home/customer/submit-review', {
      productId: product.id,
      rating: 1,
      review: 'Changed my mind',
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('You have already reviewed this product');
    expect((await productRow(product.id)).review_count).toBe(before.review_count + 1);
  });

  it('keeps one review when the same customer submits twice at once', async () => {
    const product = await productWithReviews((n) => n === 0);
    const ravi = await buyerOf('Ravi Kumar', product.id);
    const results = await Promise.all(
      [5, 4].map((rating) =>
        ravi.post('/home/customer/submit-review', { productId: product.id, rating, review: 'Nice' }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await productRow(product.id)).review_count).toBe(1);
  });

  it.each([
    [{ productId: 1, rating: 0, review: 'x' }, /rating must be between 1 and 5/],
    [{ productId: 1, rating: 6, review: 'x' }, /rating must be between 1 and 5/],
    [{ productId: 1, rating: 4.5, review: 'x' }, /rating must be a whole number/],
    [{ productId: 1, rating: 'five', review: 'x' }, /rating must be a number/],
    [{ productId: 1, rating: 5, review: '   ' }, /Please write a review/],
    [{ productId: 1, rating: 5, review: 'x'.repeat(1001) }, /review must be at most 1000 characters/],
    [{ productId: 1, rating: 5 }, /review is required/],
    [{ productId: 'abc', rating: 5, review: 'x' }, /id must be a number/],
  ])('rejects %j with a clear 400', async (body, message) => {
    const customer = await signedInCustomer(`Tester ${Math.random().toString(36).slice(2)}`);
    const res = await customer.post('/home/customer/submit-review', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  it('answers a review of an unknown product with 404', async () => {
    const customer = await signedInCustomer('Kavya Reddy');
    const res = await customer.post('/home/customer/submit-review', {
      productId: 999999,
      rating: 5,
      review: 'Nice',
    });
    expect(res).toMatchObject({ status: 404, body: { error: 'Product not found' } });
  });

  it('lets only verified buyers review: no order, or an unpaid one, is a 403 that says why', async () => {
    const product = await productWithReviews((n) => n === 0);
    const browser = await signedInCustomer('Window Shopper');
    const review = { productId: product.id, rating: 1, review: 'Never bought it, still hate it' };
    const refused = await browser.post('/home/customer/submit-review', review);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error:
        'Only customers who bought this product can review it. You can write a review once your order with it is paid.',
      code: 'NOT_A_BUYER',
    });
    expect(await browser.get(`/home/customer/review-eligibility/${product.id}`)).toMatchObject({
      status: 200,
      body: { canReview: false, message: refused.body.error },
    });

    await orderOf(browser.user.id, product.id, 'not paid');
    expect((await browser.post('/home/customer/submit-review', review)).status).toBe(403);
    // A paid order of another product does not count either.
    const other = await productWithReviews((n) => n >= 1);
    await orderOf(browser.user.id, other.id);
    expect((await browser.post('/home/customer/submit-review', review)).status).toBe(403);
    expect(await productRow(product.id)).toEqual({ rating: product.rating, review_count: 0 });

    await orderOf(browser.user.id, product.id);
    expect(await browser.get(`/home/customer/review-eligibility/${product.id}`)).toMatchObject({
      status: 200,
      body: { canReview: true, message: '' },
    });
    expect((await browser.post('/home/customer/submit-review', review)).status).toBe(201);
    expect((await browser.get(`/home/customer/review-eligibility/${product.id}`)).body).toEqual({
      canReview: false,
      message: 'You have already reviewed this product',
    });
    expect((await visitor.get(`/home/customer/review-eligibility/${product.id}`)).status).toBe(401);
    expect((await browser.get('/home/customer/review-eligibility/999999')).status).toBe(404);
  });

  it('marks verified buyers in the list and keeps the seeded reviews, unverified', async () => {
    const product = await productWithReviews((n) => n >= 2 && n <= 4);
    const seeded = await visitor.get(`/home/customer/get-reviews/${product.id}`);
    expect(seeded.body.reviews.length).toBe(product.review_count);
    expect(seeded.body.reviews.every((r: { verifiedBuyer: boolean }) => r.verifiedBuyer === false)).toBe(
      true,
    );

    const buyer = await buyerOf('Farah Khan', product.id);
    await buyer.post('/home/customer/submit-review', { productId: product.id, rating: 5, review: 'Lovely' });
    const listed = await visitor.get(`/home/customer/get-reviews/${product.id}`);
    expect(listed.body.totalReview).toBe(product.review_count + 1);
    expect(listed.body.reviews.filter((r: { verifiedBuyer: boolean }) => r.verifiedBuyer)).toEqual([
      expect.objectContaining({ name: 'Farah Khan', verifiedBuyer: true }),
    ]);
  });

  it('migration 011 marks existing reviews verified only where the author has a paid order with the product', async () => {
    const product = await productWithReviews((n) => n === 0);
    const other = await productWithReviews((n) => n >= 1);
    const buyer = await buyerOf('Old Buyer', product.id);
    const unpaid = await signedInCustomer('Old Unpaid');
    await orderOf(unpaid.user.id, product.id, 'not paid');
    const elsewhere = await buyerOf('Old Elsewhere', other.id);
    const stranger = await signedInCustomer('Old Stranger');
    const written = nowIso();
    await server.database.db
      .insertInto('reviews')
      .values(
        [buyer, unpaid, elsewhere, stranger, null].map((author) => ({
          product_id: product.id,
          customer_id: author?.user.id ?? null,
          name: author?.user.name ?? 'Imported Reviewer',
          rating: 3,
          review: 'Written before reviews needed a purchase',
          created_at: written,
        })),
      )
      .execute();

    await markVerifiedPurchases(server.database.db);
    const flags = await server.database.db
      .selectFrom('reviews')
      .select(['name', 'verified_purchase'])
      .where('product_id', '=', product.id)
      .orderBy('id')
      .execute();
    expect(flags).toEqual([
      { name: 'Old Buyer', verified_purchase: 1 },
      { name: 'Old Unpaid', verified_purchase: 0 },
      { name: 'Old Elsewhere', verified_purchase: 0 },
      { name: 'Old Stranger', verified_purchase: 0 },
      { name: 'Imported Reviewer', verified_purchase: 0 },
    ]);
    // The seeded reviews (imported without an account) stay unverified.
    const seededVerified = await server.database.db
      .selectFrom('reviews')
      .select('id')
      .where('customer_id', 'is', null)
      .where('verified_purchase', '=', 1)
      .execute();
    expect(seededVerified).toEqual([]);
  });
});
