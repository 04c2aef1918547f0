import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountedPrice, formatRupees } from '@bazaar/shared';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newContext, screenshot, waitForApp, watchPageErrors } from './browser';

/** Unique per run: the e2e server keeps its database for the whole run of every browser test file. */
const runId = Date.now().toString().slice(-8);

interface ListedProduct {
  _id: number;
  slug: string;
  name: string;
  stock: number;
}

/** A listed product in stock that has no sizes (these journeys add to the cart as the spec does, without one). */
async function inStockProduct(request: APIRequestContext): Promise<ListedProduct> {
  const listing = await request.get('/api/home/query-products?pageNumber=1');
  const { products } = (await listing.json()) as { products: ListedProduct[] };
  for (const candidate of products.filter((product) => product.stock > 5)) {
    const details = await request.get(`/api/home/get-product/${encodeURIComponent(candidate.slug)}`);
    const { product } = (await details.json()) as { product: { variants: { size: string | null }[] } };
    if (product.variants.every((variant) => variant.size === null)) return candidate;
  }
  throw new Error('the seeded listing has no product without sizes in stock');
}

const accountButton = (page: Page) => page.locator('button[aria-controls="account-menu"]');

async function emailLogin(page: Page, email: string, password: string) {
  await page.getByRole('button', { name: 'Login with email' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
}

describe('storefront shell', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, 'desktop');
    page = await context.newPage();
    errors = watchPageErrors(page);
  });
  afterAll(() => browser?.close());

  it('shows "loading..." while the next page’s code downloads, instead of leaving the old page up', async () => {
    await page.goto('/');
    await waitForApp(page);
    // Hold the About page's code until the fallback has been seen.
    let releaseChunk!: () => void;
    const chunkHeld = new Promise<void>((resolve) => (releaseChunk = resolve));
    await page.route(/\/assets\/AboutPage[^/]*\.js$/, async (route) => {
      await chunkHeld;
      await route.continue();
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).first().click();
    await page.getByRole('status').filter({ hasText: 'loading...' }).waitFor({ timeout: 5_000 });
    expect(new URL(page.url()).pathname).toBe('/about');
    releaseChunk();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.unroute(/\/assets\/AboutPage[^/]*\.js$/);
    expect(errors).toEqual([]);
  });

  it('gives every page its own tab title', async () => {
    await page.goto('/');
    await waitForApp(page);
    expect(await page.title()).toBe('Bazaar — Fashion for every day');
    await page.goto('/contact');
    await page.waitForFunction(() => document.title === 'Contact us | Bazaar');
    await page.goto('/privacy-policy');
    await page.waitForFunction(() => document.title === 'Privacy policy | Bazaar');
    const product = await inStockProduct(page.request);
    await page.goto(`/product/details/${encodeURIComponent(product.slug)}`);
    await waitForApp(page);
    await page.waitForFunction((name) => document.title === `${name} | Bazaar`, product.name);
    await page.goto('/products/search?value=saree');
    await waitForApp(page);
    await page.waitForFunction(() => document.title === 'Results for “saree” | Bazaar');
  });

  it('shows an error screen with ways on when a page fails to render, never a blank page', async () => {
    const product = await inStockProduct(page.request);
    // The page as the app shell, so that the app asks for the product (a rendered page carries its answer) ...
    await page.route(`**/product/details/${encodeURIComponent(product.slug)}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text())
        .replace(/<script type="application\/json" id="page-answers">[\s\S]*?<\/script>/, '')
        .replace(/ data-prerendered="[^"]*"/, '');
      await route.fulfill({
        response,
        body,
        headers: { ...response.headers(), 'content-encoding': 'identity' },
      });
    });
    // ... and an answer of an unexpected shape makes the product page throw while rendering.
    await page.route(`**/api/home/get-product/${encodeURIComponent(product.slug)}`, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.product.rating = 'not a number';
      await route.fulfill({ response, json: body });
    });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(`/product/details/${encodeURIComponent(product.slug)}`);
    await waitForApp(page);
    const alert = page.getByRole('alert').filter({ hasText: 'This page could not be shown' });
    await alert.waitFor();
    // The header and footer stay, so the shopper can still move on.
    await page.getByRole('banner').waitFor();
    expect(consoleErrors.some((text) => text.includes('A page failed to render'))).toBe(true);
    await screenshot(page, 'storefront-error-screen-1280');
    await page.unroute(`**/api/home/get-product/${encodeURIComponent(product.slug)}`);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await alert.waitFor({ state: 'detached' });
  });
});

describe('the home page hero', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  /** Swiper takes the hero over once the shopper engages with the page (a pointer move counts). */
  async function heroReady(page: Page) {
    await page.goto('/');
    await waitForApp(page);
    await page.mouse.move(5, 5);
    await page.locator('.hero-carousel.swiper-initialized').waitFor();
  }
  const activeSlide = (page: Page) =>
    page.locator('.hero-carousel .swiper-slide-active').getAttribute('data-swiper-slide-index');

  it('on a phone, the arrows beside the bullets take the tap (the bullets’ bar used to cover them)', async () => {
    const context = await newContext(browser, 'mobile');
    const page = await context.newPage();
    await heroReady(page);
    for (const arrow of ['.swiper-button-prev', '.swiper-button-next']) {
      const box = (await page.locator(`.hero-carousel ${arrow}`).boundingBox())!;
      const hit = await page.evaluate(
        ({ x, y, selector }) => document.elementFromPoint(x, y)?.closest(selector) !== null,
        { x: box.x + box.width / 2, y: box.y + box.height / 2, selector: arrow },
      );
      expect(hit, arrow).toBe(true);
    }
    // A bullet is still tappable.
    await page.locator('.hero-carousel .swiper-pagination-bullet').nth(2).tap();
    await expect.poll(() => activeSlide(page)).toBe('2');
    await screenshot(page, 'storefront-hero-390');
    await context.close();
  });

  it('keeps turning every 2.5 s while the mouse rests on it', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    await heroReady(page);
    const box = (await page.locator('.hero-carousel').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
    const first = await activeSlide(page);
    await expect.poll(() => activeSlide(page), { timeout: 7_000 }).not.toBe(first);
    await context.close();
  });
});

describe('scrolling the home page as it opens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  // The jump came about 1 time in 4: the page grows by screens when the sections' products arrive, and the browser's
  // scroll anchoring, holding on to something below them, scrolled the shopper to the bottom. Repeated to catch it.
  it('never jumps down while the shopper scrolls step by step (10 fresh visits on a phone)', async () => {
    const STEP = 120;
    const SETTLING_ALLOWANCE = 200;
    for (let visit = 0; visit < 10; visit++) {
      const context = await newContext(browser, 'mobile');
      const page = await context.newPage();
      await page.goto('/', { waitUntil: 'commit' });
      await page.waitForSelector('header');
      const positions: number[] = [];
      for (let step = 1; step <= 12; step++) {
        await page.evaluate((by) => window.scrollBy(0, by), STEP);
        await page.waitForTimeout(100);
        positions.push(await page.evaluate(() => Math.round(window.scrollY)));
      }
      await context.close();
      // A section above the viewport that settles a little (an image, a slider taking its size) is met by the
      // browser moving scrollY by as much, so what the shopper sees stays put: that is not a jump. The bug moved the
      // page by screens, to the footer.
      positions.forEach((position, index) =>
        expect(position, `visit ${visit}: ${positions.join(', ')}`).toBeLessThanOrEqual(
          (index + 1) * STEP + SETTLING_ALLOWANCE,
        ),
      );
    }
    // Ten page loads: 30 s here, over 180 s (the journeys' default) in a CI run on a machine several times slower.
  }, 400_000);
});

describe('the product page wishlist heart', () => {
  const customer = { name: 'Ishaan Das', email: `ishaan.${runId}@example.com`, password: 'first-pass-123' };
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('shows that the product is saved, and a second press removes it', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const register = await page.request.post('/api/customer/customer-register', {
      data: customer,
      headers: { origin: baseUrl() },
    });
    expect(register.status()).toBe(201);
    await page.goto('/login');
    await emailLogin(page, customer.email, customer.password);
    await accountButton(page).filter({ hasText: 'Ishaan' }).waitFor();
    const product = await inStockProduct(page.request);
    await page.goto(`/product/details/${encodeURIComponent(product.slug)}`);
    await waitForApp(page);

    // The page's own heart (the cards in its carousels have theirs, named after their products).
    const heart = page.getByRole('button', { name: 'Add to wishlist', exact: true });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await page.getByRole('button', { name: 'Saved to wishlist', pressed: true }).waitFor();
    // Saved on the server too: it is still shown as saved after a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Saved to wishlist', pressed: true }).waitFor();
    await screenshot(page, 'storefront-wishlist-saved-1280');

    await page.getByRole('button', { name: 'Saved to wishlist' }).click();
    await page.getByRole('button', { name: 'Add to wishlist', pressed: false }).waitFor();
    const wishlist = await (await page.request.get('/api/home/product/get-wishlist-products')).json();
    expect(wishlist.wishlistCount).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a session that ended elsewhere', () => {
  const customer = { name: 'Meera Iyer', email: `meera.${runId}@example.com`, password: 'first-pass-123' };
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let otherDevice: BrowserContext;
  let password = customer.password;

  /** The customer changes the password on another device, which ends every other session. */
  async function changePasswordElsewhere() {
    const login = await otherDevice.request.post('/api/customer/customer-login', {
      data: { email: customer.email, password },
      headers: { origin: baseUrl() },
    });
    expect(login.status()).toBe(200);
    const next = `${password}x`;
    const change = await otherDevice.request.post('/api/customer/change-password', {
      data: { old_password: password, new_password: next },
      headers: { origin: baseUrl() },
    });
    expect(change.status()).toBe(200);
    password = next;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, 'mobile');
    page = await context.newPage();
    otherDevice = await newContext(browser, 'desktop');
    const register = await otherDevice.request.post('/api/customer/customer-register', {
      data: customer,
      headers: { origin: baseUrl() },
    });
    expect(register.status()).toBe(201);
  });
  afterAll(() => browser?.close());

  it('signs the shopper out at once, says why on /login, and brings them back to the product after signing in', async () => {
    const product = await inStockProduct(page.request);
    const productPath = `/product/details/${encodeURIComponent(product.slug)}`;
    await page.goto('/login');
    await emailLogin(page, customer.email, password);
    await accountButton(page).filter({ hasText: 'Meera' }).waitFor();
    await page.goto(productPath);
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();

    // The server closes the session's socket (issue 17: sessions end at once); the page finds the session gone.
    await changePasswordElsewhere();
    await page.waitForURL('**/login');
    await page.getByRole('alert').filter({ hasText: 'Your session has ended' }).waitFor();
    await accountButton(page).filter({ hasText: 'Login' }).waitFor();
    // One explanation, not two.
    expect(await page.getByText('Please login first').count()).toBe(0);
    await screenshot(page, 'storefront-session-ended-390');

    await emailLogin(page, customer.email, password);
    await page.waitForURL(`**${productPath}`);
    await accountButton(page).filter({ hasText: 'Meera' }).waitFor();
  });

  it('the cart and the dashboard never claim "empty" for an ended session: /login, then back', async () => {
    await page.goto('/cart');
    await accountButton(page).filter({ hasText: 'Meera' }).waitFor();
    await changePasswordElsewhere();
    await page.waitForURL('**/login');
    await page.getByRole('alert').filter({ hasText: 'Your session has ended' }).waitFor();
    await emailLogin(page, customer.email, password);
    await page.waitForURL('**/cart');

    await page.goto('/dashboard/my-orders');
    await accountButton(page).filter({ hasText: 'Meera' }).waitFor();
    await changePasswordElsewhere();
    await page.waitForURL('**/login');
    expect(await page.getByText('No orders yet').count()).toBe(0);
  });

  // The page's own requests (cart, wishlist) have all been answered and its chat socket is still connecting when the
  // session ends: the socket's handshake is refused, and that alone must tell the page (socket.io does not retry it).
  it('finds out from the refused chat handshake when the session ends while the socket is connecting', async () => {
    await emailLogin(page, customer.email, password);
    await accountButton(page).filter({ hasText: 'Meera' }).waitFor();
    let openSocket!: () => void;
    const sessionChanged = new Promise<void>((resolve) => (openSocket = resolve));
    await page.routeWebSocket(/\/socket\.io\//, async (socket) => {
      await sessionChanged;
      socket.connectToServer();
    });
    const cartRead = page.waitForResponse((r) => r.url().includes('/api/home/product/get-card-product'));
    const wishlistRead = page.waitForResponse((r) =>
      r.url().includes('/api/home/product/get-wishlist-products'),
    );
    await page.goto('/about');
    expect((await cartRead).status()).toBe(200);
    expect((await wishlistRead).status()).toBe(200);
    await changePasswordElsewhere();
    openSocket();
    await page.waitForURL('**/login');
    await page.getByRole('alert').filter({ hasText: 'Your session has ended' }).waitFor();
    await page.unrouteAll();
  });
});

describe('order details and the address book', () => {
  const customer = { name: 'Kavya Rao', email: `kavya.${runId}@example.com`, password: 'first-pass-123' };
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const post = (path: string, data: unknown) =>
    page.request.post(`/api${path}`, { data, headers: { origin: baseUrl() } });

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, 'mobile');
    page = await context.newPage();
    errors = watchPageErrors(page);
    expect((await post('/customer/customer-register', customer)).status()).toBe(201);
    await page.goto('/login');
    await emailLogin(page, customer.email, customer.password);
    await accountButton(page).filter({ hasText: 'Kavya' }).waitFor();
  });
  afterAll(() => browser?.close());

  const address = (name: string) => ({
    name,
    phonenumber: '9876543210',
    pincode: '560001',
    state: 'Karnataka',
    cityDistTown: 'Bengaluru',
    address: '12 MG Road',
  });

  it('shows each line’s total beside the unit price, and a pending order in amber, not red', async () => {
    const product = await inStockProduct(page.request);
    const saved = await post('/home/customer/add_address', address('Kavya Home'));
    const addressId = (await saved.json()).address._id as number;
    const added = await post('/home/product/add-to-card', { productId: product._id, quantity: 2 });
    expect(added.ok()).toBe(true);
    const placed = await post('/home/order/palce-order', {
      addressId,
      idempotencyKey: `storefront-${runId}`,
    });
    expect(placed.status()).toBe(201);
    const { orderId } = (await placed.json()) as { orderId: string };

    await page.goto(`/dashboard/order/details/${orderId}`);
    const line = page.getByRole('listitem').filter({ hasText: product.name });
    await line.waitFor();
    const order = (await (await page.request.get(`/api/home/customer/gat-order/${orderId}`)).json())
      .order as {
      products: { quantity: number; productInfo: { price: number; discount: number } }[];
    };
    const { price, discount } = order.products[0]!.productInfo;
    expect(await line.getByTestId('line-total').textContent()).toBe(
      `Total ${formatRupees(discountedPrice(price, discount) * 2)}`,
    );
    expect(await line.textContent()).toContain('each');
    const badge = page
      .locator('dd')
      .filter({ hasText: /^pending$/ })
      .locator('span');
    expect(await badge.getAttribute('class')).toContain('bg-warning');
    await screenshot(page, 'storefront-order-details-390');
    expect(errors).toEqual([]);
  });

  it('asks before deleting an address: Cancel keeps it, Delete address removes it', async () => {
    expect((await post('/home/customer/add_address', address('Spare Flat'))).ok()).toBe(true);
    await page.goto('/dashboard/myaddress');
    const card = page.getByRole('listitem', { name: 'Address of Spare Flat' });
    await card.waitFor();
    await page.getByRole('button', { name: 'Delete address of Spare Flat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this address?' });
    await dialog.waitFor();
    await screenshot(page, 'storefront-delete-address-390');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await card.count()).toBe(1);

    await page.getByRole('button', { name: 'Delete address of Spare Flat' }).click();
    await dialog.getByRole('button', { name: 'Delete address' }).click();
    await card.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
