import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatRupees, paymentMessages } from '@bazaar/shared';
import { launchBrowser, newContext, screenshot, watchPageErrors, type VIEWPORTS } from './browser';
import { signInNewShopper } from './shopper';
import { decidePaymentByApi, signInNewOperator, signInOperator, type StaffAccount } from './consoles';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const Database = createRequire(path.join(repoRoot, 'apps/server/package.json'))(
  'better-sqlite3',
) as typeof BetterSqlite3;

/** A product with plenty of stock from the seeded database. */
function productWithStock(offset: number): number {
  const db = new Database(path.join(inject('dataDir'), 'shop.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        'select id from products where stock >= 20 and size_system is null order by id desc limit 1 offset ?',
      )
      .get(offset) as { id: number } | undefined;
    if (!row) throw new Error('the seed has no product with stock');
    return row.id;
  } finally {
    db.close();
  }
}

interface PlacedOrder {
  orderId: string;
  price: number;
  items: number;
}

/** Registers a shopper in the page's context, signs the page in, and places an order through the API. */
async function shopperWithOrder(page: Page, productOffset: number): Promise<PlacedOrder> {
  // Any page of the app will do to sign in; this one keeps the journey clear of the home page's prerender.
  const { authed } = await signInNewShopper(page, 'Payment Shopper', '/help');

  const added = await page.request.post('/api/home/product/add-to-card', {
    data: { productId: productWithStock(productOffset), quantity: 1 },
    ...authed,
  });
  expect(added.ok(), await added.text()).toBe(true);
  const address = await page.request.post('/api/home/customer/add_address', {
    data: {
      name: 'Payment Shopper',
      phonenumber: '9876543210',
      pincode: '500081',
      state: 'Telangana',
      cityDistTown: 'Hyderabad',
      address: 'Plot 12, Hitech City Road',
      defaultAddress: true,
    },
    ...authed,
  });
  expect(address.ok(), await address.text()).toBe(true);
  const addressId = ((await address.json()) as { address: { _id: number } }).address._id;
  const placed = await page.request.post('/api/home/order/palce-order', {
    data: { addressId, idempotencyKey: `e2e-payments-${Date.now().toString(36)}-${productOffset}` },
    ...authed,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as PlacedOrder;
}

/** The signed-in shopper's Authorization header, for API calls made beside the page. */
async function shopperAuth(page: Page): Promise<{ authorization: string }> {
  const token = await page.evaluate(() => localStorage.getItem('customerToken'));
  return { authorization: `Bearer ${token}` };
}

/** Submits a UTR for the order as the shopper would from the UTR page; the UTR is returned. */
async function submitUtr(page: Page, orderId: string): Promise<string> {
  const transactionId = `42${Date.now().toString().slice(-10)}`;
  const res = await page.request.post('/api/payment/update-transactionId', {
    data: { orderId, transactionId },
    headers: await shopperAuth(page),
  });
  expect(res.status(), await res.text()).toBe(200);
  return transactionId;
}

/** Puts a product back in the shopper's bag (placing the order emptied it). */
async function addToBag(page: Page, productOffset: number): Promise<void> {
  const res = await page.request.post('/api/home/product/add-to-card', {
    data: { productId: productWithStock(productOffset), quantity: 1 },
    headers: await shopperAuth(page),
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** An operator signed in to the console in its own browser context (created once with the real CLI). */
let operatorAccount: StaffAccount | null = null;
async function signedInOperator(browser: Browser): Promise<{ context: BrowserContext; ops: Page }> {
  const context = await newContext(browser, 'desktop');
  const ops = await context.newPage();
  if (operatorAccount) await signInOperator(ops, operatorAccount);
  else operatorAccount = await signInNewOperator(ops, 'payments');
  return { context, ops };
}

/** Opens a payment page with the navigation state Pay Now / order placement would pass. */
async function openWithState(page: Page, url: string, state: PlacedOrder): Promise<void> {
  await page.evaluate(
    ({ url, state }) => window.history.replaceState({ usr: state, key: 'e2e', idx: 0 }, '', url),
    { url, state },
  );
  await page.reload();
}

/** How long a page may take to settle: these journeys run beside other suites on a shared, busy machine. */
const PAGE_SETTLES = { timeout: 15_000 };

describe('UPI payment journey', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('submits a UTR, an operator verifies it, and the shopper sees it verified without reloading', async () => {
    const shopperContext = await newContext(browser, 'desktop');
    const page = await shopperContext.newPage();
    const errors = watchPageErrors(page);
    const order = await shopperWithOrder(page, 0);

    // The ordered product is back in the bag (say, added again); once paid it leaves the bag and the badge says so.
    await addToBag(page, 0);
    await openWithState(page, '/my-payment', order);
    await expect.poll(() => page.getByRole('link', { name: 'Cart, 1 items' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('img', { name: /UPI QR code/ }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('payment-amount').textContent()).toBe(formatRupees(order.price));
    await screenshot(page, 'payments-my-payment-desktop');

    const utrInput = page.getByLabel('UTR / Transaction ID');
    const submit = page.getByRole('button', { name: 'Submit' });
    // Blank input is ignored; a short number is explained.
    await submit.click();
    expect(await page.getByRole('alert').count()).toBe(0);
    await utrInput.fill('12345');
    await submit.click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(paymentMessages.utrFormat);

    await utrInput.fill(`41${Date.now().toString().slice(-10)}`);
    await submit.click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Payment under verification' }).count())
      .toBe(1);
    await page.getByRole('link', { name: 'Check status' }).click();
    await page.waitForURL('**/payment/confirm');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Payment under verification' }).count())
      .toBe(1);
    await screenshot(page, 'payments-confirm-pending-desktop');

    // The operator, in a separate browser context, is sent from the console to its sign-in, signs in and verifies
    // the payment.
    const opsContext = await newContext(browser, 'desktop');
    const ops = await opsContext.newPage();
    const opsErrors = watchPageErrors(ops);
    await ops.goto('/ops/payments');
    await ops.waitForURL('**/ops/login');
    await signInNewOperator(ops, 'verifies');
    const verify = ops.getByRole('button', { name: `Verify payment for order ${order.orderId}` });
    await expect.poll(() => verify.count()).toBe(1);
    await screenshot(ops, 'payments-ops-console-desktop');
    await verify.click();
    // This order's decision, by this operator: earlier journeys' operators share the name and left decisions of
    // their own in the list, so the name alone was there before the click.
    const decision = ops
      .getByRole('region', { name: 'Recent decisions' })
      .getByRole('listitem')
      .filter({ hasText: order.orderId });
    await expect.poll(() => decision.textContent()).toMatch(/^Verified.*Asha Rao ·/);
    await expect.poll(() => verify.count()).toBe(0);
    await screenshot(ops, 'payments-ops-console-after-desktop');

    await expect
      .poll(() => page.getByRole('heading', { name: 'Payment verified successfully!' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    expect(await page.getByText('Thank you! Your payment is confirmed.').count()).toBe(1);
    expect(page.url()).toMatch(/\/payment\/confirm$/);
    // The header's bag badge follows without a reload (issue 14, finding 4).
    await expect.poll(() => page.getByRole('link', { name: 'Cart, 0 items' }).count()).toBe(1);
    await screenshot(page, 'payments-confirm-verified-desktop');

    // The ops console on a phone.
    await ops.setViewportSize({ width: 390, height: 844 } satisfies (typeof VIEWPORTS)['mobile']);
    await screenshot(ops, 'payments-ops-console-mobile');
    expect(errors).toEqual([]);
    expect(opsErrors).toEqual([]);
    await shopperContext.close();
    await opsContext.close();
  });

  it('sends the shopper to the failure page when the five-minute countdown runs out', async () => {
    const context = await newContext(browser, 'mobile');
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.clock.install();
    const order = await shopperWithOrder(page, 1);

    await openWithState(page, '/payment', order);
    await expect.poll(() => page.getByRole('timer').textContent()).toMatch(/^0[45]:\d\d$/);
    await expect
      .poll(() => page.getByRole('link', { name: 'G-Pay' }).getAttribute('href'))
      .toMatch(/^tez:\/\/upi\/pay\?pa=/);
    expect(await page.getByRole('heading', { name: 'Pay Using Apps' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Pay using QR' }).count()).toBe(1);
    await screenshot(page, 'payments-timer-mobile');

    await page.clock.fastForward(300_000);
    await page.waitForURL('**/payment/failure');
    await expect.poll(() => page.getByRole('heading', { name: 'Payment Failed' }).count()).toBe(1);
    expect(
      await page
        .getByText(
          'The payment was unsuccessful due to session Timemout. Please try again later or use another payment method.',
        )
        .count(),
    ).toBe(1);
    expect(await page.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe(
      '/dashboard/my-orders',
    );
    await screenshot(page, 'payments-failure-mobile');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lays the timer page out on a desktop', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    const order = await shopperWithOrder(page, 2);
    await openWithState(page, '/payment', order);
    await expect.poll(() => page.getByRole('img', { name: /UPI QR code/ }).count()).toBe(1);
    await screenshot(page, 'payments-timer-desktop');
    await openWithState(page, '/my-payment', order);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.getByRole('img', { name: /UPI QR code/ }).count()).toBe(1);
    await screenshot(page, 'payments-my-payment-mobile');
    await context.close();
  });

  it('leaves every payment result page by each of its buttons and links, and the next page renders (issue 14, finding 1)', async () => {
    let context = await newContext(browser, 'desktop');
    let page = await context.newPage();
    let errors = watchPageErrors(page);
    const { ops, context: opsContext } = await signedInOperator(browser);
    const order = await shopperWithOrder(page, 3);
    const heading = (name: string) => page.getByRole('heading', { name, level: 1 });
    const myOrders = () => heading('My Orders');
    const help = () => heading('We’d love to hear from you');

    /** Opens a result page afresh, clicks one of its buttons or links, and waits for the next page's heading. */
    async function leave(url: string, shows: string, link: string, arrivesAt: typeof myOrders) {
      await openWithState(page, url, order);
      await expect.poll(() => heading(shows).count(), PAGE_SETTLES).toBe(1);
      await page.getByRole('link', { name: link, exact: true }).click();
      await expect
        .poll(() => arrivesAt().count(), { ...PAGE_SETTLES, message: `${shows} → ${link}` })
        .toBe(1);
      expect(errors).toEqual([]);
    }

    // Failure (the countdown's), under verification, then verified.
    await leave('/payment/failure', 'Payment Failed', 'My Orders', myOrders);
    await leave('/payment/failure', 'Payment Failed', 'Need help ?', help);
    await submitUtr(page, order.orderId);
    await leave('/payment/confirm', 'Payment under verification', 'My Orders', myOrders);
    await leave('/payment/confirm', 'Payment under verification', 'Need help?', help);
    await decidePaymentByApi(ops, order.orderId, 'verify');
    await leave('/payment/confirm', 'Payment verified successfully!', 'Go to My Orders', myOrders);
    // The result variant at /order/confirm reads the order from local storage.
    await page.evaluate((id) => localStorage.setItem('orderId', id), order.orderId);
    await leave('/order/confirm', 'Order confirmed', 'Back to Dashboard', myOrders);

    // A rejection sends the shopper waiting on the confirm page to the failure page, which says why.
    await context.close();
    context = await newContext(browser, 'desktop');
    page = await context.newPage();
    errors = watchPageErrors(page);
    const rejected = await shopperWithOrder(page, 4);
    await submitUtr(page, rejected.orderId);
    await openWithState(page, '/payment/confirm', rejected);
    await expect.poll(() => heading('Payment under verification').count(), PAGE_SETTLES).toBe(1);
    await decidePaymentByApi(ops, rejected.orderId, 'reject', 'No such credit on our statement');
    await page.waitForURL('**/payment/failure', PAGE_SETTLES);
    await expect
      .poll(() => page.getByTestId('payment-issue').textContent(), PAGE_SETTLES)
      .toContain('No such credit on our statement');
    await screenshot(page, 'payments-failure-rejected-desktop');
    for (const [link, arrivesAt] of [
      ['My Orders', myOrders],
      ['Need help ?', help],
    ] as const) {
      await openWithState(page, '/payment/failure', rejected);
      await expect.poll(() => page.getByTestId('payment-issue').count(), PAGE_SETTLES).toBe(1);
      await page.getByRole('link', { name: link, exact: true }).click();
      await expect.poll(() => arrivesAt().count(), { ...PAGE_SETTLES, message: `failure → ${link}` }).toBe(1);
    }
    await openWithState(page, '/payment/failure', rejected);
    await page.getByRole('link', { name: 'Submit corrected UTR' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Submit transaction ID' }).count(), PAGE_SETTLES)
      .toBe(1);
    expect(errors).toEqual([]);
    await context.close();
    await opsContext.close();
  }, 120_000);

  it('an operator rejects with a reason after confirming; the shopper reads it and submits a corrected UTR (issue 14, finding 3)', async () => {
    const context = await newContext(browser, 'mobile');
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const order = await shopperWithOrder(page, 5);
    await openWithState(page, '/my-payment', order);
    await page.getByLabel('UTR / Transaction ID').fill(`43${Date.now().toString().slice(-10)}`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Payment under verification' }).count(), PAGE_SETTLES)
      .toBe(1);

    const { ops, context: opsContext } = await signedInOperator(browser);
    const opsErrors = watchPageErrors(ops);
    const reject = ops.getByRole('button', { name: `Reject payment for order ${order.orderId}` });
    await expect.poll(() => reject.count(), PAGE_SETTLES).toBe(1);
    expect(await ops.getByText('Holds stock until').count()).toBeGreaterThan(0);
    await reject.click();
    // Nothing happens on one click: a dialog asks, with the reason the shopper will read.
    const dialog = ops.getByRole('dialog', { name: `Reject payment for ${order.orderId}?` });
    await expect.poll(() => dialog.count(), PAGE_SETTLES).toBe(1);
    await screenshot(ops, 'payments-ops-reject-dialog-desktop');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count(), PAGE_SETTLES).toBe(0);
    expect(await reject.count()).toBe(1);
    await reject.click();
    await dialog.getByLabel('Reason (shown to the shopper)').fill('Amount on the statement is Rs 10 short');
    await dialog.getByRole('button', { name: 'Reject payment' }).click();
    await expect.poll(() => reject.count(), PAGE_SETTLES).toBe(0);

    // The UTR page (still open) shows why and takes a corrected UTR.
    await expect
      .poll(() => page.getByTestId('payment-issue').textContent(), PAGE_SETTLES)
      .toContain('Amount on the statement is Rs 10 short');
    await screenshot(page, 'payments-my-payment-rejected-mobile');

    // My Orders points to Order Details, which says why too and leads back to the UTR form.
    await page.goto('/dashboard/my-orders');
    await page.getByRole('link', { name: 'UTR not accepted: see why' }).click();
    await page.waitForURL(`**/dashboard/order/details/${order.orderId}`);
    await expect
      .poll(() => page.getByTestId('payment-issue').textContent(), PAGE_SETTLES)
      .toContain('Amount on the statement is Rs 10 short');
    await screenshot(page, 'payments-order-details-rejected-mobile');
    await page.getByRole('link', { name: 'Submit corrected UTR' }).click();
    await page.getByLabel('UTR / Transaction ID').fill(`44${Date.now().toString().slice(-10)}`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Payment under verification' }).count(), PAGE_SETTLES)
      .toBe(1);
    expect(errors).toEqual([]);
    expect(opsErrors).toEqual([]);
    await context.close();
    await opsContext.close();
  });

  it('says why instead of offering Pay Now once an order can no longer be paid (issue 14, finding 3)', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const order = await shopperWithOrder(page, 6);
    // As if the order had been placed 40 minutes ago: its reservation is over.
    const db = new Database(path.join(inject('dataDir'), 'shop.db'));
    try {
      db.prepare('update customer_orders set created_at = ? where order_code = ?').run(
        new Date(Date.now() - 40 * 60_000).toISOString(),
        order.orderId,
      );
    } finally {
      db.close();
    }
    // The reservation job, or (here, so the test need not wait a minute for it) a payment attempt, cancels it.
    const attempt = await page.request.post('/api/payment/do_payment', {
      data: { orderId: order.orderId },
      headers: await shopperAuth(page),
    });
    expect(attempt.status()).toBe(409);

    // Whoever still has the payment page open learns why rather than about a session timeout.
    await openWithState(page, '/payment', order);
    await page.waitForURL('**/payment/failure');
    await expect
      .poll(() => page.getByTestId('payment-issue').textContent(), PAGE_SETTLES)
      .toContain('Order cancelled: payment window closed');
    await page.getByRole('link', { name: 'My Orders', exact: true }).click();
    const payNow = page.getByRole('button', { name: `Pay now for order ${order.orderId}` });
    const row = page.getByTestId('order-row').filter({ hasText: order.orderId });
    await expect
      .poll(() => row.getByTestId('cannot-pay').textContent(), PAGE_SETTLES)
      .toBe('Order cancelled: payment window closed');
    expect(await payNow.count()).toBe(0);
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'payments-my-orders-cancelled-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });
});
