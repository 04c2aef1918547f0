import { describe, expect, it } from 'vitest';
import { firstPaintPreloads, type CatalogueReader } from './documents';

const PRODUCT = { product: { images: ['/media/p/kurta/efe9dc/1.svg', '/media/p/kurta/efe9dc/2.svg'] } };
const LISTING = {
  products: [
    { images: ['/media/p/kurta/aaaaaa/1.svg'] },
    { images: ['/media/p/saree/bbbbbb/1.svg'] },
    { images: ['/media/p/shirt/cccccc/1.svg'] },
  ],
};

/** A catalogue that answers the given paths and records what was asked. */
function catalogue(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const read: CatalogueReader = async (path) => {
    asked.push(path);
    return answers[path];
  };
  return { asked, read };
}

const preloads = (url: string, read: CatalogueReader) =>
  firstPaintPreloads(new URL(url, 'http://shop'), read);

describe('first-paint preloads of product and listing pages', () => {
  it("preloads a product page's data and its main photo", async () => {
    const { read } = catalogue({ '/home/get-product/silk-saree-12': PRODUCT });
    expect(await preloads('/product/details/silk-saree-12', read)).toEqual([
      '</api/home/get-product/silk-saree-12>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</media/p/kurta/efe9dc/1.svg>; rel=preload; as=image; fetchpriority=high',
    ]);
  });

  it("asks for a listing's products as the page does, and preloads the first row's photos", async () => {
    const path =
      '/home/query-products?category=mens-kurtas&rating=4&sortPrice=low-to-high&pageNumber=2&facets=1';
    const { asked, read } = catalogue({ [path]: LISTING });
    // The page drops what it cannot use (a bogus low price, the grid/list view) before asking.
    const links = await preloads(
      '/shops?category=mens-kurtas&rating=4&sort=low-to-high&page=2&low=x&view=list',
      read,
    );
    // With the categories its filter panel and title name (a rendered listing carries them too).
    expect(asked).toEqual([path, '/home/get-categorys', '/home/get_subcategory_newlist']);
    expect(links).toEqual([
      `</api${path}>; rel=preload; as=fetch; crossorigin=use-credentials`,
      '</media/p/kurta/aaaaaa/1.svg>; rel=preload; as=image; fetchpriority=high',
      '</media/p/saree/bbbbbb/1.svg>; rel=preload; as=image; fetchpriority=high',
    ]);
  });

  it('names no photo that is not a plain media path (nothing can break out of the Link header)', async () => {
    for (const photo of [
      '/media/p/x.svg>; rel=preload; as=script',
      '/media/p/a.svg, </evil.js>',
      'https://elsewhere.example/p.svg',
      '/media/../../etc/passwd',
      '/media/p/a.svg\r\nSet-Cookie: x=1',
      42,
    ]) {
      const { read } = catalogue({ '/home/get-product/p-1': { product: { images: [photo] } } });
      expect(await preloads('/product/details/p-1', read)).toEqual([
        '</api/home/get-product/p-1>; rel=preload; as=fetch; crossorigin=use-credentials',
      ]);
    }
  });

  it('preloads nothing for other pages, and only the data when the catalogue has no answer', async () => {
    const { asked, read } = catalogue({});
    expect(await preloads('/about', read)).toEqual([]);
    expect(await preloads('/product/details/not%20a%20slug', read)).toEqual([]);
    expect(asked).toEqual([]);
    expect(await preloads('/product/details/gone-1', read)).toEqual([
      '</api/home/get-product/gone-1>; rel=preload; as=fetch; crossorigin=use-credentials',
    ]);
  });
});
