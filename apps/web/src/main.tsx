import './index.css';

/*
 * The HTML arrives already rendered (scripts/prerender.ts: the home page, or the app shell), so the browser can
 * paint it straight away. The app itself (React, the store, the routes) is evaluated only after that first
 * paint: evaluating it holds the main thread for a while, and downloading it first would compete with the page's
 * own stylesheet, fonts and pictures. A tab opened in the background paints nothing yet, so it starts at once.
 */
const start = () => void import('./start');
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start));
else start();
