import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, watchPageErrors, waitForApp } from './browser';
import { productCount, updatesListing } from './listing';

/** A facet value's count, read from its accessible name ("Roadster, 12 products"). */
async function countOf(option: Locator): Promise<number> {
  const label = (await option.getAttribute('aria-label'))!;
  return Number(label.match(/, ([\d,]+) products?$/)![1].replace(/,/g, ''));
}

/** The names of the cards on the page, in order. */
const cardNames = (page: Page) =>
  page.getByRole('list', { name: 'Products' }).locator('article h3').allTextContents();

describe('listing facets: a shopper narrows the shop by brand, size and colour, shares it and goes back', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('filters by brand + size + colour with counts that add up, shares the URL, goes back and forth (desktop)', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    const errors = watchPageErrors(page);

    await updatesListing(page, () => page.goto('/shops'));
    await waitForApp(page);
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const total = await productCount(page);

    // Brand: the most common one; the listing then holds exactly the count it showed.
    const brand = filters.getByRole('region', { name: 'Brand' }).getByRole('checkbox').first();
    await brand.waitFor();
    const brandCount = await countOf(brand);
    const brandName = (await brand.getAttribute('aria-label'))!.split(',')[0];
    expect(brandCount).toBeLessThan(total);
    await updatesListing(page, () => brand.click());
    expect(new URL(page.url()).searchParams.get('brand')).toBe(brandName);
    expect(await productCount(page)).toBe(brandCount);

    // Size, where the brand's products have sizes: a size's count is the products with it in stock.
    const sizes = filters.getByRole('region', { name: 'Size' });
    let size: string | null = null;
    if (await sizes.isVisible()) {
      const chip = sizes.getByRole('button', { pressed: false, disabled: false }).first();
      const sizeCount = await countOf(chip);
      size = (await chip.getAttribute('aria-label'))!.match(/^Size (.+), /)![1];
      await updatesListing(page, () => chip.click());
      expect(new URL(page.url()).searchParams.get('size')).toBe(size);
      expect(await productCount(page)).toBe(sizeCount);
    }
    const beforeColour = await productCount(page);

    // Colour: the colour counts split the listing's products (each has one colour), and picking one leaves its count.
    const colourBoxes = filters.getByRole('region', { name: 'Colour' }).getByRole('checkbox');
    const colourCounts = await Promise.all((await colourBoxes.all()).map(countOf));
    expect(colourCounts.reduce((sum, count) => sum + count, 0)).toBe(beforeColour);
    const colour = colourBoxes.first();
    const colourCount = await countOf(colour);
    const colourName = (await colour.getAttribute('aria-label'))!.split(',')[0];
    await updatesListing(page, () => colour.click());
    expect(await productCount(page)).toBe(colourCount);
    // The brand's own count now answers "this brand in this colour (and size)": the listing's total.
    expect(await countOf(filters.getByRole('checkbox', { name: new RegExp(`^${brandName},`) }))).toBe(
      colourCount,
    );

    const applied = page.getByRole('group', { name: 'Applied filters' });
    expect(await applied.getByRole('button', { name: /^Remove filter/ }).count()).toBe(size ? 3 : 2);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'listing-facets-desktop');

    // Shared: the same URL in a new page shows the same list.
    const shared = page.url();
    const names = await cardNames(page);
    const other = await context.newPage();
    await updatesListing(other, () => other.goto(shared));
    expect(await productCount(other)).toBe(colourCount);
    expect(await cardNames(other)).toEqual(names);
    expect(
      await other
        .getByRole('complementary', { name: 'Filters' })
        .getByRole('checkbox', { name: new RegExp(`^${colourName},`) })
        .isChecked(),
    ).toBe(true);
    await other.close();

    // Back and forth: each step re-renders the list of its URL.
    await updatesListing(page, () => page.goBack());
    expect(new URL(page.url()).searchParams.has('colour')).toBe(false);
    expect(await productCount(page)).toBe(beforeColour);
    await updatesListing(page, () => page.goForward());
    expect(await productCount(page)).toBe(colourCount);

    // Removing a chip takes off that filter alone; Clear all the rest.
    await updatesListing(page, () =>
      applied.getByRole('button', { name: `Remove filter ${brandName}` }).click(),
    );
    expect(new URL(page.url()).searchParams.has('brand')).toBe(false);
    expect(new URL(page.url()).searchParams.get('colour')).toBe(colourName);
    await updatesListing(page, () => applied.getByRole('button', { name: 'Clear all' }).click());
    expect(await productCount(page)).toBe(total);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters in the phone sheet with Apply and the result count, and sorts from the sort sheet (mobile)', async () => {
    const context = await newContext(browser, 'mobile');
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await updatesListing(page, () => page.goto('/shops'));
    await waitForApp(page);
    const total = await productCount(page);

    await page.getByRole('button', { name: /^Filters/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    const discount = sheet.getByRole('radio', { name: /^30% and above/ });
    await discount.waitFor();
    const discountCount = await countOf(discount);
    await discount.click();
    const show = sheet.getByRole('button', {
      name: `Show ${discountCount.toLocaleString('en-IN')} products`,
    });
    await show.waitFor();
    await screenshot(page, 'listing-facets-mobile-sheet');
    expect(new URL(page.url()).searchParams.has('discount')).toBe(false);
    await updatesListing(page, () => show.click());
    expect(new URL(page.url()).searchParams.get('discount')).toBe('30');
    expect(await productCount(page)).toBe(discountCount);
    expect(discountCount).toBeLessThan(total);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'listing-facets-mobile');

    await page.getByRole('button', { name: /^Sort by:/ }).click();
    const sorts = page.getByRole('dialog', { name: 'Sort by' });
    await sorts.getByRole('radio', { name: 'Better Discount' }).waitFor();
    await screenshot(page, 'listing-facets-mobile-sort');
    await updatesListing(page, () => sorts.getByRole('radio', { name: 'Better Discount' }).click());
    expect(new URL(page.url()).searchParams.get('sort')).toBe('discount');
    const discounts = await page
      .getByRole('list', { name: 'Products' })
      .locator('article')
      .evaluateAll((nodes) => nodes.map((node) => node.textContent!.match(/(\d+)% off/i)?.[1] ?? '0'));
    const percents = discounts.map(Number);
    expect(percents).toEqual([...percents].sort((a, b) => b - a));
    for (const percent of percents) expect(percent).toBeGreaterThanOrEqual(30);
    expect(errors).toEqual([]);
    await context.close();
  });
});
