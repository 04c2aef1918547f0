import type { FastifyInstance } from 'fastify';
import { productQuerySchema, productRefSchema, searchSuggestionQuerySchema } from '@bazaar/shared';
import { parse } from '../http/validate';
import * as catalog from './service';

export async function catalogRoutes(api: FastifyInstance): Promise<void> {
  const ctx = api.ctx;

  api.get('/home/get-categorys', async () => ({ categorys: await catalog.topLevelCategories(ctx) }));

  api.get('/home/get_subcategory_newlist', async () => ({
    gkSubcategory: await catalog.subcategoryGroups(ctx),
  }));

  api.get('/home/home-page-product-listing', async () => ({
    gkProducts: await catalog.homeProductGroups(ctx),
  }));

  api.get('/home/get-products', async () => catalog.homeProducts(ctx));

  api.get('/home/get-product/:slugOrId', async (request) => {
    const { slugOrId } = parse(productRefSchema, request.params);
    return catalog.productDetails(ctx, slugOrId);
  });

  api.get('/home/price-range-latest-product', async () => catalog.priceRangeAndLatest(ctx));

  api.get('/home/query-products', async (request) =>
    catalog.queryProducts(ctx, parse(productQuerySchema, request.query)),
  );

  api.get('/home/get_search_products', async (request) => {
    const { value } = parse(searchSuggestionQuerySchema, request.query);
    return { homeSearch: await catalog.searchSuggestions(ctx, value) };
  });

  api.get('/getallbannerItems', async () => ({ data: { banners: await catalog.banners(ctx) } }));
}
