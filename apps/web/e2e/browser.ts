import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A fresh context (own cookies and storage) at the given viewport; mobile contexts get touch. */
export async function newContext(
  browser: Browser,
  viewport: keyof typeof VIEWPORTS = 'desktop',
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl(),
    viewport: VIEWPORTS[viewport],
    hasTouch: viewport === 'mobile',
    isMobile: viewport === 'mobile',
  });
}

/** Fails the test on any uncaught page error, so a broken page cannot pass quietly. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Screenshots go to test-results/ so a person can look at them after a run. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });
}

/**
 * The home, product and listing pages arrive rendered (at build time, or by the server) and the app takes them over
 * a moment after the first paint (src/main.tsx): a press on their markup before then does nothing. Tests that act
 * on the page as the app would (pressing, session token, navigation state, typing) wait for that first.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}
