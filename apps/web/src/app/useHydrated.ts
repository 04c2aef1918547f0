import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False while React adopts the prerendered markup of a page (and in the prerender itself), true afterwards and
 * on every ordinary client render. Parts that only make sense in a browser (sliders) render their stand-in until
 * then, so the adopted markup matches what the prerender produced.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
