import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Which built HTML document answers a client route. The web build prerenders the home page into home.html
 * (apps/web/scripts/prerender.ts) so it paints before any script runs; every other route gets index.html, the
 * app shell. A build without home.html (an older one) serves index.html everywhere, as before.
 */
export function webDocumentFor(webDist: string): (url: string) => string {
  const home = existsSync(path.join(webDist, 'home.html')) ? 'home.html' : 'index.html';
  return (url) => (url.split('?')[0] === '/' ? home : 'index.html');
}
