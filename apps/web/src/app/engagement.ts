import { useEffect, useState } from 'react';

/**
 * Signs that the shopper is using the page. Not `scroll`: the app scrolls by itself on route changes, and a
 * shopper's own scrolling starts with a wheel, touch, key or pointer event anyway.
 */
const ENGAGEMENT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;
/** When nobody has touched the page, how long after its load event it counts as engaged anyway. */
const ENGAGED_AFTER_LOAD_MS = 4000;

let engaged = false;
let whenEngagedPromise: Promise<void> | undefined;

/**
 * Resolves at the shopper's first tap, wheel turn, pointer move or key press, or a few seconds after the page has
 * loaded if none comes. Work that only matters once someone uses the page (building sliders, turning the hero)
 * waits for it, so it stays out of the way while the page is still arriving.
 */
export function whenEngaged(): Promise<void> {
  whenEngagedPromise ??= new Promise<void>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const armTimer = () => {
      timer = setTimeout(done, ENGAGED_AFTER_LOAD_MS);
    };
    function done() {
      clearTimeout(timer);
      window.removeEventListener('load', armTimer);
      ENGAGEMENT_EVENTS.forEach((type) => window.removeEventListener(type, done, true));
      engaged = true;
      resolve();
    }
    ENGAGEMENT_EVENTS.forEach((type) =>
      window.addEventListener(type, done, { capture: true, passive: true }),
    );
    if (document.readyState === 'complete') armTimer();
    else window.addEventListener('load', armTimer);
  });
  return whenEngagedPromise;
}

/** `whenEngaged` as component state: false until the shopper has engaged (always false in the prerender). */
export function useEngaged(): boolean {
  const [isEngaged, setEngaged] = useState(() => engaged);
  useEffect(() => {
    if (isEngaged) return;
    let current = true;
    void whenEngaged().then(() => current && setEngaged(true));
    return () => {
      current = false;
    };
  }, [isEngaged]);
  return isEngaged;
}
