import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { parseCredentials } from '@bazaar/seed/credentials';
import { launchBrowser, newContext, screenshot, watchPageErrors } from './browser';

/** Unique per run: the e2e server is shared by every browser test file and keeps its database for the whole run. */
const runId = Date.now().toString().slice(-8);
const mobile = `9${runId}${Math.floor(Math.random() * 10)}`;
const otpCustomer = { name: 'Priya Sharma', email: `priya.${runId}@example.com` };
const emailCustomer = {
  name: 'Arjun Mehta',
  email: `arjun.${runId}@example.com`,
  password: 'first-pass-123',
  newPassword: 'second-pass-456',
};

/**
 * The `nth` OTP the development SMS provider logged for a mobile (`sms mobile=… text="Your Bazaar OTP is 1234. …"`),
 * once it is there: the server log is the test-only channel, and its lines reach the file a moment after the answer
 * that sent the text, so the latest line already in the file may still be an earlier, replaced code.
 */
async function otpFromServerLog(forMobile: string, nth: number): Promise<string> {
  const pattern = new RegExp(`sms mobile=${forMobile} text=\\\\?"Your Bazaar OTP is (\\d{4})\\.`, 'g');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const log = await readFile(inject('serverLog'), 'utf8');
    const codes = [...log.matchAll(pattern)].map((match) => match[1]);
    if (codes.length >= nth) return codes[nth - 1];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no OTP number ${nth} for ${forMobile} in the server log`);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true }).waitFor();
const toastSays = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).first().waitFor();
const accountButton = (page: Page) => page.locator('button[aria-controls="account-menu"]');

describe('customer accounts in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  describe('a visitor signs up with the mobile OTP wizard (390 px)', () => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    beforeAll(async () => {
      context = await newContext(browser, 'mobile');
      page = await context.newPage();
      errors = watchPageErrors(page);
    });
    afterAll(() => context?.close());

    it('is sent from /cart to /login, step 1 validates the mobile number', async () => {
      await page.goto('/cart');
      await page.waitForURL('**/login');
      await heading(page, 'Login / Register');
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await toastSays(page, 'Please enter a valid 10-digit mobile number');
      await page.getByLabel('Mobile number').fill('12345');
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await toastSays(page, 'Please enter a valid 10-digit mobile number');
      await screenshot(page, 'auth-login-step1-390');
      // The wizard fits the phone: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });

    it('step 2 takes the OTP from the SMS, validates it, and "Change Mobile Number" goes back', async () => {
      await page.getByLabel('Mobile number').fill(mobile);
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await heading(page, 'Enter OTP');
      await page.getByText(`+91 ${mobile}`).waitFor();
      expect(await page.getByRole('button', { name: /Resend OTP in \d+s/ }).isDisabled()).toBe(true);

      await page.getByRole('button', { name: 'Verify OTP' }).click();
      await toastSays(page, 'Please enter the 4-digit OTP');
      await screenshot(page, 'auth-login-step2-390');

      await page.getByRole('button', { name: 'Change Mobile Number' }).click();
      await heading(page, 'Login / Register');
      expect(await page.getByLabel('Mobile number').inputValue()).toBe(mobile);
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await heading(page, 'Enter OTP');

      // The second text: "Change Mobile Number" and Send OTP again replaced the first code.
      const code = await otpFromServerLog(mobile, 2);
      const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
      await page.getByLabel('4-digit OTP').fill(wrong);
      await page.getByRole('button', { name: 'Verify OTP' }).click();
      await toastSays(page, 'Incorrect OTP');
      await page.getByLabel('4-digit OTP').fill(code);
      await page.getByRole('button', { name: 'Verify OTP' }).click();
      await heading(page, 'Complete Your Profile');
    });

    it('step 3 requires name and email, then lands back on /cart signed in', async () => {
      await page.getByRole('button', { name: 'Continue' }).click();
      await toastSays(page, 'Name and Email are required');
      await page.getByLabel('Full name').fill(otpCustomer.name);
      await page.getByLabel('Email', { exact: true }).fill(otpCustomer.email);
      await screenshot(page, 'auth-login-step3-390');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL('**/cart');
      // A phone header shows the first name; the button still names the whole account for assistive tech.
      await accountButton(page).filter({ hasText: otpCustomer.name }).waitFor();
      expect((await accountButton(page).innerText()).trim()).toBe(otpCustomer.name.split(' ')[0]);
      expect(await accountButton(page).getAttribute('aria-label')).toBe(`Account, ${otpCustomer.name}`);
      // The signed-in header fits the phone: nothing pushes the page sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'auth-header-signed-in-390');
      expect(await page.evaluate(() => localStorage.getItem('customerToken'))).toMatch(/^ey/);
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === 'customerToken')).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
      });
    });

    it('the dashboard menu is a compact scrollable row on a phone, with the current page highlighted', async () => {
      await page.goto('/dashboard/chage-password');
      await heading(page, 'Chage Password');
      const menu = page.getByRole('navigation', { name: 'Account' });
      await menu
        .getByRole('link', { name: 'Chage Password' })
        .and(page.locator('[aria-current="page"]'))
        .waitFor();
      for (const label of ['Dashboard', 'My Orders', 'My Wishlist', 'Chat', 'My Address']) {
        expect(await menu.getByRole('link', { name: label, exact: true }).count()).toBe(1);
      }
      // The menu scrolls inside itself; the page content around it does not scroll sideways.
      expect(await page.evaluate(() => document.querySelector('main')!.scrollWidth)).toBeLessThanOrEqual(390);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'auth-dashboard-390');
    });

    it('logs out from the header menu and goes home as a visitor', async () => {
      await accountButton(page).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await accountButton(page).filter({ hasText: 'Login' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('customerToken'))).toBeNull();
      expect(errors).toEqual([]);
    });
  });

  describe('a second customer registers by email and changes the password (1280 px)', () => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    beforeAll(async () => {
      context = await newContext(browser, 'desktop');
      page = await context.newPage();
      errors = watchPageErrors(page);
    });
    afterAll(() => context?.close());

    it('registers and is signed in', async () => {
      await page.goto('/register');
      await heading(page, 'Register');
      expect(await page.getByLabel('Email', { exact: true }).getAttribute('type')).toBe('email');
      await page.getByLabel('Name', { exact: true }).fill(emailCustomer.name);
      await page.getByLabel('Email', { exact: true }).fill(emailCustomer.email);
      await page.getByLabel('Password', { exact: true }).fill(emailCustomer.password);
      await screenshot(page, 'auth-register-1280');
      await page.getByRole('button', { name: 'Register' }).click();
      await toastSays(page, 'Registration successful');
      await page.waitForURL((url) => url.pathname === '/');
      await accountButton(page).filter({ hasText: emailCustomer.name }).waitFor();
    });

    it('changes the password on /dashboard/chage-password (wrong old one is refused)', async () => {
      await page.goto('/dashboard/chage-password');
      await heading(page, 'Chage Password');
      await page
        .getByRole('link', { name: 'Chage Password' })
        .and(page.locator('[aria-current="page"]'))
        .waitFor();
      await page.getByLabel('Old Password').fill('not-my-password');
      await page.getByLabel('New Password').fill(emailCustomer.newPassword);
      await page.getByRole('button', { name: 'Update' }).click();
      await toastSays(page, 'Old password is incorrect');

      await page.getByLabel('Old Password').fill(emailCustomer.password);
      await page.getByLabel('New Password').fill(emailCustomer.newPassword);
      await page.getByRole('button', { name: 'Update' }).click();
      await toastSays(page, 'Password changed successfully');
      expect(await page.getByLabel('Old Password').inputValue()).toBe('');
      await screenshot(page, 'auth-change-password-1280');
    });

    it('logs out from the dashboard menu to /login, and only the new password logs back in', async () => {
      await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: 'Login with email' }).click();
      await heading(page, 'Login with Email');
      await page.getByLabel('Email', { exact: true }).fill(emailCustomer.email);
      await page.getByLabel('Password', { exact: true }).fill(emailCustomer.password);
      await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
      await toastSays(page, 'Invalid email or password');

      await page.getByLabel('Password', { exact: true }).fill(emailCustomer.newPassword);
      await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await accountButton(page).filter({ hasText: emailCustomer.name }).waitFor();
      expect(errors).toEqual([]);
    });

    it('signs out of all devices from Change Password: a session in another browser ends too', async () => {
      const otherBrowser = await newContext(browser, 'desktop');
      try {
        const login = await otherBrowser.request.post('/api/customer/customer-login', {
          data: { email: emailCustomer.email, password: emailCustomer.newPassword },
        });
        expect(login.status()).toBe(200);
        const addressesElsewhere = () => otherBrowser.request.get('/api/home/customer/get_all_address');
        expect((await addressesElsewhere()).status()).toBe(200);

        await page.goto('/dashboard/chage-password');
        await page.getByRole('button', { name: 'Sign out of all devices' }).click();
        await toastSays(page, 'Signed out of all devices');
        await page.waitForURL('**/login');
        expect((await addressesElsewhere()).status()).toBe(401);
        expect(
          await page.evaluate(() => fetch('/api/home/customer/get_all_address').then((r) => r.status)),
        ).toBe(401);
        expect(errors).toEqual([]);
      } finally {
        await otherBrowser.close();
      }
    });
  });
});

describe('a seller changes the console password', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('signs in with the seed’s random password, changes it at /seller/password, and other sessions end', async () => {
    // The last shop the seed wrote; the chat journey signs in as the shop of a listed product.
    const logins = parseCredentials(
      await readFile(path.join(inject('dataDir'), 'seed-credentials.txt'), 'utf8'),
    );
    const [email, seededPassword] = [...logins].at(-1)!;
    const newPassword = `shop-pass-${runId}`;
    const context = await newContext(browser, 'desktop');
    const elsewhere = await newContext(browser, 'desktop');
    try {
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto('/seller/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(seededPassword);
      await page.getByRole('button', { name: /sign in/i }).click();
      await page.waitForURL('**/seller');
      expect(
        (
          await elsewhere.request.post('/api/seller/login', { data: { email, password: seededPassword } })
        ).status(),
      ).toBe(200);

      await page
        .getByRole('navigation', { name: 'Seller center' })
        .getByRole('link', { name: 'Password' })
        .click();
      await heading(page, 'Change password');
      await page.getByLabel('Current password').fill('not-the-password');
      await page.getByLabel('New password').fill(newPassword);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('alert').filter({ hasText: 'Old password is incorrect' }).waitFor();

      await page.getByLabel('Current password').fill(seededPassword);
      await page.getByLabel('New password').fill(newPassword);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('status').filter({ hasText: 'Password changed' }).waitFor();
      await screenshot(page, 'seller-change-password-1280');

      expect((await elsewhere.request.get('/api/seller/me')).status()).toBe(401);
      expect((await page.request.get('/api/seller/me')).status()).toBe(200);
      // Put the seeded password back, so the credentials file stays true for the other journeys.
      const back = await page.request.post('/api/seller/change-password', {
        data: { old_password: newPassword, new_password: seededPassword },
        headers: { origin: new URL(page.url()).origin },
      });
      expect(back.status()).toBe(200);
      expect(errors).toEqual([]);
    } finally {
      await elsewhere.close();
      await context.close();
    }
  });
});
