/**
 * In the browser: user text (reviews, chat) is shown as text and never runs, and the app works under its
 * Content-Security-Policy: browsing home, a listing, a product page and the login page reports no violation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, watchPageErrors, waitForApp } from './browser';
import { becomeVerifiedBuyer } from './buyer';

const PAYLOAD = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">';

interface ListedProduct {
  _id: number;
  slug: string;
  name: string;
  sellerId: number;
  stock: number;
}

declare global {
  interface Window {
    __xss?: number;
    __cspViolations?: string[];
  }
}

/** Records CSP violations from the page itself (the event) and from the console (Chromium's own report). */
async function watchCsp(context: BrowserContext, page: Page): Promise<string[]> {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const consoleReports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleReports.push(message.text());
  });
  return consoleReports;
}

/**
 * Waits until every picture the page has started to load has loaded or failed. An <img onerror> smuggled in by the
 * payload would have run by then, so the check that nothing ran needs no fixed pause. Lazy pictures out of view
 * never start and are not waited for.
 */
async function imagesSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => image.complete || image.loading === 'lazy'),
  );
}

async function violations(page: Page, consoleReports: string[]): Promise<string[]> {
  const fromPage = await page.evaluate(() => window.__cspViolations ?? []);
  return [...fromPage, ...consoleReports];
}

describe('hostile text and the Content-Security-Policy in the browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let consoleReports: string[];
  let token: string;
  let product: ListedProduct;
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, 'desktop');
    page = await context.newPage();
    errors = watchPageErrors(page);
    consoleReports = await watchCsp(context, page);

    const registered = await page.request.post('/api/customer/customer-register', {
      data: { name: 'Xss Tester', email: `xss-${stamp}@example.in`, password: 'Secret#2025' },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    token = ((await registered.json()) as { token: string }).token;
    const listing = await page.request.get('/api/home/query-products?pageNumber=1');
    // In stock: the reviewer buys it first (only verified buyers may review).
    product = ((await listing.json()) as { products: ListedProduct[] }).products.find((p) => p.stock > 0)!;
  });
  afterAll(async () => {
    await browser?.close();
  });

  const bearer = () => ({ authorization: `Bearer ${token}` });

  it('shows a review with a script in it as text, and the script never runs', async () => {
    // Only verified buyers may review.
    await becomeVerifiedBuyer(page, bearer(), product._id);
    const review = await page.request.post('/api/home/customer/submit-review', {
      headers: bearer(),
      data: { productId: product._id, rating: 5, review: PAYLOAD },
    });
    expect(review.status(), await review.text()).toBe(201);

    await page.goto(`/product/details/${product.slug}`);
    await waitForApp(page);
    await page.getByRole('tab', { name: /^Reviews/ }).click();
    const panel = page.getByRole('tabpanel', { name: /^Reviews/ });
    await panel.getByText(PAYLOAD, { exact: true }).waitFor();
    expect(await panel.getByText(PAYLOAD, { exact: true }).count()).toBe(1);
    await imagesSettled(page);
    expect(await page.evaluate(() => window.__xss)).toBeUndefined();
    expect(await panel.locator('img[src="x"]').count()).toBe(0);
    await screenshot(page, 'security-review-as-text');
    expect(errors).toEqual([]);
  });

  it('shows a chat message with a script in it as text, and the script never runs', async () => {
    const sent = await page.request.post('/api/chat/customer/send-message-to-seller', {
      headers: bearer(),
      data: { sellerId: product.sellerId, text: PAYLOAD },
    });
    expect(sent.status(), await sent.text()).toBe(200);

    await page.evaluate((value) => localStorage.setItem('customerToken', value), token);
    await page.goto(`/dashboard/chat/${product.sellerId}`);
    const pane = page.getByRole('log', { name: 'Messages' });
    // The conversation arrives after the page, its session and the message list load: wait on the rendered
    // message (a locator's wait), not on expect.poll's one-second default.
    await pane.getByText(PAYLOAD, { exact: true }).waitFor();
    expect(await pane.getByText(PAYLOAD, { exact: true }).count()).toBe(1);
    await imagesSettled(page);
    expect(await page.evaluate(() => window.__xss)).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('reports no CSP violation on home, a listing, a product page and the login page', async () => {
    const visitor = await newContext(browser, 'mobile');
    const visitorPage = await visitor.newPage();
    const visitorErrors = watchPageErrors(visitorPage);
    const reports = await watchCsp(visitor, visitorPage);
    const response = await visitorPage.goto('/');
    await waitForApp(visitorPage);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

    for (const path of ['/', '/shops', `/product/details/${product.slug}`, '/login']) {
      await visitorPage.goto(path);
      // Lazy parts and pictures loaded: anything they needed from outside the policy has been reported by now.
      await visitorPage.waitForLoadState('networkidle');
      await imagesSettled(visitorPage);
      expect(await violations(visitorPage, reports), path).toEqual([]);
    }
    await screenshot(visitorPage, 'security-login-under-csp-390');
    expect(visitorErrors).toEqual([]);
    // The signed-in pages above (product, chat with its websocket) ran under the same policy.
    expect(await violations(page, consoleReports)).toEqual([]);
    await visitor.close();
  });
});
