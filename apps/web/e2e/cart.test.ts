import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatRupees, type CartResponse } from '@bazaar/shared';
import { launchBrowser, newContext, screenshot, watchPageErrors, waitForApp } from './browser';
import { signInNewShopper } from './shopper';

// The seeded catalogue is read straight from the server's SQLite file, so the journey can pick
// products with known stock and shops without depending on any listing page.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const Database = createRequire(path.join(repoRoot, 'apps/server/package.json'))(
  'better-sqlite3',
) as typeof BetterSqlite3;

interface SeededProduct {
  id: number;
  slug: string;
  name: string;
  stock: number;
  sellerId: number;
  shopName: string;
}

function seededProducts(): SeededProduct[] {
  const db = new Database(path.join(inject('dataDir'), 'shop.db'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `select p.id, p.slug, p.name, p.stock, p.seller_id as sellerId, s.shop_name as shopName
         from products p join sellers s on s.id = p.seller_id
         -- Products without sizes: this journey adds them as the spec does, without choosing a size.
         where p.size_system is null
         order by p.seller_id, p.id`,
      )
      .all() as SeededProduct[];
  } finally {
    db.close();
  }
}

/** Two products of one shop and one of another, all with little stock (so stepping up to stock is quick). */
function pickCartProducts(all: SeededProduct[]): [SeededProduct, SeededProduct, SeededProduct] {
  const lowStock = all.filter((p) => p.stock >= 2 && p.stock <= 6);
  const sellerIds = [...new Set(lowStock.map((p) => p.sellerId))];
  const shopWithTwo = sellerIds
    .map((id) => lowStock.filter((p) => p.sellerId === id))
    .find((list) => list.length >= 2);
  if (!shopWithTwo) throw new Error('the seed has no shop with two low-stock products');
  const other = lowStock.find((p) => p.sellerId !== shopWithTwo[0].sellerId);
  if (!other) throw new Error('the seed has no low-stock product in a second shop');
  return [shopWithTwo[0], shopWithTwo[1], other];
}

