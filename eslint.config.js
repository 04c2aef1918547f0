import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import effectReturnsCleanup from './eslint-rules/effect-returns-cleanup.js';
import { webBoundariesConfig } from './eslint-rules/web-boundaries.js';

const webSources = ['apps/web/src/**/*.{ts,tsx}'];

// The plugin's recommended set only warns on some rules (exhaustive-deps among them); a warning does not fail
// `npm run lint`, so every rule of the set is an error here.
const reactHooksRules = Object.fromEntries(
  Object.keys(reactHooks.configs.flat.recommended.rules).map((rule) => [rule, 'error']),
);

export default tseslint.config(
  // .build-*: private server builds of running tests (apps/server/test/compiledServer.ts).
  { ignores: ['**/dist/**', '**/.build-*/**', '**/node_modules/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: webSources,
    ...jsxA11y.flatConfigs.recommended,
    plugins: {
      ...jsxA11y.flatConfigs.recommended.plugins,
      'react-hooks': reactHooks,
      bazaar: { rules: { 'effect-returns-cleanup': effectReturnsCleanup } },
    },
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      ...reactHooksRules,
      'bazaar/effect-returns-cleanup': 'error',
      // A scrolling region (the chat's message log) takes the focus so keyboard users can scroll it (WCAG 2.1.1).
      // Card-like labels (a saved address as a radio choice) hold their text a few elements down.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 4 }],
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'log'] }],
    },
  },
  {
    // docs/architecture.md's layers of the web app, and no import cycles (eslint-rules/web-boundaries.js).
    files: webSources,
    ...webBoundariesConfig(path.join(import.meta.dirname, 'apps/web/src')),
  },
  {
    // The server's layers (docs/architecture.md, "Where cross-feature code lives"): a feature's service uses its own
    // repository; work that spans features is a flow in apps/server/src/flows/, which calls services and
    // repositories and is called by routes and jobs, never by a service.
    files: ['apps/server/src/*/service.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/service', '../*/repository'],
              // Types are shared vocabulary (a flow hands one feature's row to another); calls are not.
              allowTypeImports: true,
              message:
                "A feature's service does not call another feature: put the work in apps/server/src/flows/.",
            },
            { group: ['../flows/*'], message: 'Flows call services, not the other way round.' },
          ],
        },
      ],
    },
  },
  {
    // Tests read response bodies loosely (`res.body.error`); the assertions are what check their shape.
    files: ['apps/server/test/**', 'apps/web/e2e/**', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
