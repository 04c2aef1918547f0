import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { webDocuments } from './documents';
import { pageDocument, pageRenderer, scriptSafeJson } from './pageRenderer';

const TEMPLATE = `<html><head>
<meta
  name="description"
  content="The shop's own description."
/>
<title>The shop</title></head><body><div id="root"></div><template id="app-preloads"></template></body></html>`;

/**
 * A web build whose server bundle renders the location and the answers' keys, names the page after its location,
 * and counts its renders.
 */
function fakeWebBuild(): string {
  const webDist = mkdtempSync(path.join(tmpdir(), 'bazaar-ssr-'));
  mkdirSync(path.join(webDist, '.server'));
  writeFileSync(path.join(webDist, '.server/page.html'), TEMPLATE);
  writeFileSync(
    path.join(webDist, '.server/prerender.js'),
    `globalThis.renders = 0;
export async function renderPage(location, answers) {
  globalThis.renders += 1;
  const html = '<main>' + location + ' ' + Object.keys(answers).join(',') + '</main>';
  return { html, head: { title: 'Title of ' + location, description: 'About ' + location } };
}`,
  );
  return webDist;
}

/** The document the server sends for `url`, as a browser asks for it (no compression, to read it). */
async function documentAt(documents: ReturnType<typeof webDocuments>, url: string): Promise<string> {
  let body: unknown;
  const reply = {
    header: () => reply,
    type: () => reply,
    send: (sent: unknown) => {
      body = sent;
      return reply;
    },
    redirect: (to: string, code: number) => {
      body = `${code} → ${to}`;
      return reply;
    },
  };
  const request = { url, headers: {}, log: { error: (error: unknown) => expect.fail(String(error)) } };
  await documents.send(request as unknown as FastifyRequest, reply as unknown as FastifyReply);
  return String(body);
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
    const document = pageDocument(TEMPLATE, '/product/details/x', { html: '<h1>Kurta</h1>' }, json);
    expect(document).toContain(
      `<div id="root" data-prerendered="/product/details/x"><h1>Kurta</h1></div><script type="application/json" id="page-answers">${json}</script><template`,
    );
    expect(document.match(/<script/g)).toHaveLength(1);
    // Without a head of its own the page keeps the shell's.
    expect(document).toContain('<title>The shop</title>');
  });

  it("writes the page's own title and description in place of the shell's, as text whatever the product is called", () => {
    const name = `Kurta </title><script>alert(1)</script> "quoted" & 'single' <!--`;
    const document = pageDocument(
      TEMPLATE,
      '/product/details/x',
      { html: '<h1>Kurta</h1>', head: { title: `${name} | Bazaar`, description: `About ${name}` } },
      '{}',
    );
    const escaped =
      'Kurta &#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62; &#34;quoted&#34; &#38; &#39;single&#39; &#60;!--';
    expect(document).toContain(`<title>${escaped} | Bazaar</title>`);
    expect(document).toContain(`<meta name="description" content="About ${escaped}" />`);
    expect(document).not.toContain('The shop');
    expect(document.match(/<title>/g)).toHaveLength(1);
    expect(document.match(/<script/g)).toHaveLength(1);
    expect(document.match(/name="description"/g)).toHaveLength(1);
  });

  it('renders a page once per version of its answers, and again when an answer changes', async () => {
    const webDist = fakeWebBuild();
    made.push(webDist);
    const pages = pageRenderer(webDist);
    const location = '/shops?sort=low-to-high';
    const answers = { '/home/query-products?sortPrice=low-to-high': { products: [{ _id: 1, stock: 4 }] } };

    const first = await pages.render(location, answers);
    expect(first?.html).toContain(
      '<main>/shops?sort=low-to-high /home/query-products?sortPrice=low-to-high</main>',
    );
    expect(first?.html).toContain('data-prerendered="/shops"');
    expect(first?.html).toContain('<title>Title of /shops?sort=low-to-high</title>');
    expect(renders()).toBe(1);
    // The same answer (the API's cache still holds it): the page kept, also for requests that arrive together.
    await Promise.all([
      pages.render(location, structuredClone(answers)),
      pages.render(location, structuredClone(answers)),
    ]);
    expect(renders()).toBe(1);
    // The answer changed (a purchase changed the stock, a seller edited the product): rendered afresh.
    const changed = await pages.render(location, {
      '/home/query-products?sortPrice=low-to-high': { products: [{ _id: 1, stock: 3 }] },
    });
    expect(renders()).toBe(2);
    expect(changed?.html).toContain('"stock":3');
    // Another location with the same answers is another page (the view).
    await pages.render('/shops?sort=low-to-high&view=list', answers);
    expect(renders()).toBe(3);
  });

  it('renders a page once whatever parameters it ignores or order its own come in, and anew for another filter', async () => {
    const webDist = fakeWebBuild();
    made.push(webDist);
    const listing = { products: [{ _id: 1, stock: 4 }] };
    const documents = webDocuments(webDist, async (apiPath) =>
      apiPath.startsWith('/home/get-product/') ? { product: { _id: 1 } } : listing,
    );

    const first = await documentAt(documents, '/shops?sort=low-to-high&brand=Roadster,Biba');
    expect(renders()).toBe(1);
    // Rendered from the parameters the page reads, in one spelling: what every request for it shares.
    expect(first).toContain('<main>/shops?sort=low-to-high&brand=Biba%2CRoadster /home/query-products?');
    for (const same of [
      '/shops?brand=Biba&nc=123&sort=low-to-high&brand=Roadster',
      '/shops?nc=456&utm_source=mail&brand=Roadster%2CBiba&sort=low-to-high&page=1&view=grid',
      '/shops?brand=Roadster,Biba,Roadster&sort=low-to-high&low=&rating=nine',
    ]) {
      expect(await documentAt(documents, same)).toBe(first);
    }
    expect(renders()).toBe(1);

    // Another filter, sort, page or view is another page.
    await documentAt(documents, '/shops?sort=high-to-low&brand=Roadster,Biba');
    await documentAt(documents, '/shops?sort=low-to-high&brand=Roadster');
    await documentAt(documents, '/shops?sort=low-to-high&brand=Roadster,Biba&page=2');
    await documentAt(documents, '/shops?sort=low-to-high&brand=Roadster,Biba&view=list');
    await documentAt(documents, '/products?sort=low-to-high&brand=Roadster,Biba');
    expect(renders()).toBe(6);

    // A product page reads no query parameter at all.
    const product = await documentAt(documents, '/product/details/silk-kurta-1');
    expect(await documentAt(documents, '/product/details/silk-kurta-1?nc=1&ref=share')).toBe(product);
    expect(renders()).toBe(7);
    expect(product).toContain('<title>Title of /product/details/silk-kurta-1</title>');
    // Another spelling of the slug moves to the page, keeping its query, and renders nothing.
    expect(await documentAt(documents, '/product/details/Silk-KURTA-1?ref=share')).toBe(
      '301 → /product/details/silk-kurta-1?ref=share',
    );
    expect(renders()).toBe(7);
  });

  it('renders nothing for a web build without a server bundle (the shell is served)', async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'bazaar-ssr-'));
    made.push(webDist);
    expect(await pageRenderer(webDist).render('/shops', {})).toBeUndefined();
  });

  it('compresses a page once per encoding', async () => {
    const webDist = fakeWebBuild();
    made.push(webDist);
    const pages = pageRenderer(webDist);
    const page = (await pages.render('/shops', { '/home/get-categorys': {} }))!;
    const brotli = pages.body(page, 'br');
    expect(pages.body(page, 'br')).toBe(brotli);
    expect(pages.body(page, undefined)).toBe(page.html);
  });
});
