import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { SELLER_EMAIL_DOMAIN } from '../../server/src/sellers/demoAccounts';
import { parseCredentials } from '@bazaar/seed/credentials';
import { slugify } from '@bazaar/shared/slug';
import { waitForApp } from './browser';
import { withShopDatabase } from './buyer';

/** The seed's shop sign-ins for this run (e-mail → password), from the owner-only file global setup had it write. */
function seedLogins(): Map<string, string> {
  return parseCredentials(readFileSync(path.join(inject('dataDir'), 'seed-credentials.txt'), 'utf8'));
}

/** A seeded shop's console sign-in: its e-mail and the password the seed wrote to seed-credentials.txt. */
export function seededSellerLogin(shopName: string): { email: string; password: string } {
  const email = `${slugify(shopName)}@${SELLER_EMAIL_DOMAIN}`;
  const password = seedLogins().get(email);
  if (!password) throw new Error(`the seed wrote no password for ${shopName}`);
  return { email, password };
}

/**
 * Products on the storefront's first page sold by the seed's shops, whose passwords journeys know. The newest come
 * first, and other journeys register shops and list products of their own.
 */
export async function seededShopProducts<T extends { shopName: string }>(page: Page): Promise<T[]> {
  const listing = await page.request.get('/api/home/query-products?pageNumber=1');
  const logins = seedLogins();
  return ((await listing.json()) as { products: T[] }).products.filter((product) =>
    logins.has(`${slugify(product.shopName)}@${SELLER_EMAIL_DOMAIN}`),
  );
}

/** The name of a seeded (approved) shop with a product on the storefront's first page. */
export async function seededShopName(page: Page): Promise<string> {
  return (await seededShopProducts(page))[0]!.shopName;
}

/** Signs `page` in to the seller center as the seeded shop `shopName` (its password from the seed's file). */
export async function signInSeededSeller(page: Page, shopName: string): Promise<void> {
  const { email, password } = seededSellerLogin(shopName);
  await page.goto('/seller/login');
  await waitForApp(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/seller$/);
}

/**
 * A product to order in a journey: without sizes, on sale, with five or more in stock, of an approved shop, with its
 * shop's name and commission rate. The `offset`th of those by id (`where` narrows them further), so that each journey
 * orders its own: an order of the same product placed again within seconds would find the first order.
 */
export function productToOrder(
  offset: number,
  where?: string,
): { id: number; shopName: string; commissionPercent: number } {
  return withShopDatabase(
    (db) =>
      db
        .prepare(
          `select p.id, s.shop_name as shopName, s.commission_percent as commissionPercent
           from products p join sellers s on s.id = p.seller_id
           where p.stock >= 5 and p.size_system is null and p.visible = 1 and s.status = 'approved'
             ${where ? `and ${where}` : ''}
           order by p.id limit 1 offset ?`,
        )
        .get(offset) as { id: number; shopName: string; commissionPercent: number },
  );
}

/** The seller's part of a one-shop order, found by the order's code: its id and what its goods cost. */
export function partOfOrder(orderCode: string): { id: number; price: number } {
  return withShopDatabase(
    (db) =>
      db
        .prepare(
          `select so.id, so.price from seller_orders so join customer_orders co on co.id = so.customer_order_id
           where co.order_code = ?`,
        )
        .get(orderCode) as { id: number; price: number },
  );
}

/**
 * Packs and ships the part of the order `orderCode` through the API with the signed-in seller's session, as the
 * order page's buttons would, and delivers it too when `deliver`; the part's id. For journeys whose subject comes
 * after shipping (cash collected, returns).
 */
export async function shipPartByApi(
  seller: Page,
  orderCode: string,
  { trackingNumber, deliver = false }: { trackingNumber: string; deliver?: boolean },
): Promise<number> {
  const partId = partOfOrder(orderCode).id;
  const steps: object[] = [
    { status: 'warehouse' },
    { status: 'shipped', courier: 'Delhivery', trackingNumber },
  ];
  if (deliver) steps.push({ status: 'delivered' });
  for (const data of steps) {
    const res = await seller.request.post(`/api/seller/orders/${partId}/status`, {
      data,
      headers: { origin: new URL(seller.url()).origin },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return partId;
}
