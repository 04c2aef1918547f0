import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  baseUrl,
  launchBrowser,
  newContext,
  screenshot,
  VIEWPORTS,
  watchPageErrors,
  waitForApp,
} from './browser';

interface CategoryDto {
  _id: number;
  name: string;
  slug: string;
}
interface SearchItemDto {
  name: string;
  slug: string;
  subcategory: string;
}

async function apiGet<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`);
  expect(response.ok, `GET ${path}`).toBe(true);
  return (await response.json()) as T;
}

const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

/** A word from a real product name that the header search is sure to find. */
async function searchableWord(): Promise<{ word: string; item: SearchItemDto }> {
  const { homeSearch } = await apiGet<{ homeSearch: SearchItemDto[] }>('/home/get_search_products?value=');
  const item = homeSearch.find((candidate) => candidate.name.split(/\s+/).some((word) => word.length >= 4));
  expect(item, 'the seeded catalogue offers search items').toBeDefined();
  const word = item!.name.split(/\s+/).find((w) => w.length >= 4)!;
  return { word, item: item! };
}

describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('app shell at %s width', (viewport) => {
  const mobile = viewport === 'mobile';
  let browser: Browser;
  let categories: CategoryDto[];

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ categorys: categories } = await apiGet<{ categorys: CategoryDto[] }>('/home/get-categorys'));
    expect(categories.length).toBeGreaterThanOrEqual(5);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function openHome(): Promise<{ page: Page; errors: string[] }> {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/');
    await waitForApp(page);
    await page.locator('footer').waitFor();
    return { page, errors };
  }

  it('shows the header: logo, search, wishlist and cart counts, Login menu', async () => {
    const { page, errors } = await openHome();
    const header = page.locator('header').first();

    const logo = header.getByRole('link', { name: 'Bazaar home' });
    expect(await logo.getAttribute('href')).toBe('/');
    expect(await logo.isVisible()).toBe(true);

    const inlineSearch = header.getByRole('combobox', { name: /search for products/i });
    const searchButton = header.getByRole('button', { name: 'Open search' });
    expect(await inlineSearch.isVisible()).toBe(!mobile);
    expect(await searchButton.isVisible()).toBe(mobile);

    const wishlist = header.getByRole('link', { name: /^Wishlist, \d+ items$/ });
    expect(await wishlist.getAttribute('href')).toBe('/dashboard/my-wishlist');
    const cart = header.getByRole('link', { name: 'Cart, 0 items' });
    expect(await cart.getAttribute('href')).toBe('/cart');
    expect(await header.getByTestId('cart-count').textContent()).toBe('0');

    const account = header.getByRole('button', { name: 'Login' });
    expect(await account.getAttribute('aria-expanded')).toBe('false');
    await account.click();
    const signIn = page.getByRole('menuitem', { name: 'Login / Signup' });
    await signIn.waitFor();
    expect(await signIn.getAttribute('href')).toBe('/login');
    expect(await signIn.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await signIn.waitFor({ state: 'detached' });
    expect(await account.getAttribute('aria-expanded')).toBe('false');
    expect(await account.evaluate((el) => el === document.activeElement)).toBe(true);
    // A press anywhere outside the menu closes it too.
    await account.click();
    await signIn.waitFor();
    await page.locator('footer').getByText('© 2025 Bazaar. All rights reserved.').click();
    await signIn.waitFor({ state: 'detached' });

    if (!mobile) {
      const bar = page.getByRole('navigation', { name: 'Categories' });
      for (const category of categories) {
        const link = bar.getByRole('link', { name: category.name, exact: true });
        expect(await link.getAttribute('href')).toBe(`/shops?category=${category._id}`);
      }
    }
    await screenshot(page, `shell-header-${viewport}`);
    expect(errors).toEqual([]);
  });

  it('shows the footer: promises, five categories, policies, quick pages, store information, © 2025', async () => {
    const { page, errors } = await openHome();
    const footer = page.locator('footer');

    for (const text of [
      'Free Shipping',
      'On purchases above ₹799',
      '24/7 Customer Support',
      'Help in multiple languages',
      '100% Moneyback',
      'Guarantee for transactions as per the terms',
      'Free Gift Coupons',
      'On every purchase',
    ]) {
      expect(await footer.getByText(text, { exact: true }).count(), text).toBe(1);
    }

    const categoryLinks = footer.getByRole('region', { name: 'Categories' }).getByRole('link');
    await expect.poll(() => categoryLinks.count()).toBe(5);
    const hrefs = await categoryLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(categories.slice(0, 5).map((c) => `/shops?category=${c.slug}`));

    const policyHrefs = await footer
      .getByRole('region', { name: 'Consumer Policy' })
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(policyHrefs).toEqual([
      '/privacy-policy',
      '/terms-condition',
      '/return-refund',
      '/shipping-policy',
    ]);

    const quickHrefs = await footer
      .getByRole('region', { name: 'Quick Pages' })
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(quickHrefs).toEqual(['/', '/about', '/contact', '/shops']);

    const store = footer.getByRole('region', { name: 'Store Information' });
    expect(await store.textContent()).toMatch(/Hyderabad/);
    expect(await store.locator('a[href^="tel:"]').count()).toBe(1);
    expect(await store.locator('a[href^="mailto:"]').count()).toBe(1);
    expect(await footer.getByText('© 2025 Bazaar. All rights reserved.').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('reaches the policy pages from the footer, each with a hero and the policy facts', async () => {
    const { page, errors } = await openHome();
    const policyLinks = page.locator('footer').getByRole('region', { name: 'Consumer Policy' });

    await policyLinks.getByRole('link', { name: 'Shipping Policy' }).click();
    await page.waitForURL('**/shipping-policy');
    const hero = page.locator('article > header');
    expect(await hero.getByRole('heading', { level: 1 }).textContent()).toBe('Shipping Policy');
    expect(await hero.textContent()).toContain('Effective date: 01-01-2025');
    const shipping = (await page.locator('main').textContent()) ?? '';
    for (const fact of ['24-48 business hours', '5-7 business days', '2-4 business days', '₹799', '₹85']) {
      expect(shipping, fact).toContain(fact);
    }
    // Spec: every route change scrolls the view to 200 px.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(200);
    await screenshot(page, `shell-policy-${viewport}`);

    await policyLinks.getByRole('link', { name: 'Return & Refund' }).click();
    await page.waitForURL('**/return-refund');
    // The URL changes a moment before React renders the new policy, so wait for the heading itself.
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Return & Refund Policy');
    const returns = (await page.locator('main').textContent()) ?? '';
    expect(returns).toContain('7 days of delivery');
    expect(returns).toContain('7-10 business days');
    expect(returns).toContain('Effective date: 01-01-2025');
    expect(errors).toEqual([]);
  });

  it('suggests products while typing and submits a search to /products/search', async () => {
    const { word, item } = await searchableWord();
    const { page, errors } = await openHome();

    if (mobile) {
      await page.getByRole('button', { name: 'Open search' }).click();
      await page.getByRole('dialog', { name: 'Search products' }).waitFor();
      expect(await bodyOverflow(page)).toBe('hidden');
    }
    const box = page.getByRole('combobox', { name: /search for products/i }).filter({ visible: true });

    // Whitespace-only text is ignored.
    await box.fill('   ');
    await box.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/');

    await box.fill(word.toUpperCase());
    const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
    await listbox.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await listbox.getByText('Popular searches').isVisible()).toBe(true);
    const products = listbox.getByRole('group', { name: 'Products' }).getByRole('option');
    expect(await products.count()).toBeGreaterThan(0);
    expect(await products.count()).toBeLessThanOrEqual(8);
    for (const name of await products.allTextContents())
      expect(name.toLowerCase()).toContain(word.toLowerCase());
    expect(
      await listbox.getByRole('group', { name: 'Popular searches' }).getByRole('option').count(),
    ).toBeLessThanOrEqual(6);
    const itemOption = listbox.locator(`a[href="/product/details/${encodeURIComponent(item.slug)}"]`);
    if ((await itemOption.count()) > 0) expect(await itemOption.first().textContent()).toContain(item.name);

    // The arrow keys move the highlight through the options.
    await box.press('ArrowDown');
    const firstOption = listbox.getByRole('option').first();
    expect(await firstOption.getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await firstOption.getAttribute('id'));
    await screenshot(page, `shell-search-${viewport}`);

    await box.fill('zzqxj no such thing');
    await page.getByText('No results found').waitFor();

    await box.fill(`  ${word} `);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/products/search');
    expect(new URL(page.url()).searchParams.get('value')).toBe(word);
    if (mobile) {
      await page.getByRole('dialog', { name: 'Search products' }).waitFor({ state: 'detached' });
      expect(await bodyOverflow(page)).not.toBe('hidden');
    } else {
      expect(await box.inputValue()).toBe('');
    }
    expect(errors).toEqual([]);
  });

  it.runIf(!mobile)('validates the contact form and hands a valid message to the email app', async () => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/contact');
    const send = page.getByRole('button', { name: 'SEND' });
    await send.click();
    for (const message of [
      'Please enter your name',
      'Please enter your email',
      'Please enter a subject',
      'Please write your message',
    ]) {
      expect(await page.getByText(message).isVisible(), message).toBe(true);
    }
    expect(
      await page.getByLabel('Name', { exact: true }).evaluate((el) => el === document.activeElement),
    ).toBe(true);

    await page.getByLabel('Name', { exact: true }).fill('Ananya Reddy');
    await page.getByLabel('Email', { exact: true }).fill('ananya@example');
    await page.getByLabel('Subject', { exact: true }).fill('Size exchange');
    await page.getByLabel('Message', { exact: true }).fill('Can I exchange an M kurta for an L?');
    await send.click();
    expect(await page.getByText('Please enter a valid email').isVisible()).toBe(true);
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Email', { exact: true }).fill('ananya@example.in');
    await send.click();
    const confirmation = page.getByRole('status').filter({ hasText: 'Thanks, Ananya Reddy!' });
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toContain(
      'Your email app should now have your message ready to send to support@bazaar.in',
    );
    expect(new URL(page.url()).pathname).toBe('/contact');
    // Nothing was sent from the page itself, so what the shopper wrote is still there.
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe(
      'Can I exchange an M kurta for an L?',
    );
    expect(errors).toEqual([]);
  });

  it('shows a not-found page with a way back home', async () => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it.runIf(mobile)('opens the Browse Categories drawer with the page scroll locked', async () => {
    const { page, errors } = await openHome();
    const drawer = page.getByRole('dialog', { name: 'Browse Categories' });
    expect(await drawer.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Browse categories' }).click();
    await drawer.waitFor();
    await expect.poll(() => drawer.evaluate((el) => el.getBoundingClientRect().left)).toBe(0);
    expect(await bodyOverflow(page)).toBe('hidden');
    const overlay = page.getByTestId('sidebar-overlay');
    expect(await overlay.evaluate((el) => getComputedStyle(el).backdropFilter)).toContain('blur');

    for (const category of categories) {
      const link = drawer.getByRole('link', { name: category.name, exact: true });
      expect(await link.getAttribute('href')).toBe(`/shops?category=${category._id}`);
    }
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    await screenshot(page, 'shell-drawer-mobile');

    // Clicking the dimmed overlay beside the drawer closes it and gives the page its scrolling back.
    await page.mouse.click(VIEWPORTS.mobile.width - 10, VIEWPORTS.mobile.height / 2);
    await drawer.waitFor({ state: 'hidden' });
    expect(await bodyOverflow(page)).not.toBe('hidden');
    expect(errors).toEqual([]);
  });
});
