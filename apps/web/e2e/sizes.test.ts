import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CartResponse, Order } from '@bazaar/shared';
import { launchBrowser, newContext, screenshot, watchPageErrors, waitForApp } from './browser';
import { withShopDatabase } from './buyer';
import { addDefaultAddress, signInNewShopper, type Shopper } from './shopper';

/**
 * Sizes (issue 15) as a shopper meets them: chips on the product page (a sold-out size refused, Add asks for a size
 * first), the size chart, the size of a cart line changed, two sizes of one product ordered, and the sizes on the
 * order details. The product is picked from the server's seeded SQLite file.
 */

interface SizedProduct {
  id: number;
  slug: string;
  name: string;
  /** Sizes in stock (at least 3 pieces each), in size-run order. */
  sizes: string[];
  /** A size with nothing left. */
  soldOut: string;
}

/**
 * A product with sizes, one of them sold out and three with 3 or more pieces. When the seed sold out no size of such
 * a product, one is sold out here, variant and product stock together (the product's is the sum), before any page
 * has asked for the product (the catalogue cache has nothing to forget).
 */
function sizedProduct(): SizedProduct {
  return withShopDatabase((db) => {
    const candidates = db
      .prepare(
        `select p.id, p.slug, p.name from products p
         where p.size_system is not null
           and (select count(*) from product_variants v where v.product_id = p.id and v.stock >= 3) >= 4
         order by (select count(*) from product_variants v where v.product_id = p.id and v.stock = 0) desc, p.id desc`,
      )
      .all() as { id: number; slug: string; name: string }[];
    const product = candidates[0];
    if (!product) throw new Error('the seed has no product with four sizes in stock');
    const variants = db
      .prepare('select id, size, stock from product_variants where product_id = ? order by position')
      .all(product.id) as { id: number; size: string; stock: number }[];
    let soldOut = variants.find((variant) => variant.stock === 0);
    if (!soldOut) {
      const last = variants.filter((variant) => variant.stock >= 3).at(-1)!;
      db.transaction(() => {
        db.prepare('update product_variants set stock = 0 where id = ?').run(last.id);
        db.prepare('update products set stock = stock - ? where id = ?').run(last.stock, product.id);
      })();
      soldOut = { ...last, stock: 0 };
    }
    const sizes = variants
      .filter((variant) => variant.id !== soldOut.id && variant.stock >= 3)
      .map((variant) => variant.size);
    return { ...product, sizes, soldOut: soldOut.size };
  });
}

