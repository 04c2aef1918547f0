import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** Spec: on every route change the view scrolls to a fixed offset of 200 px. */
export const ROUTE_SCROLL_OFFSET = 200;

export function ScrollOnNavigate() {
  const { pathname } = useLocation();
  // The page a visit opens on is not a route change: it stays where the browser puts it, at the top (the prerendered
  // home page and a preloaded landing page are full height at once, so scrolling them would hide their top).
  const scrolledFor = useRef(pathname);
  useEffect(() => {
    if (scrolledFor.current === pathname) return;
    scrolledFor.current = pathname;
    window.scrollTo({ top: ROUTE_SCROLL_OFFSET, left: 0 });
  }, [pathname]);
  return null;
}
