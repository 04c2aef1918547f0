import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../src/db/database';
import { signCustomerToken } from '../src/auth/session';
import { ApiClient, startTestServer, type TestServer } from './harness';
import { addDefaultVariants, setDefaultVariantStock } from './variant-fixtures';

/** Shops, products and customers the cart and wishlist suites share; ids are fixed by insertion order. */
export const shops = {
  kalaa: { id: 1, shopName: 'Kalaa Weaves' },
  urban: { id: 2, shopName: 'Urban Stride' },
} as const;

export const products = {
  /** ₹999 at 33 % costs ₹670. */
  kurta: { id: 1, slug: 'handloom-kurta', price: 999, discount: 33, stock: 5, seller: shops.kalaa.id },
  dupatta: { id: 2, slug: 'silk-dupatta', price: 300, discount: 10, stock: 3, seller: shops.kalaa.id },
  sneakers: { id: 3, slug: 'canvas-sneakers', price: 500, discount: 0, stock: 2, seller: shops.urban.id },
  soldOut: { id: 4, slug: 'sold-out-sandals', price: 700, discount: 20, stock: 0, seller: shops.urban.id },
  /** Sells out during a test, to land in the Out of Stock section. */
  belt: { id: 5, slug: 'leather-belt', price: 450, discount: 0, stock: 2, seller: shops.urban.id },
  /** For the parallel increment test. */
  socks: { id: 6, slug: 'cotton-socks', price: 99, discount: 0, stock: 20, seller: shops.urban.id },
} as const;

export const customerCount = 6;

export async function seedCartFixtures({ db }: DatabaseHandle): Promise<void> {
  const now = new Date().toISOString();
  for (const shop of Object.values(shops)) {
    await db
      .insertInto('sellers')
      .values({
        name: shop.shopName + ' owner',
        shop_name: shop.shopName,
        email: `seller${shop.id}@example.in`,
        password_hash: null,
        city: 'Hyderabad',
        created_at: now,
      })
      .execute();
  }
  await db
    .insertInto('categories')
    .values({ parent_id: null, name: 'Women', slug: 'women', image: '/images/women.jpg', position: 0 })
    .execute();
  for (const [key, p] of Object.entries(products)) {
    await db
      .insertInto('products')
      .values({
        slug: p.slug,
        name: `Product ${key}`,
        brand: `Brand ${key}`,
        price: p.price,
        discount: p.discount,
        stock: p.stock,
        rating: 4.5,
        review_count: 0,
        description: 'A test product',
        colour: 'Red',
        category_id: 1,
        seller_id: p.seller,
        created_at: now,
      })
      .execute();
    // Inserted out of position order on purpose: the cart must return them in display order.
    await db
      .insertInto('product_images')
      .values([
        { product_id: p.id, position: 1, url: `/images/${p.slug}-2.jpg` },
        { product_id: p.id, position: 0, url: `/images/${p.slug}-1.jpg` },
      ])
      .execute();
  }
  await addDefaultVariants(db);
  for (let i = 1; i <= customerCount; i++) {
    await db
      .insertInto('customers')
      .values({
        name: `Customer ${i}`,
        email: `customer${i}@example.in`,
        phone: null,
        password_hash: null,
        method: 'email',
        token_version: 0,
        created_at: now,
      })
      .execute();
  }
}

/** What a call answers unless the caller names a shape: a message, or an error. */
export interface MessageBody {
  message?: string;
  error?: string;
  [field: string]: unknown;
}

/** An API client signed in as customer `id` through a bearer token, as the web app sends it. */
export class CustomerClient {
  private readonly api: ApiClient;
  private readonly headers: Record<string, string>;

  constructor(server: TestServer, id: number) {
    this.api = new ApiClient(server.baseUrl);
    const token = signCustomerToken(
      server.config.jwtSecret,
      { id, name: `Customer ${id}`, email: `customer${id}@example.in` },
      0,
    );
    this.headers = { authorization: `Bearer ${token}` };
  }

  get<T = MessageBody>(url: string) {
    return this.api.request<T>('GET', url, undefined, this.headers);
  }
  post<T = MessageBody>(url: string, body: unknown = {}) {
    return this.api.request<T>('POST', url, body, this.headers);
  }
  put<T = MessageBody>(url: string, body: unknown = {}) {
    return this.api.request<T>('PUT', url, body, this.headers);
  }
  delete<T = MessageBody>(url: string) {
    return this.api.request<T>('DELETE', url, undefined, this.headers);
  }
}

export async function setStock(server: TestServer, productId: number, stock: number): Promise<void> {
  await setDefaultVariantStock(server.database.db, productId, stock);
}

/**
 * A server seeded with these fixtures for the calling suite: started in its beforeAll, closed in its afterAll.
 * The accessors are functions because the server only exists once the suite is running.
 */
export function useCartFixtureServer() {
  let server: TestServer | undefined;
  let visitor: ApiClient | undefined;
  beforeAll(async () => {
    server = await startTestServer({ prepare: seedCartFixtures });
  });
  afterAll(() => server?.close());
  const running = (): TestServer => {
    if (!server) throw new Error('The cart fixture server is not running (use it inside a test)');
    return server;
  };
  return {
    server: running,
    /** A client without a session. */
    visitor: () => (visitor ??= new ApiClient(running().baseUrl)),
    /** A client signed in as customer `id`. */
    customer: (id: number) => new CustomerClient(running(), id),
  };
}
