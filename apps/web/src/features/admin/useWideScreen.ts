import { useSyncExternalStore } from 'react';

/** Tailwind's `md`: from here the seller queue is a table, below it a list of cards. */
const WIDE = '(min-width: 768px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the screen is wide enough for the dense table. The queue renders one layout only (not both with one
 * hidden by CSS), so each seller's details, decisions and commission form exist once on the page.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}
