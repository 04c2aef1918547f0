import {
  MAX_LISTING_PAGE,
  PRODUCTS_PER_PAGE,
  SEARCH_SUGGESTION_LIMIT,
  type BannerDto,
  type CategoryDto,
  type PriceRangeDto,
  colourHex,
  isSizeSystem,
  sizeChartFor,
  type ProductDetailsDto,
  type ProductDetailsResponse,
  type ProductDto,
  type ProductOption,
  type SiblingDto,
  type ProductGroupDto,
  type ProductQueryInput,
  type SearchItemDto,
  type SubcategoryGroupDto,
  sellerRegisterMessages,
  type ShopQuery,
  type ShopResponse,
} from '@bazaar/shared';
import { memoized, readsSizesIn, type CatalogueReading } from '../cache/catalogueMemo';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../http/errors';
import * as repo from './repository';
import type { CategoryRow, PopularPick, ProductFilter, ProductOrder, ProductRow } from './repository';
import { facetFilter, listingFacets, listingOrder, sizesScopeOf } from './facets';
import { relevancePage, resolveSearch, searchCount, searchPage } from './searchService';

type Ctx = Pick<AppContext, 'db' | 'dialect'> & CatalogueReading;

/** Products per group on the home page, per small-list slide, and per product-page carousel. */
const HOME_GROUP_SIZE = 10;
const SLIDE_SIZE = 3;
const SLIDER_PRODUCTS = 9;
const CAROUSEL_SIZE = 8;
const LATEST_PRODUCTS = 12;
/** Popular suggestions for an empty search: at most this many per subcategory, so they stay varied. */
const POPULAR_PER_SUBCATEGORY = 2;

const toCategoryDto = (row: CategoryRow): CategoryDto => ({
  _id: row.id,
  name: row.name,
  slug: row.slug,
  image: row.image,
});

function toProductDto(row: ProductRow, images: string[]): ProductDto {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    price: row.price,
    discount: row.discount,
    stock: row.stock,
    rating: Number(row.rating),
    images,
    description: row.description,
    category: row.category_name,
    categorySlug: row.category_slug,
    shopName: row.shop_name,
    sellerId: row.seller_id,
    createdAt: row.created_at,
  };
}

/** A page of products, read with their images (two statements). */
async function products(ctx: Ctx, filter: ProductFilter, order: ProductOrder, limit: number, offset = 0) {
  const rows = await repo.findProducts(ctx, filter, order, { limit, offset }, { images: true });
  return rows.map((row) => toProductDto(row, row.images));
}

/**
 * The most popular products across several shelves, from each shelf's own top products: asking each shelf
 * uses the (category, popularity) index on both databases, where one filter over the whole list of shelves
 * would sort every product of the group.
 */
const popularAcross = (perShelf: PopularPick[][], limit: number) =>
  perShelf.flat().sort(repo.popularFirst).slice(0, limit);

const shelfFilters = (categoryIds: number[]): ProductFilter[] =>
  categoryIds.map((id) => ({ categoryIds: [id] }));

/** [a,b,c,d,e] → [[a,b,c],[d,e]]: the small list slider shows one group per slide. */
export function inSlides<T>(items: T[], size = SLIDE_SIZE): T[][] {
  const slides: T[][] = [];
  for (let i = 0; i < items.length; i += size) slides.push(items.slice(i, i + size));
  return slides;
}

/** The category tree as shoppers see it. */
interface ShopperCategories {
  /** Every category, hidden ones too: a product page still finds its own product's group. */
  all: CategoryRow[];
  /** What shoppers may browse: categories not hidden, in groups not hidden (admin console, issue 17). */
  shown: CategoryRow[];
  /** Where every shopper's listing starts: without the products of hidden categories. */
  base: ProductFilter;
}

