import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCustomerToken, type SessionUser } from '../src/auth/session';
import { nowIso } from '../src/db/database';
import { seedDatabase } from '../src/seed';
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
    };
  }

  /** A product with the given number of seeded reviews (so the rating maths can be checked by hand). */
  async function productWithReviews(predicate: (count: number) => boolean) {
    const rows = await server.database.db
      .selectFrom('products')
      .select(['id', 'rating', 'review_count'])
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
      expect(Object.keys(review).sort()).toEqual(['_id', 'date', 'name', 'rating', 'review']);
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
    const priya = await signedInCustomer('Priya Sharma');
    const res = await priya.post('/home/customer/submit-review', {
      productId: product.id,
      rating: 4,
      review: '  Soft fabric, true to size.  ',
      name: 'Someone Else',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Review added' });
    expect(await productRow(product.id)).toEqual({ rating: 4, review_count: 1 });

    const rahul = await signedInCustomer('Rahul Verma');
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
    const anu = await signedInCustomer('Anu Nair');
    expect(
      (await anu.post('/home/customer/submit-review', { productId: product.id, rating: 1, review: 'Poor' }))
        .status,
    ).toBe(201);
    // (4 + 5 + 1) / 3 = 3.33 → 3.5
    expect(await productRow(product.id)).toEqual({ rating: 3.5, review_count: 3 });

    const listed = await visitor.get(`/home/customer/get-reviews/${product.id}`);
    expect(listed.body.totalReview).toBe(3);
    const mine = listed.body.reviews.find((r: { name: string }) => r.name === 'Priya Sharma');
    expect(mine).toMatchObject({ rating: 4, review: 'Soft fabric, true to size.' });
    expect(listed.body.reviews.map((r: { name: string }) => r.name)).not.toContain('Someone Else');
    const details = await visitor.get(`/home/get-product/${product.id}`);
    expect(details.body.product.rating).toBe(3.5);
  });

  it('allows one review per customer per product', async () => {
    const product = await productWithReviews((n) => n >= 1);
    const before = await productRow(product.id);
    const meera = await signedInCustomer('Meera Iyer');
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
    const ravi = await signedInCustomer('Ravi Kumar');
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
    [{ productId: 'abc', rating: 5, review: 'x' }, /productId/],
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
});
