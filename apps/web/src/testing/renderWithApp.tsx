import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import { render } from '@testing-library/react';
import { createStore } from '../app/store';

/** Shows the path the app is on (and its query string), so a test can wait for a page to send the shopper elsewhere. */
function CurrentPath() {
  const location = useLocation();
  return (
    <>
      <output aria-label="Current path">{location.pathname}</output>
      <output aria-label="Current query">{location.search}</output>
    </>
  );
}

/**
 * Renders a page as the app would hold it: a fresh real store (its RTK Query API slice included, so pages fetch
 * through fetch, which `fakeApi` answers), a router at `path` (which may carry a query string; with the
 * navigation `state` pages receive) and the toaster, plus the current path for tests that follow a redirect.
 * `route` is the page's route pattern when it reads parameters from the path (`/product/details/:slug`); by
 * default the path itself.
 */
export function renderWithApp(
  page: ReactElement,
  { path: url = '/', route, state }: { path?: string; route?: string; state?: unknown } = {},
) {
  const [path, query] = url.split('?');
  const search = query === undefined ? '' : `?${query}`;
  const store = createStore();
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[{ pathname: path, search, state }]}>
        <Routes>
          <Route path={route ?? path} element={page} />
          <Route path="*" element={null} />
        </Routes>
        <CurrentPath />
      </MemoryRouter>
      <Toaster />
    </Provider>,
  );
  return { store, ...view };
}