/**
 * A hidden category (or every subcategory of a hidden group) leaves the navigation, the home page's sections and
 * every listing, search and suggestion with its products: hiding is how the marketplace takes a whole shelf off
 * the storefront. Its products' own pages stay reachable, and stay buyable: orders, wishlists, carts and shared
 * links name them, and taking one product off sale is its seller's decision (archiving it) or the shop's
 * suspension, which `products.visible` covers. The filter names the hidden ids only when there are some, so the
 * usual storefront keeps its covering-index plans; while categories are hidden, listings not narrowed to a
 * category check each row's category.
 */
function shopperView(all: CategoryRow[]): ShopperCategories {
  const hiddenGroups = new Set(all.filter((c) => c.parent_id === null && c.hidden).map((c) => c.id));
  const isHidden = (c: CategoryRow) =>
    c.hidden === 1 || (c.parent_id !== null && hiddenGroups.has(c.parent_id));
  const hiddenIds = all.filter(isHidden).map((c) => c.id);
  return {
    all,
    shown: all.filter((c) => !isHidden(c)),
    base: hiddenIds.length ? { excludeCategoryIds: hiddenIds } : {},
  };
}

/** The category tree, read once per catalogue change rather than once per listing and product page. */
const shopperCategories = (ctx: Ctx) =>
  memoized(ctx, 'categories', async () => shopperView(await repo.allCategories(ctx)));

const topLevel = (categories: CategoryRow[]) => categories.filter((c) => c.parent_id === null);
const childrenOf = (categories: CategoryRow[], groupId: number) =>
  categories.filter((c) => c.parent_id === groupId);

export async function topLevelCategories(ctx: Ctx): Promise<CategoryDto[]> {
  return topLevel((await shopperCategories(ctx)).shown).map(toCategoryDto);
}

export async function subcategoryGroups(ctx: Ctx): Promise<SubcategoryGroupDto[]> {
  const categories = (await shopperCategories(ctx)).shown;
  return topLevel(categories).map((group) => ({
    categoryName: group.name,
    data: childrenOf(categories, group.id).map(toCategoryDto),
  }));
}

/** The ids a category reference covers: a group means all its subcategories. */
function categoryIdsFor(categories: CategoryRow[], matched: CategoryRow[]): number[] {
  const ids = new Set<number>();
  for (const category of matched) {
    ids.add(category.id);
    for (const child of childrenOf(categories, category.id)) ids.add(child.id);
  }
  return [...ids];
}

/**
 * Resolves `category` from a URL: an id, a slug, or a name (case-insensitive). Names can repeat across groups
 * ("Jeans" under Mens and Women), in which case every one of them matches. Unknown references match nothing.
 */
export function resolveCategory(categories: CategoryRow[], reference: string): number[] {
  const wanted = reference.trim().toLowerCase();
  const matched = /^\d+$/.test(wanted)
    ? categories.filter((c) => c.id === Number(wanted))
    : categories.filter((c) => c.slug === wanted || c.name.toLowerCase() === wanted);
  return categoryIdsFor(categories, matched);
}

export async function homeProductGroups(ctx: Ctx): Promise<ProductGroupDto[]> {
  // Shown shelves only: their filters need nothing more to leave hidden products out.
  const categories = (await shopperCategories(ctx)).shown;
  const groups = topLevel(categories).map((group) => ({
    group,
    shelves: categoryIdsFor(categories, [group]),
  }));
  // Every shelf of every group picked in one go, then the chosen products read with their images at once.
  const perShelf = await repo.popularPicks(
    ctx,
    groups.flatMap(({ shelves }) => shelfFilters(shelves)),
    HOME_GROUP_SIZE,
  );
  let next = 0;
  const groupPicks = groups.map(({ shelves }) => {
    const picks = popularAcross(perShelf.slice(next, next + shelves.length), HOME_GROUP_SIZE);
    next += shelves.length;
    return picks;
  });
  const rows = await repo.productsWithImages(
    ctx,
    groupPicks.flat().map((pick) => pick.id),
  );
  return groups.map(({ group }, index) => ({
    title: group.name,
    products: productDtos(groupPicks[index], rows),
  }));
}

