import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Spec: on every route change the view scrolls to a fixed offset of 200 px. */
export const ROUTE_SCROLL_OFFSET = 200;

export function ScrollOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: ROUTE_SCROLL_OFFSET, left: 0 });
  }, [pathname]);
  return null;
}
