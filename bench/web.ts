import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { repoRoot } from './processes';

const distDir = path.join(repoRoot, 'apps/web/dist');
const manifestPath = path.join(distDir, '.vite/manifest.json');
export const HOME_JS_BUDGET_BYTES = 150 * 1024;
/**
 * The home route's page module (apps/web/src/app/landingPages.ts loads it with the app). The build may bundle it
 * into a chunk the app already imports, in which case the manifest has no entry of its own for it.
 */
const HOME_PAGE_MODULE = 'src/features/home/HomePage.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface InitialLoad {
  files: string[];
  jsGzip: number;
  jsBrotli: number;
  cssGzip: number;
}

/**
 * What the home page downloads to start: the entry chunk and every chunk it imports statically (recursively),
 * their CSS, and the app the entry starts right after the first paint (src/main.tsx imports src/start.tsx, which
 * imports React DOM, the store and the routes side by side, and the home page's module): each of those with its
 * static imports. Other routes' lazily imported chunks are not part of it.
 */
export function homeInitialLoad(): InitialLoad | string {
  if (!existsSync(manifestPath))
    return `no build manifest at ${path.relative(repoRoot, manifestPath)}: run npm run build`;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) return 'the build manifest names no entry chunk';
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  visit(entryKey);
  for (const startKey of manifest[entryKey].dynamicImports ?? []) {
    visit(startKey);
    manifest[startKey]?.dynamicImports?.forEach(visit);
  }
  visit(HOME_PAGE_MODULE);
  const read = (file: string) => readFileSync(path.join(distDir, file));
  const sum = (files: Set<string>, size: (data: Buffer) => number) =>
    [...files].reduce((total, file) => total + size(read(file)), 0);
  return {
    files: [...js, ...css],
    jsGzip: sum(js, (data) => gzipSync(data, { level: 9 }).length),
    jsBrotli: sum(js, (data) => brotliCompressSync(data).length),
    cssGzip: sum(css, (data) => gzipSync(data, { level: 9 }).length),
  };
}

export interface LighthouseScore {
  page: string;
  url: string;
  performance: number | null;
  accessibility: number | null;
}

const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/**
 * Mobile Lighthouse audits (the default form factor and simulated throttling) of the given pages, in
 * Debian's Chromium; `headers` go with every request of that page's audit (a session cookie). Returns a reason instead when Lighthouse or the browser cannot run here.
 */
export async function lighthouseScores(
  pages: { page: string; url: string; headers?: Record<string, string> }[],
): Promise<LighthouseScore[] | string> {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) return `no Chromium at ${chromePath} (set CHROME_PATH)`;
  let lighthouse: typeof import('lighthouse').default;
  let launcher: typeof import('chrome-launcher');
  try {
    lighthouse = (await import('lighthouse')).default;
    launcher = await import('chrome-launcher');
  } catch (error) {
    return `lighthouse is not installed (${(error as Error).message})`;
  }
  const chrome = await launcher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    const scores: LighthouseScore[] = [];
    for (const { page, url, headers } of pages) {
      const result = await lighthouse(url, {
        port: chrome.port,
        // A signed-in page (the seller center) gets its session cookie this way.
        extraHeaders: headers,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const categories = result?.lhr.categories;
      const score = (value: number | null | undefined) => (value == null ? null : Math.round(value * 100));
      scores.push({
        page,
        url,
        performance: score(categories?.performance?.score),
        accessibility: score(categories?.accessibility?.score),
      });
    }
    return scores;
  } catch (error) {
    return `lighthouse failed: ${(error as Error).message}`;
  } finally {
    await chrome.kill();
  }
}

/**
 * The seller center's main pages (issue 16, target accessibility ≥ 95) as a newly registered shop sees them (its
 * session cookie sent with the audit), its registration form, and the shop page of the product's shop.
 */
export async function sellerCenterPages(
  baseUrl: string,
  productSlug: string,
): Promise<{ page: string; url: string; headers?: Record<string, string> }[]> {
  const stamp = Date.now().toString(36);
  const registered = await fetch(`${baseUrl}/api/seller/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      shopName: `Bench Shop ${stamp}`,
      ownerName: 'Bench Owner',
      email: `bench-${stamp}@example.in`,
      mobile: '9876543210',
      password: 'bench-secret-2026',
      pickupAddress: { address: '1 Bench Road', city: 'Pune', state: 'Maharashtra', pincode: '411001' },
    }),
  });
  const cookie = registered.headers
    .getSetCookie()
    .find((line) => line.startsWith('sellerToken='))
    ?.split(';')[0];
  const product = await fetch(`${baseUrl}/api/home/get-product/${productSlug}`);
  const shopSlug = ((await product.json()) as { product?: { shopSlug?: string } }).product?.shopSlug;
  const signedIn = cookie ? { headers: { cookie } } : {};
  return [
    { page: 'seller register', url: `${baseUrl}/seller/register` },
    ...['', '/products', '/products/new', '/orders', '/earnings', '/chat'].map((path) => ({
      page: `seller center ${path || '/'}`,
      url: `${baseUrl}/seller${path}`,
      ...signedIn,
    })),
    ...(shopSlug ? [{ page: 'shop page', url: `${baseUrl}/shop/${shopSlug}` }] : []),
  ];
}
