import { Suspense, type ReactNode } from 'react';
import { PageFallback } from './PageFallback';

/**
 * A lazily loaded page in a Suspense boundary of its own, keyed by its route. The router renders a navigation as a
 * transition, and React keeps an already shown boundary's old content on screen while the next page's code loads:
 * the old page stayed up with no sign of loading. A new boundary shows the spec's 'loading...' at once instead.
 * The landing pages have none: the prerendered home page must hydrate in one piece (a boundary hydrates later, when
 * the store may already hold data the markup does not show), and App preloads them.
 */
export const routePage = (route: string, element: ReactNode) => (
  <Suspense key={route} fallback={<PageFallback />}>
    {element}
  </Suspense>
);
