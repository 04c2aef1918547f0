/**
 * The home page's first download (bench/web.ts `homeInitialLoad`: the entry, the app it starts and the home page's
 * module, with their static imports) stays within its budget, and the consoles' UI pieces and the forms the account
 * pages share, each a chunk of its own by folder (apps/web/vite.config.ts), are not part of it. Reads the production
 * build the journeys run on.
 */
import { describe, expect, it } from 'vitest';
import { HOME_JS_BUDGET_BYTES, homeInitialLoad } from '../../../bench/web';

describe('the home page JS budget', () => {
  it('downloads at most the budget of JavaScript first, none of it the consoles’ or the forms’ chunks', () => {
    const load = homeInitialLoad();
    if (typeof load === 'string') throw new Error(load);
    expect(load.jsGzip).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
    expect(load.files.filter((file) => /\/(console-ui|forms-ui)-/.test(file))).toEqual([]);
  });
});
