import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, watchPageErrors, waitForApp } from './browser';
import { runNode } from '../../server/test/compiledServer';
import { withShopDatabase } from './buyer';
import { signInAdmin } from './consoles';
import { receivedMails } from './mail';

/**
 * The marketplace admin console (issue 17): an admin made with the real CLI signs in, approves a shop that
 * registered through the API and prepared a product, sets its commission, finds both actions in the audit log, and
 * the shop's product is on the storefront; a failed message is retried from Messages.
 */
describe('admin console: approving a seller', () => {
  let browser: Browser;
  let admin: Page;
  let adminErrors: string[];
  const stamp = Date.now().toString(36);
  const shopName = `Jaipur Journey Prints ${stamp}`;
  const productName = `Dabu Print Kurta ${stamp}`;
  const account = { email: `admin-${stamp}@bazaar.example`, password: 'admin-secret-2026' };
  let sellerId: number;
  let productSlug: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    await runNode(
      [
        path.join(inject('serverDist'), 'cli/create-operator.js'),
        '--role',
        'admin',
        '--email',
        account.email,
        '--name',
        'Meera Iyer',
        '--password',
        account.password,
      ],
      { ...process.env, DATA_DIR: inject('dataDir'), DATABASE_URL: '', NODE_ENV: 'production' },
    );

    // The shop registers itself and prepares a product while it waits for approval.
    const sellerContext = await newContext(browser, 'desktop');
    const origin = { origin: new URL(inject('baseUrl')).origin };
    const registered = await sellerContext.request.post('/api/seller/register', {
      headers: origin,
      data: {
        shopName,
        ownerName: 'Farah Khan',
        email: `shop-${stamp}@newshop.example`,
        mobile: '9812345678',
        password: 'shop-secret-2026',
        pickupAddress: { address: '4 Johari Bazaar', city: 'Jaipur', state: 'Rajasthan', pincode: '302003' },
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    sellerId = ((await registered.json()) as { seller: { id: number } }).seller.id;
    const groups = await sellerContext.request.get('/api/home/get_subcategory_newlist');
    const category = ((await groups.json()) as { gkSubcategory: { data: { _id: number }[] }[] })
      .gkSubcategory[0]!.data[0]!;
    const created = await sellerContext.request.post('/api/seller/products', {
      headers: origin,
      data: {
        name: productName,
        brand: 'Bagru Blocks',
        categoryId: category._id,
        description: 'Indigo dabu mud-resist print.',
        price: 1499,
        discount: 20,
        status: 'active',
        variants: [{ size: null, stock: 4 }],
      },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    productSlug = ((await created.json()) as { product: { slug: string } }).product.slug;
    await sellerContext.close();

    admin = await (await newContext(browser, 'desktop')).newPage();
    adminErrors = watchPageErrors(admin);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const productPage = async () => {
    const res = await admin.request.get(`/api/home/get-product/${productSlug}`);
    return res.status();
  };

  it('signs in and approves the pending shop, whose product reaches the storefront', async () => {
    expect(await productPage()).toBe(404);
    await signInAdmin(admin, account);
    expect(await admin.getByTestId('staff-role').textContent()).toBe('admin');

    // The queue opens on pending shops; the search finds this one.
    await expect
      .poll(() => admin.getByRole('button', { name: /^Pending/ }).getAttribute('aria-pressed'))
      .toBe('true');
    await admin.getByLabel('Search sellers').fill(stamp);
    await admin.getByRole('button', { name: 'Search' }).click();
    const row = admin.getByRole('row').filter({ hasText: shopName });
    await row.waitFor();
    await row.getByRole('button', { name: `Details of ${shopName}` }).click();
    await admin.getByText('4 Johari Bazaar, Jaipur, Rajasthan, 302003').waitFor();
    await screenshot(admin, 'admin-sellers-pending');

    await admin.getByRole('button', { name: `Approve ${shopName}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Approve ${shopName}?` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    // It leaves the pending tab; the storefront shows its product.
    await expect.poll(() => admin.getByRole('row').filter({ hasText: shopName }).count()).toBe(0);
    await expect.poll(productPage).toBe(200);

    const shopper = await (await newContext(browser, 'desktop')).newPage();
    await shopper.goto(`/product/details/${productSlug}`);
    await waitForApp(shopper);
    await shopper.getByRole('heading', { name: productName, level: 1 }).waitFor();
  });

  it('sets the commission, refusing a rate out of bounds', async () => {
    await admin.getByRole('button', { name: /^Approved/ }).click();
    const row = admin.getByRole('row').filter({ hasText: shopName });
    await row.waitFor();
    await row.getByRole('button', { name: `Details of ${shopName}` }).click();
    const rate = admin.getByLabel('Commission (%)');
    await rate.fill('75');
    await admin.getByRole('button', { name: 'Save rate' }).click();
    await expect.poll(() => rate.getAttribute('aria-invalid')).toBe('true');
    expect(await admin.getByRole('alert').filter({ hasText: 'from 0 to 50' }).count()).toBe(1);
    await rate.fill('12');
    await admin.getByRole('button', { name: 'Save rate' }).click();
    await expect.poll(() => row.getByRole('cell', { name: '12 %' }).count()).toBe(1);
  });

  it('shows both actions in the audit log, newest first, before → after', async () => {
    await admin.getByRole('link', { name: 'Audit log' }).click();
    await admin.waitForURL('**/admin/audit');
    await admin.getByLabel('Search the audit log').fill(String(sellerId));
    await admin.getByRole('button', { name: 'Search' }).click();
    const entries = admin
      .getByTestId('audit-entries')
      .getByRole('listitem')
      .filter({ hasText: `seller ${sellerId}` });
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(0).getAttribute('data-action')).toBe('seller.commission');
    expect(await entries.nth(0).textContent()).toMatch(/commissionPercent\s*10\s*12/);
    expect(await entries.nth(1).getAttribute('data-action')).toBe('seller.approve');
    expect(await entries.nth(1).textContent()).toMatch(/status\s*pending\s*approved/);
    expect(await entries.nth(1).textContent()).toContain('Meera Iyer');
    await screenshot(admin, 'admin-audit');
    expect(adminErrors).toEqual([]);
  });

  it('retries a failed message from Messages after a confirmation, and the audit log shows it', async () => {
    // A message the delivery gave up on, queued as messages were before they stored their facts.
    const now = new Date().toISOString();
    const messageId = withShopDatabase(
      (db) =>
        db
          .prepare(
            `insert into notification_outbox (channel, kind, recipient_kind, recipient_id, params, state, attempts,
               next_attempt_at, locked_until, last_error, created_at, sent_at)
             values ('email', 'admin_new_seller', 'admins', null, ?, 'failed', 6, ?, null, ?, ?, null)`,
          )
          .run(JSON.stringify({ sellerId }), now, '451 Mailbox busy, try later', now).lastInsertRowid,
    );
    const subject = `New seller to approve: ${shopName}`;
    const mailsToAdmin = async () =>
      (await receivedMails()).filter((mail) => mail.to.includes(account.email) && mail.subject === subject)
        .length;
    const before = await mailsToAdmin();

    await admin.getByRole('link', { name: 'Messages' }).click();
    await admin.waitForURL('**/admin/notifications');
    await admin.getByLabel('Kind of message').selectOption('Admins: new seller');
    const row = admin.locator(`li[data-message="${messageId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('451 Mailbox busy, try later');
    expect(await row.textContent()).toContain('Every admin');
    await screenshot(admin, 'admin-notifications');
    await row.getByRole('button', { name: 'Retry' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Send “Admins: new seller” again?' });
    await dialog.getByRole('button', { name: 'Retry message' }).click();
    await admin.getByText('The message is queued again and will be sent shortly').waitFor();
    await expect.poll(() => row.count()).toBe(0);
    await expect.poll(mailsToAdmin, { timeout: 20_000 }).toBe(before + 1);

    await admin.getByRole('link', { name: 'Audit log' }).click();
    await admin.getByLabel('Action').selectOption('Message retried');
    const entry = admin.getByTestId('audit-entries').locator('li[data-action="notification.retry"]');
    await expect.poll(() => entry.filter({ hasText: `notification ${messageId}` }).count()).toBe(1);
    expect(adminErrors).toEqual([]);
  });

  it('shows the queue as cards on a phone', async () => {
    const phone = await newContext(browser, 'mobile');
    await phone.addCookies(await admin.context().cookies());
    const page = await phone.newPage();
    await page.goto(`/admin/sellers?status=approved&q=${stamp}`);
    const card = page.getByRole('listitem').filter({ hasText: shopName });
    await card.waitFor();
    expect(await card.textContent()).toContain('12 % commission');
    expect(await page.getByRole('table').count()).toBe(0);
    await screenshot(page, 'admin-sellers-390');
  });

  it("opens the console's pages from a menu on a phone, and shows them in one row at 1280 px", async () => {
    const phone = await newContext(browser, 'mobile');
    await phone.addCookies(await admin.context().cookies());
    const page = await phone.newPage();
    await page.goto('/admin/sellers');
    const nav = page.getByRole('navigation', { name: 'Admin console' });
    const menu = nav.getByRole('button', { name: 'Admin pages: Sellers' });
    await menu.waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link').count()).toBe(0);
    // Nothing of the page reaches past the phone's width (the row of links used to scroll sideways).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const links = nav.getByRole('link');
    await links.first().waitFor();
    // Focus starts on the current page; every page's link is on screen, each on one line.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Sellers');
    const boxes = await Promise.all((await links.all()).map((link) => link.boundingBox()));
    expect(boxes.length).toBeGreaterThanOrEqual(9);
    for (const box of boxes) {
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(box!.height).toBe(boxes[0]!.height);
    }
    await screenshot(page, 'admin-nav-390');

    await page.keyboard.press('Escape');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await links.count()).toBe(0);

    await menu.click();
    await nav.getByRole('link', { name: 'Customers' }).click();
    await page.waitForURL(/\/admin\/customers/);
    await nav.getByRole('button', { name: 'Admin pages: Customers', expanded: false }).waitFor();
    await phone.close();

    // At 1280 px there is no menu button: the links stand in one row.
    await admin.goto('/admin/sellers');
    const wideNav = admin.getByRole('navigation', { name: 'Admin console' });
    await wideNav.getByRole('link', { name: 'Sellers' }).waitFor();
    expect(await wideNav.getByRole('button').count()).toBe(0);
    const tops = await Promise.all(
      (await wideNav.getByRole('link').all()).map(async (link) => (await link.boundingBox())!.y),
    );
    expect(new Set(tops).size).toBe(1);
    await admin.getByRole('heading', { name: 'Sellers', level: 1 }).waitFor();
    await screenshot(admin, 'admin-nav-1280');
  });
});
