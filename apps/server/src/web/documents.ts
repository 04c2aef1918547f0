import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding } from '../http/encoding';

/** Product slugs as the catalogue makes them (and as the product API accepts them). */
const PRODUCT_PAGE = /^\/product\/details\/([a-z0-9-]{1,200})\/?(?:\?|$)/i;

/**
 * A product page shows nothing useful until its product arrives: the browser is told to fetch it together with
 * the page instead of after the app's code has loaded and asked for it. `as=fetch` with credentials matches the
 * app's own request (same URL, cookies included), which then takes the preloaded answer.
 */
function dataPreloadFor(url: string): string | undefined {
  const slug = PRODUCT_PAGE.exec(url)?.[1];
  return slug
    ? `</api/home/get-product/${slug}>; rel=preload; as=fetch; crossorigin=use-credentials`
    : undefined;
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
 * (apps/web/scripts/prerender.ts) so it paints before any script runs; every other client route gets index.html,
 * the app shell; a build without home.html serves index.html everywhere.
 *
 * Sent compressed (a prerendered page is some 35 KB of markup, the first thing a phone waits for): the route-level
 * compression does not cover the not-found handler that serves client routes. Each file is compressed once and
 * again only when a new build replaces it.
 */
export function webDocuments(webDist: string) {
  const cache = new Map<string, CompressedDocument>();

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

  return {
    send(request: FastifyRequest, reply: FastifyReply) {
      const dataPreload = dataPreloadFor(request.url);
      if (dataPreload) reply.header('Link', dataPreload);
      const document = load(documentFor(request.url));
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding');
      if (!encoding) return reply.send(document.identity);
      return reply.header('Content-Encoding', encoding).send(document[encoding]);
    },
  };
}
