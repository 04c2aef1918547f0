import type { Page } from 'playwright-core';

/* The shop listing as the journeys drive it: waiting for the list of the URL it is on, and reading its count. */

/**
 * Runs an action that changes the listing's URL, then waits until the page shows the answer for the URL it ended
 * on (see listingShowsUrl).
 */
export async function updatesListing(
  page: Page,
  action: () => Promise<unknown>,
  { sameUrl = false }: { sameUrl?: boolean } = {},
): Promise<void> {
  const before = sameUrl ? '' : page.url();
  await action();
  await listingShowsUrl(page, before);
}

/**
 * Waits until the URL differs from `previous` and the count heading was rendered for the current query string and
 * is no longer busy. A URL alone is not enough: it changes before the list re-renders for it.
 */
export async function listingShowsUrl(page: Page, previous = ''): Promise<void> {
  await page.waitForFunction((before) => {
    const count = document.querySelector('[data-testid="product-count"]');
    return (
      location.href !== before &&
      count?.getAttribute('aria-busy') === 'false' &&
      count.getAttribute('data-search') === new URLSearchParams(location.search).toString()
    );
  }, previous);
}

export async function productCount(page: Page): Promise<number> {
  return Number(
    (await page.getByTestId('product-count').textContent())!.match(/^([\d,]+)/)![1].replace(/,/g, ''),
  );
}
