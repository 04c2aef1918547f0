import { sql, type ExpressionBuilder, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { AppContext } from '../context';
import { catalogueWritesOf } from '../cache/catalogueWrites';
import type { Database } from '../db/schema';
import { fts5Query, tsQuery, type SearchTerm } from './search';
import type { PurchasableVariantRow } from './variantChoice';
import type {
  CategoryTable,
  ProductImageTable,
  ProductTable,
  ProductVariantTable,
  SellerTable,
} from './tables';

type Ctx = Pick<AppContext, 'db' | 'dialect'>;

/** The database or an open transaction. */
type Executor = Kysely<Database>;

export type CategoryRow = Selectable<CategoryTable>;

/** A product as every listing shows it: its own columns with its category's and shop's names. */
export type ProductRow = Pick<
  Selectable<ProductTable>,
  | 'id'
  | 'slug'
  | 'name'
  | 'brand'
  | 'price'
  | 'discount'
  | 'stock'
  | 'rating'
  | 'description'
  | 'created_at'
  | 'seller_id'
  | 'category_id'
  | 'review_count'
> & {
  category_name: CategoryTable['name'];
  category_slug: CategoryTable['slug'];
  shop_name: SellerTable['shop_name'];
};

/** What a product listing may be narrowed by; every field is optional and they combine with AND. */
export interface ProductFilter {
  categoryIds?: number[];
  minRating?: number;
  /** Bounds on the selling (discounted) price, inclusive. */
  lowPrice?: number;
  highPrice?: number;
  /** Search terms from `parseSearch`: every term of one group must match name, brand or category. */
  search?: SearchTerm[][];
  /** Products outside these categories only. */
  excludeCategoryIds?: number[];
  sellerId?: number;
  excludeProductId?: number;
  /** Only products with stock left. */
  inStockOnly?: boolean;
  /** Facet filters (issue 15): any of these brands / colours / sizes in stock, at least this percent off. */
  brands?: string[];
  colours?: string[];
  sizes?: string[];
  minDiscount?: number;
  /**
   * Shoppers only ever see listed products (`products.visible`: active, and its shop approved; issue 16); only a
   * seller's own view of its products sets this.
   */
  includeHidden?: boolean;
}

/** `relevance` is a search's order within one of its tiers (see searchService.ts): by popularity. */
export type ProductOrder =
  'newest' | 'price-asc' | 'price-desc' | 'relevance' | 'popular' | 'top-rated' | 'discount';

type ProductQuery = SelectQueryBuilder<Database, 'products', object>;

/**
 * The selling (discounted) price to filter and sort on. On SQLite it is the expression behind the virtual
 * `sale_price` column, written exactly as migration 010's indexes are, because only an expression index can
 * answer a count from the index alone there; PostgreSQL stores the column.
 */
function sellingPrice(ctx: Ctx) {
  return ctx.dialect === 'sqlite'
    ? sql<number>`(price - (price * discount / 100))`
    : sql.ref<number>('products.sale_price');
}

export async function allCategories(ctx: Ctx): Promise<CategoryRow[]> {
  return ctx.db
    .selectFrom('categories')
    .select(['id', 'parent_id', 'name', 'slug', 'image', 'position', 'hidden'])
    .orderBy('parent_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * How SQLite finds a search's products. Joining the full-text matches to products looks up every match by id
 * (a common word: ~13,000 rows, 50–80 ms, even when another filter or the page keeps a dozen of them). Instead,
 * when another filter narrows the listing (a category, a price band, a rating, a facet) or the words are known
 * to be common, the matches' ids are read once into a set (`+id in (…)`: the `+` stops SQLite looking them up
 * by id) and the planner walks the index of the other filter or of the sort, keeping the rows in the set and
 * stopping after the page. Only a rare word with nothing else to go by is joined: walking a whole index for a
 * few matches would cost more. PostgreSQL's planner makes this choice itself from its statistics.
 */
export interface PageSpec {
  limit: number;
  offset?: number;
  /**
   * The filter's search matches more products than any page reaches (see `countProducts`); undefined when not
   * counted. On PostgreSQL a search in a category, shop or brand that matches fewer is read as a set first (see
   * `pageIds`).
   */
  commonWords?: boolean;
  /**
   * The filter is known to match few products (counted first: see `countedPage` in catalog/service.ts). PostgreSQL
   * reads the page as a set and sorts it (`matchesFirst`); SQLite reads a group's page in one statement rather than
   * shelf by shelf (`shelfWalkKeys`).
   */
  fewMatches?: boolean;
}

/**
 * Whether a filter narrows a search by something its words cluster in (a category, a shop, brands): "shirt" is
 * common in the whole shop and in men's shirts, and all but absent from women's wear.
 */
export const narrowedWhereWordsCluster = (filter: ProductFilter) =>
  filter.categoryIds !== undefined || filter.sellerId !== undefined || filter.brands !== undefined;

/** Whether a filter narrows the listing by something an index answers, besides its search words. */
const narrowedBesidesText = (filter: ProductFilter) =>
  filter.categoryIds !== undefined ||
  filter.minRating !== undefined ||
  filter.lowPrice !== undefined ||
  filter.highPrice !== undefined ||
  filter.sellerId !== undefined ||
  filter.brands !== undefined ||
  filter.colours !== undefined ||
  filter.minDiscount !== undefined;

/** What a statement reads the filtered products for: a page in this order, or one facet's counts. */
type Reading = ProductOrder | 'facet-counts';

/**
 * Orders whose covering indexes (migration 033) a page in a category walks with a price band or a minimum rating
 * (0.5–0.6 ms through the price index -> 30–100 µs at 100,000 products). Over the whole shop SQLite walks them
 * unsteered, and steering would cost more for a narrow band (0.75–1.75 ms against 20–40 µs).
 */
const WALKED_IN_A_CATEGORY = new Set<Reading | undefined>(['popular', 'top-rated', 'discount']);

/**
 * What a price band and a minimum rating compare. A newest-first page on SQLite compares them as expressions no index
 * answers (`+ 0`, unary `+`): SQLite otherwise reads every product in the band through the price index and sorts
 * them all (0.6 ms in a category, 30–40 ms over the whole shop at 100,000 products), where walking the created_at
 * indexes in order, which hold the price and rating (migration 030), skips the rows outside the band without reading
 * them: ~40 µs, and under 1 ms for a band holding 1 % of the shop. (`likely()` did not move its choice.)
 *
 * A facet's counts on SQLite compare them so too: the value they group by (brand, colour, sizes, discount) is in no
 * price index, so a band read through one looks up every product in it (brand counts under a discount and a broad
 * band: a skip-scan of the category price index, 11–26 ms at 100,000 products; under a size in a group 11–17 ms),
 * where a facet index holds the price and every column grouped by: the same counts read 3–7 ms of index entries.
 * A band narrower than about 5 % of the listing would be cheaper through the price index; a whole facet index costs
 * ~7 ms at 100,000 products at most. PostgreSQL estimates the band from its statistics and picks the walk itself.
 */
function rangeOperands(ctx: Ctx, reading: Reading | undefined, filter: ProductFilter) {
  const { price, key } = sortAndRangeKeys(
    ctx,
    ctx.dialect === 'sqlite' &&
      (reading === 'newest' ||
        reading === 'facet-counts' ||
        (filter.categoryIds !== undefined && WALKED_IN_A_CATEGORY.has(reading))),
  );
  return { price, rating: key('products.rating') };
}

/**
 * The selling price and a product column as a statement compares or sorts them; `unindexed`, as expressions no index
 * answers (unary `+`, `+ 0` on the price expression), which keep every value and its order and only hide the index
 * from SQLite's planner.
 */
function sortAndRangeKeys(ctx: Ctx, unindexed: boolean) {
  return {
    price: unindexed ? sql<number>`(${sellingPrice(ctx)} + 0)` : sellingPrice(ctx),
    key: (column: `products.${'review_count' | 'rating' | 'discount' | 'created_at'}`) =>
      unindexed ? sql<number>`+${sql.ref(column)}` : sql.ref<number>(column),
  };
}

function applyFilter(
  ctx: Ctx,
  query: ProductQuery,
  filter: ProductFilter,
  commonWords = false,
  reading?: Reading,
): ProductQuery {
  const probe = commonWords || narrowedBesidesText(filter);
  const search = filter.search ?? [];
  const operands = rangeOperands(ctx, reading, filter);
  return (
    applyFacetFilter(query, filter)
      // The few hidden products' ids, from migration 019's partial index: a listing keeps reading its covering
      // indexes alone, where `visible = 1` would read every row. A literal 0, not a parameter: SQLite can then
      // plan the partial index once, at prepare (a bound 0 made each carousel list take 20 µs instead of 9).
      .$if(!filter.includeHidden, (q) =>
        q.where('products.id', 'not in', (eb) =>
          eb.selectFrom('products as hidden').select('hidden.id').where('hidden.visible', '=', sql.lit(0)),
        ),
      )
      .$if(filter.categoryIds !== undefined, (q) =>
        // An empty id list (an unknown category) must match nothing rather than everything.
        filter.categoryIds!.length
          ? q.where('products.category_id', 'in', filter.categoryIds!)
          : q.where(sql<boolean>`1 = 0`),
      )
      .$if(filter.minRating !== undefined, (q) => q.where(operands.rating, '>=', filter.minRating!))
      .$if(filter.lowPrice !== undefined, (q) => q.where(operands.price, '>=', filter.lowPrice!))
      .$if(filter.highPrice !== undefined, (q) => q.where(operands.price, '<=', filter.highPrice!))
      .$if(filter.sellerId !== undefined, (q) => q.where('products.seller_id', '=', filter.sellerId!))
      .$if(filter.excludeProductId !== undefined, (q) =>
        q.where('products.id', '!=', filter.excludeProductId!),
      )
      .$if(filter.inStockOnly === true, (q) => q.where('products.stock', '>', 0))
      .$if(!!filter.excludeCategoryIds?.length, (q) =>
        q.where('products.category_id', 'not in', filter.excludeCategoryIds!),
      )
      .$if(search.length > 0 && ctx.dialect === 'sqlite' && !probe, (q) =>
        q
          .innerJoin('products_fts', 'products_fts.rowid', 'products.id')
          .where(sql<boolean>`products_fts match ${fts5Query(search)}`),
      )
      .$if(search.length > 0 && ctx.dialect === 'sqlite' && probe, (q) =>
        q.where(
          sql<boolean>`+products.id in (select rowid from products_fts where products_fts match ${fts5Query(search)})`,
        ),
      )
      .$if(search.length > 0 && ctx.dialect === 'postgres', (q) =>
        q.where(sql<boolean>`products.search_vector @@ to_tsquery('english', ${tsQuery(search)})`),
      )
  );
}

/**
 * Whether SQLite sorts a page's matches rather than walking a sort index: a listing in categories narrowed by facet
 * values. Walking the category's created_at or price index, it read every row of the category to test its colour
 * and sizes, and found none for a rare pair ("Mustard" in XL among 4,545 kids' sneakers: 6.9 ms at 100,000
 * products); sorting on expressions no index answers, it reads the category's covering facet index and sorts what
 * matches (0.35 ms; 0.27 ms against 0.20 ms for a common pair). PostgreSQL estimates the facets from its statistics.
 */
const sortsFacetMatches = (ctx: Ctx, filter: ProductFilter) =>
  ctx.dialect === 'sqlite' &&
  filter.categoryIds !== undefined &&
  (filter.brands !== undefined ||
    filter.colours !== undefined ||
    filter.sizes !== undefined ||
    filter.minDiscount !== undefined);

function applyOrder(ctx: Ctx, query: ProductQuery, order: ProductOrder, unindexed = false): ProductQuery {
  const { price, key } = sortAndRangeKeys(ctx, unindexed);
  switch (order) {
    case 'price-asc':
      return query.orderBy(price, 'asc').orderBy('products.id', 'desc');
    case 'price-desc':
      return query.orderBy(price, 'desc').orderBy('products.id', 'desc');
    case 'relevance':
    case 'popular':
      return query
        .orderBy(key('products.review_count'), 'desc')
        .orderBy(key('products.rating'), 'desc')
        .orderBy('products.id', 'desc');
    case 'top-rated':
      return query
        .orderBy(key('products.rating'), 'desc')
        .orderBy(key('products.review_count'), 'desc')
        .orderBy('products.id', 'desc');
    case 'discount':
      return query
        .orderBy(key('products.discount'), 'desc')
        .orderBy(key('products.review_count'), 'desc')
        .orderBy('products.id', 'desc');
    case 'newest':
      return query.orderBy(key('products.created_at'), 'desc').orderBy('products.id', 'desc');
  }
}

/** Adds the category and shop names every product listing shows. */
function withDetails(query: ProductQuery) {
  return query
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .innerJoin('sellers', 'sellers.id', 'products.seller_id')
    .select([
      'products.id',
      'products.slug',
      'products.name',
      'products.brand',
      'products.price',
      'products.discount',
      'products.stock',
      'products.rating',
      'products.description',
      'products.created_at',
      'products.seller_id',
      'products.category_id',
      'categories.name as category_name',
      'categories.slug as category_slug',
      'sellers.shop_name',
      'products.review_count',
    ]);
}

/** A product row with its image URLs in display order. */
export type ProductRowWithImages = ProductRow & { images: string[] };

/**
 * A product's image URLs in display order, as a column of its row: PostgreSQL an array, SQLite a JSON array
 * (text). Read with a listing page's rows, it saves the page a statement of its own.
 */
function imageUrls(ctx: Ctx) {
  return ctx.dialect === 'postgres'
    ? sql<
        string[] | string
      >`array(select product_images.url from product_images where product_images.product_id = products.id order by product_images.position)`
    : sql<
        string[] | string
      >`(select json_group_array(product_images.url order by product_images.position) from product_images where product_images.product_id = products.id)`;
}

/**
 * A product's first picture (its cover) as a column of any query with a product in scope; `productId` names that
 * product's id column (`products.id`, or an alias's). The builder is narrowed to the one table the subquery reads.
 */
export function firstImageUrl<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  productId: string,
) {
  return (eb as unknown as ExpressionBuilder<Database, never>)
    .selectFrom('product_images')
    .select('product_images.url')
    .where('product_images.product_id', '=', sql.ref<number>(productId))
    .orderBy('product_images.position')
    .limit(1);
}

/**
 * The ids of one page of products. They are chosen on the products table alone, where an index answers the
 * filter, order and offset, and only those rows are then joined for their names: with the joins in the same
 * query, SQLite's planner picked an index that does not hold the sort order and sorted a whole category group
 * (20,000 rows, ~100 ms) per page.
 */
async function pageIds(
  ctx: Ctx,
  filter: ProductFilter,
  order: ProductOrder,
  page: PageSpec,
): Promise<number[]> {
  const keys = page.fewMatches ? undefined : shelfWalkKeys(ctx, filter, order);
  if (keys) return shelvesWalked(ctx, filter, order, page, keys);
  const filtered = applyFilter(ctx, ctx.db.selectFrom('products'), filter, page.commonWords, order);
  const rows = await applyOrder(
    ctx,
    page.commonWords === false || page.fewMatches ? matchesFirst(ctx, filtered) : filtered,
    order,
    sortsFacetMatches(ctx, filter),
  )
    .select('products.id')
    .limit(page.limit)
    .offset(page.offset ?? 0)
    .execute();
  return rows.map((row) => row.id);
}

/** The columns each order sorts on after its first, as a shelf's order index holds them (migrations 030, 033). */
const SHELF_ORDER_KEYS = {
  newest: ['products.created_at'],
  popular: ['products.review_count', 'products.rating'],
  'top-rated': ['products.rating', 'products.review_count'],
  discount: ['products.discount', 'products.review_count'],
} as const;

/**
 * What a page of a group of shelves (a category and its subcategories) sorts on when it is read shelf by shelf
 * (`shelvesWalked`): SQLite, several shelves, an order each shelf has an index for, no search words and no facet
 * values (whose own plans apply). Undefined otherwise.
 */
function shelfWalkKeys(ctx: Ctx, filter: ProductFilter, order: ProductOrder) {
  if (ctx.dialect !== 'sqlite' || (filter.categoryIds?.length ?? 0) < 2 || filter.search?.length)
    return undefined;
  if (filter.brands || filter.colours || filter.sizes || filter.minDiscount !== undefined) return undefined;
  return order in SHELF_ORDER_KEYS ? SHELF_ORDER_KEYS[order as keyof typeof SHELF_ORDER_KEYS] : undefined;
}

/**
 * A page of a group's listing, read shelf by shelf. SQLite cannot merge the shelves' ordered indexes: for a group
 * page it read every product of the group (seven shelves of men's wear) through each shelf's index and sorted them
 * all, 5–25 ms a page at 100,000 products with or without a price band, the slowest listing pages there are. Each
 * shelf instead walks its own order index to the end of the page (as a one-shelf page does, skipping products
 * outside the band or rating in the index), and only those few rows per shelf are sorted together: the same page,
 * 2–6 times faster measured on a shared machine, and no more rows read as the group grows.
 */
async function shelvesWalked(
  ctx: Ctx,
  filter: ProductFilter,
  order: ProductOrder,
  page: PageSpec,
  keys: (typeof SHELF_ORDER_KEYS)[keyof typeof SHELF_ORDER_KEYS],
): Promise<number[]> {
  const reach = (page.offset ?? 0) + page.limit;
  const shelves = filter.categoryIds!.map((categoryId) => {
    const shelf = { ...filter, categoryIds: [categoryId] };
    const walked = applyOrder(
      ctx,
      applyFilter(ctx, ctx.db.selectFrom('products'), shelf, false, order),
      order,
    )
      .select(['products.id', ...keys])
      .limit(reach);
    // A derived table each: SQLite takes ORDER BY and LIMIT in a compound's branches only so.
    return ctx.db.selectFrom(walked.as(`shelf_${categoryId}`)).selectAll();
  });
  const merged = shelves.slice(1).reduce((union, shelf) => union.unionAll(shelf), shelves[0]);
  // Aliased `products`, so the order's columns keep their names (as `matchesFirst` does).
  const rows = await applyOrder(
    ctx,
    ctx.db.selectFrom(merged.as('products')) as unknown as ProductQuery,
    order,
  )
    .select('products.id')
    .limit(page.limit)
    .offset(page.offset ?? 0)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * PostgreSQL: a filter with few matches (a search's capped count's worth, a size filter's few) as a set of its own,
 * sorted afterwards. The planner takes words and a category to be independent, so for "shirt" in women's wear (9,329
 * shirts, 15 of them there) it walked the price index expecting a page within a few hundred rows and read 14,000
 * (60–130 ms); the set is read from the category's range of migration 034's index (the words tested in its entries)
 * or from the words' and the category's index bitmaps ANDed. A size it takes nearly every product to have in stock,
 * so for "UK 8" with a colour it walked a sort index through 38,000 table rows (0.9 s); the set is the colour's range
 * of its facet index. `offset 0` keeps the planner from merging the derived table back into the sorted query; it is
 * aliased `products` so the sort's columns keep their names. SQLite reads few matches as a set already
 * (`applyFilter`, `sortsFacetMatches`).
 */
function matchesFirst(ctx: Ctx, filtered: ProductQuery): ProductQuery {
  if (ctx.dialect !== 'postgres') return filtered;
  const matches = filtered
    .select([
      'products.id',
      'products.sale_price',
      'products.review_count',
      'products.rating',
      'products.discount',
      'products.created_at',
    ])
    .offset(0);
  return ctx.db.selectFrom(matches.as('products')) as unknown as ProductQuery;
}

const inOrderOf = <T extends { id: number }>(ids: number[], rows: T[]): T[] => {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/** A row's `imageUrls` column as a list (SQLite returns it as JSON text). */
const withImageList = <T extends { images: string[] | string }>({ images, ...row }: T) => ({
  ...row,
  images: typeof images === 'string' ? (JSON.parse(images) as string[]) : images,
});

/**
 * One page of products with their category and shop names, and with their images when asked (a listing page
 * shows them; suggestions do not): two statements in all.
 */
export async function findProducts(
  ctx: Ctx,
  filter: ProductFilter,
  order: ProductOrder,
  page: PageSpec,
): Promise<ProductRow[]>;
export async function findProducts(
  ctx: Ctx,
  filter: ProductFilter,
  order: ProductOrder,
  page: PageSpec,
  include: { images: true },
): Promise<ProductRowWithImages[]>;
export async function findProducts(
  ctx: Ctx,
  filter: ProductFilter,
  order: ProductOrder,
  page: PageSpec,
  include?: { images: true },
): Promise<ProductRow[] | ProductRowWithImages[]> {
  const ids = await pageIds(ctx, filter, order, page);
  if (!ids.length) return [];
  if (include?.images) return inOrderOf(ids, [...(await productsWithImages(ctx, ids)).values()]);
  return inOrderOf(
    ids,
    await withDetails(ctx.db.selectFrom('products').where('products.id', 'in', ids)).execute(),
  );
}

/** Where a product stands in the popular order: enough to pick a carousel's or shelf's products before reading them. */
export type PopularPick = Pick<ProductRow, 'id' | 'review_count' | 'rating'>;

/** The order `findProducts(…, 'popular', …)` returns: most reviewed, then best rated, then newest id. */
export const popularFirst = (a: PopularPick, b: PopularPick) =>
  b.review_count - a.review_count || Number(b.rating) - Number(a.rating) || b.id - a.id;

/**
 * The `limit` most popular products of each filter, as picks (id and popularity only), lists in the order of
 * `filters`. Only picks, so a product page reads the details of the 24 products its carousels show rather than of
 * the 64 its eight lists offer (six related shelves compete for eight places), and a list reads its index alone.
 *
 * SQLite runs each list as its own statement: it has no round trips to save, and a UNION ALL of eight ordered,
 * limited lists cost it 0.7 ms against 0.1 ms for the eight statements (measured at 100,000 products). PostgreSQL
 * answers all lists in one statement, so a product page waits once: every list is a derived table with its own
 * ORDER BY and LIMIT, and lists that differ only in their one category (the shelves of a group) are a single
 * LATERAL branch over the list of shelves instead of one branch each (planning a UNION of eight branches cost more
 * than running it, docs/query-plans.md).
 */
export async function popularPicks(
  ctx: Ctx,
  filters: readonly ProductFilter[],
  limit: number,
): Promise<PopularPick[][]> {
  if (!filters.length) return [];
  const popular = (filter: ProductFilter) =>
    applyOrder(ctx, applyFilter(ctx, ctx.db.selectFrom('products'), filter), 'popular')
      .select(['products.id', 'products.review_count', 'products.rating'])
      .limit(limit);
  if (ctx.dialect === 'sqlite') return Promise.all(filters.map((filter) => popular(filter).execute()));
  const shelfBatches = new Map<string, { rest: ProductFilter; categoryIds: number[]; lists: number[] }>();
  const branches = filters.flatMap((filter, index) => {
    const { categoryIds, ...rest } = filter;
    if (categoryIds?.length === 1) {
      const key = JSON.stringify(rest);
      const batch = shelfBatches.get(key) ?? { rest, categoryIds: [] as number[], lists: [] as number[] };
      batch.categoryIds.push(categoryIds[0]);
      batch.lists.push(index);
      shelfBatches.set(key, batch);
      return [];
    }
    const list = popular(filter).select(sql.lit(index).as('list'));
    return [ctx.db.selectFrom(list.as(`list_${index}`)).selectAll()];
  });
  for (const { rest, categoryIds, lists } of shelfBatches.values()) {
    // Two unnests in one select list pair up element by element: (shelf, its list number).
    const shelves = sql<{
      category_id: number;
      list: number;
    }>`(select unnest(${categoryIds}::int[]) as category_id, unnest(${lists}::int[]) as list)`;
    const perShelf = ctx.db
      .selectFrom(shelves.as('shelf'))
      .innerJoinLateral(
        popular(rest)
          .where(sql<boolean>`products.category_id = shelf.category_id`)
          .as('shelf_list'),
        (join) => join.onTrue(),
      )
      .selectAll('shelf_list')
      .select('shelf.list');
    branches.push(ctx.db.selectFrom(perShelf.as(`list_${lists[0]}`)).selectAll());
  }
  const rows = await branches
    .slice(1)
    .reduce((union, branch) => union.unionAll(branch), branches[0])
    .execute();
  const grouped = filters.map((): PopularPick[] => []);
  for (const { list, ...pick } of rows) grouped[Number(list)].push(pick);
  return grouped.map((group) => group.sort(popularFirst));
}

/** Products by id, each with its category and shop names and its image URLs, in one statement. */
export async function productsWithImages(
  ctx: Ctx,
  ids: readonly number[],
): Promise<Map<number, ProductRowWithImages>> {
  if (!ids.length) return new Map();
  const rows = await withDetails(ctx.db.selectFrom('products').where('products.id', 'in', [...new Set(ids)]))
    .select(imageUrls(ctx).as('images'))
    .execute();
  return new Map(rows.map((row) => [row.id, withImageList(row)]));
}

/**
 * How many products match; with `atMost`, counting stops past that many (it returns `atMost + 1` when there
 * are more), so a common search word costs the first matches rather than all of them.
 */
export async function countProducts(ctx: Ctx, filter: ProductFilter, atMost?: number): Promise<number> {
  const matches = applyFilter(ctx, ctx.db.selectFrom('products'), filter);
  const row = await (
    atMost === undefined
      ? matches.select((eb) => eb.fn.countAll<number>().as('total'))
      : ctx.db
          .selectFrom(
            matches
              .select(sql.lit(1).as('one'))
              .limit(atMost + 1)
              .as('first_matches'),
          )
          .select((eb) => eb.fn.countAll<number>().as('total'))
  ).executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Image URLs of many products in one query, each product's list in display order. Takes any executor (the
 * database or an open transaction) because the cart and orders read product pictures too.
 */
export async function imagesByProduct(
  db: Executor,
  productIds: readonly number[],
): Promise<Map<number, string[]>> {
  const images = new Map<number, string[]>();
  if (!productIds.length) return images;
  const rows = await db
    .selectFrom('product_images')
    .select(['product_id', 'url'])
    .where('product_id', 'in', [...new Set(productIds)])
    .orderBy('product_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = images.get(row.product_id);
    if (list) list.push(row.url);
    else images.set(row.product_id, [row.url]);
  }
  return images;
}

/**
 * A listed product by its slug or, when the reference is all digits, by its id; with its pictures, what its sizes
 * and colours need and its shop's page. A product shoppers may not see is not found (its page is gone until it is listed again).
 */
export async function findProduct(ctx: Ctx, ref: { id: number } | { slug: string }) {
  const query = ctx.db.selectFrom('products').where('products.visible', '=', 1);
  const row = await withDetails(
    'id' in ref ? query.where('products.id', '=', ref.id) : query.where('products.slug', '=', ref.slug),
  )
    .select(['products.colour', 'products.size_system', 'products.style_code', 'sellers.slug as shop_slug'])
    .select(imageUrls(ctx).as('images'))
    .executeTakeFirst();
  return row && withImageList(row);
}

/** The listed products of one style (its colours), oldest first, each with its first picture. */
export function productsOfStyle(db: Executor, styleCode: string) {
  return db
    .selectFrom('products')
    .select((eb) => [
      'products.id',
      'products.slug',
      'products.colour',
      'products.stock',
      firstImageUrl(eb, 'products.id').as('image'),
    ])
    .where('products.style_code', '=', styleCode)
    .where('products.visible', '=', 1)
    .orderBy('products.id')
    .execute();
}

/** Every brand name shoppers can see, once each (the search vocabulary corrects typos against them). */
export async function distinctBrands(ctx: Ctx): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('products')
    .select('brand')
    .distinct()
    .where('products.visible', '=', 1)
    .execute();
  return rows.map((row) => row.brand);
}

/**
 * Lowest and highest selling price shoppers can see (each answered from the first entries of an index: nearly every
 * product is listed).
 */
export async function salePriceRange(ctx: Ctx): Promise<{ low: number | null; high: number | null }> {
  const [low, high] = await Promise.all([
    ctx.db
      .selectFrom('products')
      .select((eb) => eb.fn.min(sellingPrice(ctx)).as('value'))
      .where('products.visible', '=', 1)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('products')
      .select((eb) => eb.fn.max(sellingPrice(ctx)).as('value'))
      .where('products.visible', '=', 1)
      .executeTakeFirst(),
  ]);
  return { low: low?.value ?? null, high: high?.value ?? null };
}

/**
 * An approved shop by its page's slug with what its page shows of its listed products: how many, and their reviews'
 * star total and count (each product keeps its own average and count, so no review is read). One statement over
 * the shop's products (the (seller_id, created_at) index).
 */
export async function findApprovedShop(ctx: Ctx, slug: string) {
  return ctx.db
    .selectFrom('sellers')
    .leftJoin('products', (join) =>
      join.onRef('products.seller_id', '=', 'sellers.id').on('products.visible', '=', 1),
    )
    .select((eb) => [
      'sellers.id',
      'sellers.slug',
      'sellers.shop_name',
      'sellers.city',
      'sellers.created_at',
      eb.fn.count<number>('products.id').as('product_count'),
      eb.fn.coalesce(eb.fn.sum<number>('products.review_count'), sql.lit(0)).as('review_count'),
      eb.fn
        .coalesce(eb.fn.sum<number>(sql`products.rating * products.review_count`), sql.lit(0))
        .as('star_total'),
    ])
    .where('sellers.slug', '=', slug)
    .where('sellers.status', '=', 'approved')
    .groupBy(['sellers.id', 'sellers.slug', 'sellers.shop_name', 'sellers.city', 'sellers.created_at'])
    .executeTakeFirst();
}

export async function listBanners(ctx: Ctx) {
  return ctx.db
    .selectFrom('banners')
    .select(['path', 'heading', 'description', 'button_text'])
    .where('hidden', '=', 0)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

// ---- Facets (issue 15) ----------------------------------------------------------------------------

/**
 * The listing's facet filters: values within one facet are OR (`in`), facets AND. A product matches a size when
 * it has a variant of that size with stock: a shopper filtering by M wants what can be bought in M.
 */
function applyFacetFilter(query: ProductQuery, filter: ProductFilter): ProductQuery {
  return query
    .$if(filter.brands !== undefined, (q) => q.where('products.brand', 'in', filter.brands!))
    .$if(filter.colours !== undefined, (q) => q.where('products.colour', 'in', filter.colours!))
    .$if(filter.minDiscount !== undefined, (q) => q.where('products.discount', '>=', filter.minDiscount!))
    .$if(filter.sizes !== undefined, (q) =>
      // The product's own bitmask of sizes in stock (migration 027), so the size filter is read from the same
      // covering indexes as the other facets instead of from the size's ~30,000 in-stock variants.
      q.where(sql<boolean>`(products.sizes_in_stock & ${bitsOfSizes(filter.sizes!)}) <> 0`),
    );
}

/** The bits of these sizes added up, as a scalar subquery both databases evaluate once per statement. */
function bitsOfSizes(sizes: string[]) {
  return sql<number>`(select coalesce(cast(sum(size_bits.bit) as bigint), 0) from size_bits where size_bits.size in (${sql.join(sizes)}))`;
}

export interface FacetValueCount {
  value: string;
  count: number;
}

/**
 * How many products matching `filter` have each brand or colour: one grouped statement, answered from the
 * (brand, …) / (colour, …) indexes of migrations 016 and 027 when the filter is narrow (docs/query-plans.md). The
 * caller passes the listing's filter without this facet's own values (disjunctive faceting).
 */
export async function countByColumn(
  ctx: Ctx,
  filter: ProductFilter,
  column: 'brand' | 'colour',
): Promise<FacetValueCount[]> {
  const rows = await applyFilter(ctx, ctx.db.selectFrom('products'), filter, false, 'facet-counts')
    .select([`products.${column} as value`, (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(`products.${column}`)
    .execute();
  return rows.map((row) => ({ value: row.value, count: Number(row.count) }));
}

/**
 * How many products matching `filter` have each size in stock: the matching products grouped by their bitmask of
 * sizes in stock (a few hundred distinct masks, read from the covering facet indexes), each mask then counted once
 * for every size whose bit it holds. The default variant of a product without sizes has no bit.
 */
export async function countBySizeInStock(ctx: Ctx, filter: ProductFilter): Promise<FacetValueCount[]> {
  const masks = applyFilter(ctx, ctx.db.selectFrom('products'), filter, false, 'facet-counts')
    .select(['products.sizes_in_stock as bits', (eb) => eb.fn.countAll<number>().as('products')])
    .groupBy('products.sizes_in_stock');
  // A cross join, so SQLite reads the masks once and then the sizes for each (joined the other way round, it ran the
  // grouping again for each of the 42 sizes).
  const rows = await ctx.db
    .selectFrom(masks.as('masks'))
    .crossJoin('size_bits')
    .where(sql<boolean>`(masks.bits & size_bits.bit) <> 0`)
    .select(['size_bits.size as value', (eb) => eb.fn.sum<number>('masks.products').as('count')])
    .groupBy('size_bits.size')
    .execute();
  return rows.map((row) => ({ value: row.value, count: Number(row.count) }));
}

/**
 * How many products matching `filter` have each tens of percent off (bucket 3: 30–39 %), from 10 % up: the
 * caller adds them up into "at least n %". Integer division floors on both databases (discounts are never
 * negative).
 */
export async function countByDiscountTens(
  ctx: Ctx,
  filter: ProductFilter,
): Promise<{ tens: number; count: number }[]> {
  const tens = sql<number>`(products.discount / 10)`;
  const rows = await applyFilter(
    ctx,
    ctx.db.selectFrom('products'),
    { ...filter, minDiscount: 10 },
    false,
    'facet-counts',
  )
    .select([tens.as('tens'), (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(tens)
    .execute();
  return rows.map((row) => ({ tens: Number(row.tens), count: Number(row.count) }));
}

// ---- Stock ---------------------------------------------------------------------------------------

/** A product as an order line records it, read in the same statement that takes its stock. */
export type ProductForOrder = Pick<
  Selectable<ProductTable>,
  'id' | 'name' | 'brand' | 'slug' | 'price' | 'discount' | 'seller_id' | 'colour'
> & {
  shop_name: SellerTable['shop_name'];
  category: CategoryTable['name'];
  /** The category's group (Mens, Women, …), or null for a top-level category. */
  category_group: CategoryTable['name'] | null;
  /** The first picture by position, or null when the product has none. */
  image: ProductImageTable['url'] | null;
};

/** A variant as an order line records it. */
export type VariantForOrder = Pick<Selectable<ProductVariantTable>, 'id' | 'size'>;

/**
 * Adds `delta` to the product's stock if that leaves it at zero or more; the product half of every variant stock
 * change, and always its first statement, so concurrent changes of one product's variants queue on the product row
 * (and take their rows in the same order: no deadlocks). Pinned to the product id, so the response cache retires
 * only that product's answers.
 */
function productStockStep(trx: Executor, productId: number, delta: number) {
  return trx
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '+', delta) }))
    .where('id', '=', productId)
    .where('stock', '>=', -delta);
}

/**
 * What the product's half of a stock change returns for the variant's half (`variantStockStep`): the product's
 * stock after it, and where the product is listed.
 */
const PRODUCT_STEP_RETURNS = [
  'products.stock',
  'products.category_id',
  'products.brand',
  'products.colour',
] as const;

type SteppedProduct = Pick<Selectable<ProductTable>, 'id' | 'stock' | 'category_id' | 'brand' | 'colour'>;

/**
 * The variant half: the variant must be the product's and keep zero or more. A null `variantId` is the product's
 * default variant (size null), which only a product without sizes has. When its stock crosses zero (the size sold
 * out, or came back), the trigger of migration 027 has moved the product's sizes in stock: the catalogue's caches
 * are told directly, with where the product is listed and whether it is back on sale (`product`, as its half
 * returned it), so they retire the size counts and size-filtered listings that can include it, and the carousels
 * that can now pick it. The stock the variant's update returns says so, and an order crossing zero costs no
 * statement more than one that does not.
 */
async function variantStockStep(
  trx: Executor,
  product: SteppedProduct,
  variantId: number | null,
  delta: number,
) {
  const variant = await trx
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '+', delta) }))
    .where((eb) => (variantId === null ? eb('size', 'is', null) : eb('id', '=', variantId)))
    .where('product_id', '=', product.id)
    .where('stock', '>=', -delta)
    .returning(['product_variants.id', 'product_variants.size', 'product_variants.stock'])
    .executeTakeFirst();
  if (!variant) return undefined;
  const left = Number(variant.stock);
  const crossedZero = delta < 0 ? left === 0 : delta > 0 && left === delta;
  if (crossedZero)
    catalogueWritesOf(trx)?.sizesMoved(
      product.id,
      { categoryId: product.category_id, brand: product.brand, colour: product.colour },
      // Its stock was zero before these units came back.
      { backInStock: delta > 0 && Number(product.stock) === delta },
    );
  return { id: variant.id, size: variant.size };
}

/**
 * THE way a variant's stock changes: `delta` (negative takes units, positive gives them back) is added to the
 * variant and to its product in the same transaction, so `products.stock` stays the sum of its variants' stock, as
 * every spec call that reads `stock` expects. Each half is a conditional update (never below zero, the variant must
 * be the product's); when the variant's half fails, the product's is undone and nothing has changed. Run it inside a
 * transaction (both halves commit together). False when the stock was short or the variant is not the product's.
 */
export async function changeVariantStock(
  trx: Executor,
  { productId, variantId }: { productId: number; variantId: number },
  delta: number,
): Promise<boolean> {
  const product = await productStockStep(trx, productId, delta)
    .returning(PRODUCT_STEP_RETURNS)
    .executeTakeFirst();
  if (!product) return false;
  if (await variantStockStep(trx, { id: productId, ...product }, variantId, delta)) return true;
  await productStockStep(trx, productId, -delta).execute();
  return false;
}

/**
 * Takes `quantity` of a variant (the `changeVariantStock` rule: the variant and its product, each a conditional
 * update, so concurrent orders can never drive either below zero) and returns what an order line records about the
 * product and the variant — the product's shop, category names and first image come from subqueries in RETURNING,
 * so taking stock and reading the product are two statements, with no lookup first. A null `variantId` takes the
 * default variant of a product without sizes. Undefined (and nothing changed) when there was not enough stock of
 * the variant, no such product, no such variant of it (a product with sizes has no default variant), or the product
 * is not listed.
 */
export async function takeVariantStockReturningProduct(
  trx: Executor,
  { productId, variantId }: { productId: number; variantId: number | null },
  quantity: number,
): Promise<{ product: ProductForOrder; variant: VariantForOrder } | undefined> {
  // Only a listed product can be bought: a purchase racing its shop's suspension or its withdrawal takes nothing.
  const product = await productStockStep(trx, productId, -quantity)
    .where('products.visible', '=', 1)
    .returning((eb) => [
      'products.id',
      'products.name',
      'products.slug',
      'products.price',
      'products.discount',
      'products.seller_id',
      ...PRODUCT_STEP_RETURNS,
      eb
        .selectFrom('sellers')
        .select('sellers.shop_name')
        .whereRef('sellers.id', '=', 'products.seller_id')
        .$asScalar()
        .as('shop_name'),
      eb
        .selectFrom('categories')
        .select('categories.name')
        .whereRef('categories.id', '=', 'products.category_id')
        .$asScalar()
        .as('category'),
      eb
        .selectFrom('categories as category')
        .innerJoin('categories as category_group', 'category_group.id', 'category.parent_id')
        .select('category_group.name')
        .whereRef('category.id', '=', 'products.category_id')
        .as('category_group'),
      firstImageUrl(eb, 'products.id').as('image'),
    ])
    .executeTakeFirst();
  if (!product) return undefined;
  const variant = await variantStockStep(trx, product, variantId, -quantity);
  if (variant) return { product, variant };
  await productStockStep(trx, productId, quantity).execute();
  return undefined;
}

/** A product's name and stock as they are now: what a refusal for a short line reports. */
export function productStock(db: Executor, productId: number) {
  return db.selectFrom('products').select(['name', 'stock']).where('id', '=', productId).executeTakeFirst();
}

/**
 * Gives units back to a variant (a cancelled order's); the caller's transaction covers the order change that frees
 * them.
 */
export async function returnStock(
  trx: Executor,
  line: { productId: number; variantId: number },
  quantity: number,
): Promise<void> {
  await changeVariantStock(trx, line, quantity);
}

/**
 * The first statement of a seller's edit of a product's variants: takes the product's row (as `changeVariantStock`
 * does first), so concurrent orders of the product queue behind the edit instead of deadlocking with it. Changes
 * nothing; pinned to the id, the response cache reads it as a stock change of that product only.
 */
export async function holdProductStock(trx: Executor, productId: number): Promise<void> {
  await trx
    .updateTable('products')
    .set((eb) => ({ stock: eb.ref('stock') }))
    .where('id', '=', productId)
    .execute();
}

/**
 * Sets `products.stock` to the sum of its variants': the last statement of a transaction that wrote variants
 * directly (a seller setting each size's stock, adding or removing sizes), after `holdProductStock`.
 */
export async function recountProductStock(trx: Executor, productId: number): Promise<void> {
  await trx
    .updateTable('products')
    .set((eb) => ({
      stock: eb
        .selectFrom('product_variants')
        .select(sql<number>`coalesce(sum(product_variants.stock), 0)`.as('total'))
        .whereRef('product_variants.product_id', '=', 'products.id')
        .$asScalar()
        .$notNull(),
    }))
    .where('id', '=', productId)
    .execute();
}

// ---- Visibility (issue 16) -----------------------------------------------------------------------

/**
 * Sets `visible` of every product of a seller by `isListed` after the seller's status changed: an approved shop
 * shows its active products, any other shows none. Run it in the transaction that changes the status.
 */
export async function refreshSellerProductsVisibility(
  trx: Executor,
  sellerId: number,
  sellerApproved: boolean,
): Promise<void> {
  await trx
    .updateTable('products')
    .set({ visible: sellerApproved ? sql<number>`case when status = 'active' then 1 else 0 end` : 0 })
    .where('seller_id', '=', sellerId)
    .execute();
}

// ---- Variants ------------------------------------------------------------------------------------

/**
 * A product's size system with the variant a purchase names (`variantId`) or, without one, its default variant
 * (size null), for `chooseVariant` to judge; one statement. Undefined when there is no such product.
 */
export function purchasableVariant(
  db: Executor,
  productId: number,
  variantId: number | undefined,
): Promise<(PurchasableVariantRow & { name: string }) | undefined> {
  return db
    .selectFrom('products')
    .leftJoin('product_variants as v', (join) =>
      join
        .onRef('v.product_id', '=', 'products.id')
        .on((eb) => (variantId === undefined ? eb('v.size', 'is', null) : eb('v.id', '=', variantId))),
    )
    .select([
      'products.id as productId',
      'products.name',
      'products.size_system as sizeSystem',
      'products.visible',
      'v.id as variantId',
      'v.size',
      'v.stock',
    ])
    .where('products.id', '=', productId)
    .orderBy('v.id')
    .limit(1)
    .executeTakeFirst();
}

/** The variants of these products in size-run order, with their product's colour. */
export function variantsOfProducts(db: Executor, productIds: readonly number[]) {
  if (!productIds.length) return Promise.resolve([]);
  return db
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select([
      'product_variants.id',
      'product_variants.product_id',
      'product_variants.sku',
      'product_variants.size',
      'product_variants.stock',
      'products.colour',
    ])
    .where('product_variants.product_id', 'in', [...new Set(productIds)])
    .orderBy('product_variants.product_id')
    .orderBy('product_variants.position')
    .orderBy('product_variants.id')
    .execute();
}

/**
 * Tells the running servers that the catalogue changed outside them (a command-line tool's write): they poll the
 * count (`outsideCatalogueChangesSeen`) and retire their cached catalogue answers when it moves.
 */
export async function countOutsideCatalogueChange(db: Kysely<Database>): Promise<void> {
  const changedAt = new Date().toISOString();
  await db
    .insertInto('outside_catalogue_changes')
    .values({ id: 1, sequence: 1, changed_at: changedAt })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet((eb) => ({
        sequence: eb('outside_catalogue_changes.sequence', '+', 1),
        changed_at: changedAt,
      })),
    )
    .execute();
}

/** How many catalogue changes programs other than the servers have made (see countOutsideCatalogueChange). */
export async function outsideCatalogueChangesSeen(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('outside_catalogue_changes')
    .select('sequence')
    .where('id', '=', 1)
    .executeTakeFirst();
  return Number(row?.sequence ?? 0);
}
