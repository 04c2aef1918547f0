/**
 * After `vite build`: builds the app for the server (dist/.server/prerender.js, self-contained), renders the home
 * page and the app shell with it and writes them into the built HTML, so the first paint needs no JavaScript.
 *   dist/home.html  — the home page (served for `/`), marked data-prerendered="/" for main.tsx to hydrate
 *   dist/index.html — every other route: the shell (header, 'loading...', footer), replaced by the first render
 *   dist/.server/   — the server build and page.html, the document the server renders product and listing pages
 *                     into when they are asked for (apps/server/src/web/pageRenderer.ts); not served as files
 * All of them also carry, in an inert <template id="app-preloads">, modulepreload links for the app's chunks:
 * main.tsx activates them after the first paint, so they download side by side instead of one import at a time.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The client build to fill in: dist/ unless another output folder is given as the first argument. */
const distDir = path.resolve(process.argv[2] ?? path.join(webRoot, 'dist'));
const ROOT_ELEMENT = '<div id="root"></div>';
/** Where the server build goes, inside the client build so each build carries its own; hidden from static serving. */
const serverDir = path.join(distDir, '.server');

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

await build({
  root: webRoot,
  logLevel: 'warn',
  // Every dependency bundled in, so the server can load a build made in any folder (scripts/build-web-to.sh).
  ssr: { noExternal: true },
  build: {
    ssr: 'src/prerender.tsx',
    outDir: serverDir,
    emptyOutDir: true,
    copyPublicDir: false,
    // One file: the client's chunks would evaluate the store before src/serverGlobals.ts gives it a localStorage.
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
const { renderHome, renderShell } = (await import(
  pathToFileURL(path.join(serverDir, 'prerender.js')).href
)) as PrerenderModule;

const template = await readFile(path.join(distDir, 'index.html'), 'utf8');
if (!template.includes(ROOT_ELEMENT)) throw new Error(`dist/index.html has no ${ROOT_ELEMENT} to fill`);
const preloads = await appPreloads();
const fill = (attributes: string, html: string) =>
  template.replace(ROOT_ELEMENT, () => `<div id="root"${attributes}>${html}</div>${preloads}`);

await writeFile(path.join(distDir, 'home.html'), fill(' data-prerendered="/"', await renderHome()));
await writeFile(
  path.join(serverDir, 'page.html'),
  template.replace(ROOT_ELEMENT, () => `${ROOT_ELEMENT}${preloads}`),
);
await writeFile(path.join(distDir, 'index.html'), fill('', await renderShell()));
console.log('prerendered dist/home.html and the shell in dist/index.html; the server build in dist/.server');
