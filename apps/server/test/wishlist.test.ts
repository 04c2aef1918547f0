import { describe, expect, it } from 'vitest';
import { testDialect } from './harness';
import type { WishlistResponse } from '@bazaar/shared';
import { products, useCartFixtureServer } from './cart-fixtures';

const LIST = '/home/product/get-wishlist-products';
const ADD = '/home/product/add-to-wishlist';

describe(`wishlist (${testDialect})`, () => {
  const { visitor, customer } = useCartFixtureServer();

  it('refuses visitors with 401', async () => {
    for (const res of await Promise.all([
      visitor().post(ADD, { productId: products.kurta.id }),
      visitor().get<WishlistResponse>(LIST),
      visitor().delete('/home/product/delete-wishlist-product/1'),
    ])) {
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Please login first');
    }
  });

  it('adds products and lists them newest first with their first image', async () => {
    const alice = customer(1);
    expect((await alice.get<WishlistResponse>(LIST)).body).toEqual({ wishlists: [], wishlistCount: 0 });

    const res = await alice.post(ADD, { productId: products.kurta.id, userId: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Added to wishlist' });
    await alice.post(ADD, { productId: products.soldOut.id });

    const { body } = await alice.get<WishlistResponse>(`${LIST}/2`); // the spec's userId form: the param is ignored
    expect(body.wishlistCount).toBe(2);
    expect(body.wishlists).toEqual([
      {
        _id: expect.any(Number),
        productId: products.soldOut.id,
        slug: products.soldOut.slug,
        name: 'Product soldOut',
        image: '/images/sold-out-sandals-1.jpg',
        price: 700,
        discount: 20,
        rating: 4.5,
        stock: 0,
      },
      expect.objectContaining({
        productId: products.kurta.id,
        slug: products.kurta.slug,
        image: '/images/handloom-kurta-1.jpg',
      }),
    ]);
    expect((await customer(2).get<WishlistResponse>(LIST)).body.wishlistCount).toBe(0);
  });

  it('refuses a duplicate with 409 and a clear message', async () => {
    const res = await customer(1).post(ADD, { productId: products.kurta.id });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'Product is already in your wishlist', code: 'ALREADY_IN_WISHLIST' });
    expect((await customer(1).get<WishlistResponse>(LIST)).body.wishlistCount).toBe(2);
    // Another customer may save the same product.
    expect((await customer(2).post(ADD, { productId: products.kurta.id })).status).toBe(200);
  });

  it('answers an unknown product with 404 and bad input with 400', async () => {
    const missing = await customer(1).post(ADD, { productId: 9999 });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Product not found');
    const bad = await customer(1).post(ADD, { productId: 'shoes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Product id must be a number');
  });

  it("removes an entry, and answers another customer's entry id with 404 leaving it in place", async () => {
    const alice = customer(1);
    const [entry] = (await alice.get<WishlistResponse>(LIST)).body.wishlists;

    const foreign = await customer(2).delete(`/home/product/delete-wishlist-product/${entry._id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('Wishlist item not found');
    expect((await alice.get<WishlistResponse>(LIST)).body.wishlistCount).toBe(2);

    const res = await alice.delete(`/home/product/delete-wishlist-product/${entry._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Removed from wishlist', wishlistId: entry._id });
    const after = (await alice.get<WishlistResponse>(LIST)).body;
    expect(after.wishlistCount).toBe(1);
    expect(after.wishlists.map((w) => w.productId)).toEqual([products.kurta.id]);
    expect((await alice.delete(`/home/product/delete-wishlist-product/${entry._id}`)).status).toBe(404);
    expect((await alice.delete('/home/product/delete-wishlist-product/zero')).status).toBe(400);
  });
});
