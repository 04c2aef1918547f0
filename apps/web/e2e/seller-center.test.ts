import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { commissionOf, formatRupees } from '@bazaar/shared';
import { runNode } from '../../server/test/compiledServer';
import { launchBrowser, newContext, screenshot, VIEWPORTS, watchPageErrors, waitForApp } from './browser';
import { decidePaymentByApi, signInNewOperator } from './consoles';
import { addDefaultAddress, orderAndClaimPayment, signInNewShopper, type Shopper } from './shopper';

/**
 * Issue 16's "done when", end to end: a shop registers in the browser and waits for approval (its product, made
 * meanwhile with three sizes and two photos from files, is nowhere on the storefront); the marketplace approves it
 * with `npm run seller:approve`; shoppers then see the product with AVIF/WebP photos and the shop's page; a shopper
 * buys size M, the operator verifies the UPI payment, the seller packs and ships with an AWB, the shopper follows the
 * timeline, the seller marks it delivered and earnings show the sale less commission. Suspension then stops sales
 * while the seller can still reach its orders.
 */
describe('seller center: from registration to a delivered order', () => {
  let browser: Browser;
  let sellerContext: BrowserContext;
  let seller: Page;
  let shopperPage: Page;
  let shopper: Shopper;
  const errors: string[][] = [];
  const stamp = Date.now().toString(36);
  const shopName = `Journey Weaves ${stamp}`;
  const shopSlug = `journey-weaves-${stamp}`;
  const email = `journey-${stamp}@example.in`;
  const productName = `Journey Ikat Kurta ${stamp}`;
  const awb = `BLD${stamp.toUpperCase()}`;
  const photoDir = mkdtempSync(path.join(tmpdir(), 'bazaar-photos-'));
  let productId: number;
  let productSlug: string;
  let orderId: string;
  let sizeM: number;

  /** `npm run seller:approve` as it ships, against the journeys' server database. */
  const approveCli = (...args: string[]) =>
    runNode([path.join(inject('serverDist'), 'cli/seller-approve.js'), '--email', email, ...args], {
      ...process.env,
      DATA_DIR: inject('dataDir'),
      DATABASE_URL: '',
      NODE_ENV: 'production',
    });

  beforeAll(async () => {
    browser = await launchBrowser();
    sellerContext = await newContext(browser, 'desktop');
    seller = await sellerContext.newPage();
    shopperPage = await (await newContext(browser, 'desktop')).newPage();
    errors.push(watchPageErrors(seller), watchPageErrors(shopperPage));
    // Two photos as a phone and a laptop would give them: a JPEG and a PNG.
    await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#1d4e89' } })
      .jpeg()
      .toFile(path.join(photoDir, 'front.jpg'));
    await sharp({ create: { width: 800, height: 1000, channels: 4, background: '#c0392b' } })
      .png()
      .toFile(path.join(photoDir, 'back.png'));
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(photoDir, { recursive: true, force: true });
  });

  it('registers in the browser, field errors first, and lands waiting for approval', async () => {
    await seller.goto('/seller/login');
    await waitForApp(seller);
    await seller.getByRole('link', { name: 'Register your shop' }).click();
    await seller.getByRole('heading', { name: 'Register your shop', level: 1 }).waitFor();

    await seller.getByLabel('Shop name').fill(shopName);
    await seller.getByLabel('Owner’s name').fill('Lakshmi Rao');
    await seller.getByLabel('Email').fill(email);
    await seller.getByLabel('Mobile number').fill('9876543210');
    await seller.getByLabel('Password', { exact: true }).fill('weaves-secret-2026');
    await seller.getByLabel('Address (building, street, area)').fill('8 Handloom Lane, Pochampally');
    await seller.getByLabel('City').fill('Hyderabad');
    await seller.getByLabel('State').selectOption('Telangana');
    await seller.getByLabel('Pincode').fill('508284');
    // A Maharashtra GSTIN for a Telangana pickup: refused on its field, and focused.
    await seller.getByLabel('GSTIN').fill('27ABCDE1234F1Z5');
    await seller.getByRole('button', { name: 'Register shop' }).click();
    const gstin = seller.getByLabel('GSTIN');
    await expect.poll(() => gstin.getAttribute('aria-invalid')).toBe('true');
    expect(await seller.locator('#seller-register-gstin-error').textContent()).toBe(
      'The GSTIN’s first two digits must be the GST code of the pickup state',
    );
    expect(await gstin.evaluate((input) => input === document.activeElement)).toBe(true);

    await gstin.fill('36ABCDE1234F1Z5');
    await seller.getByRole('button', { name: 'Register shop' }).click();
    await seller.waitForURL(/\/seller$/);
    await seller.getByTestId('seller-status-banner').filter({ hasText: 'Waiting for approval' }).waitFor();
    expect(await seller.getByTestId('seller-status').textContent()).toBe('Waiting for approval');
    await screenshot(seller, 'seller-center-pending-desktop');
  });

  it('prepares a product with three sizes and two photos, which shoppers cannot see yet', async () => {
    await seller
      .getByRole('navigation', { name: 'Seller center' })
      .getByRole('link', { name: 'Products' })
      .click();
    await seller.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await seller.getByRole('link', { name: 'Add product' }).first().click();
    await seller.getByRole('heading', { name: 'Add product' }).waitFor();
    await seller.getByLabel('Product name').fill(productName);
    await seller.getByLabel('Brand').fill('Pochampally');
    const category = seller.getByLabel('Category');
    const firstCategory = await category.locator('option:not([value=""])').first().getAttribute('value');
    await category.selectOption(firstCategory!);
    await seller.getByLabel('Description').fill('Handwoven ikat cotton kurta.');
    await seller.getByLabel('MRP (₹)').fill('1800');
    await seller.getByLabel('Discount (%)').fill('10');
    await seller.getByLabel('Size chart').selectOption('apparel');
    for (const size of ['S', 'M', 'L']) await seller.getByRole('button', { name: size, exact: true }).click();
    for (const size of ['S', 'M', 'L']) await seller.getByLabel(`Stock of ${size}`).fill('4');
    await seller.getByRole('radio', { name: /^Active/ }).check();
    await seller.getByRole('button', { name: 'Save' }).click();
    await seller.waitForURL(/\/seller\/products\/\d+$/);
    productId = Number(new URL(seller.url()).pathname.split('/').pop());
    await seller.getByText('Not visible to shoppers.').waitFor();

    await seller
      .getByLabel('Choose photos')
      .setInputFiles([path.join(photoDir, 'front.jpg'), path.join(photoDir, 'back.png')]);
    const photos = seller.getByRole('list', { name: 'Photos in order' }).getByRole('listitem');
    await expect.poll(() => photos.count(), { timeout: 30_000 }).toBe(2);

    // Nowhere on the storefront: not its page, not the search, not a shop page.
    expect((await shopperPage.request.get(`/api/home/get-product/${productId}`)).status()).toBe(404);
    const search = await shopperPage.request.get(
      `/api/home/query-products?searchValue=${encodeURIComponent(productName)}`,
    );
    expect(
      ((await search.json()) as { products: { _id: number }[] }).products.map((p) => p._id),
    ).not.toContain(productId);
    expect((await shopperPage.request.get(`/api/home/shop/${shopSlug}`)).status()).toBe(404);
  });

  it('is approved with npm run seller:approve, and the seller center says so', async () => {
    expect(await approveCli()).toContain('pending → approved');
    await seller.goto('/seller');
    await expect.poll(() => seller.getByTestId('seller-status').textContent()).toBe('Approved');
    expect(await seller.getByTestId('seller-status-banner').count()).toBe(0);
    await seller.getByRole('link', { name: 'See your shop as shoppers do' }).waitFor();
  });

  it('shoppers see the product with AVIF and WebP photos, and its shop from "Sold by"', async () => {
    const details = await shopperPage.request.get(`/api/home/get-product/${productId}`);
    expect(details.status()).toBe(200);
    productSlug = ((await details.json()) as { product: { slug: string } }).product.slug;
    await shopperPage.goto(`/product/details/${productSlug}`);
    await waitForApp(shopperPage);
    await shopperPage.getByRole('heading', { name: productName, level: 1 }).waitFor();
    const types = await shopperPage
      .locator('picture source')
      .evaluateAll((sources) => sources.map((source) => source.getAttribute('type')));
    expect(types).toContain('image/avif');
    expect(types).toContain('image/webp');

    await shopperPage.getByRole('link', { name: shopName }).click();
    await shopperPage.waitForURL(`**/shop/${shopSlug}`);
    await shopperPage.getByRole('heading', { name: shopName, level: 1 }).waitFor();
    expect(await shopperPage.getByText('Hyderabad').first().textContent()).toContain('Hyderabad');
    await shopperPage
      .getByRole('link', { name: new RegExp(productName) })
      .first()
      .waitFor();
    await screenshot(shopperPage, 'shop-page-desktop');
  });

  it('a shopper buys size M and the operator verifies the UPI payment', async () => {
    shopper = await signInNewShopper(shopperPage, 'Journey Shopper', '/help');
    const addressId = await addDefaultAddress(shopperPage, shopper, 'Journey Shopper');
    const details = (await (await shopperPage.request.get(`/api/home/get-product/${productId}`)).json()) as {
      product: { variants: { _id: number; size: string | null }[] };
    };
    sizeM = details.product.variants.find((variant) => variant.size === 'M')!._id;
    orderId = await orderAndClaimPayment(shopperPage, shopper, addressId, {
      productId,
      quantity: 1,
      variantId: sizeM,
    });
    const ops = await (await newContext(browser, 'desktop')).newPage();
    await signInNewOperator(ops, 'journey');
    await decidePaymentByApi(ops, orderId, 'verify');
  });

  it('the seller packs and ships it with an AWB; the shopper sees the timeline', async () => {
    await seller.goto('/seller/orders?status=placed');
    const row = seller.getByTestId('seller-order-row').filter({ hasText: orderId });
    await row.waitFor();
    expect(await row.textContent()).toContain('Paid');
    await row.getByRole('link', { name: orderId }).click();
    await seller.getByRole('heading', { name: `Order ${orderId}` }).waitFor();
    expect(await seller.getByText(/Size M/).count()).toBeGreaterThan(0);
    const status = seller.getByTestId('seller-order-status');
    await seller.getByRole('button', { name: 'Accept & pack' }).click();
    await expect.poll(() => status.textContent()).toContain('Packed');
    await seller.getByRole('button', { name: 'Ship' }).click();
    const dialog = seller.getByRole('dialog', { name: 'Ship this order' });
    await dialog.getByLabel('Courier').fill('Blue Dart');
    await dialog.getByLabel('AWB / tracking number').fill(awb);
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await expect.poll(() => status.textContent()).toContain(`Blue Dart, AWB ${awb}`);

    await shopperPage.goto(`/dashboard/order/details/${orderId}`);
    const part = shopperPage.getByTestId('order-part-timeline').filter({ hasText: shopName });
    await part.waitFor();
    expect(await part.textContent()).toContain(`Blue Dart, tracking number ${awb}`);
  });

  it('the seller marks it delivered and earnings show the sale less commission', async () => {
    await seller.getByRole('button', { name: 'Mark delivered' }).click();
    await seller
      .getByRole('dialog', { name: 'Mark as delivered?' })
      .getByRole('button', { name: 'Mark delivered' })
      .click();
    await expect.poll(() => seller.getByTestId('seller-order-status').textContent()).toContain('Delivered');

    await seller
      .getByRole('navigation', { name: 'Seller center' })
      .getByRole('link', { name: 'Earnings' })
      .click();
    const row = seller.getByTestId('earnings-row').filter({ hasText: orderId });
    await row.waitFor();
    // Size M of a ₹1,800 kurta at 10 % off, and the default 10 % commission.
    const sale = 1620;
    const commission = commissionOf(sale, 10);
    const text = await row.textContent();
    expect(text).toContain(formatRupees(sale));
    expect(text).toContain(`−${formatRupees(commission)}`);
    expect(text).toContain(formatRupees(sale - commission));
    await screenshot(seller, 'seller-center-earnings-journey');

    // The dashboard adds it up: one active product, nothing left to pack or ship, this month's sale.
    await seller
      .getByRole('navigation', { name: 'Seller center' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect
      .poll(() => seller.getByTestId('glance-Sales this month').textContent())
      .toBe(formatRupees(sale));
    expect(await seller.getByTestId('stat-Active products').textContent()).toBe('1');
    expect(await seller.getByTestId('glance-To pack').textContent()).toBe('0');
    await screenshot(seller, 'seller-center-dashboard-desktop');
  });

  it('suspension stops sales; the seller still reaches its orders and sees why', async () => {
    await expect(approveCli('--suspend')).rejects.toThrow(/give a reason/);
    expect(await approveCli('--suspend', '--reason', 'Documents expired')).toContain('approved → suspended');
    // The command writes behind the running server's back, so its cached catalogue pages catch up only as they
    // expire (RESPONSE_CACHE_TTL_SECONDS); buying reads the database and is refused at once.
    const add = await shopperPage.request.post('/api/home/product/add-to-card', {
      data: { productId, quantity: 1, variantId: sizeM },
      ...shopper.authed,
    });
    expect(add.status()).toBe(409);
    expect(((await add.json()) as { code: string }).code).toBe('PRODUCT_UNAVAILABLE');

    const phone = await browser.newContext({
      baseURL: inject('baseUrl'),
      viewport: VIEWPORTS.mobile,
      isMobile: true,
      hasTouch: true,
      storageState: await sellerContext.storageState(),
    });
    const page = await phone.newPage();
    errors.push(watchPageErrors(page));
    await page.goto('/seller');
    const banner = page.getByTestId('seller-status-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Documents expired');
    await page
      .getByRole('navigation', { name: 'Seller center' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.mobile.width,
    );
    await screenshot(page, 'seller-center-suspended-390');

    expect(await approveCli('--reinstate')).toContain('suspended → approved');
    const again = await shopperPage.request.post('/api/home/product/add-to-card', {
      data: { productId, quantity: 1, variantId: sizeM },
      ...shopper.authed,
    });
    expect(again.status(), await again.text()).toBe(200);
    expect(errors.flat()).toEqual([]);
  });
});
