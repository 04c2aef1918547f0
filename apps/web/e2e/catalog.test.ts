import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { discountedPrice } from '@bazaar/shared';
import { baseUrl, launchBrowser, newContext, screenshot, watchPageErrors, waitForApp } from './browser';
import { listingShowsUrl, productCount, updatesListing } from './listing';

interface ProductDto {
  _id: number;
  slug: string;
  name: string;
}

async function apiGet<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`);
  expect(response.ok, `GET ${path}`).toBe(true);
  return (await response.json()) as T;
}

/** ₹1,29,999 → 129999 */
const rupees = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** The selling prices of the cards on the page, in display order (read from each price's spoken label). */
async function cardPrices(page: Page): Promise<number[]> {
  const labels = await page
    .getByRole('list', { name: 'Products' })
    .locator('article .sr-only')
    .filter({ hasText: /^Price / })
    .allTextContents();
  return labels.map((label) => rupees(label.match(/^Price (₹[\d,]+)/)![1]));
}

async function cardRatings(page: Page): Promise<number[]> {
  const articles = page.getByRole('list', { name: 'Products' }).locator('article');
  return (await articles.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-rating')))).map(
    Number,
  );
}

async function searchFromHeader(page: Page, input: Locator): Promise<void> {
  await input.fill('kurta');
  const suggestions = page.getByRole('listbox', { name: 'Search suggestions' });
  await suggestions.waitFor();
  const options = suggestions.getByRole('option');
  await options.first().waitFor();
  expect(await options.count()).toBeGreaterThan(0);
  expect((await options.allTextContents()).some((text) => /kurta/i.test(text))).toBe(true);
  await updatesListing(page, () => input.press('Enter'));
  await page.waitForURL(
    (url) => url.pathname === '/products/search' && url.searchParams.get('value') === 'kurta',
  );
  await page.getByRole('heading', { level: 1, name: 'Results for “kurta”' }).waitFor();
  expect(await productCount(page)).toBeGreaterThan(0);
  const names = await page.getByRole('list', { name: 'Products' }).locator('article h3').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  expect(names.filter((name) => /kurta/i.test(name)).length, names.join(' | ')).toBeGreaterThanOrEqual(
    Math.ceil(names.length / 2),
  );
  expect(names[0]).toMatch(/kurta/i);
}

describe('catalogue: a visitor browses, filters, reads reviews and searches', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('goes home → subcategory → price, rating and sort filters → product → reviews page 2 → header search (desktop)', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    const errors = watchPageErrors(page);

    // Home: the hero carousel with its fixed slides, bullets and arrows, advancing on its own.
    await page.goto('/');
    await waitForApp(page);
    const hero = page.getByRole('region', { name: 'Featured collections' });
    await hero.getByRole('heading', { name: 'Summer Collection' }).waitFor();
    expect(await hero.getByRole('link', { name: /Shop Now/ }).getAttribute('href')).toBe('/shops');
    // The first slide arrives as prerendered markup; Swiper (bullets, arrows, autoplay) takes over once the
    // shopper engages with the page or a few seconds after it has loaded.
    await hero.locator('.swiper-pagination-bullet').first().waitFor();
    expect(await hero.locator('.swiper-pagination-bullet').count()).toBe(5);
    expect(await hero.locator('.swiper-button-next').isVisible()).toBe(true);
    const activeHeading = () =>
      hero.locator('.swiper-slide-active h1, .swiper-slide-active h2').textContent();
    const firstActive = await activeHeading();
    await page.waitForFunction(
      (first) =>
        document.querySelector('.hero-carousel .swiper-slide-active :is(h1,h2)')?.textContent !== first,
      firstActive,
      { timeout: 12_000 },
    );
    await page.getByRole('heading', { name: "Hottest Mens Fashion Trends You Can't Miss" }).waitFor();
    await page.getByRole('heading', { name: "Wardrobe Upgrades Must-Have Men's Picks" }).waitFor();
    await page.getByRole('region', { name: 'Latest Products' }).getByRole('link').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'catalog-home-desktop');

    // A subcategory card opens the listing with that category pre-selected.
    const mensSection = page.getByRole('region', { name: "Hottest Mens Fashion Trends You Can't Miss" });
    const card = mensSection.getByRole('link', { name: /^Shop / }).first();
    const cardLabel = (await card.getAttribute('aria-label'))!.replace(/^Shop /, '');
    await updatesListing(page, () => card.click());
    await page.waitForURL(/\/shops\?category=\d+$/);
    const filters = page.getByRole('complementary', { name: 'Filters' });
    expect(await filters.getByRole('checkbox', { name: cardLabel, exact: true }).isChecked()).toBe(true);
    await page.getByRole('heading', { level: 1, name: cardLabel }).waitFor();
    const categoryTotal = await productCount(page);
    expect(categoryTotal).toBeGreaterThan(0);

    // Price: lower the maximum with the keyboard (Page Down for big moves, arrows for steps of 5) until the
    // category's most expensive product falls outside; the URL, the request and the cards follow.
    const categoryId = new URL(page.url()).searchParams.get('category');
    const { products: dearestFirst } = await apiGet<{
      products: (ProductDto & { price: number; discount: number })[];
    }>(`/home/query-products?category=${categoryId}&sortPrice=high-to-low`);
    const ceiling = discountedPrice(dearestFirst[0].price, dearestFirst[0].discount) - 1;
    const maxThumb = filters.getByRole('slider', { name: 'Maximum price' });
    const topPrice = Number(await maxThumb.getAttribute('max'));
    const pageStep = (topPrice - Number(await maxThumb.getAttribute('min'))) / 10;
    await maxThumb.focus();
    await updatesListing(page, async () => {
      for (let press = 0; press < 500 && Number(await maxThumb.inputValue()) > ceiling; press += 1) {
        await page.keyboard.press(
          Number(await maxThumb.inputValue()) - pageStep > ceiling ? 'PageDown' : 'ArrowLeft',
        );
      }
    });
    const chosenHigh = Number(await maxThumb.inputValue());
    expect(chosenHigh).toBeLessThan(topPrice);
    expect(chosenHigh % 5).toBe(0);
    // A pause between key presses may have committed a range on the way, and updatesListing returns on the listing
    // for that one; the chosen maximum is committed a moment later, and its list is what is counted.
    await page.waitForURL((url) => url.searchParams.get('high') === String(chosenHigh));
    await listingShowsUrl(page);
    expect(await productCount(page)).toBeLessThan(categoryTotal);
    for (const price of await cardPrices(page)) expect(price).toBeLessThanOrEqual(chosenHigh);

    // Rating: 3 stars and up keeps the price limit.
    await updatesListing(page, () => filters.getByRole('button', { name: '3 stars and up' }).click());
    await page.waitForURL(
      (url) => url.searchParams.get('rating') === '3' && url.searchParams.get('high') === String(chosenHigh),
    );
    for (const rating of await cardRatings(page)) expect(rating).toBeGreaterThanOrEqual(3);
    expect(await filters.getByRole('button', { name: '3 stars and up' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    // Sort low → high: the prices on the page ascend.
    await updatesListing(page, () =>
      page.getByRole('combobox', { name: 'Sort by' }).selectOption('low-to-high'),
    );
    await page.waitForURL((url) => url.searchParams.get('sort') === 'low-to-high');
    const sorted = await cardPrices(page);
    expect(sorted.length).toBeGreaterThan(1);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'catalog-listing-desktop');

    // Back keeps the earlier filters (they live in the URL).
    await updatesListing(page, () => page.goBack());
    await page.waitForURL((url) => !url.searchParams.has('sort') && url.searchParams.get('rating') === '3');
    await updatesListing(page, () => page.goForward());
    await page.waitForURL((url) => url.searchParams.get('sort') === 'low-to-high');

    // Open a product from the list that has more than one page of reviews.
    const slugs = await page
      .getByRole('list', { name: 'Products' })
      .locator('article h3 a')
      .evaluateAll((links) =>
        links.map((link) => decodeURIComponent(link.getAttribute('href')!.split('/').pop()!)),
      );
    let target: { slug: string; name: string; totalReview: number } | undefined;
    for (const slug of slugs) {
      const { product } = await apiGet<{ product: ProductDto }>(
        `/home/get-product/${encodeURIComponent(slug)}`,
      );
      const { totalReview } = await apiGet<{ totalReview: number }>(
        `/home/customer/get-reviews/${product._id}?pageNo=1`,
      );
      if (totalReview > 5) {
        target = { slug, name: product.name, totalReview };
        break;
      }
    }
    expect(target, 'a listed product with more than 5 reviews').toBeDefined();
    await page
      .getByRole('list', { name: 'Products' })
      .getByRole('link', { name: target!.name, exact: true })
      .first()
      .click();
    await page.waitForURL(`**/product/details/${encodeURIComponent(target!.slug)}`);
    await page.getByRole('heading', { level: 1, name: target!.name }).waitFor();
    await page.getByRole('button', { name: 'Add To Cart' }).waitFor();

    // Reviews tab: summary, 5 reviews, then page 2.
    await page.getByRole('tab', { name: /^Reviews/ }).click();
    const panel = page.getByRole('tabpanel', { name: /^Reviews/ });
    await panel
      .getByTestId('review-count')
      .filter({ hasText: `${target!.totalReview} reviews` })
      .waitFor();
    const reviewList = panel.getByTestId('review-list');
    await reviewList.locator('li').first().waitFor();
    expect(await reviewList.locator('li').count()).toBe(5);
    const firstPage = await reviewList.locator('li').allTextContents();
    // A review's date, e.g. 2 Nov 2026; en-IN shortens September to Sept.
    expect(firstPage[0]).toMatch(/\d{1,2} [A-Z][a-z]{2,3} \d{4}/);
    await panel
      .getByRole('navigation', { name: 'Review pages' })
      .getByRole('button', { name: 'Page 2' })
      .click();
    await panel
      .getByRole('navigation', { name: 'Review pages' })
      .locator('[aria-current="page"]', { hasText: '2' })
      .waitFor();
    await page.waitForFunction((before) => {
      const items = [...document.querySelectorAll('[data-testid="review-list"] li')].map(
        (li) => li.textContent,
      );
      return items.length > 0 && items.join('|') !== before;
    }, firstPage.join('|'));
    const secondPage = await reviewList.locator('li').allTextContents();
    expect(secondPage.length).toBe(Math.min(5, target!.totalReview - 5));
    expect(secondPage.some((review) => firstPage.includes(review))).toBe(false);
    await panel.getByRole('link', { name: 'Login to review' }).waitFor();
    await page.getByRole('tab', { name: 'Description' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'catalog-product-desktop');

    // Header search with suggestions.
    await searchFromHeader(
      page,
      page.locator('header').getByRole('combobox', { name: /search for products/i }),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone: home, filter drawer, product page and the mobile search overlay', async () => {
    const context = await newContext(browser, 'mobile');
    const page = await context.newPage();
    const errors = watchPageErrors(page);

    await page.goto('/');
    await waitForApp(page);
    await page
      .getByRole('region', { name: 'Featured collections' })
      .getByRole('heading', { name: 'Summer Collection' })
      .waitFor();
    await page.getByRole('heading', { name: "Hottest Mens Fashion Trends You Can't Miss" }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'catalog-home-mobile');

    await updatesListing(page, () => page.goto('/shops'));
    const total = await productCount(page);
    expect(await page.getByRole('complementary', { name: 'Filters' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.waitFor();
    // The sheet's changes are a draft the server counts; Apply ("Show N products") puts them in the URL.
    await drawer.getByRole('button', { name: '4 stars and up' }).click();
    const show = drawer.getByRole('button', { name: /^Show [\d,]+ products?$/ });
    const shown = async () => Number((await show.textContent())!.replace(/[^\d]/g, ''));
    await expect.poll(shown).toBeLessThan(total);
    expect(new URL(page.url()).searchParams.has('rating')).toBe(false);
    const promised = await shown();
    await updatesListing(page, () => show.click());
    await page.waitForURL((url) => url.searchParams.get('rating') === '4');
    expect(await productCount(page)).toBe(promised);
    await drawer.waitFor({ state: 'detached' });
    for (const rating of await cardRatings(page)) expect(rating).toBeGreaterThanOrEqual(4);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'catalog-listing-mobile');

    // Reload keeps the filter.
    await updatesListing(page, () => page.reload(), { sameUrl: true });
    expect(new URL(page.url()).searchParams.get('rating')).toBe('4');

    const firstName = (await page
      .getByRole('list', { name: 'Products' })
      .locator('article h3')
      .first()
      .textContent())!;
    await page
      .getByRole('list', { name: 'Products' })
      .getByRole('link', { name: firstName, exact: true })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: firstName }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'catalog-product-mobile');

    await page.locator('header').getByRole('button', { name: 'Open search' }).click();
    const overlay = page.getByRole('dialog', { name: 'Search products' });
    await overlay.waitFor();
    await searchFromHeader(page, overlay.getByRole('combobox'));
    expect(errors).toEqual([]);
    await context.close();
  });
});
