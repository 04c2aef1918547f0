import type { SearchItemDto } from '@bazaar/shared';

/** Spec limits for the header's suggestion lists. */
export const POPULAR_SEARCH_LIMIT = 6;
export const PRODUCT_SUGGESTION_LIMIT = 8;

export interface SearchSuggestions {
  /** One entry per subcategory among the matches, for /shops?category={subcategory}. */
  popular: Pick<SearchItemDto, 'subcategory' | 'subcategoryName'>[];
  /** Matching products, for /product/details/{slug}. */
  products: SearchItemDto[];
}

/** Empty or whitespace-only search text is ignored (spec §5); otherwise the trimmed text is searched. */
export function searchTerm(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? trimmed : null;
}

export function searchResultsPath(term: string): string {
  return `/products/search?value=${encodeURIComponent(term)}`;
}

/** Items whose name contains the text, case-insensitively, split into the two suggestion lists. */
export function buildSuggestions(items: readonly SearchItemDto[], text: string): SearchSuggestions {
  const term = searchTerm(text)?.toLocaleLowerCase('en-IN');
  if (!term) return { popular: [], products: [] };
  const matches = items.filter((item) => item.name.toLocaleLowerCase('en-IN').includes(term));

  const popular: SearchSuggestions['popular'] = [];
  // Unique by subcategory; two groups may share a name (Mens and Kids "T-Shirts"), and two identical
  // labels would read as a mistake, so the first of a name wins.
  const seenSubcategories = new Set<string>();
  const seenNames = new Set<string>();
  for (const { subcategory, subcategoryName } of matches) {
    if (popular.length === POPULAR_SEARCH_LIMIT) break;
    const name = subcategoryName.toLocaleLowerCase('en-IN');
    if (seenSubcategories.has(subcategory) || seenNames.has(name)) continue;
    seenSubcategories.add(subcategory);
    seenNames.add(name);
    popular.push({ subcategory, subcategoryName });
  }
  return { popular, products: matches.slice(0, PRODUCT_SUGGESTION_LIMIT) };
}

/**
 * Arrow-key movement through `count` suggestions where -1 means "back in the text field":
 * down from the last option returns to the field, up from the field goes to the last option.
 */
export function cycleIndex(current: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  const next = current + step;
  if (next >= count) return -1;
  if (next < -1) return count - 1;
  return next;
}
