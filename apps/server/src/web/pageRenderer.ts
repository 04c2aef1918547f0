import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PAGE_ANSWERS_ELEMENT, type PageHead, type RenderedPageContent } from '@bazaar/shared/pages';
import { compressBody, PAGE_BROTLI_QUALITY } from '../cache/responseCache';
import { LruCache } from '../cache/lru';
import type { Encoding } from '../http/encoding';

/** What the web build's server bundle offers (apps/web/src/prerender.tsx). */
interface ServerBuild {
  renderPage(location: string, answers: Record<string, unknown>): Promise<RenderedPageContent>;
}

/** A rendered page, with its compressed forms made on first demand and kept with it. */
export interface RenderedPage {
  html: string;
  encoded: Partial<Record<Encoding, Buffer>>;
}

const ROOT_ELEMENT = '<div id="root"></div>';
/** The shell's title and description (apps/web/index.html), which a rendered page's own replace. */
const TITLE_ELEMENT = /<title>[^<]*<\/title>/;
const DESCRIPTION_ELEMENT = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;
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

/** Text that stays text in an element or a quoted attribute, whatever a seller typed (`</title><script>`). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Whether `template` has the places pageDocument fills; a web build without them renders no pages. */
export function isPageTemplate(template: string): boolean {
  return [ROOT_ELEMENT, TITLE_ELEMENT, DESCRIPTION_ELEMENT].every((part) =>
    typeof part === 'string' ? template.includes(part) : part.test(template),
  );
}

/**
 * The page's document: its own title and description (those the app sets once it runs) in place of the shell's,
 * the markup the app adopts, then the answers it was rendered from (inert data, so the strict CSP holds).
 */
export function pageDocument(
  template: string,
  pathname: string,
  content: RenderedPageContent,
  answersJson: string,
): string {
  const root = `<div id="root" data-prerendered="${pathname.replace(/[&"<>]/g, '')}">${content.html}</div>`;
  const answers = `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT}">${answersJson}</script>`;
  return withHead(template, content.head).replace(ROOT_ELEMENT, () => root + answers);
}

function withHead(template: string, head: PageHead | undefined): string {
  if (!head) return template;
  return template
    .replace(TITLE_ELEMENT, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      DESCRIPTION_ELEMENT,
      () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
    );
}

interface LoadedBuild {
  modified: number;
  build: Promise<{ module: ServerBuild; template: string }>;
}

/**
 * Product and listing pages rendered on the server by the web app's own components (issue 18): the web build
 * leaves a server bundle of the app and the page's document in dist/.server (apps/web/scripts/prerender.ts).
 *
 * A page is a function of the build, its location and the catalogue answers it shows, which come from the API's
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
      const build = (async () => {
        const template = readFileSync(path.join(serverDir, 'page.html'), 'utf8');
        if (!isPageTemplate(template))
          throw new Error(`${serverDir}/page.html lacks the root element, the title or the meta description`);
        // The file's time in the URL: a rebuilt bundle is a new module, not the one Node has cached.
        const module = (await import(`${pathToFileURL(bundle).href}?build=${modified}`)) as ServerBuild;
        return { module, template };
      })();
      loaded = { modified, build };
    }
    return loaded;
  }

  async function renderFresh(
    location: string,
    answers: Record<string, unknown>,
    loadedBuild: LoadedBuild,
  ): Promise<RenderedPage> {
    const { module, template } = await loadedBuild.build;
    const content = await module.renderPage(location, answers);
    const pathname = location.split('?')[0]!;
    return { html: pageDocument(template, pathname, content, scriptSafeJson(answers)), encoded: {} };
  }

  return {
    /**
     * The page at `location` rendered from `answers` (catalogue answers by API path); undefined when the web build
     * has no server bundle. `location` is the page's path and the query parameters it reads, written one way
     * (documents.ts): a parameter the page ignores (`?nc=123`), or the same ones in another order, would otherwise
     * render and keep a copy of the same page each, as the API's response cache keys on what a route reads
     * (cache/cacheKey.ts) for the same reason.
     */
    async render(location: string, answers: Record<string, unknown>): Promise<RenderedPage | undefined> {
      const loadedBuild = currentBuild();
      if (!loadedBuild) return undefined;
      const answersJson = JSON.stringify(answers);
      const key = `${location}\n${createHash('sha1').update(answersJson).digest('base64url')}`;
      const kept = pages.get(key);
      if (kept) return kept;
      const running = rendering.get(key);
      if (running) return running;
      const page = renderFresh(location, answers, loadedBuild).finally(() => rendering.delete(key));
      rendering.set(key, page);
      const rendered = await page;
      if (loaded === loadedBuild) pages.set(key, rendered, KEEP_MS);
      return rendered;
    },

    /** The page's body in `encoding`, compressed once. */
    body(page: RenderedPage, encoding: Encoding | undefined): string | Buffer {
      if (!encoding) return page.html;
      return (page.encoded[encoding] ??= compressBody(page.html, encoding, PAGE_BROTLI_QUALITY));
    },
  };
}
