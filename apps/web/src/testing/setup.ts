/**
 * Setup of the `component` Vitest project: jest-dom's matchers, Testing Library's wait ceiling, the media queries jsdom lacks (react-hot-toast asks
 * whether motion is reduced), and an empty document and toast queue before every test.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach } from 'vitest';

// findBy…/waitFor give up after 1 s by default, less than a re-render can take on two busy cores; still a ceiling.
configure({ asyncUtilTimeout: 5_000 });

window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) satisfies MediaQueryList;

afterEach(() => {
  cleanup();
  toast.remove();
});
