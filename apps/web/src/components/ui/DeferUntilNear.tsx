import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * How far below (or above) the screen a deferred block starts rendering: half a screenful on a phone, so a
 * shopper scrolling normally never sees the placeholder.
 */
const DEFAULT_MARGIN = '400px 0px';

/**
 * Renders `children` only once the spot comes near the viewport; until then `placeholder` holds the same space.
 * Long pages (the home page's rails) would otherwise build and measure every slider at load, on the main thread,
 * before the shopper can interact. Once shown, the children stay mounted.
 */
export function DeferUntilNear({
  children,
  placeholder,
  rootMargin = DEFAULT_MARGIN,
}: {
  children: ReactNode;
  placeholder: ReactNode;
  rootMargin?: string;
}) {
  const anchor = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = anchor.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        // A transition renders in small slices, so mounting a rail never blocks scrolling or typing for long.
        startTransition(() => setNear(true));
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, rootMargin]);

  if (near) return <>{children}</>;
  return <div ref={anchor}>{placeholder}</div>;
}
