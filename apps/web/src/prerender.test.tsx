import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { ProductDetailsResponse, ProductDto } from '@bazaar/shared';
import { listingRequestPath, readShopFilters } from '@bazaar/shared/listing';
import { LANDING_PAGES } from './app/landingPages';
import { seedPageAnswers, ServedAnswersProvider, type PageAnswers } from './app/pageAnswers';
import { createStore } from './app/store';
import { deliverableTo, kurtaDetails, kurtaDto, kurtaVariant } from './testing/catalogue';
import { fakeApi } from './testing/fakeApi';
import { App } from './App';
import { renderPage } from './prerender';

/*
 * A page the server renders is adopted by the app in the shopper's browser, some time later (the server keeps a
 * rendered page while its answers last) and with the browser's own state: whatever the first client render shows
 * that the server's did not (a clock-dependent badge, a remembered pincode) makes React throw the markup away
 * (errors #418/#423) and render the page again. Rendered here as the server does (prerender.tsx), then adopted as
 * start.tsx does, with the clock moved on and a browser that has used the shop before.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const RENDERED_AT = Date.parse('2026-11-28T23:50:00Z');
/** When the browser adopts the page: two days on (past midnight, and past a new arrival's 30 days). */
const ADOPTED_AT = RENDERED_AT + 2 * DAY_MS;

/** A product listed 29 days before the page was rendered: new then, no longer new when the page is adopted. */
const listed: Partial<ProductDto> = {
  price: 123456,
  stock: 3,
  rating: 4.25,
  createdAt: new Date(RENDERED_AT - 29 * DAY_MS).toISOString(),
};
const product = kurtaDto(listed);

const productAnswer: ProductDetailsResponse = {
  product: kurtaDetails([kurtaVariant(21, 'S', 1), kurtaVariant(22, 'M', 2)], listed),
  relatedProducts: [kurtaDto({ ...listed, _id: 12, slug: 'cotton-kurta', name: 'Cotton Kurta' })],
  similarProducts: [],
  moreProducts: [],
};

const categories = {
  categorys: [{ _id: 1, name: 'Womens', slug: 'womens', image: '' }],
};
const subcategoryGroups = {
  gkSubcategory: [{ categoryName: 'Womens', data: [{ _id: 2, name: 'Kurtas', slug: 'kurtas', image: '' }] }],
};

/** What the browser asks for once the page is the app's: answered, none of them the page's own answers. */
function serveTheRest() {
  return fakeApi({
    'GET /home/get-categorys': () => categories,
    'GET /home/get_subcategory_newlist': () => subcategoryGroups,
    'GET /home/price-range-latest-product': () => ({
      latest_product: [],
      priceRange: { low: 0, high: 200000 },
    }),
    'GET /home/customer/get-reviews/11': () => ({ reviews: [], totalReview: 0, rating_review: [] }),
    'GET /home/delivery-estimate': () => deliverableTo('560001', product._id),
  });
}

/** jsdom lays nothing out: every deferred block (DeferUntilNear) is near the screen. */
class EverythingVisible {
  constructor(private readonly report: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    this.report([{ isIntersecting: true }]);
  }
  disconnect() {}
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  delete document.documentElement.dataset.appReady;
});

/**
 * Renders `location` from `answers` as the server does, then adopts the markup in this browser as start.tsx does,
 * after `browserState` has set up what a returning shopper's browser holds. Resolves with what React reported.
 */
async function renderThenAdopt(location: string, answers: PageAnswers, browserState: () => void) {
  vi.setSystemTime(RENDERED_AT);
  const { html } = await renderPage(location, answers);
  // The server renderer leaves the context values of its last render in place (a server never renders anything
  // else); one more render at the top level takes them back, so the browser's renderer starts from none. React's
  // development build still notes that two renderers took turns with the same contexts, which only this test does.
  await prerender(<></>);
  const consoleError = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('Detected multiple renderers concurrently')) consoleError(...args);
  });

  vi.setSystemTime(ADOPTED_AT);
  vi.stubGlobal('IntersectionObserver', EverythingVisible);
  browserState();
  window.history.replaceState(null, '', location);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  const calls = serveTheRest();
  const store = createStore();
  // Every landing page's code, which start.tsx loads for the page opened and App for the others: loaded before
  // adopting the page, so the app's first moments on two busy cores are not spent compiling them.
  await Promise.all(LANDING_PAGES.map(({ Page }) => Page.preload()));
  await seedPageAnswers(store, answers);
  const reported: unknown[] = [];
  const root = hydrateRoot(
    container,
    <Provider store={store}>
      <ServedAnswersProvider value={new Set(Object.keys(answers))}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </ServedAnswersProvider>
    </Provider>,
    {
      onRecoverableError: (error) => reported.push(error),
      onUncaughtError: (error) => reported.push(error),
      onCaughtError: (error) => reported.push(error),
    },
  );
  onTestFinished(() => {
    root.unmount();
    container.remove();
  });
  await waitFor(() => expect(document.documentElement.dataset.appReady).toBe('true'));
  return { reported, calls };
}

describe('server-rendered pages adopted later, in a browser with its own state', () => {
  it('adopts a product page as rendered, then shows what is this browser’s (its pincode’s delivery date)', async () => {
    const apiPath = '/home/get-product/silk-kurta';
    const { reported, calls } = await renderThenAdopt(
      '/product/details/silk-kurta',
      { [apiPath]: productAnswer },
      () => localStorage.setItem('bazaar.pincode', '560001'),
    );
    await screen.findByText('Delivery by Thu, 3 Dec');
    expect(reported).toEqual([]);
    expect(calls.map((call) => call.path)).not.toContain(apiPath);
  });

  it('adopts a listing as rendered, then drops the new-arrival badge of a product no longer new', async () => {
    const listingPath = listingRequestPath(readShopFilters(new URLSearchParams('sort=low-to-high')));
    const answers = {
      [listingPath]: {
        products: [product],
        totalProduct: 1,
        parPage: 12,
        facets: { brand: [{ value: 'Loom', count: 1 }], size: [], colour: [], discount: [] },
      },
      '/home/get-categorys': categories,
      '/home/get_subcategory_newlist': subcategoryGroups,
    };
    const { reported, calls } = await renderThenAdopt('/shops?sort=low-to-high', answers, () => {});
    await screen.findByRole('heading', { level: 3, name: 'Silk Kurta' });
    await waitFor(() => expect(screen.getByTestId('product-count')).toHaveAttribute('data-search'));
    expect(screen.queryByText('New')).toBeNull();
    expect(reported).toEqual([]);
    expect(calls.map((call) => call.path)).not.toContain(listingPath);
  });
});
