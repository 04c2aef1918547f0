import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { commissionOf, formatRupees } from '@bazaar/shared';
import { baseUrl, launchBrowser, newContext, screenshot, VIEWPORTS, watchPageErrors } from './browser';
import { decidePaymentByApi, signInNewOperator } from './consoles';
import { mailArrived, smsLogged } from './mail';
import { partOfOrder, productToOrder, seededSellerLogin, signInSeededSeller } from './seller';
import { addDefaultAddress, orderAndClaimPayment, signInNewShopper, type Shopper } from './shopper';

/**
 * Fulfilment (issue 16): a shopper's paid order reaches a seeded seller, who packs it and ships it with an AWB in the
 * seller center; the shopper follows it on Order Details; the seller marks it delivered and sees the sale, less the
 * marketplace's commission, in earnings. At 390 px the seller's orders are cards. Each step's e-mail (and the
 * shipping and delivery texts) reach the shopper and the seller (issue 19).
 */
describe('seller center: fulfilling an order', () => {
  let browser: Browser;
  let shopperPage: Page;
  let sellerContext: BrowserContext;
  let seller: Page;
  const errors: string[][] = [];
  const stamp = Date.now().toString(36).toUpperCase();
  const awb = `DLV${stamp}`;
  let product: { id: number; shopName: string; commissionPercent: number };
  let shopper: Shopper;
  let orderId: string;
  let amount: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    product = productToOrder(7);
    shopperPage = await (await newContext(browser, 'desktop')).newPage();
    sellerContext = await newContext(browser, 'desktop');
    seller = await sellerContext.newPage();
    errors.push(watchPageErrors(shopperPage), watchPageErrors(seller));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a paid order reaches the seller as one to pack', async () => {
    shopper = await signInNewShopper(shopperPage, 'Timeline Shopper', '/help');
    const addressId = await addDefaultAddress(shopperPage, shopper, 'Timeline Shopper');
    orderId = await orderAndClaimPayment(shopperPage, shopper, addressId, {
      productId: product.id,
      quantity: 2,
    });
    const placedMail = await mailArrived(shopper.email, `Order ${orderId} placed`);
    expect(placedMail.text).toContain('Hi Timeline,');
    expect(placedMail.text).toMatch(/Please complete your UPI payment of ₹[\d,]+ by .+ IST/);
    expect(placedMail.text).toContain(`/dashboard/order/details/${orderId}`);

    // The operator verifies the UPI payment in the console.
    const ops = await (await newContext(browser, 'desktop')).newPage();
    await signInNewOperator(ops, 'fulfil');
    await decidePaymentByApi(ops, orderId, 'verify');

    await mailArrived(shopper.email, `Payment received for order ${orderId}`);
    const login = seededSellerLogin(product.shopName);
    await mailArrived(login.email, `New order ${orderId}: please pack it`);
    await signInSeededSeller(seller, product.shopName);
    await seller
      .getByRole('navigation', { name: 'Seller center' })
      .first()
      .getByRole('link', { name: 'Orders' })
      .click();
    await seller.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await seller.getByRole('button', { name: /^To pack/ }).click();
    await seller.waitForURL(/status=placed/);
    const row = seller.getByTestId('seller-order-row').filter({ hasText: orderId });
    await row.waitFor();
    expect(await row.textContent()).toContain('Paid');
    expect(Number(await seller.getByTestId('count-placed').textContent())).toBeGreaterThan(0);
    await screenshot(seller, 'seller-orders-desktop');
    await row.getByRole('link', { name: orderId }).click();
    await seller.getByRole('heading', { name: `Order ${orderId}` }).waitFor();
    amount = partOfOrder(orderId).price;
  });

  it('the seller packs and ships with an AWB, offered only the legal steps', async () => {
    const status = seller.getByTestId('seller-order-status');
    expect(await seller.getByRole('button', { name: 'Ship' }).count()).toBe(0);
    await seller.getByRole('button', { name: 'Accept & pack' }).click();
    await expect.poll(() => status.textContent()).toContain('Packed');
    expect(await seller.getByRole('button', { name: 'Accept & pack' }).count()).toBe(0);

    await seller.getByRole('button', { name: 'Ship' }).click();
    const dialog = seller.getByRole('dialog', { name: 'Ship this order' });
    await dialog.getByLabel('Courier').fill('Delhivery');
    await dialog.getByLabel('AWB / tracking number').fill(awb);
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await expect.poll(() => status.textContent()).toContain(`Delhivery, AWB ${awb}`);
    expect(await status.textContent()).toContain('Shipped');
    expect(await seller.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    const timeline = seller.getByTestId('seller-timeline');
    expect(await timeline.textContent()).toMatch(/Paid.*by Bazaar.*Packed.*by you.*Shipped/);
    await screenshot(seller, 'seller-order-shipped-desktop');

    const shippedMail = await mailArrived(shopper.email, `Your order ${orderId} has shipped`);
    expect(shippedMail.text).toContain('Courier: Delhivery');
    expect(shippedMail.text).toContain(`Tracking number (AWB): ${awb}`);
    // The shopper signed up by e-mail: the text goes to the order's delivery phone.
    expect(await smsLogged('9876543210', `your order ${orderId}`)).toContain(`with Delhivery, AWB ${awb}`);
  });

  it('the shopper sees the part shipped with its courier and tracking number', async () => {
    await shopperPage.goto(`/dashboard/order/details/${orderId}`);
    const part = shopperPage.getByTestId('order-part-timeline').filter({ hasText: product.shopName });
    await part.waitFor();
    const text = await part.textContent();
    expect(text).toContain('Confirmed');
    expect(text).toContain('Packed');
    expect(text).toContain(`Delhivery, tracking number ${awb}`);
    expect(text).toContain('Delivered (not yet)');
    await shopperPage.goto('/dashboard/my-orders');
    await shopperPage.getByLabel('Status', { exact: true }).selectOption('shipped');
    await expect
      .poll(() => shopperPage.getByTestId('order-row').filter({ hasText: orderId }).count())
      .toBe(1);
  });

  it('the seller marks it delivered, and the shopper sees it arrive', async () => {
    await seller.getByRole('button', { name: 'Mark delivered' }).click();
    await seller
      .getByRole('dialog', { name: 'Mark as delivered?' })
      .getByRole('button', { name: 'Mark delivered' })
      .click();
    await expect.poll(() => seller.getByTestId('seller-order-status').textContent()).toContain('Delivered');
    expect(await seller.getByRole('button', { name: 'Mark delivered' }).count()).toBe(0);

    await shopperPage.goto(`/dashboard/order/details/${orderId}`);
    const part = shopperPage.getByTestId('order-part-timeline').filter({ hasText: product.shopName });
    await part.waitFor();
    await expect.poll(() => part.textContent()).not.toContain('(not yet)');
    await screenshot(shopperPage, 'order-details-timeline-desktop');
    await mailArrived(shopper.email, `Your order ${orderId} was delivered`);
    await smsLogged('9876543210', `your order ${orderId} from ${product.shopName} was delivered`);
  });

  it('earnings show the sale less the commission', async () => {
    await seller.goto('/seller/earnings');
    const row = seller.getByTestId('earnings-row').filter({ hasText: orderId });
    await row.waitFor();
    const commission = commissionOf(amount, product.commissionPercent);
    const text = await row.textContent();
    expect(text).toContain(formatRupees(amount));
    expect(text).toContain(`−${formatRupees(commission)}`);
    expect(text).toContain(formatRupees(amount - commission));
    // Delivered today: still within the return window.
    expect(text).toContain('Unsettled');
    await screenshot(seller, 'seller-earnings-desktop');
  });

  it('lists the orders as cards at 390 px', async () => {
    const phone = await browser.newContext({
      baseURL: baseUrl(),
      viewport: VIEWPORTS.mobile,
      isMobile: true,
      hasTouch: true,
      storageState: await sellerContext.storageState(),
    });
    const page = await phone.newPage();
    errors.push(watchPageErrors(page));
    await page.goto('/seller/orders?status=delivered');
    const card = page.getByTestId('seller-order-card').filter({ hasText: orderId });
    await card.waitFor();
    expect(await card.isVisible()).toBe(true);
    expect(await page.getByTestId('seller-order-row').first().isVisible()).toBe(false);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await screenshot(page, 'seller-orders-mobile');
    expect(errors.flat()).toEqual([]);
  });
});
