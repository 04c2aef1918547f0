import './index.css';
import { PAGE_ANSWERS_ELEMENT } from '@bazaar/shared/pages';
import { requestEarly } from './api/request';
import { LISTING_PATHS, listingRequestPath, readShopFilters } from './features/listing';

// A listing shows nothing useful until its products arrive: ask for them now, while the app's code still has to
// load, and let the app's own request take this answer (api/request.ts). A listing the server rendered came with
// them (app/pageAnswers.ts).
if (LISTING_PATHS.includes(location.pathname) && !document.getElementById(PAGE_ANSWERS_ELEMENT)) {
  requestEarly(listingRequestPath(readShopFilters(new URLSearchParams(location.search))));
}

/*
 * The HTML arrives already rendered (scripts/prerender.ts: the home page, or the app shell), so the browser can
 * paint it straight away. The app itself (React, the store, the routes) is evaluated only after that first
 * paint: evaluating it holds the main thread for a while, and downloading it first would compete with the page's
 * own stylesheet, fonts and pictures. Then all its chunks are requested at once. A tab opened in the background
 * paints nothing yet, so it starts at once.
 */
const start = () => {
  // Modulepreload links for the app's chunks, kept inert in a template until now (scripts/prerender.ts).
  const preloads = document.getElementById('app-preloads');
  if (preloads instanceof HTMLTemplateElement) document.head.append(preloads.content);
  void import('./start');
};
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start));
else start();
