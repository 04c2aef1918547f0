import { useEffect } from 'react';

/** How many open surfaces (drawer, mobile search) currently want the page frozen. */
let activeLocks = 0;
let savedOverflow = '';

/**
 * Locks page scrolling while `active` is true. Locks are counted, so the drawer and the search overlay can
 * overlap without one unlocking the page under the other.
 */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    if (activeLocks === 0) {
      savedOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    activeLocks += 1;
    return () => {
      activeLocks -= 1;
      if (activeLocks === 0) document.body.style.overflow = savedOverflow;
    };
  }, [active]);
}
