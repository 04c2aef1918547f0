import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compressBody } from '../cache/responseCache';
import { LruCache } from '../cache/lru';
import type { Encoding } from '../http/encoding';

/** What the web build's server bundle offers (apps/web/src/prerender.tsx). */
interface ServerBuild {
  renderPage(location: string, answers: Record<string, unknown>): Promise<string>;
}

/** A rendered page, with its compressed forms made on first demand and kept with it. */
export interface RenderedPage {
  html: string;
  encoded: Partial<Record<Encoding, Buffer>>;
}

const ROOT_ELEMENT = '<div id="root"></div>';
/** The id the web app reads the answers from (apps/web/src/app/pageAnswers.ts). */
const PAGE_ANSWERS_ELEMENT = 'page-answers';
const MAX_PAGES = 2_000;
const MAX_BYTES = 64 * 1024 * 1024;
/** Rendered pages are named by what they were rendered from, so this only bounds how long an unused one stays. */
const KEEP_MS = 10 * 60 * 1000;

/**
 * JSON that can sit inside a `<script type="application/json">`: no `<` (so no `</script>` or `<!--` in a product
 * name can end the element or start a comment), and no `>` or `&`, which the JSON keeps as escapes.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** The markup the app adopts, then the answers it was rendered from (inert data, so the strict CSP holds). */
export function pageDocument(template: string, pathname: string, html: string, answersJson: string): string {
  const root = `<div id="root" data-prerendered="${pathname.replace(/[&"<>]/g, '')}">${html}</div>`;
  const answers = `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT}">${answersJson}</script>`;
  return template.replace(ROOT_ELEMENT, () => root + answers);
}

interface LoadedBuild {
  modified: number;
  build: Promise<{ module: ServerBuild; template: string }>;
}

/**
 * Product and listing pages rendered on the server by the web app's own components (issue 18): the web build
 * leaves a server bundle of the app and the page's document in dist/.server (apps/web/scripts/prerender.ts).
 *
 * A page is a function of the build, its URL and the catalogue answers it shows, which come from the API's
 * response cache: rendered pages are kept under exactly those, so whatever retires an answer there (a catalogue
 * write, an order changing a product's stock, the answer's lifetime) makes its pages render afresh, and a page
 * whose answers have not changed is never rendered twice. Pages being rendered are shared by the requests that
 * ask for them meanwhile. A new web build is picked up when its bundle's file changes.
 */
export function pageRenderer(webDist: string) {
  const serverDir = path.join(webDist, '.server');
  const bundle = path.join(serverDir, 'prerender.js');
  let loaded: LoadedBuild | undefined;
  const pages = new LruCache<RenderedPage>(
    { maxEntries: MAX_PAGES, maxSize: MAX_BYTES },
    (page) => page.html.length * 2,
  );
  const rendering = new Map<string, Promise<RenderedPage>>();

  /** The current server build, or undefined when this web build has none. */
  function currentBuild(): LoadedBuild | undefined {
    let modified: number;
    try {
      modified = statSync(bundle).mtimeMs;
    } catch {
      return undefined;
    }
    if (loaded?.modified !== modified) {
      pages.clear();
      const build = (async () => ({
        // The file's time in the URL: a rebuilt bundle is a new module, not the one Node has cached.
        module: (await import(`${pathToFileURL(bundle).href}?build=${modified}`)) as ServerBuild,
        template: readFileSync(path.join(serverDir, 'page.html'), 'utf8'),
      }))();
      loaded = { modified, build };
    }
    return loaded;
  }

  async function renderFresh(
    url: URL,
    answers: Record<string, unknown>,
    loadedBuild: LoadedBuild,
  ): Promise<RenderedPage> {
    const { module, template } = await loadedBuild.build;
    const html = await module.renderPage(url.pathname + url.search, answers);
    return { html: pageDocument(template, url.pathname, html, scriptSafeJson(answers)), encoded: {} };
  }

  return {
    /**
     * The page at `url` rendered from `answers` (catalogue answers by API path); undefined when the web build has
     * no server bundle.
     */
    async render(url: URL, answers: Record<string, unknown>): Promise<RenderedPage | undefined> {
      const loadedBuild = currentBuild();
      if (!loadedBuild) return undefined;
      const answersJson = JSON.stringify(answers);
      const key = `${url.pathname}${url.search}\n${createHash('sha1').update(answersJson).digest('base64url')}`;
      const kept = pages.get(key);
      if (kept) return kept;
      const running = rendering.get(key);
      if (running) return running;
      const page = renderFresh(url, answers, loadedBuild).finally(() => rendering.delete(key));
      rendering.set(key, page);
      const rendered = await page;
      if (loaded === loadedBuild) pages.set(key, rendered, KEEP_MS);
      return rendered;
    },

    /** The page's body in `encoding`, compressed once. */
    body(page: RenderedPage, encoding: Encoding | undefined): string | Buffer {
      if (!encoding) return page.html;
      return (page.encoded[encoding] ??= compressBody(page.html, encoding));
    },
  };
}