describe('sizes from the product page to the order', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let product: SizedProduct;
  let authed: Shopper['authed'];
  let token = '';

  beforeAll(async () => {
    product = sizedProduct();
    browser = await launchBrowser();
    context = await newContext(browser, 'desktop');
    page = await context.newPage();
    errors = watchPageErrors(page);
    const shopper = await signInNewShopper(page, 'Size Shopper');
    ({ token, authed } = shopper);
    await addDefaultAddress(page, shopper, 'Size Shopper');
  });
  afterAll(async () => {
    await browser?.close();
  });

  const serverCart = async (): Promise<CartResponse> =>
    (await (await page.request.get('/api/home/product/get-card-product', authed)).json()) as CartResponse;
  const cartSizes = async () =>
    (await serverCart()).card_products
      .flatMap((group) => group.products)
      .filter((line) => line.productInfo._id === product.id)
      .map((line) => `${line.variant?.size}×${line.quantity}`)
      .sort();
  const chip = (target: Page, size: string) => target.getByRole('radio', { name: size, exact: true });
  /** Chooses a size as a shopper does, by its chip (the radio button itself is visually hidden). */
  const choose = (target: Page, size: string) =>
    target.getByRole('group', { name: 'Select Size' }).getByText(size, { exact: true }).click();
  const productUrl = () => `/product/details/${encodeURIComponent(product.slug)}`;

  it('refuses a sold-out size, asks for a size before Add To Cart, then adds the chosen one', async () => {
    await page.goto(productUrl());
    await waitForApp(page);
    const sizes = page.getByRole('group', { name: 'Select Size' });
    await sizes.waitFor();
    await screenshot(page, 'sizes-product-1280');

    const soldOut = page.getByRole('radio', { name: `${product.soldOut}, sold out` });
    expect(await soldOut.isDisabled()).toBe(true);
    // A press on the crossed chip chooses nothing (pressed where it is drawn: Playwright itself refuses to click a
    // disabled control).
    const crossed = await sizes.getByText(product.soldOut, { exact: true }).boundingBox();
    await page.mouse.click(crossed!.x + crossed!.width / 2, crossed!.y + crossed!.height / 2);
    expect(await soldOut.isChecked()).toBe(false);

    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.getByRole('alert').filter({ hasText: 'Select a size' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('radio');
    expect(await cartSizes()).toEqual([]);
    await screenshot(page, 'sizes-product-asks-1280');

    await choose(page, product.sizes[0]);
    await expect.poll(() => chip(page, product.sizes[0]).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Select a size' }).count()).toBe(0);
    await screenshot(page, 'sizes-product-chosen-1280');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect.poll(cartSizes).toEqual([`${product.sizes[0]}×1`]);

    // A second size of the same product is a second line.
    await choose(page, product.sizes[1]);
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect.poll(cartSizes).toEqual([`${product.sizes[0]}×1`, `${product.sizes[1]}×2`].sort());
  });

  it('opens the size chart, switches units, and closes it by Escape, its close button and the backdrop', async () => {
    const dialog = page.getByRole('dialog');
    const open = page.getByRole('button', { name: 'Size chart' });

    await open.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'inches' }).click();
    await dialog.getByText('Body measurements in inches').waitFor();
    await screenshot(page, 'sizes-chart-1280');
    // Tab stays inside the dialog.
    for (let press = 0; press < 4; press += 1) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => open.evaluate((element) => element === document.activeElement)).toBe(true);

    await open.click();
    await dialog.getByRole('button', { name: 'Close size chart' }).click();
    await dialog.waitFor({ state: 'detached' });

    await open.click();
    await dialog.waitFor();
    // The backdrop: a point of the dialog element outside its content box is the corner of the viewport.
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: 'detached' });
  });

  it('changes the size of a cart line to another size in stock', async () => {
    await page.goto('/cart');
    const line = page.getByTestId('cart-line').filter({
      has: page.getByRole('group', { name: `Quantity of ${product.name} (Size ${product.sizes[0]})` }),
    });
    const select = line.getByRole('combobox', { name: `Size of ${product.name}` });
    await select.waitFor();
    // The other sizes arrive with the product's answer.
    await expect.poll(() => select.locator('option').count()).toBeGreaterThan(2);
    await screenshot(page, 'sizes-cart-1280');
    const offered = await select.locator('option').allTextContents();
    expect(offered.some((text) => text.split(' ')[0] === product.soldOut)).toBe(false);
    const target = offered.find((text) => text.startsWith(`${product.sizes[2]}`))!;
    await select.selectOption({ label: target });
    await expect.poll(cartSizes).toEqual([`${product.sizes[1]}×2`, `${product.sizes[2]}×1`].sort());
    await page
      .getByRole('group', { name: `Quantity of ${product.name} (Size ${product.sizes[2]})` })
      .waitFor();
  });

  it('orders the two sizes and shows each on the order details', async () => {
    await page.getByRole('button', { name: 'Proceed to checkout' }).filter({ visible: true }).click();
    await page.waitForURL('**/shipping');
    for (const size of [product.sizes[1], product.sizes[2]])
      await page
        .getByText(new RegExp(`^Size ${size}\\b`))
        .first()
        .waitFor();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/my-payment');

    const orders = (await (
      await page.request.get('/api/home/customer/gat-orders/me/all', authed)
    ).json()) as { orders: Order[] };
    const orderId = orders.orders[0].orderId;
    await page.goto(`/dashboard/order/details/${orderId}`);
    const lines = page.getByTestId('order-line');
    await expect.poll(() => lines.count()).toBe(2);
    const texts = (await lines.allTextContents()).join(' | ');
    expect(texts).toContain(`Size ${product.sizes[1]}`);
    expect(texts).toContain(`Size ${product.sizes[2]}`);
    expect(texts).toContain('Quantity: 2');
    await screenshot(page, 'sizes-order-details-1280');
    expect(errors).toEqual([]);
  });

  it('on a phone keeps Add To Cart and Buy Now in a bar at the bottom; Buy Now asks for a size first', async () => {
    const phone = await newContext(browser, 'mobile');
    const mobile = await phone.newPage();
    const phoneErrors = watchPageErrors(mobile);
    await mobile.goto('/');
    await waitForApp(mobile);
    await mobile.evaluate((value) => localStorage.setItem('customerToken', value), token);
    await mobile.goto(productUrl());
    await waitForApp(mobile);
    const buyNow = mobile.getByRole('button', { name: 'Buy Now' });
    await buyNow.waitFor();
    const box = await buyNow.boundingBox();
    expect(box!.y + box!.height).toBeGreaterThan(844 - 90);
    await screenshot(mobile, 'sizes-product-390');

    await buyNow.click();
    await mobile.getByRole('alert').filter({ hasText: 'Select a size' }).waitFor();
    await screenshot(mobile, 'sizes-product-asks-390');
    await choose(mobile, product.sizes[0]);
    await expect.poll(() => chip(mobile, product.sizes[0]).isChecked()).toBe(true);
    await screenshot(mobile, 'sizes-product-chosen-390');
    await mobile.getByRole('button', { name: 'Size chart' }).click();
    await mobile.getByRole('dialog').waitFor();
    await screenshot(mobile, 'sizes-chart-390');
    await mobile.getByRole('button', { name: 'Close size chart' }).click();
    await mobile.getByRole('dialog').waitFor({ state: 'detached' });

    // The bar's Add To Cart takes the chosen size; the cart shows it with its size choice.
    await mobile.getByRole('button', { name: 'Add To Cart' }).click();
    await expect.poll(cartSizes).toEqual([`${product.sizes[0]}×1`]);
    await buyNow.click();
    await mobile.waitForURL('**/shipping');
    await mobile
      .getByText(new RegExp(`^Size ${product.sizes[0]}\\b`))
      .first()
      .waitFor();

    await mobile.goto('/cart');
    await mobile
      .getByRole('combobox', { name: `Size of ${product.name}` })
      .first()
      .waitFor();
    await screenshot(mobile, 'sizes-cart-390');
    expect(phoneErrors).toEqual([]);
    await phone.close();
  });
});