describe('cart, wishlist and Buy Now journey', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let token: string;
  const all = () => seededProducts();

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, 'desktop');
    page = await context.newPage();
    errors = watchPageErrors(page);
    ({ token } = await signInNewShopper(page, 'Cart Shopper'));
    await page.reload();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const serverCart = async (): Promise<CartResponse> => {
    const res = await page.request.get('/api/home/product/get-card-product', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.ok()).toBe(true);
    return (await res.json()) as CartResponse;
  };
  /** React Router keeps `navigate(path, { state })` in history.state.usr. */
  const navigationState = () => page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr);
  const toast = (text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).first();
  const lineOf = (name: string) => page.getByTestId('cart-line').filter({ hasText: name });
  const quantityOf = (name: string) => lineOf(name).getByLabel('Quantity', { exact: true });

  /** The same customer on a phone-sized screen. */
  async function phonePage(): Promise<Page> {
    const phone = await newContext(browser, 'mobile');
    const mobilePage = await phone.newPage();
    await mobilePage.goto('/');
    await waitForApp(mobilePage);
    await mobilePage.evaluate((value) => localStorage.setItem('customerToken', value), token);
    return mobilePage;
  }

  async function addFromProductPage(product: SeededProduct) {
    await page.goto(`/product/details/${product.slug}`);
    await waitForApp(page);
    await page.getByRole('button', { name: /add to cart/i }).click();
    await expect
      .poll(async () =>
        (await serverCart()).card_products
          .flatMap((g) => g.products)
          .some((l) => l.productInfo._id === product.id),
      )
      .toBe(true);
  }

  it('shows the empty cart first', async () => {
    await page.goto('/cart');
    await expect.poll(() => page.getByText('Cart is Empty Click here to Shop').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Shop Now' }).waitFor();
    expect(await page.getByRole('link', { name: 'Shop Now' }).getAttribute('href')).toBe('/shops');
    await screenshot(page, 'cart-empty-desktop');
  });

  it('adds three products from two shops and lists them grouped by shop', async () => {
    const [a1, a2, b1] = pickCartProducts(all());
    for (const product of [a1, a2, b1]) await addFromProductPage(product);

    await page.goto('/cart');
    await page.getByTestId('total-products').filter({ hasText: 'Total Products = 3' }).waitFor();
    const shops = page.getByTestId('cart-shop');
    expect(await shops.count()).toBe(2);
    expect(await shops.nth(0).getByRole('heading', { level: 2 }).innerText()).toBe(a1.shopName);
    expect(await shops.nth(0).getByTestId('cart-line').count()).toBe(2);
    expect(await shops.nth(1).getByRole('heading', { level: 2 }).innerText()).toBe(b1.shopName);
  });

  it('steps a quantity up to stock, then refuses with an Out of stock toast and no request', async () => {
    const [a1] = pickCartProducts(all());
    for (let quantity = 2; quantity <= a1.stock; quantity++) {
      await lineOf(a1.name).getByRole('button', { name: 'Increase quantity' }).click();
      await expect.poll(() => quantityOf(a1.name).innerText()).toBe(String(quantity));
    }
    let incRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/quantity-inc/')) incRequests++;
    });
    await lineOf(a1.name).getByRole('button', { name: 'Increase quantity' }).click();
    await toast('Out of stock').waitFor();
    expect(incRequests).toBe(0);
    expect(await quantityOf(a1.name).innerText()).toBe(String(a1.stock));

    await lineOf(a1.name).getByRole('button', { name: 'Decrease quantity' }).click();
    await expect.poll(() => quantityOf(a1.name).innerText()).toBe(String(a1.stock - 1));
    await screenshot(page, 'cart-desktop');
  });

  it('removes a line and shows exactly the server totals', async () => {
    const [, a2] = pickCartProducts(all());
    await lineOf(a2.name)
      .getByRole('button', { name: `Remove ${a2.name} from cart` })
      .click();
    await page.getByTestId('total-products').filter({ hasText: 'Total Products = 2' }).waitFor();
    expect(await lineOf(a2.name).count()).toBe(0);

    const cart = await serverCart();
    expect(cart.card_product_count).toBe(2);
    await expect.poll(() => page.getByTestId('summary-price').innerText()).toBe(formatRupees(cart.price));
    expect(await page.getByText(`${cart.buy_product_item} Items`, { exact: true }).count()).toBeGreaterThan(
      0,
    );
    const shipping = await page.getByTestId('summary-shipping').innerText();
    expect(shipping).toBe(cart.shipping_fee === 0 ? 'FREE' : formatRupees(cart.shipping_fee));
    expect(await page.getByTestId('summary-total').innerText()).toBe(
      formatRupees(cart.price + cart.shipping_fee),
    );
  });

  it('keeps Proceed to checkout in a bar at the bottom of a phone screen', async () => {
    const mobile = await phonePage();
    await mobile.goto('/cart');
    const checkout = mobile.getByRole('button', { name: 'Proceed to checkout' });
    await checkout.waitFor();
    const box = (await checkout.boundingBox())!;
    // Measured against the layout viewport, which is what a fixed bar sticks to.
    const height = await mobile.evaluate(() => window.innerHeight);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
    expect(box.y).toBeGreaterThan(height - 100);
    // The picture once the toast's entrance and any other finite animation have finished (endless ones never do).
    await mobile.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
        ),
    );
    await screenshot(mobile, 'cart-mobile');
    await mobile.context().close();
  });

  it('moves a product from the wishlist to the cart', async () => {
    const inCart = new Set(pickCartProducts(all()).map((p) => p.id));
    const wished = all().find((p) => p.stock >= 10 && !inCart.has(p.id))!;
    await page.goto(`/product/details/${wished.slug}`);
    await waitForApp(page);
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await toast('Added to wishlist').waitFor();

    await page.goto('/dashboard/my-wishlist');
    const card = page.getByTestId('wishlist-card').filter({ hasText: wished.name });
    await card.waitFor();
    await screenshot(page, 'wishlist-desktop');
    const mobile = await phonePage();
    await mobile.goto('/dashboard/my-wishlist');
    await mobile.getByTestId('wishlist-card').first().waitFor();
    await screenshot(mobile, 'wishlist-mobile');
    await mobile.context().close();
    expect(await card.getByRole('link', { name: `View ${wished.name}` }).getAttribute('href')).toBe(
      `/product/details/${wished.slug}`,
    );
    await card.getByRole('button', { name: `Add ${wished.name} to cart` }).click();
    await toast('Added to cart').waitFor();
    await expect.poll(async () => (await serverCart()).card_product_count).toBe(3);

    await card.getByRole('button', { name: `Remove ${wished.name} from wishlist` }).click();
    await page.getByText('No Items Found').waitFor();
  });

  it('Proceed to checkout carries the server cart to /shipping', async () => {
    await page.goto('/cart');
    await page.getByTestId('total-products').filter({ hasText: 'Total Products = 3' }).waitFor();
    const cart = await serverCart();
    await page.getByRole('button', { name: 'Proceed to checkout' }).click();
    await page.waitForURL('**/shipping');
    const state = await navigationState();
    expect(state).toEqual({
      products: cart.card_products,
      price: cart.price,
      shipping_fee: cart.shipping_fee,
      items: cart.buy_product_item,
    });
  });

  it('Buy Now on a product page goes to /shipping with that one product', async () => {
    const product = all().find((p) => p.stock >= 10)!;
    await page.goto(`/product/details/${product.slug}`);
    await waitForApp(page);
    await page.getByRole('button', { name: /buy now/i }).click();
    await page.waitForURL('**/shipping');
    const state = (await navigationState()) as {
      products: { products: { productInfo: { _id: number } }[] }[];
      items: number;
    };
    expect(state.products).toHaveLength(1);
    expect(state.products[0].products.map((line) => line.productInfo._id)).toEqual([product.id]);
    expect(state.items).toBe(1);
    expect(errors).toEqual([]);
  });
});
