import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, inject } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import type { Page } from 'playwright-core';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const Database = createRequire(path.join(repoRoot, 'apps/server/package.json'))(
  'better-sqlite3',
) as typeof BetterSqlite3;

/** Opens the server's seeded SQLite file (WAL, so the running server keeps working beside it). */
export function withShopDatabase<T>(work: (db: BetterSqlite3.Database) => T): T {
  const db = new Database(path.join(inject('dataDir'), 'shop.db'), { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/**
 * Makes the signed-in shopper a verified buyer of the product (only they may review it): an address, a Buy Now
 * order through the API (in a size in stock, for a product with sizes), and its payment confirmed in the database as the operator's Verify would.
 */
export async function becomeVerifiedBuyer(
  page: Page,
  headers: Record<string, string>,
  productId: number,
): Promise<void> {
  const address = await page.request.post('/api/home/customer/add_address', {
    data: {
      name: 'Verified Buyer',
      phonenumber: '9876543210',
      pincode: '500081',
      state: 'Telangana',
      cityDistTown: 'Hyderabad',
      address: 'Plot 9, Hitech City Road',
      defaultAddress: true,
    },
    headers,
  });
  expect(address.ok(), await address.text()).toBe(true);
  const addressId = ((await address.json()) as { address: { _id: number } }).address._id;
  // A product with sizes is bought in one of its sizes in stock (issue 15); one without needs none.
  const details = await page.request.get(`/api/home/get-product/${productId}`);
  const { variants } = (
    (await details.json()) as {
      product: { variants: { _id: number; size: string | null; stock: number }[] };
    }
  ).product;
  const size = variants.find((variant) => variant.size !== null && variant.stock > 0);
  const placed = await page.request.post('/api/home/order/palce-order', {
    data: { addressId, buyNow: { productId, quantity: 1, ...(size ? { variantId: size._id } : {}) } },
    headers,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  withShopDatabase((db) =>
    db.prepare(`update customer_orders set payment_status = 'paid' where order_code = ?`).run(orderId),
  );
}
