import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { formatRupees, paymentMessages } from '@bazaar/shared';
import {
  launchBrowser,
  newContext,
  screenshot,
  watchPageErrors,
  type VIEWPORTS,
  waitForApp,
} from './browser';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const Database = createRequire(path.join(repoRoot, 'apps/server/package.json'))(
  'better-sqlite3',
) as typeof BetterSqlite3;

/** A product with plenty of stock from the seeded database. */
function productWithStock(offset: number): number {
  const db = new Database(path.join(inject('dataDir'), 'shop.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare('select id from products where stock >= 20 order by id desc limit 1 offset ?')
      .get(offset) as { id: number } | undefined;
    if (!row) throw new Error('the seed has no product with stock');
    return row.id;
  } finally {
    db.close();
  }
}

/** Creates an operator with the real CLI against the E2E server's database. */
function createOperatorWithCli(email: string, password: string): Promise<void> {
  const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
  const args = [
    'apps/server/src/cli/create-operator.ts',
    '--email',
    email,
    '--name',
    'Asha Rao',
    '--password',
    password,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, args, {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: inject('dataDir'), DATABASE_URL: '', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`create-operator exited ${code}: ${output}`)),
    );
  });
}

interface PlacedOrder {
  orderId: string;
  price: number;
  items: number;
}

/** Registers a shopper in the page's context, signs the page in, and places an order through the API. */
async function shopperWithOrder(page: Page, productOffset: number): Promise<PlacedOrder> {
  const register = await page.request.post('/api/customer/customer-register', {
    data: {
      name: 'Payment Shopper',
      email: `pay-${Date.now().toString(36)}-${productOffset}@example.in`,
      password: 'Secret#2025',
    },
  });
  expect(register.status(), await register.text()).toBe(201);
  const { token } = (await register.json()) as { token: string };
  const authed = { headers: { authorization: `Bearer ${token}` } };
  await page.goto('/');
  await waitForApp(page);
  await page.evaluate((value) => localStorage.setItem('customerToken', value), token);

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

/** Opens a payment page with the navigation state Pay Now / order placement would pass. */
async function openWithState(page: Page, url: string, state: PlacedOrder): Promise<void> {
  await page.evaluate(
    ({ url, state }) => window.history.replaceState({ usr: state, key: 'e2e', idx: 0 }, '', url),
    { url, state },
  );
  await page.reload();
}

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

    await openWithState(page, '/my-payment', order);
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

    // The operator, in a separate browser context, signs in and verifies the payment.
    const email = `ops-${Date.now().toString(36)}@bazaar.example`;
    const password = 'operator-secret-2025';
    await createOperatorWithCli(email, password);
    const opsContext = await newContext(browser, 'desktop');
    const ops = await opsContext.newPage();
    const opsErrors = watchPageErrors(ops);
    await ops.goto('/ops/payments');
    await ops.waitForURL('**/ops/login');
    await ops.getByLabel('Email').fill(email);
    await ops.getByLabel('Password').fill(password);
    await ops.getByRole('button', { name: 'Sign in' }).click();
    await ops.waitForURL('**/ops/payments');
    const verify = ops.getByRole('button', { name: `Verify payment for order ${order.orderId}` });
    await expect.poll(() => verify.count()).toBe(1);
    await screenshot(ops, 'payments-ops-console-desktop');
    await verify.click();
    await expect.poll(() => ops.getByText('Asha Rao ·').count()).toBeGreaterThan(0);
    expect(await verify.count()).toBe(0);
    await screenshot(ops, 'payments-ops-console-after-desktop');

    await expect
      .poll(() => page.getByRole('heading', { name: 'Payment verified successfully!' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    expect(await page.getByText('Thank you! Your payment is confirmed.').count()).toBe(1);
    expect(page.url()).toMatch(/\/payment\/confirm$/);
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
});
