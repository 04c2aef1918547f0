import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useHydrated } from '../../app/useHydrated';

/** Spec: on every route change the view scrolls to a fixed offset of 200 px. */
export const ROUTE_SCROLL_OFFSET = 200;

export function ScrollOnNavigate() {
  const { pathname } = useLocation();
  // The prerendered home page is already on screen, full height, when the app adopts it: scrolling it then would
  // pull half the hero out of view, so the page the visitor opened stays where the browser put it.
  const adoptingPrerenderedPage = !useHydrated();
  const scrolledFor = useRef(adoptingPrerenderedPage ? pathname : null);
  useEffect(() => {
    if (scrolledFor.current === pathname) return;
    scrolledFor.current = pathname;
    window.scrollTo({ top: ROUTE_SCROLL_OFFSET, left: 0 });
  }, [pathname]);
  return null;
}
