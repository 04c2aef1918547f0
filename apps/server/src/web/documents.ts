import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LISTING_PATHS, listingRequestPath, readShopFilters, shopSearchFor } from '@bazaar/shared/listing';
import { preferredEncoding } from '../http/encoding';
import { pageRenderer } from './pageRenderer';

/** Product slugs as the catalogue makes them (and as the product API accepts them). */
const PRODUCT_PAGE = /^\/product\/details\/([a-z0-9-]{1,200})\/?$/i;
/** Product photos as the catalogue stores them: a path under /media, safe to name in a Link header as it is. */
const MEDIA_PATH = /^\/media\/[A-Za-z0-9_-][A-Za-z0-9_./-]{0,300}$/;
/** The listing's first row on a phone: the photos that are its largest paint. */
const LISTING_PHOTOS = 2;

/** Answers a public catalogue GET (a path under /api) as the API does, from its cache; undefined when it fails. */
export type CatalogueReader = (apiPath: string) => Promise<unknown>;

interface WithImages {
  images?: unknown;
}

/** A product's first photo, as the page shows it, when it is a well-formed media path. */
function firstPhoto(product: WithImages | undefined): string[] {
  const photo = Array.isArray(product?.images) ? product.images[0] : undefined;
  return typeof photo === 'string' && MEDIA_PATH.test(photo) && !photo.includes('..') ? [photo] : [];
}

/** The catalogue answers a listing's filter panel and title show besides its products (categories' names). */
const LISTING_EXTRA_ANSWERS = ['/home/get-categorys', '/home/get_subcategory_newlist'];

/**
 * What the first paint of a product or listing page waits for: the API answer it renders and its first photos;
 * `answers`, every answer the page shows first by API path, when they could all be read (not for a 404 slug);
 * `location`, the page's path and the query parameters it reads, in one spelling (a product page reads none, a
 * listing its filters), which is what the page is rendered from and kept under.
 */
interface FirstPaintNeeds {
  apiPath: string;
  photos: string[];
  answers?: Record<string, unknown>;
  location: string;
}

async function firstPaintNeeds(
  url: URL,
  readCatalogue: CatalogueReader,
): Promise<FirstPaintNeeds | undefined> {
  const slug = PRODUCT_PAGE.exec(url.pathname)?.[1];
  if (slug) {
    const apiPath = `/home/get-product/${slug}`;
    const answer = (await readCatalogue(apiPath)) as { product?: WithImages } | undefined;
    return {
      apiPath,
      photos: firstPhoto(answer?.product),
      answers: answer && { [apiPath]: answer },
      location: url.pathname,
    };
  }
  if (LISTING_PATHS.includes(url.pathname)) {
    const filters = readShopFilters(url.searchParams);
    const apiPath = listingRequestPath(filters);
    const search = shopSearchFor(filters);
    const paths = [apiPath, ...LISTING_EXTRA_ANSWERS];
    const read = await Promise.all(paths.map(readCatalogue));
    const answer = read[0] as { products?: WithImages[] } | undefined;
    const products = Array.isArray(answer?.products) ? answer.products.slice(0, LISTING_PHOTOS) : [];
    const complete = read.every((each) => each !== undefined);
    return {
      apiPath,
      photos: products.flatMap(firstPhoto),
      answers: complete ? Object.fromEntries(paths.map((path, index) => [path, read[index]])) : undefined,
      location: search ? `${url.pathname}?${search}` : url.pathname,
    };
  }
  return undefined;
}

/** The Link preloads of a page's needs: its photos, and its data unless the page carries it. */
function preloadLinks(needs: FirstPaintNeeds, dataInPage: boolean): string[] {
  return [
    ...(dataInPage ? [] : [`</api${needs.apiPath}>; rel=preload; as=fetch; crossorigin=use-credentials`]),
    ...needs.photos.map((photo) => `<${photo}>; rel=preload; as=image; fetchpriority=high`),
  ];
}

/**
 * Link preloads for a product or listing page served as the app shell: the browser fetches the page's data and its
 * first photos together with the page, instead of after the app's code has loaded, asked for the data and rendered
 * the cards. The data preload (`as=fetch` with credentials) matches the app's own request (same URL, cookies
 * included), which then takes the preloaded answer; the photos are the ones the page renders first, at high
 * priority. Everything comes from the public catalogue (no cookie is read), so nothing about the visitor is in it.
 */
export async function firstPaintPreloads(url: URL, readCatalogue: CatalogueReader): Promise<string[]> {
  const needs = await firstPaintNeeds(url, readCatalogue);
  return needs ? preloadLinks(needs, false) : [];
}

/** One built HTML document with its compressed forms, made once per version of the file. */
interface CompressedDocument {
  modified: number;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * The built HTML documents of the web app. The web build prerenders the home page into home.html
 * (apps/web/scripts/prerender.ts) so it paints before any script runs; product and listing pages are rendered
 * from their catalogue answers (pageRenderer.ts); every other client route, a 404 slug and a build without a
 * server bundle get index.html, the app shell; a build without home.html serves index.html everywhere.
 *
 * Sent compressed (a prerendered page is some 35 KB of markup, the first thing a phone waits for): the route-level
 * compression does not cover the not-found handler that serves client routes. Each file is compressed once and
 * again only when a new build replaces it.
 */
export function webDocuments(webDist: string, readCatalogue: CatalogueReader) {
  const cache = new Map<string, CompressedDocument>();
  const pages = pageRenderer(webDist);

  function load(name: string): CompressedDocument {
    const file = path.join(webDist, name);
    const modified = statSync(file).mtimeMs;
    const cached = cache.get(name);
    if (cached?.modified === modified) return cached;
    const identity = readFileSync(file);
    const document = {
      modified,
      identity,
      gzip: gzipSync(identity, { level: 9 }),
      br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    };
    cache.set(name, document);
    return document;
  }

  function documentFor(url: string): string {
    if (url.split('?')[0] !== '/') return 'index.html';
    try {
      statSync(path.join(webDist, 'home.html'));
      return 'home.html';
    } catch {
      return 'index.html';
    }
  }

  /** A product or listing page rendered from its answers, or undefined to serve the shell (no answers, no build). */
  async function renderedPage(request: FastifyRequest, needs: FirstPaintNeeds | undefined) {
    if (!needs?.answers) return undefined;
    try {
      return await pages.render(needs.location, needs.answers);
    } catch (error) {
      // The shell still makes a working page: the app renders it in the browser as it did before pages were rendered.
      request.log.error({ err: error }, 'rendering the page failed; serving the app shell');
      return undefined;
    }
  }

  return {
    async send(request: FastifyRequest, reply: FastifyReply) {
      const url = new URL(request.url, 'http://document');
      // Slugs are lower case; a link spelt otherwise (typed, or shortened by hand) moves to the one page for it
      // rather than rendering and keeping a copy per spelling.
      const slug = PRODUCT_PAGE.exec(url.pathname)?.[1];
      if (slug && slug !== slug.toLowerCase())
        return reply.redirect(`/product/details/${slug.toLowerCase()}${url.search}`, 301);
      const needs = await firstPaintNeeds(url, readCatalogue);
      const page = await renderedPage(request, needs);
      const preloads = needs ? preloadLinks(needs, page !== undefined) : [];
      if (preloads.length > 0) reply.header('Link', preloads.join(', '));
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding');
      if (encoding) reply.header('Content-Encoding', encoding);
      if (page) return reply.send(pages.body(page, encoding));
      const document = load(documentFor(request.url));
      return reply.send(encoding ? document[encoding] : document.identity);
    },
  };
}
