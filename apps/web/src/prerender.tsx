import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { Provider } from 'react-redux';
import { Route, Routes, StaticRouter } from 'react-router-dom';
import { createStore } from './app/store';
import { AccountMenu } from './features/auth';
import { App } from './App';
import { Layout } from './components/layout/Layout';
import { PageFallback } from './components/layout/PageFallback';

/*
 * Build-time rendering (scripts/prerender.ts) of what a signed-out visitor sees before any data arrives, so the
 * browser can paint it before the JavaScript has loaded.
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
