import type { FastifyInstance } from 'fastify';
import { productQuerySchema, productRefSchema, searchSuggestionQuerySchema } from '@bazaar/shared';
import { parse } from '../http/validate';
import { CATALOGUE_LIST_CACHE, PRODUCT_PAGE_CACHE, showsStockOf } from '../cache/responseCache';
import * as catalog from './service';

export async function catalogRoutes(api: FastifyInstance): Promise<void> {
  const ctx = api.ctx;
  // Public catalogue reads: cached by what each route reads and revalidated with ETags; see
  // cache/responseCache.ts. Answers that show stock name their products, so an order retires only them.
  const listing = { config: { publicCache: CATALOGUE_LIST_CACHE } };

  api.get('/home/get-categorys', listing, async () => ({ categorys: await catalog.topLevelCategories(ctx) }));

  api.get('/home/get_subcategory_newlist', listing, async () => ({
    gkSubcategory: await catalog.subcategoryGroups(ctx),
  }));

  api.get('/home/home-page-product-listing', listing, async () => ({
    gkProducts: await catalog.homeProductGroups(ctx),
  }));

  api.get('/home/get-products', listing, async () => catalog.homeProducts(ctx));

  api.get(
    '/home/get-product/:slugOrId',
    { config: { publicCache: { ...PRODUCT_PAGE_CACHE, paramsSchema: productRefSchema } } },
    async (request) => {
      const { slugOrId } = parse(productRefSchema, request.params);
      const details = await catalog.productDetails(ctx, slugOrId);
      showsStockOf(request, [
        details.product,
        ...details.similarProducts,
        ...details.relatedProducts,
        ...details.moreProducts,
      ]);
      return details;
    },
  );

  api.get('/home/price-range-latest-product', listing, async () => catalog.priceRangeAndLatest(ctx));

  api.get(
    '/home/query-products',
    { config: { publicCache: { ...CATALOGUE_LIST_CACHE, querySchema: productQuerySchema } } },
    async (request) => {
      const result = await catalog.queryProducts(ctx, parse(productQuerySchema, request.query));
      showsStockOf(request, result.products);
      return result;
    },
  );

  api.get(
    '/home/get_search_products',
    { config: { publicCache: { ...CATALOGUE_LIST_CACHE, querySchema: searchSuggestionQuerySchema } } },
    async (request) => {
      const { value } = parse(searchSuggestionQuerySchema, request.query);
      return { homeSearch: await catalog.searchSuggestions(ctx, value) };
    },
  );

  api.get('/getallbannerItems', listing, async () => ({ data: { banners: await catalog.banners(ctx) } }));
}