/** The picked products that could be read (one deleted in between is left out), in the picks' order. */
const productDtos = (picks: PopularPick[], rows: Map<number, repo.ProductRowWithImages>) =>
  picks.flatMap(({ id }) => {
    const row = rows.get(id);
    return row ? [withImages(row)] : [];
  });

export async function homeProducts(ctx: Ctx) {
  const { base } = await shopperCategories(ctx);
  const [latest, topRated, discounted] = await Promise.all([
    products(ctx, base, 'newest', LATEST_PRODUCTS),
    products(ctx, base, 'top-rated', SLIDER_PRODUCTS),
    products(ctx, base, 'discount', SLIDER_PRODUCTS),
  ]);
  return {
    products: latest,
    latest_product: inSlides(latest.slice(0, SLIDER_PRODUCTS)),
    topRated_product: inSlides(topRated),
    discount_product: inSlides(discounted),
  };
}

/** The real selling-price range of the catalogue; the shop's price slider spans it. */
export async function priceRangeAndLatest(
  ctx: Ctx,
): Promise<{ latest_product: ProductDto[][]; priceRange: PriceRangeDto }> {
  const { base } = await shopperCategories(ctx);
  const [range, latest] = await Promise.all([
    repo.salePriceRange(ctx),
    products(ctx, base, 'newest', SLIDER_PRODUCTS),
  ]);
  return {
    latest_product: inSlides(latest),
    priceRange: { low: range.low ?? 0, high: range.high ?? 0 },
  };
}

export async function productDetails(ctx: Ctx, slugOrId: string): Promise<ProductDetailsResponse> {
  // Both at once: one round trip of waiting instead of two (the categories are wasted only on a 404).
  const [row, { all, shown, base }] = await Promise.all([
    repo.findProduct(
      ctx,
      /^\d+$/.test(slugOrId) ? { id: Number(slugOrId) } : { slug: slugOrId.toLowerCase() },
    ),
    shopperCategories(ctx),
  ]);
  if (!row) throw notFound('Product not found');
  const subcategory = all.find((c) => c.id === row.category_id);
  const groupId = subcategory?.parent_id ?? row.category_id;
  // Related: the same group but other shown shelves, so it does not repeat the similar carousel. The carousels
  // suggest other products, so they leave out hidden categories' like every listing (see shopperView).
  const otherShelves = childrenOf(shown, groupId)
    .map((c) => c.id)
    .filter((id) => id !== row.category_id);
  // Similar and Related suggest something to buy instead, so they leave out what has sold out.
  const [similar, related, more, sizing] = await Promise.all([
    keptCarousel(ctx, `similar:${row.category_id}`, [
      { ...base, categoryIds: [row.category_id], inStockOnly: true },
    ]),
    keptCarousel(
      ctx,
      `related:${row.category_id}`,
      shelfFilters(otherShelves).map((filter) => ({ ...filter, inStockOnly: true })),
    ),
    keptCarousel(ctx, `shop:${row.seller_id}`, [{ ...base, sellerId: row.seller_id }]),
    sizesAndColours(ctx, row),
  ]);
  return {
    product: {
      ...toProductDto(row, row.images),
      ...sizing,
      siblings: sizing.siblings.length ? sizing.siblings : [ownSwatch(row, row.images)],
      ...(row.shop_slug ? { shopSlug: row.shop_slug } : {}),
    },
    relatedProducts: leftOut(related, row.id),
    similarProducts: leftOut(similar, row.id),
    moreProducts: leftOut(more, row.id),
  };
}

