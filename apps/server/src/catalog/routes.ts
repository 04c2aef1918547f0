import type { FastifyInstance } from 'fastify';
import {
  bannersResponseSchema,
  categoriesResponseSchema,
  homeProductGroupsResponseSchema,
  homeProductsResponseSchema,
  priceRangeResponseSchema,
  productDetailsResponseSchema,
  productQueryResponseSchema,
  productQuerySchema,
  productRefSchema,
  searchSuggestionQuerySchema,
  searchSuggestionsResponseSchema,
  shopQuerySchema,
  shopResponseSchema,
  shopSlugParamsSchema,
  subcategoryGroupsResponseSchema,
} from '@bazaar/shared';
import { declared, failures } from '../http/routeSchema';
import {
  answerStampOf,
  CATALOGUE_LIST_CACHE,
  PRODUCT_PAGE_CACHE,
  showsBanners,
  showsStockOf,
} from '../cache/responseCache';
import * as catalog from './service';

export async function catalogRoutes(api: FastifyInstance): Promise<void> {
  const ctx = api.ctx;
  const routes = declared(api);
  const tags = ['Catalogue'];
  // Public catalogue reads: cached by what each route declares it reads and revalidated with ETags; see
  // cache/responseCache.ts. Answers that show stock name their products, so an order retires only them.
  const listing = { publicCache: CATALOGUE_LIST_CACHE };

  routes.get(
    '/home/get-categorys',
    { config: listing, schema: { tags, response: { 200: categoriesResponseSchema } } },
    async () => ({ categorys: await catalog.topLevelCategories(ctx) }),
  );

  routes.get(
    '/home/get_subcategory_newlist',
    { config: listing, schema: { tags, response: { 200: subcategoryGroupsResponseSchema } } },
    async () => ({ gkSubcategory: await catalog.subcategoryGroups(ctx) }),
  );

  routes.get(
    '/home/home-page-product-listing',
    { config: listing, schema: { tags, response: { 200: homeProductGroupsResponseSchema } } },
    async () => ({ gkProducts: await catalog.homeProductGroups(ctx) }),
  );

  routes.get(
    '/home/get-products',
    { config: listing, schema: { tags, response: { 200: homeProductsResponseSchema } } },
    async () => catalog.homeProducts(ctx),
  );

  routes.get(
    '/home/get-product/:slugOrId',
    {
      config: { publicCache: PRODUCT_PAGE_CACHE },
      schema: {
        tags,
        params: productRefSchema,
        response: { 200: productDetailsResponseSchema, ...failures(400, 404) },
      },
    },
    async (request) => {
      const details = await catalog.productDetails(
        { ...ctx, answerStamp: answerStampOf(request) },
        request.params.slugOrId,
      );
      showsStockOf(request, [
        details.product,
        // A colour swatch shows its product's stock (crossed out at 0).
        ...details.product.siblings,
        ...details.similarProducts,
        ...details.relatedProducts,
        ...details.moreProducts,
      ]);
      return details;
    },
  );

  routes.get(
    '/home/price-range-latest-product',
    { config: listing, schema: { tags, response: { 200: priceRangeResponseSchema } } },
    async () => catalog.priceRangeAndLatest(ctx),
  );

  routes.get(
    '/home/query-products',
    {
      config: listing,
      schema: {
        tags,
        querystring: productQuerySchema,
        response: { 200: productQueryResponseSchema, ...failures(400) },
      },
    },
    async (request) => {
      const answer = await catalog.queryProducts(
        { ...ctx, answerStamp: answerStampOf(request) },
        request.query,
      );
      showsStockOf(request, answer.products);
      return answer;
    },
  );

  routes.get(
    '/home/get_search_products',
    {
      config: listing,
      schema: {
        tags,
        querystring: searchSuggestionQuerySchema,
        response: { 200: searchSuggestionsResponseSchema, ...failures(400) },
      },
    },
    async (request) => ({ homeSearch: await catalog.searchSuggestions(ctx, request.query.value) }),
  );

  /** An approved shop's page (issue 16): its profile and its products, paged like the listing. */
  routes.get(
    '/home/shop/:slug',
    {
      config: listing,
      schema: {
        tags,
        params: shopSlugParamsSchema,
        querystring: shopQuerySchema,
        response: { 200: shopResponseSchema, ...failures(400, 404) },
      },
    },
    async (request) => {
      const page = await catalog.shopPage(ctx, request.params.slug, request.query);
      showsStockOf(request, page.products);
      return page;
    },
  );

  routes.get(
    '/getallbannerItems',
    { config: listing, schema: { tags, response: { 200: bannersResponseSchema } } },
    async (request) => {
      showsBanners(request);
      return { data: { banners: await catalog.banners(ctx) } };
    },
  );
}
