import { COLOURS, SEARCH_COUNT_CAP } from '@bazaar/shared';
import { memoized, type CatalogueReading } from '../cache/catalogueMemo';
import type { AppContext } from '../context';
import * as repo from './repository';
import { sizesScopeOf } from './facets';
import type { CategoryRow, PageSpec, ProductFilter, ProductRow } from './repository';
import { isEmptySearch, parseSearch, searchWords, SearchVocabulary } from './search';

type Ctx = Pick<AppContext, 'db' | 'dialect'> & CatalogueReading;

/**
 * A search as product filters. Relevance is two tiers, each listed by popularity (most reviews, then best
 * rating): first the products whose category is a product type the query names ("dress" → Dresses), then every
 * other match (DressBerry tops, "shirt" in a T-shirt's name). Each tier is a plain indexed query, so a common
 * word lists its category from the (category, popularity) index instead of ranking every text match.
 */
export interface ResolvedSearch {
  /** Every match: for other sorts and for filter counts. */
  all: ProductFilter;
  /** Together exactly the matches of `all`, in relevance order. */
  tiers: ProductFilter[];
}

/** The search vocabulary, built once per catalogue change (a `select distinct brand` and the category tree). */
function vocabulary(ctx: Ctx, categories: CategoryRow[]): Promise<SearchVocabulary> {
  return memoized(ctx, 'search:vocabulary', async () => {
    const brands = await repo.distinctBrands(ctx);
    return new SearchVocabulary({
      categories,
      brands,
      colours: Object.values(COLOURS).map((colour) => colour.name),
    });
  });
}

const unique = (ids: number[]) => [...new Set(ids)];
const intersect = (a: number[], b: number[]) => a.filter((id) => b.includes(id));

/**
 * The filters a search text adds to `base` (the listing's other filters), or undefined when the text asks for
 * nothing (empty, punctuation, stop words): the listing is then not a search at all.
 */
export async function resolveSearch(
  ctx: Ctx,
  categories: CategoryRow[],
  text: string,
  base: ProductFilter,
): Promise<ResolvedSearch | undefined> {
  // Most listings search for nothing: they need no vocabulary.
  if (!searchWords(text).length) return undefined;
  const words = await vocabulary(ctx, categories);
  const plan = parseSearch(text, words);
  if (isEmptySearch(plan)) return undefined;
  const terms = plan.groups.flat();
  const types = unique(terms.flatMap((term) => words.categoriesOf(term.concept)));
  const groups = categories.filter((c) => c.parent_id === null && plan.audiences.includes(c.slug));
  let audience = unique(
    groups.flatMap((group) => [
      group.id,
      ...categories.filter((c) => c.parent_id === group.id).map((c) => c.id),
    ]),
  );
  // "men perfume": no perfume is in the men's group, so the shopper means perfumes (not nothing).
  if (types.length && !types.some((id) => audience.includes(id))) audience = [];
  let scope = base.categoryIds;
  if (audience.length) scope = scope ? intersect(scope, audience) : audience;
  const search = plan.groups.length ? plan.groups : undefined;
  const all: ProductFilter = { ...base, categoryIds: scope, search };
  const typeFirst = scope ? intersect(types, scope) : types;
  if (!search || !typeFirst.length) return { all, tiers: [all] };
  // A product in a category a one-word group names matches that group through its category: no text to match.
  const implied = plan.groups.every((group) => group.length === 1);
  return {
    all,
    tiers: [
      { ...base, categoryIds: typeFirst, search: implied ? undefined : search },
      { ...all, excludeCategoryIds: [...(base.excludeCategoryIds ?? []), ...typeFirst] },
    ],
  };
}

/** How many products a filter matches, up to `cap` (cap + 1 means more), kept per catalogue change. */
const countUpTo = (ctx: Ctx, filter: ProductFilter, cap: number) =>
  memoized(ctx, `count:${JSON.stringify([filter, cap])}`, () => repo.countProducts(ctx, filter, cap), {
    sizesIn: sizesScopeOf(filter),
  });

/**
 * How many products a filter's words match, up to SEARCH_COUNT_CAP (cap + 1: more), where its pages need to know:
 * more than the cap, and its pages are read by walking the sort's index (see `PageSpec`). Its count is the one
 * `searchCount` keeps for a search's first tier. PostgreSQL only asks when the words share the listing with a
 * filter they cluster in (`narrowedWhereWordsCluster`); elsewhere, and for a filter without words, undefined.
 */
async function wordMatches(ctx: Ctx, filter: ProductFilter): Promise<number | undefined> {
  if (!filter.search) return undefined;
  if (ctx.dialect === 'postgres' && !repo.narrowedWhereWordsCluster(filter)) return undefined;
  return countUpTo(ctx, filter, SEARCH_COUNT_CAP);
}

/**
 * One page of a filter's products, its words judged common or not by their count (see `PageSpec`); the rows and
 * the count, when known. A page that starts past the last match is empty without a statement: every search page
 * on SQLite reads all matches of its words in the whole shop (~1.6 ms at 100,000 products for a common word), to
 * find none for "kurta" in Dinnerware, or past the few of "shirt" in Sarees on its pages 2 and 3.
 */
export async function searchPage<Row extends ProductRow>(
  ctx: Ctx,
  filter: ProductFilter,
  page: { limit: number; offset: number },
  read: (filter: ProductFilter, page: PageSpec) => Promise<Row[]>,
): Promise<{ rows: Row[]; matches?: number }> {
  if (!filter.search) return { rows: await read(filter, { ...page, commonWords: false }) };
  const matches = await wordMatches(ctx, filter);
  if (matches !== undefined && matches <= page.offset) return { rows: [], matches };
  const commonWords = matches === undefined ? undefined : matches > SEARCH_COUNT_CAP;
  return { rows: await read(filter, { ...page, commonWords }), matches };
}

/** The number of matches up to SEARCH_COUNT_CAP, and whether there are more. */
export async function searchCount(
  ctx: Ctx,
  search: ResolvedSearch,
): Promise<{ total: number; capped: boolean }> {
  let total = 0;
  for (const tier of search.tiers) {
    total += await countUpTo(ctx, tier, SEARCH_COUNT_CAP - total);
    if (total > SEARCH_COUNT_CAP) return { total: SEARCH_COUNT_CAP, capped: true };
  }
  return { total, capped: false };
}

/**
 * One page in relevance order: the first tier's page, and when it runs out, the next tier's from where it
 * starts. A tier is counted only when a page reaches past its end.
 */
export async function relevancePage<Row extends ProductRow>(
  ctx: Ctx,
  search: ResolvedSearch,
  page: { limit: number; offset: number },
  read: (filter: ProductFilter, page: PageSpec) => Promise<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = [];
  let offset = page.offset;
  for (const [index, tier] of search.tiers.entries()) {
    const { rows: found, matches } = await searchPage(
      ctx,
      tier,
      { limit: page.limit - rows.length, offset },
      read,
    );
    rows.push(...found);
    if (rows.length === page.limit || index === search.tiers.length - 1) break;
    // This tier ended within the page (or before it): the next one starts where the page continues.
    if (found.length) offset = 0;
    else offset -= matches !== undefined && matches <= offset ? matches : await countUpTo(ctx, tier, offset);
  }
  return rows;
}