describe('colour swatches and hearts on cards', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, 'desktop');
    page = await context.newPage();
    errors = watchPageErrors(page);
    await signInNewShopper(page, 'Heart Shopper');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a swatch opens the same style in another colour', async () => {
    const [shown, other] = withShopDatabase(
      (db) =>
        db
          .prepare(
            `select p.slug, p.name, p.colour from products p
             where p.style_code = (select style_code from products where style_code is not null
                                   group by style_code having count(*) >= 2 order by style_code limit 1)
             order by p.id limit 2`,
          )
          .all() as { slug: string; name: string; colour: string }[],
    );
    await page.goto(`/product/details/${encodeURIComponent(shown.slug)}`);
    await waitForApp(page);
    await page.getByRole('img', { name: `${shown.colour} (shown)` }).waitFor();
    await page
      .getByRole('list', { name: 'Colours' })
      .getByRole('link', { name: new RegExp(`^${other.colour}`) })
      .click();
    await page.waitForURL(`**/product/details/${encodeURIComponent(other.slug)}`);
    await page.getByRole('heading', { level: 1, name: other.name }).waitFor();
    await page.getByRole('img', { name: `${other.colour} (shown)` }).waitFor();
    expect(errors).toEqual([]);
  });

  it('saves a product from its card on the listing, shows it saved on its page and in the wishlist, and unsaves it', async () => {
    await page.goto('/shops');
    await waitForApp(page);
    const card = page.getByRole('article').first();
    const name = (await card.getAttribute('aria-label'))!;
    await card.getByRole('button', { name: `Save ${name} to wishlist` }).click();
    await card.getByRole('button', { name: `Remove ${name} from wishlist`, pressed: true }).waitFor();
    await screenshot(page, 'sizes-listing-heart-1280');

    // Saved on the server: the page read afresh shows it, and so does the wishlist.
    await page.reload();
    await page
      .getByRole('button', { name: `Remove ${name} from wishlist`, pressed: true })
      .first()
      .waitFor();
    await page.goto('/dashboard/my-wishlist');
    await page.getByTestId('wishlist-card').filter({ hasText: name }).waitFor();

    await page.goto('/shops');
    await waitForApp(page);
    await page
      .getByRole('button', { name: `Remove ${name} from wishlist` })
      .first()
      .click();
    await page
      .getByRole('button', { name: `Save ${name} to wishlist`, pressed: false })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
  });
});
