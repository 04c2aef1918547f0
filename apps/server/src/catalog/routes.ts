import type { FastifyInstance } from 'fastify';
import { productQuerySchema, productRefSchema, searchSuggestionQuerySchema } from '@bazaar/shared';
import { parse } from '../http/validate';
import { CATALOGUE_LIST_CACHE, PRODUCT_PAGE_CACHE } from '../cache/responseCache';
import * as catalog from './service';

export async function catalogRoutes(api: FastifyInstance): Promise<void> {
  const ctx = api.ctx;
  // Public catalogue reads: cached by URL and revalidated with ETags; see cache/responseCache.ts.
  const listing = { config: { publicCache: CATALOGUE_LIST_CACHE } };
  const productPage = { config: { publicCache: PRODUCT_PAGE_CACHE } };

  api.get('/home/get-categorys', listing, async () => ({ categorys: await catalog.topLevelCategories(ctx) }));

  api.get('/home/get_subcategory_newlist', listing, async () => ({
    gkSubcategory: await catalog.subcategoryGroups(ctx),
  }));

  api.get('/home/home-page-product-listing', listing, async () => ({
    gkProducts: await catalog.homeProductGroups(ctx),
  }));

  api.get('/home/get-products', listing, async () => catalog.homeProducts(ctx));

  api.get('/home/get-product/:slugOrId', productPage, async (request) => {
    const { slugOrId } = parse(productRefSchema, request.params);
    return catalog.productDetails(ctx, slugOrId);
  });

  api.get('/home/price-range-latest-product', listing, async () => catalog.priceRangeAndLatest(ctx));

  api.get('/home/query-products', listing, async (request) =>
    catalog.queryProducts(ctx, parse(productQuerySchema, request.query)),
  );

  api.get('/home/get_search_products', listing, async (request) => {
    const { value } = parse(searchSuggestionQuerySchema, request.query);
    return { homeSearch: await catalog.searchSuggestions(ctx, value) };
  });

  api.get('/getallbannerItems', listing, async () => ({ data: { banners: await catalog.banners(ctx) } }));
}
