import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, watchPageErrors, waitForApp } from './browser';
import { addPhotos, photoThumbnails, samplePhotos } from './photos';
import { seededShopName, signInSeededSeller } from './seller';

/**
 * A seeded seller adds two photos from files to one of its products in the editor, makes the last one the cover
 * from the keyboard, and shoppers see it at once as the product page's main photo, served as AVIF from a
 * responsive <picture>; deleting one asks first. The photo manager works at 390 px. The product ends as it began.
 */
describe('seller center: product photos', () => {
  let browser: Browser;
  let seller: Page;
  let sellerErrors: string[];
  let product: { _id: number; slug: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    seller = await (await newContext(browser, 'desktop')).newPage();
    sellerErrors = watchPageErrors(seller);
    await signInSeededSeller(seller, await seededShopName(seller));
    const list = await seller.request.get('/api/seller/products?status=active');
    // A seeded product, with its generated pictures (other journeys add products of this shop without any).
    const { products } = (await list.json()) as {
      products: { _id: number; slug: string; image: string | null }[];
    };
    product = products.find((row) => row.image?.endsWith('.svg'))!;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('uploads photos from files and makes the last one the cover from the keyboard', async () => {
    await seller.goto(`/seller/products/${product._id}`);
    await seller.getByRole('heading', { name: 'Photos' }).waitFor();
    await photoThumbnails(seller).first().waitFor();
    const seeded = await photoThumbnails(seller).count();

    await addPhotos(seller, await samplePhotos());
    const last = seeded + 2;
    await seller.getByRole('button', { name: `Set photo ${last} as cover` }).focus();
    await seller.keyboard.press('Enter');
    await expect
      .poll(() => photoThumbnails(seller).first().locator('img').getAttribute('src'))
      .toMatch(/^\/media\/u\/[a-z0-9]+-600x800\/600\.webp$/);
    await screenshot(seller, 'seller-photo-manager');
    expect(sellerErrors).toEqual([]);
  });

  it('shows shoppers the new cover as AVIF from a responsive picture, at once', async () => {
    const shopper = await (await newContext(browser, 'desktop')).newPage();
    const errors = watchPageErrors(shopper);
    await shopper.goto(`/product/details/${product.slug}`);
    await waitForApp(shopper);
    const main = shopper.getByTestId('gallery-main');
    await main.waitFor();
    const avif = await shopper.locator('picture:has([data-testid="gallery-main"]) source[type="image/avif"]');
    expect(await avif.getAttribute('srcset')).toMatch(/\/media\/u\/[a-z0-9]+-600x800\/320\.avif 320w, /);
    expect(await main.getAttribute('fetchpriority')).toBe('high');
    // Chromium takes the AVIF source, and it decodes.
    await expect
      .poll(() =>
        main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc),
      )
      .toMatch(/\.avif$/);
    expect(errors).toEqual([]);
  });

  it('deletes a photo after confirming, also on a phone', async () => {
    const phone = await newContext(browser, 'mobile');
    await phone.addCookies(await seller.context().cookies());
    const page = await phone.newPage();
    await page.goto(`/seller/products/${product._id}`);
    await photoThumbnails(page).first().waitFor();
    const count = await photoThumbnails(page).count();
    await page.getByRole('button', { name: 'Delete cover photo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this photo?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await photoThumbnails(page).count()).toBe(count);
    await page.getByRole('button', { name: 'Delete cover photo' }).click();
    await dialog.getByRole('button', { name: 'Delete photo' }).click();
    await expect.poll(() => photoThumbnails(page).count()).toBe(count - 1);
    // The other uploaded photo goes too: the seeded product is as it was for the other journeys.
    await page.getByRole('button', { name: `Delete photo ${count - 1}` }).click();
    await dialog.getByRole('button', { name: 'Delete photo' }).click();
    await expect.poll(() => photoThumbnails(page).count()).toBe(count - 2);
    expect(await photoThumbnails(page).locator('img[src^="/media/u/"]').count()).toBe(0);
    await page.getByRole('heading', { name: 'Photos' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'seller-photo-manager-390');
  });
});
