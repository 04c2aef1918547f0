import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newContext, waitForApp } from './browser';
import { listingShowsUrl, updatesListing } from './listing';
import { seededSellerLogin, seededShopName } from './seller';
import { signInNewShopper } from './shopper';

/*
 * Product and listing pages arrive rendered by the server (issue 18): the first paint is in the HTML, the app adopts
 * it without React finding a difference, without asking for the answers the page came with, and works as before.
 */

interface ProductCard {
  slug: string;
  name: string;
}

/** What a page reported while it ran: uncaught errors and console errors (React reports hydration failures so). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** React's production reports of markup it could not adopt (errors #418, #423, #425) or its own words for them. */
const HYDRATION_ERROR = /hydrat|#418|#423|#425|didn't match/i;

/** The catalogue API paths the page asked for. */
function watchCatalogueCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/home/')) calls.push(url.pathname.slice('/api'.length) + url.search);
  });
  return calls;
}

async function html(path: string, init?: RequestInit): Promise<string> {
  const response = await fetch(`${baseUrl()}${path}`, init);
  expect(response.status).toBe(200);
  return response.text();
}

/** The answers the server embedded for the app, parsed as the app parses them. */
function embeddedAnswers(document: string): Record<string, unknown> {
  const scripts = document.match(/<script type="application\/json" id="page-answers">([\s\S]*?)<\/script>/);
  expect(scripts, 'the page carries its answers').not.toBeNull();
  return JSON.parse(scripts![1]!) as Record<string, unknown>;
}

/** The page's title and meta description. */
async function headOf(page: Page): Promise<{ title: string; description: string | null }> {
  return {
    title: await page.title(),
    description: await page.locator('meta[name="description"]').getAttribute('content'),
  };
}

