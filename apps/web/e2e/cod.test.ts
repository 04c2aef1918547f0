import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, watchPageErrors, waitForApp } from './browser';
import { createOperatorWithCli, signInAdmin } from './consoles';
import { receivedMails } from './mail';
import { productToOrder, shipPartByApi, signInSeededSeller } from './seller';
import { addDefaultAddress, signInNewShopper, type Shopper } from './shopper';

/**
 * Cash on delivery (issue 19): a seller turns it on in the seller center, the admin sets a fee on /admin/settings,
 * a shopper chooses "Pay on delivery" on the payment page and the order is placed at once (the e-mail says the
 * payment method changed and to keep the cash, fee included, ready), and the seller marks the cash collected when the courier hands it over.
 */
describe('cash on delivery', () => {
  let browser: Browser;
  let shop: Page;
  let seller: Page;
  let admin: Page;
  const errors: string[][] = [];
  const stamp = Date.now().toString(36);
  const account = { email: `cod-admin-${stamp}@bazaar.example`, password: 'admin-secret-2025' };
  let product: { id: number; shopName: string };
  let shopper: Shopper;
  let orderId: string;

  /** The shop's products (one without sizes, priced well within the limit) and its switch on the dashboard. */
  beforeAll(async () => {
    browser = await launchBrowser();
    product = productToOrder(23, 'p.price < 2000 and s.password_hash is not null');
    shop = await (await newContext(browser, 'mobile')).newPage();
    seller = await (await newContext(browser, 'desktop')).newPage();
    admin = await (await newContext(browser, 'desktop')).newPage();
    errors.push(watchPageErrors(shop), watchPageErrors(seller), watchPageErrors(admin));
    await createOperatorWithCli(account.email, account.password, 'admin');
  });
  afterAll(async () => {
    await browser?.close();
  });

  const codSwitch = () => seller.getByRole('switch', { name: 'Cash on delivery' });

  it('a seller turns cash on delivery on from the dashboard', async () => {
    await signInSeededSeller(seller, product.shopName);
    if ((await codSwitch().getAttribute('aria-checked')) === 'true') {
      await codSwitch().click();
      await expect.poll(() => codSwitch().getAttribute('aria-checked')).toBe('false');
    }
    await codSwitch().click();
    await seller.getByText('Cash on delivery is on for your shop').waitFor();
    await expect.poll(() => codSwitch().getAttribute('aria-checked')).toBe('true');
  });

  it('the admin sets a cash-on-delivery fee, audited', async () => {
    await signInAdmin(admin, account);
    await admin.getByRole('link', { name: 'Settings' }).click();
    await admin.waitForURL('**/admin/settings');
    const fee = admin.getByLabel('Cash on delivery fee (₹)');
    await fee.fill('');
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await admin.getByText('Cash on delivery fee: whole rupees from 0 to 500.').waitFor();
    await fee.fill('49');
    await admin.getByRole('button', { name: 'Save settings' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Save the cash-on-delivery terms?' });
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await admin.getByText('Settings saved').waitFor();
    await screenshot(admin, 'admin-settings-desktop');
    await admin.getByRole('link', { name: 'Audit log' }).click();
    await admin.waitForURL('**/admin/audit');
    await expect.poll(() => admin.locator('main').textContent()).toContain('settings');
  });

  it('a shopper pays on delivery from the payment page and the order is placed at once', async () => {
    shopper = await signInNewShopper(shop, 'Cash Shopper');
    const addressId = await addDefaultAddress(shop, shopper, 'Cash Shopper');
    const placed = await shop.request.post('/api/home/order/palce-order', {
      data: { addressId, buyNow: { productId: product.id, quantity: 1 } },
      ...shopper.authed,
    });
    expect(placed.status(), await placed.text()).toBe(201);
    orderId = ((await placed.json()) as { orderId: string }).orderId;

    await shop.goto('/dashboard/my-orders');
    await waitForApp(shop);
    await shop
      .getByRole('button', { name: `Pay now for order ${orderId}` })
      .first()
      .click();
    await shop.waitForURL('**/payment');
    const cod = shop.getByRole('region', { name: 'Cash on delivery' });
    await expect.poll(() => cod.textContent()).toContain('cash-on-delivery fee');
    expect(await cod.textContent()).toContain('₹49');
    await screenshot(shop, 'payment-cod-phone');
    await cod.getByRole('button', { name: 'Pay on delivery' }).click();
    await shop
      .getByRole('dialog', { name: 'Pay in cash on delivery?' })
      .getByRole('button', { name: 'Place order' })
      .click();
    await shop.waitForURL(`**/dashboard/order/details/${orderId}`);
    await shop.getByText('Order placed: pay in cash when it is delivered').waitFor();

    await expect
      .poll(async () =>
        (await receivedMails()).some(
          (mail) =>
            mail.to.includes(shopper.email.toLowerCase()) &&
            mail.subject === `Order ${orderId}: payment changed to cash on delivery` &&
            mail.text.includes('including the cash on delivery fee of ₹49'),
        ),
      )
      .toBe(true);
  });

  it('the seller ships it and marks the cash collected, which delivers it', async () => {
    const partId = await shipPartByApi(seller, orderId, { trackingNumber: `DLV${stamp.toUpperCase()}` });
    await seller.goto(`/seller/orders/${partId}`);
    await waitForApp(seller);
    await seller.getByRole('button', { name: 'Cash collected' }).click();
    await seller.getByRole('dialog').getByRole('button', { name: 'Cash collected' }).click();
    await seller.getByText('Cash collected: the part counts in your earnings').waitFor();
    await expect.poll(() => seller.locator('main').textContent()).toContain('Delivered');

    await shop.reload();
    await waitForApp(shop);
    await expect.poll(() => shop.locator('main').textContent()).toMatch(/delivered/i);
  });

  it('puts the shop and the fee back, and raised no page errors', async () => {
    await seller.goto('/seller');
    await waitForApp(seller);
    await codSwitch().click();
    await expect.poll(() => codSwitch().getAttribute('aria-checked')).toBe('false');
    const res = await admin.request.put('/api/admin/settings', {
      data: { codLimit: 5000, codFee: 0 },
      headers: { origin: new URL(admin.url()).origin },
    });
    expect(res.status(), await res.text()).toBe(200);
    expect(errors.flat()).toEqual([]);
  });
});
