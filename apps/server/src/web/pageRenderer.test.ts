import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pageDocument, pageRenderer, scriptSafeJson } from './pageRenderer';

const TEMPLATE = '<html><body><div id="root"></div><template id="app-preloads"></template></body></html>';

/** A web build whose server bundle renders the location and the answers' keys, and counts its renders. */
function fakeWebBuild(): string {
  const webDist = mkdtempSync(path.join(tmpdir(), 'bazaar-ssr-'));
  mkdirSync(path.join(webDist, '.server'));
  writeFileSync(path.join(webDist, '.server/page.html'), TEMPLATE);
  writeFileSync(
    path.join(webDist, '.server/prerender.js'),
    `globalThis.renders = 0;
export async function renderPage(location, answers) {
  globalThis.renders += 1;
  return '<main>' + location + ' ' + Object.keys(answers).join(',') + '</main>';
}`,
  );
  return webDist;
}

const renders = () => (globalThis as { renders?: number }).renders;

describe('server-rendered pages', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('embeds answers so that no product name can end the script element or open a comment', () => {
    const answers = {
      '/home/get-product/x': { product: { name: 'Kurta </script><script>alert(1)</script><!--' } },
    };
    const json = scriptSafeJson(answers);
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json)).toEqual(answers);
    const document = pageDocument(TEMPLATE, '/product/details/x', '<h1>Kurta</h1>', json);
    expect(document).toContain(
      `<div id="root" data-prerendered="/product/details/x"><h1>Kurta</h1></div><script type="application/json" id="page-answers">${json}</script><template`,
    );
    expect(document.match(/<script/g)).toHaveLength(1);
  });

  it('renders a page once per version of its answers, and again when an answer changes', async () => {
    const webDist = fakeWebBuild();
    made.push(webDist);
    const pages = pageRenderer(webDist);
    const url = new URL('http://shop/shops?sort=low-to-high');
    const answers = { '/home/query-products?sortPrice=low-to-high': { products: [{ _id: 1, stock: 4 }] } };

    const first = await pages.render(url, answers);
    expect(first?.html).toContain(
      '<main>/shops?sort=low-to-high /home/query-products?sortPrice=low-to-high</main>',
    );
    expect(first?.html).toContain('data-prerendered="/shops"');
    expect(renders()).toBe(1);
    // The same answer (the API's cache still holds it): the page kept, also for requests that arrive together.
    await Promise.all([
      pages.render(url, structuredClone(answers)),
      pages.render(url, structuredClone(answers)),
    ]);
    expect(renders()).toBe(1);
    // The answer changed (a purchase changed the stock, a seller edited the product): rendered afresh.
    const changed = await pages.render(url, {
      '/home/query-products?sortPrice=low-to-high': { products: [{ _id: 1, stock: 3 }] },
    });
    expect(renders()).toBe(2);
    expect(changed?.html).toContain('"stock":3');
    // Another URL with the same answers is another page (the view, the query string it shows).
    await pages.render(new URL('http://shop/shops?sort=low-to-high&view=list'), answers);
    expect(renders()).toBe(3);
  });

  it('renders nothing for a web build without a server bundle (the shell is served)', async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'bazaar-ssr-'));
    made.push(webDist);
    expect(await pageRenderer(webDist).render(new URL('http://shop/shops'), {})).toBeUndefined();
  });

  it('compresses a page once per encoding', async () => {
    const webDist = fakeWebBuild();
    made.push(webDist);
    const pages = pageRenderer(webDist);
    const page = (await pages.render(new URL('http://shop/shops'), { '/home/get-categorys': {} }))!;
    const brotli = pages.body(page, 'br');
    expect(pages.body(page, 'br')).toBe(brotli);
    expect(pages.body(page, undefined)).toBe(page.html);
  });
});
