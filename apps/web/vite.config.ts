import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = process.env.API_ORIGIN ?? 'http://localhost:3000';

/**
 * Chunks by role rather than by which lazy pages happen to share a module. Left alone, the bundler cut a listing
 * visit into some 25 small files (each store slice, each icon, each shared component on its own), and on a slow
 * phone connection every extra request costs a round trip. React DOM, the rest of the framework and the store stay
 * separate chunks: start.tsx imports them side by side so each is evaluated in its own task.
 */
const CHUNK_GROUPS = [
  // What main.tsx itself runs before the app loads (the listing's early request): tiny, plain modules.
  {
    name: 'boot',
    priority: 60,
    test: /(src[\\/](api[\\/]request|features[\\/]listing[\\/]index)|shared[\\/]src[\\/](limits|listing|pages))\.ts$/,
  },
  // Vite's helper for dynamic imports, needed by the entry itself: on its own, so that loading the entry does not
  // pull in whichever chunk the bundler would otherwise park it in (and everything that chunk imports).
  { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 50 },
  // Groups also take in what their modules import, so the framework (with React itself) is formed before React DOM,
  // which would otherwise take React along and make everything import the React DOM chunk.
  { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 30 },
  {
    name: 'framework',
    priority: 40,
    test: /node_modules[\\/](react|react-router|react-router-dom|react-redux|use-sync-external-store|react-hot-toast|goober|jwt-decode|cookie|set-cookie-parser)[\\/]/,
  },
  // Icons are drawn by the header and the pages, not by start.tsx: their own chunk, evaluated with the routes.
  { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 35 },
  {
    // The slices and the API endpoints they are fed from (not the consoles': ops, seller and admin; nor the returns',
    // which no slice reads and whose photo upload the home page never needs): apart, the two chunks would import
    // each other and one would run before the other had defined what it uses.
    name: 'store',
    priority: 20,
    test: /node_modules[\\/](@reduxjs|immer|redux|redux-thunk|reselect)[\\/]|src[\\/](app[\\/](store|sliceHelpers|homeSlice)\.ts|api[\\/](client|(?!ops|seller|admin|returns)[A-Za-z]+Api)\.ts|features[\\/]auth[\\/]session\.ts|features[\\/][^\\/]+[\\/][A-Za-z]+Slice\.ts)$/,
  },
  {
    // Small app-wide helpers that several of the chunks above and the pages import.
    name: 'app-core',
    priority: 15,
    test: /src[\\/](app[\\/](?!pageAnswers|pageHead)[A-Za-z]+\.ts|components[\\/]layout[\\/]useScrollLock\.ts)$/,
  },
  {
    // The listing and the product page: one chunk, requested with the rest of the app when a visit lands on one of
    // them (start.tsx preloads the landing page, and this chunk's imports come along in the same wave) and right
    // after start-up otherwise (App preloads every landing page), but not evaluated before the home page hydrates.
    // With them, what only their server-rendered form needs: the answers it came with and its title
    // (app/landingPages.ts loads those only when the page carries answers).
    name: 'catalog-pages',
    priority: 12,
    test: /src[\\/](features[\\/](listing|product)[\\/]|app[\\/](pageAnswers|pageHead)\.ts$)/,
  },
  {
    // The consoles' own UI pieces (components/console: their top bar, tabs, tables, pagers, staff sign-in, reasons)
    // and the pieces the accounts, orders and consoles share (components/forms: dialogs, uploads, action answers):
    // chunks of their own, which those pages load. In the catalogue's they would be part of every visit's first
    // download, and left to the bundler they would land in App's, which is too. Chosen by folder, so a piece added
    // there stays out of the first download; lint keeps the storefront from importing components/console.
    name: 'console-ui',
    priority: 11,
    test: /src[\\/]components[\\/]console[\\/]/,
  },
  { name: 'forms-ui', priority: 11, test: /src[\\/]components[\\/]forms[\\/]/ },
  {
    // The home page and the pieces the catalogue pages share (cards, prices, sliders' stand-ins, the price, photo and
    // size helpers the cards use): one chunk the app requests with the rest, so the page being opened costs no extra
    // round trip. Swiper itself stays lazy.
    name: 'catalog',
    priority: 10,
    test: (id: string) =>
      /src[\\/](components[\\/](product|ui)|features[\\/]home)[\\/]|packages[\\/]shared[\\/]src[\\/](pricing|photos|sizes)\.ts$/.test(
        id,
      ) && !id.includes('SwiperSlider'),
  },
];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: CHUNK_GROUPS, includeDependenciesRecursively: false },
      },
    },
  },
});
