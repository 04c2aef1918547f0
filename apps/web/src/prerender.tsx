import './serverGlobals';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { Provider } from 'react-redux';
import { Route, Routes, StaticRouter } from 'react-router-dom';
import { createStore } from './app/store';
import type { PageHead, RenderedPageContent } from '@bazaar/shared/pages';
import { seedPageAnswers, ServedAnswersProvider, type PageAnswers } from './app/pageAnswers';
import { PageHeadListener } from './app/pageHead';
import { bazaarApi } from './api/bazaarApi';
import { AccountMenu } from './features/auth';
import { App } from './App';
import { Layout } from './components/layout/Layout';
import { PageFallback } from './components/layout/PageFallback';

/*
 * Server-side rendering of what a signed-out visitor sees, so the browser can paint it before the JavaScript has
 * loaded: at build time (scripts/prerender.ts) the home page and the shell, before any data arrives; when asked
 * for (the server's web/pageRenderer.ts) a product or listing page from its catalogue answers.
 */

/** Waits for every lazy part (the route's page) before returning the markup. */
async function toHtml(element: ReactNode): Promise<string> {
  // Every boundary written in place: React otherwise moves a large one to the end of the document behind
  // 'loading...', to be swapped in by an inline script, which the page's CSP does not run.
  const { prelude } = await prerender(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}

function withStore(location: string, children: ReactNode) {
  return (
    <Provider store={createStore()}>
      <StaticRouter location={location}>{children}</StaticRouter>
    </Provider>
  );
}

/** The home page: header, hero (its first slide), section placeholders, footer. The app hydrates it. */
export function renderHome(): Promise<string> {
  return toHtml(withStore('/', <App />));
}

/** The shell every other route shows until its page has loaded: header, 'loading...', footer. Replaced, not hydrated. */
export function renderShell(): Promise<string> {
  return toHtml(
    withStore(
      '/',
      <Routes>
        <Route element={<Layout accountMenu={<AccountMenu />} />}>
          <Route path="*" element={<PageFallback />} />
        </Route>
      </Routes>,
    ),
  );
}

/**
 * A product or listing page at `location` (path and query) as the app renders it from `answers` (catalogue
 * answers by API path, app/pageAnswers.ts), which the page then carries for the app to adopt it, with the title and
 * description the page sets (app/pageHead.ts). A fresh store per page: nothing of one render reaches another, and
 * nothing about a visitor is in any.
 */
export async function renderPage(location: string, answers: PageAnswers): Promise<RenderedPageContent> {
  const store = createStore();
  await seedPageAnswers(store, answers);
  let head: PageHead | undefined;
  try {
    const html = await toHtml(
      <Provider store={store}>
        <ServedAnswersProvider value={new Set(Object.keys(answers))}>
          <PageHeadListener value={(pageHead) => (head = pageHead)}>
            <StaticRouter location={location}>
              <App />
            </StaticRouter>
          </PageHeadListener>
        </ServedAnswersProvider>
      </Provider>,
    );
    return { html, head };
  } finally {
    // Unsubscribed cache entries would otherwise keep the store alive on their expiry timers.
    store.dispatch(bazaarApi.util.resetApiState());
  }
}
