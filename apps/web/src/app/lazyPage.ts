import { createElement, lazy, type ComponentType } from 'react';

/**
 * A route page loaded on demand, like `React.lazy`, plus `preload()`: once preloaded, the page renders at once
 * instead of suspending for a tick, which lets the app adopt a prerendered page without passing through the
 * 'loading...' fallback.
 */
export function lazyPage<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  let loaded: ComponentType<Props> | undefined;
  const Lazy = lazy(load);
  function Page(props: Props) {
    return createElement(loaded ?? Lazy, props);
  }
  Page.preload = async () => {
    loaded = (await load()).default;
  };
  return Page;
}
