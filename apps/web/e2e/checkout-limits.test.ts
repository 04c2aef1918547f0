/**
 * Issue 14, findings 2, 13 and 15 in the browser: the steppers stop at 10 units with a message saying why, the
 * cart → shipping → order flow (with its Idempotency-Key header) on a phone and a desktop, and reviews only from
 * verified buyers, marked as such.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, VIEWPORTS, watchPageErrors, waitForApp } from './browser';
import { signInNewShopper } from './shopper';
import { becomeVerifiedBuyer, withShopDatabase } from './buyer';

const CAP_MESSAGE = 'You can buy at most 10 units of a product per order';

/** Two products with far more stock than the cap, nobody else's journey is likely to touch (from the end). */
function plentifulProducts(): { id: number; slug: string; name: string }[] {
  return withShopDatabase((db) =>
    db
      .prepare(
        'select id, slug, name from products where stock >= 40 and size_system is null order by id desc limit 2',
      )
      .all(),
  ) as { id: number; slug: string; name: string }[];
}

async function signedInShopper(page: Page, name: string): Promise<Record<string, string>> {
  return (await signInNewShopper(page, name)).authed.headers;
}

describe('checkout limits and verified reviews', () => {
  let browser: Browser;
  let products: { id: number; slug: string; name: string }[];
  const pageErrors: string[][] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    products = plentifulProducts();
    expect(products).toHaveLength(2);
  });
  afterAll(async () => {
    await browser?.close();
    expect(pageErrors.flat()).toEqual([]);
  });

  async function openPage(viewport: keyof typeof VIEWPORTS): Promise<Page> {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    pageErrors.push(watchPageErrors(page));
    return page;
  }

  for (const viewport of ['mobile', 'desktop'] as const) {
    it(`stops the cart stepper at 10 and orders the cart with an Idempotency-Key (${viewport})`, async () => {
      const page = await openPage(viewport);
      const headers = await signedInShopper(page, `Cart ${viewport}`);
      const [first, second] = products;
      for (const [product, quantity] of [
        [first, 9],
        [second, 1],
      ] as const) {
        const added = await page.request.post('/api/home/product/add-to-card', {
          data: { productId: product.id, quantity },
          headers,
        });
        expect(added.ok(), await added.text()).toBe(true);
      }

      await page.goto('/cart');
      const stepper = page.getByRole('group', { name: `Quantity of ${first.name}` });
      const quantity = stepper.locator('output');
      await expect.poll(() => quantity.textContent()).toBe('9');
      await stepper.getByRole('button', { name: 'Increase quantity' }).click();
      await expect.poll(() => quantity.textContent()).toBe('10');
      await stepper.getByRole('button', { name: 'Increase quantity' }).click();
      await expect.poll(() => page.getByText(CAP_MESSAGE).count()).toBe(1);
      expect(await quantity.textContent()).toBe('10');
      await screenshot(page, `checkout-limits-cart-${viewport}`);

      await page.getByRole('button', { name: 'Proceed to checkout' }).filter({ visible: true }).click();
      await page.waitForURL('**/shipping');
      await page.getByPlaceholder('Full Name').fill('Limits Shopper');
      await page.getByLabel('Phone number').fill('9876543210');
      await page.getByLabel('Pincode').fill('500081');
      await page.getByLabel('City / District / Town').fill('Hyderabad');
      await page.getByLabel('Address (house no, building, street)').fill('Plot 7, Road 36, Jubilee Hills');
      await page.getByLabel('State').selectOption('Telangana');
      await page.getByRole('button', { name: 'Save Address' }).click();
      await expect.poll(() => page.getByRole('radio').count()).toBe(1);
      await screenshot(page, `checkout-limits-shipping-${viewport}`);
      // Nothing of the page may reach past the viewport's width (no sideways scrolling on a phone).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS[viewport].width,
      );

      const request = page.waitForRequest('**/api/home/order/palce-order');
      await page.getByRole('button', { name: 'Place Order' }).click();
      expect((await request).headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
      await page.waitForURL('**/my-payment');
      // Both lines left the cart with the order, and the header's bag count says so.
      await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('0');
      await screenshot(page, `checkout-limits-placed-${viewport}`);
      const orders = await page.request.get('/api/home/customer/gat-orders/me/all', { headers });
      const [order] = ((await orders.json()) as { orders: { products: { quantity: number }[] }[] }).orders;
      expect(order.products.map((line) => line.quantity).sort((a, b) => a - b)).toEqual([1, 10]);
    });
  }

  it('stops the product page stepper at 10 with the same message', async () => {
    const page = await openPage('mobile');
    await signedInShopper(page, 'Stepper');
    await page.goto(`/product/details/${products[0].slug}`);
    await waitForApp(page);
    const stepper = page.getByRole('group', { name: 'Quantity', exact: true });
    const quantity = stepper.locator('output');
    await expect.poll(() => quantity.textContent()).toBe('1');
    for (let i = 0; i < 10; i++) await stepper.getByRole('button', { name: 'Increase quantity' }).click();
    await expect.poll(() => page.getByText(CAP_MESSAGE).count()).toBe(1);
    expect(await quantity.textContent()).toBe('10');
    await screenshot(page, 'checkout-limits-product-stepper-mobile');
  });

  it('lets only verified buyers review, and marks their reviews', async () => {
    const page = await openPage('desktop');
    const headers = await signedInShopper(page, 'Reviewer');
    const product = products[1];
    const openReviews = async () => {
      await page.goto(`/product/details/${product.slug}`);
      await waitForApp(page);
      await page.getByRole('tab', { name: /^Reviews/ }).click();
    };

    await openReviews();
    const closed = page.getByTestId('review-closed');
    await expect
      .poll(() => closed.textContent())
      .toContain('Only customers who bought this product can review it');
    expect(await page.getByRole('form', { name: 'Write a review' }).count()).toBe(0);
    await screenshot(page, 'checkout-limits-review-closed-desktop');

    await becomeVerifiedBuyer(page, headers, product.id);

    await openReviews();
    const form = page.getByRole('form', { name: 'Write a review' });
    await expect.poll(() => form.count()).toBe(1);
    await form.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await form.getByLabel('Your review').fill('Fits well, verified by buying it.');
    await form.getByRole('button', { name: 'Submit review' }).click();
    const mine = page.getByTestId('review-list').getByRole('listitem').filter({ hasText: 'Fits well' });
    await expect.poll(() => mine.count()).toBe(1);
    expect(await mine.textContent()).toContain('Verified buyer');
    await expect.poll(() => closed.textContent()).toContain('You have already reviewed this product');
    await screenshot(page, 'checkout-limits-review-verified-desktop');
  });
});
