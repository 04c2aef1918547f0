import { startTransition, StrictMode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { TOKEN_KEY } from './api/request';
import { whenEngaged } from './app/engagement';
import { loadPageAnswers, preloadLandingPage } from './app/landingPages';

// Listen for the shopper's first tap, pointer move or key press from the start (sliders wait for it).
void whenEngaged();

/**
 * Starts the app in the page main.tsx loaded. React DOM, the store, the routes and the page being opened are
 * dynamic imports fetched together: the browser evaluates each module graph as it arrives, in its own task, where
 * one static graph was a single long task that kept the page from answering input.
 *
 * The server sends the home page prerendered at build time (scripts/prerender.ts marks it data-prerendered="/"),
 * and product and listing pages rendered when asked for (apps/server/src/web/pageRenderer.ts, marked with their
 * path): React adopts that markup instead of building it again (for visitors; see `adoptable`). Other routes arrive with
 * the static app shell (header, 'loading...', footer), which the first render replaces. Either way the rendering
 * runs as a transition, which React splits into short slices.
 */
async function start() {
  const [{ createRoot, hydrateRoot }, { store }, { App }, pageAnswers] = await Promise.all([
    import('react-dom/client'),
    import('./app/store'),
    import('./App'),
    loadPageAnswers(),
    preloadLandingPage(location.pathname),
  ]);
  const container = document.getElementById('root')!;
  let routes = (
    <BrowserRouter>
      <App />
    </BrowserRouter>
  );
  // A product or listing page the server rendered carries the answers it was rendered from: in the store first,
  // so the app's first render is the server's, and its pages told which came with it.
  if (pageAnswers) {
    const answers = pageAnswers.readPageAnswers() ?? {};
    await pageAnswers.seedPageAnswers(store, answers);
    routes = (
      <pageAnswers.ServedAnswersProvider value={new Set(Object.keys(answers))}>
        {routes}
      </pageAnswers.ServedAnswersProvider>
    );
  }
  const app = (
    <StrictMode>
      <Provider store={store}>{routes}</Provider>
    </StrictMode>
  );
  // The prerender shows what a visitor sees; a signed-in shopper's header differs (name, counts), so their page is
  // rendered afresh rather than adopted, which would trip over the difference.
  const adoptable = container.dataset.prerendered === location.pathname && !localStorage.getItem(TOKEN_KEY);
  if (adoptable) {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    startTransition(() => {
      createRoot(container).render(app);
    });
  }
}

void start();
