import { matchPath } from 'react-router-dom';
import { PAGE_ANSWERS_ELEMENT } from '@bazaar/shared/pages';
import { LISTING_PATHS } from '../features/listing';
import { lazyPage } from './lazyPage';

const HomePage = lazyPage(() => import('../features/home/HomePage'));
const ShopPage = lazyPage(() => import('../features/listing/ShopPage'));
const ProductDetailsPage = lazyPage(() => import('../features/product/ProductDetailsPage'));

/**
 * The routes visits usually start on (from search engines, shared links, the prerendered home page), with their
 * pages. App renders these routes from this list; start.tsx loads the page of the one being opened together with
 * the rest of the app instead of after it.
 */
export const LANDING_PAGES = [
  { path: '/', Page: HomePage },
  ...LISTING_PATHS.map((path) => ({ path, Page: ShopPage })),
  { path: '/product/details/:slug', Page: ProductDetailsPage },
];

/** Starts loading the page for `pathname` if it is a landing page; resolves once it can render without waiting. */
export function preloadLandingPage(pathname: string): Promise<void> {
  const landing = LANDING_PAGES.find(({ path }) => matchPath(path, pathname));
  return landing ? landing.Page.preload() : Promise.resolve();
}

/**
 * What start.tsx needs to adopt a page the server rendered (a product or listing page carrying the answers it was
 * rendered from), or undefined for any other document. Loaded only then: it comes with the product and listing
 * pages' chunk, which such a page loads anyway, and stays out of the home page's first download.
 */
export function loadPageAnswers(): Promise<typeof import('./pageAnswers') | undefined> {
  return document.getElementById(PAGE_ANSWERS_ELEMENT) ? import('./pageAnswers') : Promise.resolve(undefined);
}