/**
 * A product page's carousel: the most popular products its filters let through (several filters, say shelves,
 * compete for its places), with their pictures. It depends on where the product is listed or who sells it, not on
 * the product, so every page of that shelf (or shop) shares it (issue 18: an uncached product page read eight
 * lists and 24 products' pictures). It is kept until a catalogue change, an order of a product it shows, or a
 * sold-out product of its shelves coming back in stock (the in-stock lists) retires it (CatalogueMemo); the page
 * depends on those shelves' returns too, kept or not. A size selling out or coming back for a product still on sale
 * changes no in-stock list it is not shown in, and retires nothing here. It holds one product more than a page
 * shows, so that the page's own product can be left out.
 */
function keptCarousel(ctx: Ctx, key: string, filters: ProductFilter[]): Promise<ProductDto[]> {
  const inStockShelves = filters.every((filter) => filter.inStockOnly && filter.categoryIds)
    ? filters.flatMap((filter) => filter.categoryIds!)
    : [];
  return memoized(
    ctx,
    `carousel:${key}`,
    async () => {
      const picks = popularAcross(
        await repo.popularPicks(ctx, filters, CAROUSEL_SIZE + 1),
        CAROUSEL_SIZE + 1,
      );
      return productDtos(
        picks,
        await repo.productsWithImages(
          ctx,
          picks.map((pick) => pick.id),
        ),
      );
    },
    {
      ...(inStockShelves.length && { inStockFrom: inStockShelves }),
      productsShown: (products) => products.map((product) => product._id),
    },
  );
}

/** A carousel as one product's page shows it: without that product. */
const leftOut = (carousel: ProductDto[], productId: number) =>
  carousel.filter((product) => product._id !== productId).slice(0, CAROUSEL_SIZE);

/**
 * What the product page adds about sizes and colours (issue 15): the options, the variants in size-run order, the
 * size chart of the product's size system, and the colour siblings (the products of its style, itself included).
 */
async function sizesAndColours(
  ctx: Ctx,
  row: { id: number; colour: string; size_system: string | null; style_code: string | null },
): Promise<Pick<ProductDetailsDto, 'options' | 'variants' | 'sizeChart' | 'siblings'>> {
  const [variants, style] = await Promise.all([
    repo.variantsOfProducts(ctx.db, [row.id]),
    row.style_code === null ? [] : repo.productsOfStyle(ctx.db, row.style_code),
  ]);
  const sizes = variants.flatMap((variant) => (variant.size === null ? [] : [variant.size]));
  const options: ProductOption[] = [
    ...(sizes.length ? [{ name: 'Size' as const, values: sizes }] : []),
    { name: 'Colour', values: [row.colour] },
  ];
  return {
    options,
    variants: variants.map((variant) => ({
      _id: variant.id,
      sku: variant.sku,
      size: variant.size,
      colour: variant.colour,
      stock: variant.stock,
    })),
    sizeChart: isSizeSystem(row.size_system) ? sizeChartFor(row.size_system) : null,
    // Empty for a product of no style: its page shows its own swatch (`ownSwatch`), made once its pictures are read.
    siblings: style.map((product) => toSibling(product, row.id)),
  };
}

function toSibling(
  product: { id: number; slug: string; colour: string; stock: number; image: string | null },
  currentId: number,
): SiblingDto {
  return {
    _id: product.id,
    slug: product.slug,
    colour: product.colour,
    colourHex: colourHex(product.colour),
    image: product.image ?? '',
    current: product.id === currentId,
    stock: product.stock,
  };
}

/** The one swatch of a product without colour siblings: itself. */
const ownSwatch = (
  row: { id: number; slug: string; colour: string; stock: number },
  images: string[],
): SiblingDto => toSibling({ ...row, image: images[0] ?? null }, row.id);

/**
 * The shop listing: filters combine; see `productQuerySchema` for the meaning of each. `scope` narrows it to one
 * shop's products (the shop page, issue 16). Where it reads products' sizes in stock (a size filter, facet counts,
 * in-stock only), each read adds to the answer's stamp (`CatalogueReading`): what a size selling out or coming back
 * must retire of it in the response cache.
 */
