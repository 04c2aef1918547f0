/*
 * What a page the server renders (apps/server/src/web/pageRenderer.ts) carries for the web app to read before it
 * starts (apps/web/src/main.tsx, app/landingPages.ts, app/pageAnswers.ts). Zod-free, like limits.ts: read before the
 * app's code has loaded (`@bazaar/shared/pages`).
 */

/** The id of the `<script type="application/json">` element holding the catalogue answers the page was rendered from. */
export const PAGE_ANSWERS_ELEMENT = 'page-answers';

/**
 * A page's tab title and meta description: what the web app sets once the page shows its data, and what the server
 * writes into the HTML of a page it renders, so a crawler or a preview reads the page's own before any script runs.
 */
export interface PageHead {
  title: string;
  description: string;
}

/** A product or listing page rendered by the web build's server bundle (apps/web/src/prerender.tsx). */
export interface RenderedPageContent {
  html: string;
  /** Undefined when the page had nothing of its own to name (a product the answers do not hold). */
  head?: PageHead;
}
