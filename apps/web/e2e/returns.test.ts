import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { formatRupees } from '@bazaar/shared';
import { launchBrowser, newContext, screenshot, VIEWPORTS, watchPageErrors, waitForApp } from './browser';
import { withShopDatabase } from './buyer';
import { decidePaymentByApi, signInNewOperator } from './consoles';
import { productToOrder, seededSellerLogin, shipPartByApi, signInSeededSeller } from './seller';
import { mailArrived } from './mail';
import { samplePhotos } from './photos';
import { addDefaultAddress, orderAndClaimPayment, signInNewShopper, type Shopper } from './shopper';

/**
 * Cancellations, returns and refunds (issue 19): a shopper cancels a paid order and sees the refund owed; an
 * operator records the bank reference on /admin/refunds and the shopper sees "Refunded" with it. A delivered order
 * is returned: the seller approves, picks up, receives and restocks on /seller/returns, the refund follows and the
 * seller's earnings lose the returned goods and their commission.
 * Each step is its own `it`, so the e-mail each one sends can be asserted beside it.
 */
describe('cancellations, returns and refunds', () => {
  let browser: Browser;
  let shop: Page;
  let ops: Page;
  let seller: Page;
  const errors: string[][] = [];
  const stamp = Date.now().toString(36).toUpperCase();
  /** Two products of one shop (the same order repeated within seconds would find the first order). */
  let product: { id: number; shopName: string };
  let other: { id: number };
  let shopper: Shopper;
  let addressId: number;
  let cancelledOrder: string;
  let returnedOrder: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    product = productToOrder(11);
    other = withShopDatabase(
      (db) =>
        db
          .prepare(
            `select p.id from products p where p.seller_id = (select seller_id from products where id = ?)
             and p.id != ? and p.stock >= 5 and p.size_system is null and p.visible = 1 order by p.id limit 1`,
          )
          .get(product.id, product.id) as typeof other,
    );
    shop = await (await newContext(browser, 'desktop')).newPage();
    ops = await (await newContext(browser, 'desktop')).newPage();
    seller = await (await newContext(browser, 'desktop')).newPage();
    errors.push(watchPageErrors(shop), watchPageErrors(ops), watchPageErrors(seller));
    shopper = await signInNewShopper(shop, 'Refund Shopper', '/help');
    addressId = await addDefaultAddress(shop, shopper, 'Refund Shopper');
    await signInNewOperator(ops, 'refunds');
    await signInSeededSeller(seller, product.shopName);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function paidOrder(productId: number): Promise<string> {
    const orderId = await orderAndClaimPayment(shop, shopper, addressId, { productId, quantity: 1 });
    await decidePaymentByApi(ops, orderId, 'verify');
    return orderId;
  }

  /** Waits until the thumbnail link's photo has loaded. */
  async function thumbnailLoaded(link: Locator) {
    await expect
      .poll(() => link.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  }

  /** Screenshots `name` with `target` in view at 1280 and 390 px, and goes back to 1280. */
  async function screenshotsAtBothWidths(page: Page, target: Locator, name: string) {
    for (const viewport of ['desktop', 'mobile'] as const) {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await target.scrollIntoViewIfNeeded();
      await screenshot(page, `${name}-${viewport}`);
    }
    await page.setViewportSize(VIEWPORTS.desktop);
  }

  /** Opens a thumbnail's link from the keyboard: the tab it opens, loaded. */
  async function openFromKeyboard(page: Page, link: Locator): Promise<Page> {
    await link.focus();
    const [opened] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
    await opened.waitForLoadState('load');
    return opened;
  }

  it('a shopper cancels a paid order and sees the refund owed', async () => {
    cancelledOrder = await paidOrder(product.id);
    await shop.goto(`/dashboard/order/details/${cancelledOrder}`);
    await waitForApp(shop);
    await shop.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = shop.getByRole('dialog', { name: 'Cancel this order?' });
    await dialog.getByLabel('Why are you cancelling?').selectOption('Ordered by mistake');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    // Two sentences, each with its full stop.
    await shop
      .getByRole('status')
      .filter({
        hasText: /^Your order was cancelled\. ₹[\d,]+ will be refunded to you in 7–10 business days\.$/,
      })
      .waitFor();
    const refund = shop.getByTestId('refund').first();
    await expect.poll(() => refund.textContent()).toContain('Refund pending');
    expect(await refund.textContent()).toContain('Expected by');
    expect(await shop.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    await screenshot(shop, 'order-cancelled-refund-desktop');
    const cancelled = await mailArrived(shopper.email, `Order ${cancelledOrder} cancelled`);
    expect(cancelled.text).toContain('refund');
  });

  it('an operator records the refund and the shopper sees it refunded with the reference', async () => {
    const reference = `UPI${stamp}`;
    await ops.goto('/admin/refunds');
    await waitForApp(ops);
    await ops.getByRole('heading', { name: 'Refunds', level: 1 }).waitFor();
    const row = ops.getByTestId('refund-queue').locator('li').filter({ hasText: cancelledOrder });
    await row.getByRole('button', { name: 'Record refund' }).click();
    const dialog = ops.getByRole('dialog');
    await dialog.getByLabel('Bank or UPI reference').fill(reference);
    await dialog.getByRole('button', { name: 'Mark refunded' }).click();
    await ops.getByRole('status').filter({ hasText: 'Refund recorded' }).waitFor();
    await screenshot(ops, 'admin-refunds-desktop');
    const issued = await mailArrived(
      shopper.email,
      new RegExp(`^Refund of ₹[\\d,]+ issued for order ${cancelledOrder}$`),
    );
    expect(issued.text).toContain(reference);

    await shop.goto('/dashboard/refunds');
    await waitForApp(shop);
    const refund = shop.getByTestId('refund').filter({ hasText: cancelledOrder });
    await expect.poll(() => refund.textContent()).toContain('Refunded');
    expect(await refund.textContent()).toContain(reference);
    // Its GST credit note, from the link beside it, with the shopper's session.
    const creditNote = await shop.request.get(
      (await refund.getByRole('link', { name: 'Credit note' }).getAttribute('href'))!,
      shopper.authed,
    );
    expect(creditNote.status()).toBe(200);
    expect(creditNote.headers()['content-type']).toBe('application/pdf');
  });

  it('a delivered order is returned: the seller approves, picks up, receives and restocks; the shopper is refunded', async () => {
    returnedOrder = await paidOrder(other.id);
    await shipPartByApi(seller, returnedOrder, { trackingNumber: `DLV${stamp}`, deliver: true });
    const stockBefore = withShopDatabase(
      (db) =>
        (db.prepare('select stock from products where id = ?').get(other.id) as { stock: number }).stock,
    );

    await shop.goto(`/dashboard/order/details/${returnedOrder}`);
    await waitForApp(shop);
    await shop.getByRole('button', { name: 'Return' }).click();
    const ask = shop.getByRole('dialog');
    await ask.getByLabel('Why are you returning it?').selectOption('Size too small');
    // A photo from the phone (sideways by EXIF, with a GPS position) goes with it, previewed before sending.
    const [phonePhoto] = await samplePhotos();
    await ask.getByLabel('Add photos').setInputFiles([phonePhoto]);
    const preview = ask.getByRole('list', { name: 'Photos to send' }).getByRole('img', { name: 'Preview 1' });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await screenshot(shop, 'return-form-photo-desktop');
    await shop.setViewportSize(VIEWPORTS.mobile);
    await screenshot(shop, 'return-form-photo-mobile');
    await shop.setViewportSize(VIEWPORTS.desktop);
    await ask.getByRole('button', { name: 'Request return' }).click();
    await shop.getByTestId('line-returns').filter({ hasText: 'Return requested' }).waitFor();
    // Order Details keeps showing the sent photo with the return, through the shopper's own route.
    const sentPhoto = shop
      .getByRole('list', { name: 'Your photos sent with this return' })
      .getByRole('link', { name: 'Photo 1 of 1, opens larger in a new tab' });
    await thumbnailLoaded(sentPhoto);
    expect(await sentPhoto.getByRole('img').getAttribute('alt')).toBe('Sent with the return, 1 of 1');
    await screenshotsAtBothWidths(shop, sentPhoto, 'order-details-return-photo');
    const shopperLarge = await openFromKeyboard(shop, sentPhoto);
    expect(shopperLarge.url()).toMatch(/\/api\/home\/customer\/return-photos\/\d+\/\d+\.webp$/);
    expect(await shopperLarge.evaluate(() => document.images[0]?.naturalWidth)).toBe(900);
    await shopperLarge.close();

    await seller.goto('/seller/returns');
    await waitForApp(seller);
    const card = seller
      .getByTestId('seller-returns')
      .locator('li[data-return]')
      .filter({ hasText: returnedOrder });
    // The seller sees the shopper's photo before deciding, and opens it larger.
    const photos = card.getByRole('list', { name: /^Photos from the shopper/ });
    const thumbnail = photos.getByRole('link', { name: 'Photo 1 of 1, opens larger in a new tab' });
    await thumbnailLoaded(thumbnail);
    await screenshotsAtBothWidths(seller, card, 'seller-returns-photo');
    const large = await openFromKeyboard(seller, thumbnail);
    const opened = large.url();
    expect(opened).toMatch(/\/api\/seller\/returns\/\d+\/photos\/\d+\/\d+\.webp$/);
    // Upright: the phone's sideways 1200×900 is a portrait, at most 1280 wide.
    expect(
      await large.evaluate(() => [document.images[0]?.naturalWidth, document.images[0]?.naturalHeight]),
    ).toEqual([900, 1200]);
    await large.close();
    // The photo is the seller's to see through its route, not the shopper's nor anyone's under /media.
    expect((await shop.request.get(opened, shopper.authed)).status()).toBe(401);
    for (const [action, state] of [
      ['Approve', 'Return approved'],
      ['Mark picked up', 'Picked up'],
      ['Mark received', 'Return received'],
    ] as const) {
      await card.getByRole('button', { name: action }).click();
      await seller.getByRole('dialog').getByRole('button', { name: action }).click();
      await expect.poll(() => card.textContent()).toContain(state);
    }
    await card.getByRole('button', { name: 'Put back on sale' }).click();
    await seller.getByRole('dialog').getByRole('button', { name: 'Put back on sale' }).click();
    await expect.poll(() => card.textContent()).toContain('Back on sale');
    await screenshot(seller, 'seller-returns-desktop');
    const stockAfter = withShopDatabase(
      (db) =>
        (db.prepare('select stock from products where id = ?').get(other.id) as { stock: number }).stock,
    );
    expect(stockAfter).toBe(stockBefore + 1);

    // The refunded goods come off the seller's earnings, and the commission on them with them.
    const refunded = withShopDatabase(
      (db) =>
        (
          db
            .prepare(
              `select r.amount from refunds r join customer_orders co on co.id = r.customer_order_id
               where co.order_code = ? and r.reason = 'return'`,
            )
            .get(returnedOrder) as { amount: number }
        ).amount,
    );
    await seller.goto('/seller/earnings');
    await waitForApp(seller);
    const earning = seller.getByTestId('earnings-row').filter({ hasText: returnedOrder });
    await earning.waitFor();
    const cells = earning.locator('td');
    // Order, date, status, gross, returns, commission, net, payout: the whole part came back.
    expect(await cells.nth(3).textContent()).toBe(formatRupees(refunded));
    expect(await cells.nth(4).textContent()).toBe(`−${formatRupees(refunded)}`);
    expect(await cells.nth(5).textContent()).toMatch(new RegExp(`^${formatRupees(0)} `));
    expect(await cells.nth(6).textContent()).toBe(formatRupees(0));
    await screenshot(seller, 'seller-earnings-returns-desktop');

    // The operator paying the refund sees the return it pays back: reason, item and the shopper's photo (staff route).
    await ops.goto('/admin/refunds?state=all');
    await waitForApp(ops);
    const owed = ops
      .getByTestId('refund-queue')
      .locator('li[data-refund]')
      .filter({ hasText: returnedOrder })
      .getByTestId('refund-return');
    await expect.poll(() => owed.textContent()).toContain('Size too small');
    expect(await owed.textContent()).toContain('Return received');
    const staffPhoto = owed
      .getByRole('list', { name: /^Photos from the shopper for return #\d+$/ })
      .getByRole('link', { name: 'Photo 1 of 1, opens larger in a new tab' });
    await thumbnailLoaded(staffPhoto);
    expect(await staffPhoto.getAttribute('href')).toMatch(/^\/api\/admin\/return-photos\/\d+\/\d+\.webp$/);
    await screenshotsAtBothWidths(ops, owed, 'admin-refund-return-photo');

    await shop.goto(`/dashboard/order/details/${returnedOrder}`);
    await waitForApp(shop);
    await shop.getByTestId('line-returns').filter({ hasText: 'Return received' }).waitFor();
    const refund = shop.getByTestId('refund').filter({ hasText: 'Returned items' });
    await expect.poll(() => refund.textContent()).toContain('Refund pending');
    await mailArrived(
      seededSellerLogin(product.shopName).email,
      `Return requested for order ${returnedOrder}`,
    );
    await mailArrived(shopper.email, new RegExp(`^Your return for order ${returnedOrder}: `));
    expect(errors.flat()).toEqual([]);
  });
});