export async function queryProducts(ctx: Ctx, query: ProductQueryInput, scope: { sellerId?: number } = {}) {
  if (query.pageNumber > MAX_LISTING_PAGE) {
    throw badRequest(
      `pageNumber must be at most ${MAX_LISTING_PAGE}: narrow the filters or change the sort to see other products`,
      'VALIDATION_FAILED',
    );
  }
  const { shown: categories, base } = await shopperCategories(ctx);
  const filter: ProductFilter = {
    ...base,
    ...scope,
    minRating: query.rating,
    lowPrice: query.lowPrice,
    highPrice: query.highPrice,
    ...facetFilter(query),
  };
  if (query.category) filter.categoryIds = resolveCategory(categories, query.category);
  const search = await resolveSearch(ctx, categories, query.searchValue ?? '', filter);
  const order = listingOrder(query, search !== undefined);
  const page = { limit: PRODUCTS_PER_PAGE, offset: (query.pageNumber - 1) * PRODUCTS_PER_PAGE };
  const read = (tier: ProductFilter, tierPage: repo.PageSpec) => {
    readsSizesIn(ctx, sizesScopeOf(tier));
    return repo.findProducts(ctx, tier, order, tierPage, { images: true });
  };
  if (!search) {
    // Filters alone are counted exactly. Every sort and page of a filter has the same count, so it is counted
    // once per catalogue change.
    const total = memoized(ctx, `count:${JSON.stringify([filter])}`, () => repo.countProducts(ctx, filter), {
      sizesIn: sizesScopeOf(filter),
    });
    const [rows, totalProduct, facets] = await Promise.all([
      countedPage(ctx, filter, page, total, read),
      total,
      listingFacets(ctx, query, filter),
    ]);
    return { products: rows.map(withImages), totalProduct, parPage: PRODUCTS_PER_PAGE, facets };
  }
  // A search counts its matches only up to SEARCH_COUNT_CAP; its facets count over every match.
  const [rows, count, facets] = await Promise.all([
    order === 'relevance'
      ? relevancePage(ctx, search, page, read)
      : searchPage(ctx, search.all, page, read).then((found) => found.rows),
    searchCount(ctx, search),
    listingFacets(ctx, query, search.all),
  ]);
  return {
    products: rows.map(withImages),
    totalProduct: count.total,
    parPage: PRODUCTS_PER_PAGE,
    facets,
    /** Searches only: true when there are more than `totalProduct` matches ("1,200+ results"). */
    totalProductCapped: count.capped,
  };
}

/**
 * A listing filtered by size with no more matches than this reads them as a set on PostgreSQL (see `countedPage`).
 * A brand or a colour holds at most ~6,700 of 100,000 products, so with either the set is at most that range of its
 * facet index (at most 4 ms at load 10–20, where walking a sort index read a table row for every product it passed,
 * up to 0.9 s); with only a size, a category or a discount it may be a whole facet index (20–26 ms at that load,
 * where the walks it replaces took up to 234 ms for a size held by 1 % of products).
 */
const FEW_SIZED_MATCHES = 5_000;

/**
 * A group's listing (several shelves) with no more matches than this is read on SQLite through its price or rating
 * range and sorted, rather than by walking each shelf's order index (`shelfWalkKeys` in the repository): a walk
 * passes every product outside the band on its way, and a band holding almost nothing would have it read whole
 * shelves for a page that the range finds at once.
 */
const FEW_GROUP_MATCHES = 1_000;

/**
 * One page of a listing, which waits for the filter's count where the way to read the page depends on it. The count
 * is kept per filter and shared by every sort and page, and a page past the last match is empty without a statement.
 * - PostgreSQL, a size filter: PostgreSQL cannot estimate it (a bit test of `products.sizes_in_stock`, migration
 *   027) and takes nearly every product to have the size in stock: for a rare size (shoe and kids' sizes) with a
 *   colour, or in a group, it walked the sort's index expecting a page within a few dozen rows and read tens of
 *   thousands of table rows (0.1–1 s at 100,000 products, docs/query-plans.md). A filter with few matches is read
 *   as a set (`PageSpec.fewMatches`). SQLite reads such pages from the facet indexes already (`sortsFacetMatches`).
 * - SQLite, a group's shelves: walked shelf by shelf unless they match few products (FEW_GROUP_MATCHES).
 */
