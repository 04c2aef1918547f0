import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  formatRupees,
  shippingFeeFor,
  type CartResponse,
  type DashboardData,
  type Order,
} from '@bazaar/shared';
import { launchBrowser, newContext, screenshot, watchPageErrors, waitForApp } from './browser';
import { signInNewShopper, type Shopper } from './shopper';

// Products are picked from the server's seeded SQLite file so the journey does not depend on listing pages.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const Database = createRequire(path.join(repoRoot, 'apps/server/package.json'))(
  'better-sqlite3',
) as typeof BetterSqlite3;

/** Two products with plenty of stock, from two different shops, so the order has two seller parts. */
function twoShopsProducts(): { id: number; name: string }[] {
  const db = new Database(path.join(inject('dataDir'), 'shop.db'), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        'select id, name, seller_id as sellerId from products where stock >= 20 and size_system is null order by id',
      )
      .all() as { id: number; name: string; sellerId: number }[];
    const first = rows[0];
    const second = rows.find((row) => row.sellerId !== first.sellerId);
    if (!first || !second) throw new Error('the seed has no two shops with stock');
    return [first, second];
  } finally {
    db.close();
  }
}

describe('checkout, orders dashboard and invoice journey', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let token: string;
  let orderId = '';
  let orderTotal = 0;

  let authed: Shopper['authed'];

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, 'desktop');
    page = await context.newPage();
    errors = watchPageErrors(page);
    ({ token, authed } = await signInNewShopper(page, 'Order Shopper'));

    for (const product of twoShopsProducts()) {
      const added = await page.request.post('/api/home/product/add-to-card', {
        data: { productId: product.id, quantity: 1 },
        ...authed,
      });
      expect(added.ok(), await added.text()).toBe(true);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('goes from the cart to shipping, saves an address there and places the order', async () => {
    const cart = (await (
      await page.request.get('/api/home/product/get-card-product', authed)
    ).json()) as CartResponse;
    expect(cart.card_products).toHaveLength(2);
    orderTotal = cart.price + shippingFeeFor(cart.price);

    await page.goto('/cart');
    await page.getByRole('button', { name: 'Proceed to checkout' }).click();
    await page.waitForURL('**/shipping');

    // No saved address yet: the form shows straight away, and Place Order waits for an address.
    const placeOrder = page.getByRole('button', { name: 'Place Order' });
    await expect.poll(() => placeOrder.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Save Address' }).click();
    await expect.poll(() => page.getByText('Please fill all required fields').count()).toBeGreaterThan(0);

    await page.getByPlaceholder('Full Name').fill('Order Shopper');
    await page.getByLabel('Phone number').fill('98765');
    await page.getByLabel('Pincode').fill('500081');
    await page.getByLabel('City / District / Town').fill('Hyderabad');
    await page.getByLabel('Address (house no, building, street)').fill('Plot 7, Road 36, Jubilee Hills');
    await page.getByLabel('State').selectOption('Telangana');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await expect.poll(() => page.getByText('Please enter a valid phone number').count()).toBeGreaterThan(0);
    await page.getByLabel('Phone number').fill('9876543210');
    await page.getByRole('button', { name: 'Save Address' }).click();

    const saved = page.getByRole('radio');
    await expect.poll(() => saved.count()).toBe(1);
    expect(await saved.isChecked()).toBe(true);
    expect(await page.getByTestId('shipping-total').textContent()).toBe(formatRupees(orderTotal));
    await screenshot(page, 'orders-shipping-desktop');

    await placeOrder.click();
    await page.waitForURL('**/my-payment');

    const orders = (await (
      await page.request.get('/api/home/customer/gat-orders/me/all', authed)
    ).json()) as { orders: Order[] };
    expect(orders.orders).toHaveLength(1);
    orderId = orders.orders[0].orderId;
    expect(orders.orders[0].price).toBe(orderTotal);
    const after = (await (
      await page.request.get('/api/home/product/get-card-product', authed)
    ).json()) as CartResponse;
    expect(after.card_products).toEqual([]);
  });

  it('shows the order on the dashboard and in My Orders with the right total', async () => {
    await page.goto('/dashboard');
    await expect.poll(() => page.getByTestId('count-Orders').textContent()).toBe('1');
    expect(await page.getByTestId('count-Pending Orders').textContent()).toBe('1');
    const recent = page.getByTestId('order-row').filter({ hasText: orderId });
    await expect.poll(() => recent.count()).toBe(1);
    expect(await recent.textContent()).toContain(formatRupees(orderTotal));
    expect(await recent.getByRole('button', { name: `Pay now for order ${orderId}` }).count()).toBe(1);
    await screenshot(page, 'orders-dashboard-desktop');

    const data = (await (
      await page.request.get('/api/home/customer/gat-dashboard-data/me', authed)
    ).json()) as DashboardData;
    expect(data).toMatchObject({ totalOrder: 1, pendingOrder: 0 + 1, cancelledOrder: 0 });

    await page.goto('/dashboard/my-orders');
    const row = page.getByTestId('order-row').filter({ hasText: orderId });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain(formatRupees(orderTotal));
    await page.getByLabel('Status').selectOption('cancelled');
    await expect.poll(() => page.getByText('No cancelled orders').count()).toBe(1);
    await page.getByLabel('Status').selectOption('all');
    await expect.poll(() => row.count()).toBe(1);
    await screenshot(page, 'orders-my-orders-desktop');

    await row.getByRole('link', { name: `View order ${orderId}` }).click();
    await page.waitForURL(`**/dashboard/order/details/${orderId}`);
    await expect
      .poll(() => page.getByTestId('order-price').textContent())
      .toContain(formatRupees(orderTotal));
    expect(await page.getByText('Deliver to: Order Shopper').count()).toBe(1);
    expect(await page.getByText('Plot 7, Road 36, Jubilee Hills, Telangana, Hyderabad').count()).toBe(1);
    await screenshot(page, 'orders-details-desktop');
  });

  it('serves the invoice PDF with the session cookie alone', async () => {
    // No Authorization header: the browser opening the invoice in a new tab only has the cookie.
    const res = await page.request.get(`/api/home/customer/invoice/${orderId}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect(res.headers()['content-disposition']).toBe(`inline; filename="invoice-${orderId}.pdf"`);
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await page.goto('/dashboard/my-orders');
    const popupPromise = context.waitForEvent('page');
    await page.getByRole('button', { name: `Invoice for order ${orderId}` }).click();
    const popup = await popupPromise;
    expect(popup.url()).toContain(`/api/home/customer/invoice/${orderId}`);
    await popup.close();
  });

  it('manages addresses in the address book and works on a phone', async () => {
    const phone = await newContext(browser, 'mobile');
    const mobile = await phone.newPage();
    const mobileErrors = watchPageErrors(mobile);
    await mobile.goto('/');
    await waitForApp(mobile);
    await mobile.evaluate((value) => localStorage.setItem('customerToken', value), token);

    await mobile.goto('/dashboard/myaddress');
    await expect.poll(() => mobile.getByRole('heading', { name: 'Manage Addresses' }).count()).toBe(1);
    await expect.poll(() => mobile.getByText('Default', { exact: true }).count()).toBe(1);
    await mobile.getByRole('button', { name: '+ Add New Address' }).click();
    await mobile.getByPlaceholder('Full Name').fill('Office');
    await mobile.getByLabel('Phone number').fill('9123456780');
    await mobile.getByLabel('Pincode').fill('560001');
    await mobile.getByLabel('City / District / Town').fill('Bengaluru');
    await mobile.getByLabel('Address (house no, building, street)').fill('4th Floor, MG Road');
    await mobile.getByLabel('State').selectOption('Karnataka');
    await mobile.getByLabel('Make this my default address').check();
    await mobile.getByRole('button', { name: 'Save Address' }).click();

    const office = mobile.getByRole('listitem', { name: 'Address of Office' });
    await expect.poll(() => office.getByText('Default', { exact: true }).count()).toBe(1);
    expect(await mobile.getByRole('button', { name: '+ Add New Address' }).count()).toBe(1);
    await screenshot(mobile, 'orders-address-book-mobile');

    await office.getByRole('button', { name: 'Edit address of Office' }).click();
    await expect.poll(() => mobile.getByRole('button', { name: 'Update Address' }).count()).toBe(1);
    expect(await mobile.getByRole('listitem', { name: 'Address of Order Shopper' }).count()).toBe(0);
    await mobile.getByPlaceholder('Full Name').fill('Office Desk');
    await mobile.getByRole('button', { name: 'Update Address' }).click();
    await expect.poll(() => mobile.getByRole('listitem', { name: 'Address of Office Desk' }).count()).toBe(1);

    await mobile.getByRole('button', { name: 'Delete address of Office Desk' }).click();
    await mobile
      .getByRole('dialog', { name: 'Delete this address?' })
      .getByRole('button', { name: 'Delete address' })
      .click();
    await expect.poll(() => mobile.getByRole('listitem', { name: 'Address of Office Desk' }).count()).toBe(0);
    // The remaining address took over as default.
    const home = mobile.getByRole('listitem', { name: 'Address of Order Shopper' });
    await expect.poll(() => home.getByText('Default', { exact: true }).count()).toBe(1);

    await mobile.goto('/dashboard/my-orders');
    await expect.poll(() => mobile.getByTestId('order-card').filter({ hasText: orderId }).count()).toBe(1);
    await screenshot(mobile, 'orders-my-orders-mobile');
    await mobile.goto('/dashboard');
    await expect.poll(() => mobile.getByTestId('count-Orders').textContent()).toBe('1');
    await screenshot(mobile, 'orders-dashboard-mobile');
    await mobile.goto(`/dashboard/order/details/${orderId}`);
    await expect.poll(() => mobile.getByTestId('order-price').count()).toBe(1);
    await screenshot(mobile, 'orders-details-mobile');
    expect(mobileErrors).toEqual([]);
    await phone.close();
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
