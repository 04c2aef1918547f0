import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { SELLER_EMAIL_DOMAIN } from '../../server/src/sellers/demoAccounts';
import { parseCredentials } from '@bazaar/seed/credentials';
import { slugify } from '@bazaar/shared/slug';
import { waitForApp } from './browser';

/** The name of a seeded (approved) shop: the first product's on the storefront's first page. */
export async function seededShopName(page: Page): Promise<string> {
  const listing = await page.request.get('/api/home/query-products?pageNumber=1');
  return ((await listing.json()) as { products: { shopName: string }[] }).products[0]!.shopName;
}

/** Signs `page` in to the seller center as the seeded shop `shopName` (its password from the seed's file). */
export async function signInSeededSeller(page: Page, shopName: string): Promise<void> {
  const email = `${slugify(shopName)}@${SELLER_EMAIL_DOMAIN}`;
  const logins = parseCredentials(readFileSync(path.join(inject('dataDir'), 'seed-credentials.txt'), 'utf8'));
  await page.goto('/seller/login');
  await waitForApp(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(logins.get(email)!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/seller$/);
}
