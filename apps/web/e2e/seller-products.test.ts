import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { slugify } from '@bazaar/shared/slug';
import { launchBrowser, newContext, screenshot, watchPageErrors } from './browser';
import { seededShopName, signInSeededSeller } from './seller';

/**
 * A seller of the seeded (approved) shops adds a product with three sizes in the seller center, is told about a
 * field the server refuses, saves it active, and shoppers see it at once: on its product page with its sizes (the
 * sold-out one marked) and in the search. The list shows it as cards on a phone.
 */
describe('seller center: adding a product with sizes', () => {
  let browser: Browser;
  let seller: Page;
  let sellerErrors: string[];
  const stamp = Date.now().toString(36);
  const name = `Chikankari Journey Kurta ${stamp}`;
  let shopName: string;
  let category: { _id: number; name: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    seller = await (await newContext(browser, 'desktop')).newPage();
    sellerErrors = watchPageErrors(seller);
    shopName = await seededShopName(seller);
    const groups = await seller.request.get('/api/home/get_subcategory_newlist');
    category = ((await groups.json()) as { gkSubcategory: { data: { _id: number; name: string }[] }[] })
      .gkSubcategory[0]!.data[0]!;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates the product in the editor, with a refused field shown where it is', async () => {
    await signInSeededSeller(seller, shopName);

    await seller.goto('/seller/products');
    await seller.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await seller.getByRole('link', { name: 'Add product' }).first().click();
    await seller.getByRole('heading', { name: 'Add product' }).waitFor();

    await seller.getByLabel('Product name').fill(name);
    await seller.getByLabel('Brand').fill('Lucknow Looms');
    await seller.getByLabel('Category').selectOption(String(category._id));
    await seller.getByLabel('Description').fill('Hand-embroidered cotton kurta.');
    await seller.getByLabel('MRP (₹)').fill('1999');
    await seller.getByLabel('Discount (%)').fill('95');
    await seller.getByLabel('Size chart').selectOption('apparel');
    for (const size of ['S', 'M', 'L']) await seller.getByRole('button', { name: size, exact: true }).click();
    await seller.getByLabel('Stock of S').fill('3');
    await seller.getByLabel('Stock of M').fill('5');
    await seller.getByLabel('Stock of L').fill('0');
    await seller.getByRole('radio', { name: /^Active/ }).check();
    expect(await seller.getByTestId('total-stock').textContent()).toBe('8 units');

    await seller.getByRole('button', { name: 'Save' }).click();
    const discount = seller.getByLabel('Discount (%)');
    await expect.poll(() => discount.getAttribute('aria-invalid')).toBe('true');
    // The server's sentence is tied to the field (and also told in a toast).
    const describedBy = (await discount.getAttribute('aria-describedby'))!.split(' ')[0]!;
    expect(await seller.locator(`[id="${describedBy}"]`).textContent()).toBe('Discount must be at most 90%');
    expect(new URL(seller.url()).pathname).toBe('/seller/products/new');

    await discount.fill('25');
    await expect.poll(() => seller.getByTestId('selling-price').textContent()).toBe('₹1,500');
    await seller.getByRole('button', { name: 'Save' }).click();
    await seller.waitForURL(/\/seller\/products\/\d+$/);
    await seller.getByRole('heading', { name, level: 1 }).waitFor();
    await seller.getByText('Shoppers can see it now.').waitFor();
    // The saved sizes come back with the SKUs the server made.
    expect(await seller.getByLabel('SKU of M').inputValue()).toMatch(
      /^LUCKNOW-LOOMS-CHIKANKARI-JOURNEY-KURTA-.*-M$/,
    );
    await screenshot(seller, 'seller-product-editor');
    expect(sellerErrors).toEqual([]);
  });

  it('is on the storefront at once: its page with sizes, and the search', async () => {
    const shopper = await (await newContext(browser, 'desktop')).newPage();
    const errors = watchPageErrors(shopper);
    await shopper.goto(`/product/details/${slugify(`Lucknow Looms ${name}`)}`);
    await shopper.getByRole('heading', { name, level: 1 }).waitFor();
    const sizes = shopper.getByRole('group', { name: 'Select Size' });
    await sizes.waitFor();
    expect(await shopper.getByRole('radio', { name: 'S', exact: true }).count()).toBe(1);
    expect(await shopper.getByRole('radio', { name: 'L, sold out' }).count()).toBe(1);
    const search = await shopper.request.get(`/api/home/query-products?searchValue=chikankari%20journey`);
    const found = (await search.json()) as { products: { name: string; stock: number }[] };
    expect(found.products.find((product) => product.name === name)).toMatchObject({ stock: 8 });
    expect(errors).toEqual([]);
  });

  it('lists it as a card on a phone, found by its SKU', async () => {
    const phone = await newContext(browser, 'mobile');
    await phone.addCookies(await seller.context().cookies());
    const page = await phone.newPage();
    await page.goto(`/seller/products?q=${encodeURIComponent(`${stamp}-M`)}`);
    const card = page.getByRole('listitem').filter({ hasText: name });
    await card.waitFor();
    expect(await card.textContent()).toContain('3 SKUs');
    expect(await page.getByRole('table').isVisible()).toBe(false);
    await screenshot(page, 'seller-products-390');
  });

  it('asks before archiving and before deleting', async () => {
    await seller.getByRole('radio', { name: /^Archived/ }).check();
    await seller.getByRole('button', { name: 'Save' }).click();
    const archive = seller.getByRole('dialog', { name: `Archive ${name}?` });
    await archive.getByRole('button', { name: 'Cancel' }).click();
    await archive.waitFor({ state: 'detached' });
    await seller.getByText('Shoppers can see it now.').waitFor();
    await seller.getByRole('button', { name: 'Save' }).click();
    await archive.getByRole('button', { name: 'Save as archived' }).click();
    await seller.getByText('Not visible to shoppers.').waitFor();

    await seller.getByRole('button', { name: 'Delete' }).click();
    await seller
      .getByRole('dialog', { name: `Delete ${name}?` })
      .getByRole('button', { name: 'Delete product' })
      .click();
    await seller.waitForURL(/\/seller\/products$/);
    const gone = await seller.request.get(`/api/home/query-products?searchValue=chikankari%20journey`);
    const products = ((await gone.json()) as { products: { name: string }[] }).products;
    expect(products.map((product) => product.name)).not.toContain(name);
    expect(sellerErrors).toEqual([]);
  });
});
