/**
 * After `vite build`: renders the home page and the app shell with React on the server side of the build and
 * writes them into the built HTML, so the first paint needs no JavaScript.
 *   dist/home.html  — the home page (served for `/`), marked data-prerendered="/" for main.tsx to hydrate
 *   dist/index.html — every other route: the shell (header, 'loading...', footer), replaced by the first render
 * Both also carry, in an inert <template id="app-preloads">, modulepreload links for the app's chunks: main.tsx
 * activates them after the first paint, so they download side by side instead of one import at a time.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The client build to fill in: dist/ unless another output folder is given as the first argument. */
const distDir = path.resolve(process.argv[2] ?? path.join(webRoot, 'dist'));
const ROOT_ELEMENT = '<div id="root"></div>';

/** The store reads the visitor's session from localStorage when it is created; a prerender has no visitor. */
class EmptyStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * The chunks src/start.tsx needs: itself, its static imports, and its dynamic imports (React DOM, the store, the
 * routes) with theirs, and their stylesheets.
 */
async function appPreloads(): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const start = manifest['src/start.tsx'];
  if (!start) throw new Error('the build manifest has no src/start.tsx chunk');
  const files = new Set<string>();
  const stylesheets = new Set<string>();
  const withStaticImports = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((file) => stylesheets.add(file));
    chunk.imports?.forEach(withStaticImports);
  };
  withStaticImports('src/start.tsx');
  for (const key of start.dynamicImports ?? []) {
    if (!key.includes('/features/')) withStaticImports(key);
  }
  // Their stylesheets too: the dynamic import of a chunk waits for its CSS, which would otherwise be asked for only then.
  const links = [
    ...[...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...[...stylesheets].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ].join('');
  return `<template id="app-preloads">${links}</template>`;
}

interface PrerenderModule {
  renderHome(): Promise<string>;
  renderShell(): Promise<string>;
}

// Inside the workspace, so the server bundle resolves react, react-dom and the rest from node_modules.
const cacheDir = path.join(webRoot, 'node_modules', '.cache');
await mkdir(cacheDir, { recursive: true });
const outDir = await mkdtemp(path.join(cacheDir, 'prerender-'));
try {
  await build({
    root: webRoot,
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, copyPublicDir: false },
  });
  Object.assign(globalThis, { localStorage: new EmptyStorage() });
  const { renderHome, renderShell } = (await import(
    pathToFileURL(path.join(outDir, 'prerender.js')).href
  )) as PrerenderModule;

  const template = await readFile(path.join(distDir, 'index.html'), 'utf8');
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`dist/index.html has no ${ROOT_ELEMENT} to fill`);
  const preloads = await appPreloads();
  const fill = (attributes: string, html: string) =>
    template.replace(ROOT_ELEMENT, () => `<div id="root"${attributes}>${html}</div>${preloads}`);

  await writeFile(path.join(distDir, 'home.html'), fill(' data-prerendered="/"', await renderHome()));
  await writeFile(path.join(distDir, 'index.html'), fill('', await renderShell()));
  console.log('prerendered dist/home.html and the shell in dist/index.html');
} finally {
  await rm(outDir, { recursive: true, force: true });
}
