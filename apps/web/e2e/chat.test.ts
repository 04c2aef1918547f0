import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  VIEWPORTS,
  baseUrl,
  launchBrowser,
  newContext,
  screenshot,
  watchPageErrors,
  waitForApp,
} from './browser';
import { seededSellerLogin, seededShopProducts } from './seller';

interface ListedProduct {
  slug: string;
  name: string;
  sellerId: number;
  shopName: string;
}

describe('live chat between a shopper and sellers', () => {
  let browser: Browser;
  let shopperContext: BrowserContext;
  let sellerContext: BrowserContext;
  let shopper: Page;
  let seller: Page;
  let shopperErrors: string[];
  let sellerErrors: string[];
  let token: string;
  let product: ListedProduct;
  let otherShop: ListedProduct;
  const stamp = Date.now().toString(36);
  const shopperName = `Chat Shopper ${stamp}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    shopperContext = await newContext(browser, 'desktop');
    sellerContext = await newContext(browser, 'desktop');
    shopper = await shopperContext.newPage();
    seller = await sellerContext.newPage();
    shopperErrors = watchPageErrors(shopper);
    sellerErrors = watchPageErrors(seller);

    const registered = await shopper.request.post('/api/customer/customer-register', {
      data: { name: shopperName, email: `chat-${stamp}@example.in`, password: 'Secret#2025' },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    token = ((await registered.json()) as { token: string }).token;

    const products = await seededShopProducts<ListedProduct>(shopper);
    product = products[0]!;
    otherShop = products.find((p) => p.sellerId !== product.sellerId)!;
    expect(otherShop).toBeTruthy();

    await shopper.goto('/');
    await waitForApp(shopper);
    await shopper.evaluate((value) => localStorage.setItem('customerToken', value), token);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();
  const pane = (page: Page) => page.getByRole('log', { name: 'Messages' });

  it('opens the chat from the product page and sends a message', async () => {
    await shopper.goto(`/product/details/${product.slug}`);
    await waitForApp(shopper);
    await shopper.getByRole('link', { name: /chat seller/i }).click();
    await shopper.waitForURL(`**/dashboard/chat/${product.sellerId}`);

    await expect
      .poll(() => shopper.getByRole('heading', { name: product.shopName, level: 2 }).count())
      .toBe(1);
    await expect
      .poll(() => shopper.getByRole('complementary', { name: 'Sellers' }).getByText(product.shopName).count())
      .toBe(1);

    const input = shopper.getByLabel('Message', { exact: true });
    // An empty message is not sent.
    await input.fill('   ');
    expect(await shopper.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
    await expect.poll(() => shopper.getByLabel('Attach a file (not available)').isDisabled()).toBe(true);

    await input.fill('Hello! Is this available in size M?');
    await shopper.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => pane(shopper).getByText('Hello! Is this available in size M?').count()).toBe(1);
    expect(await input.inputValue()).toBe('');
  });

  it('lets the seller sign in, see the message live and reply; the shopper sees the reply without reload', async () => {
    await seller.goto('/seller/login');
    await seller.getByLabel('Email').fill(seededSellerLogin(product.shopName).email);
    await seller.getByLabel('Password').fill(seededSellerLogin(product.shopName).password);
    await seller.getByRole('button', { name: 'Sign in' }).click();
    // Sign-in opens the seller center's dashboard; the chats are its Messages page.
    await seller.waitForURL('**/seller');
    await seller
      .getByRole('navigation', { name: 'Seller center' })
      .getByRole('link', { name: 'Messages' })
      .click();
    await seller.waitForURL('**/seller/chat');

    const customers = seller.getByRole('complementary', { name: 'Customers' });
    const row = customers.getByRole('button', { name: new RegExp(shopperName) });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByLabel('1 unread').count()).toBe(1);
    // The shopper's chat page is open, so the console shows them online.
    await expect.poll(() => row.getByTestId('online-dot').getAttribute('data-online')).toBe('true');

    await row.click();
    await expect.poll(() => pane(seller).getByText('Hello! Is this available in size M?').count()).toBe(1);

    // A new message arrives live in the open conversation.
    await shopper.getByLabel('Message', { exact: true }).fill('Also, do you deliver to Hyderabad?');
    await shopper.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => pane(seller).getByText('Also, do you deliver to Hyderabad?').count()).toBe(1);

    // The seller is online for the shopper.
    const sellerEntry = shopper
      .getByRole('complementary', { name: 'Sellers' })
      .getByRole('link', { name: new RegExp(product.shopName) });
    await expect.poll(() => sellerEntry.getByTestId('online-dot').getAttribute('data-online')).toBe('true');

    await seller
      .getByLabel('Message', { exact: true })
      .fill('Yes, size M is in stock and we deliver across India.');
    await seller.getByRole('button', { name: 'Send message' }).click();
    await expect
      .poll(() => pane(shopper).getByText('Yes, size M is in stock and we deliver across India.').count())
      .toBe(1);
    // It is the open conversation, so no toast.
    expect(await toast(shopper, `${product.shopName} send a message`).count()).toBe(0);

    await screenshot(seller, 'chat-seller-console-desktop');
    await screenshot(shopper, 'chat-shopper-desktop');
  });

  /** The second shop answers the shopper, who has written to it (a seller can only answer customers who wrote). */
  async function otherShopReplies(text: string) {
    const first = await shopper.request.post('/api/chat/customer/send-message-to-seller', {
      headers: { authorization: `Bearer ${token}` },
      data: { sellerId: otherShop.sellerId, text: 'Do you have this in blue?', userId: 0, name: '' },
    });
    expect(first.status()).toBe(200);
    const otherSeller = await newContext(browser, 'desktop');
    try {
      const login = await otherSeller.request.post('/api/seller/login', {
        data: seededSellerLogin(otherShop.shopName),
      });
      expect(login.status(), await login.text()).toBe(200);
      const list = await otherSeller.request.get('/api/chat/seller/customers');
      const conversation = (
        (await list.json()) as { customers: { customerId: number; name: string }[] }
      ).customers.find((c) => c.name === shopperName)!;
      // Sent like the seller console would: a cookie-authenticated change must name its origin (CSRF check).
      const reply = await otherSeller.request.post('/api/chat/seller/send-message-to-customer', {
        headers: { origin: baseUrl() },
        data: { customerId: conversation.customerId, text },
      });
      expect(reply.status()).toBe(200);
    } finally {
      await otherSeller.close();
    }
  }

  it('raises a toast when another seller writes while a different conversation is open', async () => {
    await otherShopReplies('Blue arrives next week!');

    await expect.poll(() => toast(shopper, `${otherShop.shopName} send a message`).count()).toBe(1);
    // The open conversation is untouched, and the writing shop moves to the top of the list.
    expect(await pane(shopper).getByText('Blue arrives next week!').count()).toBe(0);
    const firstFriend = shopper.getByRole('complementary', { name: 'Sellers' }).getByRole('link').first();
    await expect.poll(() => firstFriend.textContent()).toContain(otherShop.shopName);

    expect(shopperErrors).toEqual([]);
    expect(sellerErrors).toEqual([]);
  });

  it('keeps receiving messages after the shopper changes the password on this device', async () => {
    // The server closes the sockets of the session the change replaced; the page must reconnect with the new token.
    await shopper.goto('/dashboard/chage-password');
    await shopper.getByLabel('Old Password').fill('Secret#2025');
    await shopper.getByLabel('New Password').fill('Secret#2026');
    await shopper.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => shopper.getByLabel('Old Password').inputValue()).toBe('');
    token = await shopper.evaluate(() => localStorage.getItem('customerToken') ?? '');

    await otherShopReplies('Blue is back in stock today!');
    await expect.poll(() => toast(shopper, `${otherShop.shopName} send a message`).count()).toBe(1);
    expect(shopperErrors).toEqual([]);
  });

  it('looks right on a phone', async () => {
    await shopper.setViewportSize(VIEWPORTS.mobile);
    await shopper.goto(`/dashboard/chat/${product.sellerId}`);
    await expect
      .poll(() => pane(shopper).getByText('Yes, size M is in stock and we deliver across India.').count())
      .toBe(1);
    await screenshot(shopper, 'chat-shopper-mobile');
    await shopper.goto('/dashboard/chat');
    await expect.poll(() => shopper.getByText('select seller').count()).toBe(1);
    await screenshot(shopper, 'chat-shopper-select-mobile');

    await seller.setViewportSize(VIEWPORTS.mobile);
    await seller.goto('/seller/chat');
    await expect
      .poll(() => seller.getByRole('complementary', { name: 'Customers' }).getByRole('button').count())
      .toBeGreaterThan(0);
    await screenshot(seller, 'chat-seller-console-mobile');
    expect(shopperErrors).toEqual([]);
    expect(sellerErrors).toEqual([]);
  });
});