describe('server-rendered product and listing pages', () => {
  let browser: Browser;
  let product: ProductCard;

  beforeAll(async () => {
    browser = await launchBrowser();
    const listing = (await (await fetch(`${baseUrl()}/api/home/query-products?pageNumber=1`)).json()) as {
      products: ProductCard[];
    };
    product = listing.products[0]!;
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The shell's own description, which every page without one of its own keeps. */
  async function shellDescription() {
    return (await serverHead('/about')).description;
  }

  /** The title and description in the page's HTML, as a browser that runs no script reads them. */
  async function serverHead(path: string) {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(path);
    const head = await headOf(page);
    await context.close();
    return head;
  }

  async function open(path: string, viewport: 'mobile' | 'desktop' = 'mobile') {
    const page = await (await newContext(browser, viewport)).newPage();
    const errors = watchErrors(page);
    const calls = watchCatalogueCalls(page);
    await page.goto(path);
    await waitForApp(page);
    return { page, errors, calls };
  }

  it('sends the product page rendered, with its answer, and the app adopts it without asking again', async () => {
    const document = await html(`/product/details/${product.slug}`);
    expect(document).toContain(`data-prerendered="/product/details/${product.slug}"`);
    expect(document).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(Object.keys(embeddedAnswers(document))).toEqual([`/home/get-product/${product.slug}`]);

    const { page, errors, calls } = await open(`/product/details/${product.slug}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    // Reviews come after the first paint; by then the app has made its first calls.
    await page.getByRole('tab', { name: /^Reviews/ }).waitFor();
    await expect.poll(() => calls.some((call) => call.includes('/home/customer/get-reviews/'))).toBe(true);
    expect(calls.filter((call) => call.startsWith('/home/get-product/'))).toEqual([]);
    expect(errors.filter((error) => HYDRATION_ERROR.test(error))).toEqual([]);
    expect(errors).toEqual([]);

    // The HTML names the product in its title and description, the same text the app sets.
    const head = await serverHead(`/product/details/${product.slug}`);
    expect(head.title).toBe(`${product.name} | Bazaar`);
    expect(head.description).toBeTruthy();
    expect(head.description).not.toBe(await shellDescription());
    expect(await headOf(page)).toEqual(head);

    // Interactive as before (sizes.test.ts and catalog.test.ts buy from it): the tabs switch.
    const reviews = page.getByRole('tab', { name: /^Reviews/ });
    await reviews.click();
    await expect.poll(() => reviews.getAttribute('aria-selected')).toBe('true');
  });

  it('sends a listing rendered with its products, and filters and pages work after the app adopts it', async () => {
    const path = '/shops?sort=low-to-high';
    const document = await html(path);
    expect(document).toContain('data-prerendered="/shops"');
    expect(document).not.toContain('aria-label="Loading products"');
    const answers = embeddedAnswers(document);
    const listingPath = Object.keys(answers).find((key) => key.startsWith('/home/query-products?'))!;
    expect(listingPath).toBeDefined();

    const { page, errors, calls } = await open(path, 'desktop');
    await listingShowsUrl(page);
    const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
    expect(await cards.count()).toBeGreaterThan(0);
    // The price range comes after the first paint: once it has, so would a second listing request.
    await expect
      .poll(() => calls.some((call) => call.startsWith('/home/price-range-latest-product')))
      .toBe(true);
    expect(calls.filter((call) => call === listingPath)).toEqual([]);
    expect(errors).toEqual([]);
    const head = await serverHead(path);
    expect(head.title).toBe('All Products | Bazaar');
    expect(await headOf(page)).toEqual(head);

    await updatesListing(page, () => page.getByRole('button', { name: 'List view' }).click());
    expect(new URL(page.url()).searchParams.get('view')).toBe('list');
    await updatesListing(page, () =>
      page.getByRole('combobox', { name: 'Sort by' }).selectOption('high-to-low'),
    );
    expect(
      calls.some((call) => call.startsWith('/home/query-products?') && call.includes('high-to-low')),
    ).toBe(true);
    // Back to the first URL: its answer is asked for again (the store area may hold another page's by then).
    await page.goBack();
    await page.goBack();
    await listingShowsUrl(page);
    expect(new URL(page.url()).search).toBe('?sort=low-to-high');
    expect(errors).toEqual([]);
  });

  it('serves one rendering of a listing to every spelling of its URL, which the app adopts as its own', async () => {
    // Parameters the page ignores and its own in another order: the same page, not one rendered per URL.
    const document = await html('/shops?sort=high-to-low&discount=10');
    for (const spelling of [
      '/shops?discount=10&sort=high-to-low',
      '/shops?nc=1&sort=high-to-low&discount=10&page=1',
    ]) {
      expect(await html(spelling)).toBe(document);
    }
    const listingPath = Object.keys(embeddedAnswers(document)).find((key) =>
      key.startsWith('/home/query-products?'),
    )!;
    const { page, errors, calls } = await open(
      '/shops?utm_source=mail&discount=10&sort=high-to-low',
      'desktop',
    );
    await listingShowsUrl(page);
    await expect
      .poll(() => calls.some((call) => call.startsWith('/home/price-range-latest-product')))
      .toBe(true);
    expect(calls.filter((call) => call === listingPath)).toEqual([]);
    expect(errors).toEqual([]);
    // Another filter is another page.
    expect(await html('/shops?sort=high-to-low&discount=20')).not.toBe(document);
  });

  it('names the default order of a listing for what it lists, and serves a link of old with sort=newest as it', async () => {
    // Without a search the default is the newest first: "What’s New", offered once.
    const browsing = await html('/shops');
    expect(browsing).toContain('<option value="" selected="">What’s New</option>');
    expect(browsing).not.toContain('>Relevance<');
    expect(browsing).not.toContain('<option value="newest"');
    expect(await html('/shops?sort=newest')).toBe(browsing);
    // A search's default is its best matches, with "What’s New" an order of its own.
    const searching = await html('/products/search?value=kurta');
    expect(searching).toContain('<option value="" selected="">Relevance</option>');
    expect(searching).toContain('<option value="newest">What’s New</option>');

    const { page, errors } = await open('/shops?sort=newest', 'desktop');
    await listingShowsUrl(page);
    const menu = page.getByRole('combobox', { name: 'Sort by' });
    expect(await menu.locator('option:checked').textContent()).toBe('What’s New');
    await updatesListing(page, () => menu.selectOption({ label: 'Popularity' }));
    expect(new URL(page.url()).searchParams.get('sort')).toBe('popularity');
    await page.goBack();
    await listingShowsUrl(page);
    expect(new URL(page.url()).search).toBe('?sort=newest');
    expect(await menu.inputValue()).toBe('');
    expect(errors).toEqual([]);
  });

  it('adopts a product page in a browser that checked a pincode before, then answers for that pincode', async () => {
    const context = await newContext(browser, 'mobile');
    // What the product page's "Check delivery" remembers (PincodeCheck.tsx); the server knows nothing of it.
    await context.addInitScript(() => localStorage.setItem('bazaar.pincode', '560001'));
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`/product/details/${product.slug}`);
    await waitForApp(page);
    await page
      .getByRole('status', { name: 'Delivery estimate' })
      .getByText(/^(Delivery by|Not deliverable)/)
      .waitFor();
    expect(await page.getByRole('textbox', { name: 'Pincode' }).inputValue()).toBe('560001');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('catches a page whose markup differs from what the app renders (the check above can fail)', async () => {
    const page = await (await newContext(browser, 'mobile')).newPage();
    const errors = watchErrors(page);
    await page.route(`**/product/details/${product.slug}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/(<h1[^>]*>)[^<]+/, '$1Something else');
      await route.fulfill({
        response,
        body,
        headers: { ...response.headers(), 'content-encoding': 'identity' },
      });
    });
    await page.goto(`/product/details/${product.slug}`);
    await waitForApp(page);
    await expect.poll(() => errors.some((error) => HYDRATION_ERROR.test(error))).toBe(true);
  });

  it('serves the shell for a product that does not exist, as before', async () => {
    const document = await html('/product/details/no-such-product-anywhere');
    expect(document).not.toContain('page-answers');
    expect(document).not.toContain('data-prerendered');
    const { page } = await open('/product/details/no-such-product-anywhere');
    await page.getByText('Product not found').waitFor();
  });

  it('puts nothing about the visitor in the page: a signed-in shopper gets the same markup', async () => {
    const page = await (await newContext(browser, 'desktop')).newPage();
    const shopper = await signInNewShopper(page, 'Ssr Visitor');
    const asShopper = await html(`/product/details/${product.slug}`, {
      headers: {
        ...shopper.authed.headers,
        cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; '),
      },
    });
    expect(asShopper).toBe(await html(`/product/details/${product.slug}`));
    expect(asShopper).not.toContain('Ssr Visitor');
    // The signed-in shopper's page is theirs once the app has started.
    await page.goto(`/product/details/${product.slug}`);
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  });

  it('keeps a product name with </script><script> as text: inert data, no script of its own', async () => {
    const shopName = await seededShopName(await (await newContext(browser, 'desktop')).newPage());
    const seller = await newContext(browser, 'desktop');
    const origin = { origin: new URL(baseUrl()).origin };
    const login = await seller.request.post('/api/seller/login', {
      headers: origin,
      data: seededSellerLogin(shopName),
    });
    expect(login.status(), await login.text()).toBe(200);
    const groups = await seller.request.get('/api/home/get_subcategory_newlist');
    const category = ((await groups.json()) as { gkSubcategory: { data: { _id: number }[] }[] })
      .gkSubcategory[0]!.data[0]!;
    const name = `Kurta </script><script>document.title='pwned'</script><!-- ${Date.now()}`;
    const created = await seller.request.post('/api/seller/products', {
      headers: origin,
      data: {
        name,
        brand: 'Inert Brand',
        categoryId: category._id,
        description: 'A </script> in the description too.',
        price: 999,
        discount: 0,
        status: 'active',
        variants: [{ size: null, stock: 3 }],
      },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const { slug } = ((await created.json()) as { product: { slug: string } }).product;
    await seller.close();

    const document = await html(`/product/details/${slug}`);
    expect(document).not.toContain("<script>document.title='pwned'");
    expect(embeddedAnswers(document)[`/home/get-product/${slug}`]).toMatchObject({ product: { name } });
    // The name is the title's text, not markup: one title, nothing after it ended early.
    expect(document.match(/<title>/g)).toHaveLength(1);
    expect((await serverHead(`/product/details/${slug}`)).title).toBe(`${name} | Bazaar`);

    const { page, errors } = await open(`/product/details/${slug}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.title()).toBe(`${name} | Bazaar`);
    expect(await page.locator('script:not([src]):not([type="application/json"])').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
