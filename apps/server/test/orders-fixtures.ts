/** Shared setup of the address, order, dashboard and invoice API tests: a small catalogue and signed-in customers. */
import type { DatabaseHandle } from '../src/db/database';
import { signCustomerToken } from '../src/auth/session';
import { sql } from 'kysely';
import { ApiClient, testDialect, type TestServer } from './harness';
import { addDefaultVariants, defaultVariantOf } from './variant-fixtures';

export const NOW = '2026-01-15T10:00:00.000Z';

/** Two shops, two category groups, and products whose names the tests refer to. */
export const catalog = {
  sellers: [
    {
      id: 1,
      name: 'Asha Verma',
      shop_name: 'Roadster Store',
      email: 'asha@roadster.example',
      city: 'Bengaluru',
    },
    { id: 2, name: 'Karan Shah', shop_name: 'Saree Mahal', email: 'karan@sareemahal.example', city: 'Surat' },
  ],
  products: {
    kurta: {
      id: 1,
      name: 'Roadster Men Kurta',
      price: 999,
      discount: 33,
      stock: 10,
      seller: 1,
      category: 11,
    },
    tee: {
      id: 2,
      name: 'Roadster Graphic T-Shirt',
      price: 300,
      discount: 10,
      stock: 10,
      seller: 1,
      category: 12,
    },
    saree: {
      id: 3,
      name: 'Banarasi Silk Saree',
      price: 500,
      discount: 0,
      stock: 10,
      seller: 2,
      category: 21,
    },
    soldOut: {
      id: 4,
      name: 'Sold Out Sneakers',
      price: 1500,
      discount: 0,
      stock: 0,
      seller: 1,
      category: 13,
    },
  },
} as const;

export type ProductKey = keyof typeof catalog.products;

export async function seedCatalog(
  { db }: DatabaseHandle,
  stock: Partial<Record<ProductKey, number>> = {},
): Promise<void> {
  await db
    .insertInto('sellers')
    .values(catalog.sellers.map((s) => ({ ...s, password_hash: null, created_at: NOW })))
    .execute();
  await db
    .insertInto('categories')
    .values([
      { id: 1, parent_id: null, name: 'Mens', slug: 'mens', image: '/media/mens.jpg', position: 0 },
      { id: 2, parent_id: null, name: 'Women', slug: 'women', image: '/media/women.jpg', position: 1 },
      { id: 11, parent_id: 1, name: 'Kurtas', slug: 'mens-kurtas', image: '/media/kurtas.jpg', position: 0 },
      {
        id: 12,
        parent_id: 1,
        name: 'T-Shirts',
        slug: 'mens-t-shirts',
        image: '/media/tees.jpg',
        position: 1,
      },
      {
        id: 13,
        parent_id: 1,
        name: 'Sneakers',
        slug: 'mens-sneakers',
        image: '/media/sneakers.jpg',
        position: 2,
      },
      { id: 21, parent_id: 2, name: 'Sarees', slug: 'women-sarees', image: '/media/sarees.jpg', position: 0 },
    ])
    .execute();
  await db
    .insertInto('products')
    .values(
      Object.entries(catalog.products).map(([key, p]) => ({
        id: p.id,
        slug: key,
        name: p.name,
        brand: p.seller === 1 ? 'Roadster' : 'Saree Mahal',
        price: p.price,
        discount: p.discount,
        stock: stock[key as ProductKey] ?? p.stock,
        description: `${p.name} description`,
        colour: 'Blue',
        category_id: p.category,
        seller_id: p.seller,
        created_at: NOW,
      })),
    )
    .execute();
  await db
    .insertInto('product_images')
    .values(
      Object.entries(catalog.products).flatMap(([key, p]) => [
        { product_id: p.id, position: 0, url: `/media/${key}-front.jpg` },
        { product_id: p.id, position: 1, url: `/media/${key}-back.jpg` },
      ]),
    )
    .execute();
  await addDefaultVariants(db);
  // PostgreSQL serials do not advance on explicit ids; move them past the rows above.
  if (testDialect === 'postgres') {
    for (const table of ['sellers', 'categories', 'products', 'product_images']) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        db,
      );
    }
  }
}

/** An API client signed in as a customer: it sends the session token the way the web app does. */
export class CustomerClient extends ApiClient {
  constructor(
    origin: string,
    readonly customerId: number,
    readonly sessionToken: string,
  ) {
    super(origin);
  }

  override request<T = any>(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    return super.request<T>(method, url, body, { authorization: `Bearer ${this.sessionToken}`, ...headers });
  }

  /** Fetches a binary response (the invoice PDF) with the session token. */
  override download(url: string) {
    return super.download(url, { authorization: `Bearer ${this.sessionToken}` });
  }
}

let customerCounter = 0;

export async function signInNewCustomer(server: TestServer, name = 'Priya Sharma'): Promise<CustomerClient> {
  customerCounter += 1;
  const email = `customer${customerCounter}-${Date.now()}@example.com`;
  const row = await server.database.db
    .insertInto('customers')
    .values({
      name,
      email,
      phone: null,
      password_hash: null,
      method: 'email',
      token_version: 0,
      created_at: NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = signCustomerToken(server.config.jwtSecret, { id: row.id, name, email }, 0);
  return new CustomerClient(server.baseUrl, row.id, token);
}

export function addressBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Priya Sharma',
    phonenumber: '9876543210',
    alternatephonenumber: '',
    pincode: '560001',
    state: 'Karnataka',
    cityDistTown: 'Bengaluru',
    address: '12, 4th Cross, Indiranagar',
    landmark: 'Near Metro Station',
    locality: 'Indiranagar',
    defaultAddress: false,
    ...overrides,
  };
}

export async function putInCart(
  { db }: DatabaseHandle,
  customerId: number,
  lines: Partial<Record<ProductKey, number>>,
) {
  for (const [key, quantity] of Object.entries(lines)) {
    await db
      .insertInto('cart_items')
      .values({
        customer_id: customerId,
        product_id: catalog.products[key as ProductKey].id,
        variant_id: defaultVariantOf(catalog.products[key as ProductKey].id),
        quantity: quantity!,
        created_at: NOW,
      })
      .execute();
  }
}

export async function stockOf({ db }: DatabaseHandle, key: ProductKey): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select('stock')
    .where('id', '=', catalog.products[key].id)
    .executeTakeFirstOrThrow();
  return row.stock;
}

/** Saves an address for the customer and returns its id. */
export async function savedAddressId(
  client: CustomerClient,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const res = await client.post('/home/customer/add_address', addressBody(overrides));
  if (res.status !== 200) throw new Error(`saving the address failed: ${JSON.stringify(res.body)}`);
  return res.body.address._id;
}

let keyCounter = 0;
export function newIdempotencyKey(): string {
  keyCounter += 1;
  return `checkout-${Date.now().toString(36)}-${keyCounter}`;
}
