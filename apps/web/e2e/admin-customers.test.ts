import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, watchPageErrors, waitForApp } from './browser';
import { createOperatorWithCli, signInAdmin } from './consoles';
import { signInNewShopper, type Shopper } from './shopper';

/**
 * The admin console's customers (issue 17): a shopper is signed in in one browser; an admin blocks them in another
 * and the shopper's page signs them out at once (the server closes their socket, the page finds its session gone);
 * signing in again is refused with the blocked message; the block is in the audit log; unblocking lets them in.
 */
describe('admin console: blocking a customer', () => {
  let browser: Browser;
  let admin: Page;
  let shopperPage: Page;
  let shopper: Shopper;
  let errors: string[];
  const stamp = Date.now().toString(36);
  const name = `Bina Rao ${stamp.replace(/\d/g, '')}`;
  const account = { email: `admin-customers-${stamp}@bazaar.example`, password: 'admin-secret-2026' };
  const reason = `Abusive chat messages ${stamp}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    await createOperatorWithCli(account.email, account.password, 'admin');
    shopperPage = await (await newContext(browser, 'desktop')).newPage();
    errors = watchPageErrors(shopperPage);
    shopper = await signInNewShopper(shopperPage, name);
    admin = await (await newContext(browser, 'desktop')).newPage();
    errors.push(...watchPageErrors(admin));
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The admin's row of the shopper in the customers page, found by the search. */
  async function customerRow() {
    await admin.getByRole('link', { name: 'Customers' }).click();
    await admin.waitForURL('**/admin/customers**');
    await admin.getByLabel('Search customers').fill(shopper.email);
    await admin.getByRole('button', { name: 'Search' }).click();
    const row = admin.getByRole('row').filter({ hasText: shopper.email });
    await row.waitFor();
    return row;
  }

  async function signInAsShopper() {
    await shopperPage.goto('/login');
    await waitForApp(shopperPage);
    await shopperPage.getByRole('button', { name: 'Login with email' }).click();
    await shopperPage.getByLabel('Email', { exact: true }).fill(shopper.email);
    await shopperPage.getByLabel('Password', { exact: true }).fill(shopper.password);
    await shopperPage.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
  }

  it('the blocked shopper is signed out at once and cannot sign in again', async () => {
    await shopperPage.goto('/dashboard');
    await waitForApp(shopperPage);
    await shopperPage
      .getByRole('button', { name: `Account, ${name}` })
      .first()
      .waitFor();

    await signInAdmin(admin, account);
    const row = await customerRow();
    expect(await row.getByText('Active', { exact: true }).count()).toBe(1);
    await row.getByRole('button', { name: `Details of ${name}` }).click();
    await admin.getByText('Never blocked.').waitFor();
    await admin.getByRole('button', { name: `Block ${name}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Block ${name}?` });
    await dialog.waitFor();
    // The reason is required before the block can be confirmed.
    expect(await dialog.getByRole('button', { name: 'Block', exact: true }).isDisabled()).toBe(true);
    await dialog.getByLabel('Reason (kept in the audit log)').fill(reason);
    await screenshot(admin, 'admin-customer-block-dialog');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect.poll(() => row.getByText('Blocked', { exact: true }).count()).toBeGreaterThan(0);
    await admin.getByTestId('customer-status-history').getByText(reason, { exact: false }).waitFor();
    await screenshot(admin, 'admin-customers');

    // The shopper did nothing: the closed socket signs the page out and sends it to the sign-in page.
    await shopperPage.waitForURL('**/login', { timeout: 10_000 });
    await shopperPage.getByText('Your session has ended', { exact: false }).waitFor();

    await signInAsShopper();
    await shopperPage.getByText('Your account has been blocked', { exact: false }).first().waitFor();
    expect(await shopperPage.evaluate(() => localStorage.getItem('customerToken'))).toBeNull();
    await screenshot(shopperPage, 'login-blocked');
  });

  it('shows the block in the audit log', async () => {
    await admin.getByRole('link', { name: 'Audit log' }).click();
    await admin.waitForURL('**/admin/audit');
    await admin.getByLabel('Search the audit log').fill(reason);
    await admin.getByRole('button', { name: 'Search' }).click();
    // The log's entries (each lists its changed fields as a nested list).
    const entries = admin.getByTestId('audit-entries').locator(':scope > li');
    await expect.poll(() => entries.count()).toBe(1);
    expect(await entries.first().getAttribute('data-action')).toBe('customer.block');
    expect(await entries.first().textContent()).toMatch(/status\s*active\s*blocked/);
  });

  it('unblocking lets the shopper sign in again', async () => {
    const row = await customerRow();
    await row.getByRole('button', { name: `Details of ${name}` }).click();
    // Cancel first: nothing changes.
    await admin.getByRole('button', { name: `Unblock ${name}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Unblock ${name}?` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row.getByText('Blocked', { exact: true }).count()).toBeGreaterThan(0);

    await admin.getByRole('button', { name: `Unblock ${name}` }).click();
    await dialog.getByLabel('Note (optional)').fill('Apologised');
    await dialog.getByRole('button', { name: 'Unblock', exact: true }).click();
    await expect.poll(() => row.getByText('Active', { exact: true }).count()).toBeGreaterThan(0);

    await signInAsShopper();
    await expect.poll(() => shopperPage.evaluate(() => localStorage.getItem('customerToken'))).not.toBeNull();
    await expect.poll(() => new URL(shopperPage.url()).pathname).not.toBe('/login');
    expect(errors).toEqual([]);
  });

  it('shows the customers as cards on a phone', async () => {
    const phone = await newContext(browser, 'mobile');
    await phone.addCookies(await admin.context().cookies());
    const page = await phone.newPage();
    await page.goto(`/admin/customers?q=${encodeURIComponent(shopper.email)}`);
    const card = page.getByRole('listitem').filter({ hasText: name });
    await card.waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await card.getByRole('button', { name: `Details of ${name}` }).click();
    await page.getByTestId('customer-status-history').waitFor();
    await screenshot(page, 'admin-customers-390');
  });
});
