import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { webBoundariesConfig } from './web-boundaries.js';

// A small app laid out like apps/web/src: features cart (public entry index.ts) and orders, components/, app/.
const srcDir = fileURLToPath(new URL('fixtures/web-boundaries/src/', import.meta.url));
const eslint = new ESLint({
  cwd: srcDir,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parser: tseslint.parser },
      ...webBoundariesConfig(srcDir),
    },
  ],
});

/** The rules that `code` breaks when it is the file at `file` (relative to the fixture's src/). */
async function brokenRules(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${srcDir}${file}` });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

const RESTRICTED = 'import-x/no-restricted-paths';

describe('web app import boundaries (eslint-rules/web-boundaries.js)', () => {
  it("lets a feature use another only through that feature's public entry", async () => {
    expect(
      await brokenRules('features/orders/probe.ts', "export { addToCart } from '../cart/cartSlice';"),
    ).toEqual([RESTRICTED]);
    expect(await brokenRules('features/orders/probe.ts', "export { addToCart } from '../cart';")).toEqual([]);
    // Within a feature anything goes.
    expect(await brokenRules('features/cart/probe.ts', "export { addToCart } from './cartSlice';")).toEqual(
      [],
    );
  });

  it('keeps shared code from importing features at all', async () => {
    expect(await brokenRules('components/probe.ts', "export { addToCart } from '../features/cart';")).toEqual(
      [RESTRICTED],
    );
    expect(
      await brokenRules('app/hooks.ts', "export { addToCart } from '../features/cart/cartSlice';"),
    ).toEqual([RESTRICTED]);
    expect(await brokenRules('components/probe.ts', "export { Button } from './Button';")).toEqual([]);
  });

  it("lets the composition root use a feature's public entry and load its pages, nothing else", async () => {
    expect(await brokenRules('app/store.ts', "export { addToCart } from '../features/cart';")).toEqual([]);
    expect(
      await brokenRules('App.tsx', "export const CartPage = () => import('./features/cart/CartPage');"),
    ).toEqual([]);
    expect(await brokenRules('main.tsx', "export { addToCart } from './features/cart/cartSlice';")).toEqual([
      RESTRICTED,
    ]);
  });

  it("keeps the consoles' components to the consoles' features", async () => {
    const tabs = "export { StateTabs } from '../../components/console/StateTabs';";
    expect(await brokenRules('features/cart/probe.ts', tabs)).toEqual([RESTRICTED]);
    expect(await brokenRules('features/ops/probe.ts', tabs)).toEqual([]);
    expect(await brokenRules('features/seller/probe.ts', tabs)).toEqual([]);
    expect(
      await brokenRules('components/probe.ts', "export { StateTabs } from './console/StateTabs';"),
    ).toEqual([RESTRICTED]);
    expect(
      await brokenRules('App.tsx', "export { StateTabs } from './components/console/StateTabs';"),
    ).toEqual([RESTRICTED]);
    expect(
      await brokenRules('components/console/probe.ts', "export { StateTabs } from './StateTabs';"),
    ).toEqual([]);
  });

  it('refuses import cycles', async () => {
    const [result] = await eslint.lintFiles([`${srcDir}features/orders/ping.ts`]);
    expect(result!.messages.map((message) => message.ruleId)).toEqual(['import-x/no-cycle']);
  });
});
