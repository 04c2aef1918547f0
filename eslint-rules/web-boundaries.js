import { readdirSync } from 'node:fs';
import path from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

/** The files that put the features together into the app: the router, the entry points, the store. */
const COMPOSITION_ROOT = ['*.{ts,tsx}', 'app/store.ts', 'app/landingPages.ts'];

/** The consoles' features (admin, the operators', the seller center and its orders): the storefront is the rest. */
const CONSOLE_FEATURES = ['admin', 'fulfilment', 'ops', 'seller'];

/**
 * docs/architecture.md's layers of the web app as `import-x/no-restricted-paths` zones, for a source folder laid
 * out like apps/web/src (`srcDir`, absolute):
 * - `features/<name>/`: a feature uses another one only through that feature's public entry, its `index.ts`.
 * - The composition root (App.tsx, main.tsx, start.tsx, prerender.tsx, app/store.ts, app/landingPages.ts) imports a
 *   feature's public entry, or one of its route pages (`*Page.tsx`, `*Layout.tsx`) to load on demand: a page is a
 *   chunk of its own, which a public entry that re-exported it would pull into the entry chunk.
 * - Shared code (every other folder: components/, api/, testing/, types/, the rest of app/) never imports a
 *   feature: what two places need moves down into it instead.
 * - `components/console/` is the consoles' own (CONSOLE_FEATURES): no storefront feature and no other shared code
 *   imports it, so none of it can reach the storefront's pages or their first download (apps/web/vite.config.ts
 *   gives the folder a chunk of its own).
 * The features are read from the folder, so a new feature is covered without touching this list.
 */
export function webBoundaryZones(srcDir) {
  const features = readdirSync(path.join(srcDir, 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const inSrc = (pattern) => path.join(srcDir, pattern);
  const anyFeature = inSrc('features/*/**');
  const publicEntry = inSrc('features/*/index.ts');
  return [
    ...features.map((feature) => ({
      target: inSrc(`features/${feature}/**`),
      from: inSrc(`features/!(${feature})/**`),
      except: [publicEntry],
      message: 'A feature uses another one only through its public entry (features/<name>/index.ts).',
    })),
    {
      target: COMPOSITION_ROOT.map(inSrc),
      from: anyFeature,
      except: [publicEntry, inSrc('features/*/*{Page,Layout}.tsx')],
      message:
        "The app imports a feature's public entry (features/<name>/index.ts) or one of its route pages.",
    },
    {
      target: [inSrc('!(features|app)/**'), inSrc('app/!(store|landingPages).{ts,tsx}')],
      from: anyFeature,
      message: 'Shared code never imports a feature: move what both need down into shared code.',
    },
    {
      target: [
        inSrc(`features/!(${CONSOLE_FEATURES.join('|')})/**`),
        inSrc('components/!(console)/**'),
        inSrc('components/*.{ts,tsx}'),
        inSrc('!(features|components)/**'),
        inSrc('*.{ts,tsx}'),
      ],
      from: inSrc('components/console/**'),
      message:
        "components/console is the consoles' own: a piece the storefront needs too belongs in components/forms or components/ui.",
    },
  ];
}

/**
 * The lint settings that hold the web app to its layers (`webBoundaryZones`) and keep its imports free of cycles (a
 * cycle lets a module run before one it needs has). `srcDir` is the absolute path of the app's source folder.
 */
export function webBoundariesConfig(srcDir) {
  return {
    plugins: { 'import-x': importX },
    settings: {
      // Without the TypeScript extensions and parser, the plugin reads no .ts module and sees no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webBoundaryZones(srcDir) }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  };
}