async function countedPage<Row>(
  ctx: Ctx,
  filter: ProductFilter,
  page: { limit: number; offset: number },
  total: Promise<number>,
  read: (filter: ProductFilter, page: repo.PageSpec) => Promise<Row[]>,
): Promise<Row[]> {
  const sized = ctx.dialect === 'postgres' && filter.sizes !== undefined;
  const group = ctx.dialect === 'sqlite' && (filter.categoryIds?.length ?? 0) > 1;
  if (!sized && !group) return read(filter, page);
  const matches = await total;
  if (matches <= page.offset) return [];
  return read(filter, { ...page, fewMatches: matches <= (sized ? FEW_SIZED_MATCHES : FEW_GROUP_MATCHES) });
}

const withImages = (row: repo.ProductRowWithImages) => toProductDto(row, row.images);

/**
 * Header suggestions: the best matches for the typed text, as the listing ranks them (never more than
 * SEARCH_SUGGESTION_LIMIT), or, for text that asks for nothing (blank, punctuation), popular products spread
 * over many subcategories.
 */
export async function searchSuggestions(ctx: Ctx, value: string): Promise<SearchItemDto[]> {
  const { shown, base } = await shopperCategories(ctx);
  const search = await resolveSearch(ctx, shown, value, base);
  let rows: ProductRow[];
  if (search) {
    rows = await relevancePage(ctx, search, { limit: SEARCH_SUGGESTION_LIMIT, offset: 0 }, (tier, page) =>
      repo.findProducts(ctx, tier, 'popular', page),
    );
  } else {
    const candidates = await repo.findProducts(ctx, base, 'popular', { limit: SEARCH_SUGGESTION_LIMIT * 8 });
    const perSubcategory = new Map<number, number>();
    rows = candidates
      .filter((row) => {
        const seen = perSubcategory.get(row.category_id) ?? 0;
        perSubcategory.set(row.category_id, seen + 1);
        return seen < POPULAR_PER_SUBCATEGORY;
      })
      .slice(0, SEARCH_SUGGESTION_LIMIT);
  }
  const images = await repo.imagesByProduct(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    name: row.name,
    slug: row.slug,
    image: images.get(row.id)?.[0] ?? '',
    price: row.price,
    subcategory: row.category_slug,
    subcategoryName: row.category_name,
  }));
}

export async function banners(ctx: Ctx): Promise<BannerDto[]> {
  const rows = await repo.listBanners(ctx);
  return rows.map((b) => ({
    path: b.path,
    heading: b.heading,
    description: b.description,
    buttonText: b.button_text,
  }));
}

/**
 * An approved shop's page (issue 16): its name, city, rating over its listed products' reviews, how many it lists
 * and when it joined, with a page of its products as the listing pages them. Any other shop is not found.
 */
export async function shopPage(ctx: Ctx, slug: string, query: ShopQuery): Promise<ShopResponse> {
  const shop = await repo.findApprovedShop(ctx, slug);
  if (!shop) throw notFound(sellerRegisterMessages.notFound);
  const reviews = Number(shop.review_count);
  const { products, totalProduct, parPage } = await queryProducts(ctx, query, { sellerId: shop.id });
  return {
    shop: {
      slug: shop.slug ?? slug,
      name: shop.shop_name,
      city: shop.city,
      rating: reviews ? Math.round((Number(shop.star_total) / reviews) * 10) / 10 : null,
      reviewCount: reviews,
      productCount: Number(shop.product_count),
      joinedAt: shop.created_at,
    },
    products,
    totalProduct,
    parPage,
  };
}
