import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { SELLER_EMAIL_DOMAIN } from '../../server/src/sellers/demoAccounts';
import { parseCredentials } from '@bazaar/seed/credentials';
import { slugify } from '@bazaar/shared/slug';
import { waitForApp } from './browser';

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
