/**
 * What a shopper typed, turned into what the catalogue should match, in one place for both databases:
 *
 * 1. Words: only runs of letters, marks and digits survive, so quotes, operators (AND, OR, NEAR, :, *, &, |, !)
 *    and punctuation never reach a query parser; a query of nothing else is empty.
 * 2. "t shirt" becomes one word; "and"/"or" between two product types ("shirt and jeans") means either;
 *    stop words ("for", "with", "the") go; words naming who it is for (men, women, kids) become a category filter.
 * 3. Each remaining word becomes a term: its singular stem, its synonyms ("tee" → t-shirt, tshirt, tee), and, for
 *    a word the catalogue never uses, the closest word it does use ("jeens" → jeans).
 *
 * The databases then only match terms: FTS5 on SQLite, a tsquery on PostgreSQL, each word a prefix (typing
 * "kur" finds kurtas). Because typos and synonyms are resolved here, against the same vocabulary, both give the
 * same matches; a trigram index (pg_trgm) would have needed a second, different mechanism for SQLite.
 */
import { AUDIENCES, COMPOUNDS, EITHER_WORDS, FASHION_WORDS, STOP_WORDS, SYNONYMS } from './searchTerms';

const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;
/** Shorter words are never corrected: too many real words are one letter away from them. */
const MIN_CORRECTED_LENGTH = 4;

/** One thing the product must match: any of `words` (a hyphenated word is a phrase). */
export interface SearchTerm {
  /** The synonym group's first word, or the stem itself: what categories are matched against. */
  concept: string;
  words: string[];
}

export interface SearchPlan {
  /** Products must match every term of at least one group ("shirt and jeans" is two groups). */
  groups: SearchTerm[][];
  /** Slugs of the top-level categories the query named (men → mens). */
  audiences: string[];
}

/** The query's words: lower case, NFKC, letters, marks and digits only, at most 8 words of 40 characters. */
export function searchWords(text: string): string[] {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((word) => word.slice(0, MAX_WORD_LENGTH));
}

/**
 * A word's singular form, enough for English plurals in a shop ("dresses" → dress, "watches" → watch,
 * "jeans" → jean, "kurtas" → kurta). Both databases stem again with their own stemmer; this one only has to
 * agree with itself, as it is what synonyms, categories and the vocabulary are looked up by.
 */
export function searchStem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ies') && word.length > 4) return word.slice(0, -1);
  if (/(ch|sh|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/[siu]s$/.test(word)) return word.slice(0, -1);
  return word;
}

const CONCEPT_OF = new Map<string, string>(
  SYNONYMS.flatMap((group) => group.map((word) => [word.replace('-', ''), group[0]] as const)),
);
const WORDS_OF = new Map<string, readonly string[]>(SYNONYMS.map((group) => [group[0], group]));

/** The synonym group of a stem, or the stem alone. */
function termFor(stem: string): SearchTerm {
  const concept = CONCEPT_OF.get(stem) ?? stem;
  return { concept, words: [...(WORDS_OF.get(concept) ?? [stem])] };
}

/** Stems of a text with compounds joined ("T-Shirts" → tshirt); stop words are kept for the caller to judge. */
function stems(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const pair = i + 1 < words.length ? COMPOUNDS.get(`${words[i]} ${searchStem(words[i + 1])}`) : undefined;
    if (pair) {
      out.push(pair);
      i++;
    } else out.push(searchStem(words[i]));
  }
  return out;
}

/** A category as the vocabulary needs it. */
export interface SearchCategory {
  id: number;
  parent_id: number | null;
  name: string;
  slug: string;
}

/**
 * The catalogue's own words (category names, brands, colours and common fashion words), which typos are
 * corrected against, and which concepts name a product type (a subcategory). Built once per catalogue change.
 */
export class SearchVocabulary {
  /** Known stems; earlier ones win a tie when correcting (product types first). */
  private readonly words: string[] = [];
  private readonly known = new Set<string>();
  /** Subcategory ids by the concepts of their names ("Kurtas & Suits" → kurta, suit). */
  private readonly typeCategories = new Map<string, number[]>();
  /** Top-level category slugs present in the catalogue. */
  private readonly groupSlugs: Set<string>;

  constructor(sources: { categories: SearchCategory[]; brands: string[]; colours: string[] }) {
    this.groupSlugs = new Set(sources.categories.filter((c) => c.parent_id === null).map((c) => c.slug));
    for (const category of sources.categories) {
      if (category.parent_id === null) continue;
      for (const stem of stems(searchWords(category.name))) {
        if (STOP_WORDS.has(stem)) continue;
        const { concept } = termFor(stem);
        const ids = this.typeCategories.get(concept) ?? [];
        if (!ids.includes(category.id)) this.typeCategories.set(concept, [...ids, category.id]);
      }
    }
    const texts = [
      ...this.typeCategories.keys(),
      ...SYNONYMS.flat().map((word) => word.replace('-', '')),
      ...sources.categories.map((c) => c.name),
      ...FASHION_WORDS,
      ...sources.colours,
      ...sources.brands,
    ];
    for (const text of texts) {
      for (const stem of stems(searchWords(text))) {
        if (stem.length < 3 || STOP_WORDS.has(stem) || this.known.has(stem)) continue;
        this.known.add(stem);
        this.words.push(stem);
      }
    }
  }

  /** Subcategories a concept names as their product type. */
  categoriesOf(concept: string): number[] {
    return this.typeCategories.get(concept) ?? [];
  }

  isType(concept: string): boolean {
    return this.typeCategories.has(concept);
  }

  hasGroup(slug: string): boolean {
    return this.groupSlugs.has(slug);
  }

  /**
   * The known word a typo most likely meant: nothing for a known word or the start of one (still being typed),
   * else the nearest within one edit (two for words of seven letters or more), swaps of neighbours counting as one.
   */
  correction(stem: string): string | undefined {
    if (stem.length < MIN_CORRECTED_LENGTH || this.known.has(stem)) return undefined;
    if (this.words.some((word) => word.startsWith(stem))) return undefined;
    const allowed = stem.length >= 7 ? 2 : 1;
    let best: string | undefined;
    let bestDistance = allowed + 1;
    for (const word of this.words) {
      if (Math.abs(word.length - stem.length) > allowed) continue;
      const distance = editDistance(stem, word, bestDistance - 1);
      if (distance < bestDistance) {
        best = word;
        bestDistance = distance;
      }
    }
    return best;
  }
}

/**
 * Optimal string alignment distance (insertions, deletions, substitutions and swaps of neighbours), or
 * `limit + 1` as soon as it must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2] + 1);
      }
      current.push(value);
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}

/** A typed word as a term: its synonyms, plus what a typo most likely meant. */
function termOf(stem: string, vocabulary: SearchVocabulary | undefined): SearchTerm {
  const term = termFor(stem);
  if (term.words.length > 1 || !vocabulary) return term;
  const corrected = vocabulary.correction(stem);
  if (!corrected) return term;
  // The typed word stays one of the alternatives: a word the vocabulary does not know may still be in a name.
  const meant = termFor(corrected);
  return { concept: meant.concept, words: [stem, ...meant.words] };
}

/**
 * Parses a query. Without a vocabulary nothing is corrected, and "and"/"or" split only between words that are
 * known synonyms; with one, they split between any two product types.
 */
export function parseSearch(text: string, vocabulary?: SearchVocabulary): SearchPlan {
  const audiences = new Set<string>();
  const segments: SearchTerm[][] = [[]];
  for (const stem of stems(searchWords(text))) {
    if (EITHER_WORDS.has(stem)) {
      segments.push([]);
      continue;
    }
    const audience = AUDIENCES.get(stem);
    if (audience && (!vocabulary || vocabulary.hasGroup(audience))) {
      audiences.add(audience);
      continue;
    }
    if (STOP_WORDS.has(stem)) continue;
    const term = termOf(stem, vocabulary);
    const segment = segments[segments.length - 1];
    if (!segment.some((t) => t.concept === term.concept)) segment.push(term);
  }
  // "black and white shirt" is one thing: a part without a product type of its own joins the next part
  // (the last joins the one before it), so only "shirt and jeans" is either.
  const isType = (term: SearchTerm) =>
    vocabulary ? vocabulary.isType(term.concept) : WORDS_OF.has(term.concept);
  const groups: SearchTerm[][] = [];
  let pending: SearchTerm[] = [];
  for (const segment of segments) {
    if (!segment.length) continue;
    pending = [...pending, ...segment.filter((t) => !pending.some((p) => p.concept === t.concept))];
    if (pending.some(isType)) {
      groups.push(pending);
      pending = [];
    }
  }
  if (pending.length) {
    if (groups.length) {
      const last = groups[groups.length - 1];
      groups[groups.length - 1] = [
        ...last,
        ...pending.filter((t) => !last.some((l) => l.concept === t.concept)),
      ];
    } else groups.push(pending);
  }
  return { groups, audiences: [...audiences] };
}

/** True when the plan asks for nothing (an empty query, or punctuation and stop words only). */
export const isEmptySearch = (plan: SearchPlan) => !plan.groups.length && !plan.audiences.length;

const either = (parts: string[], operator: string) =>
  parts.length === 1 ? parts[0] : `(${parts.join(` ${operator} `)})`;

/** FTS5: a group's terms all match, any group matches; each word a quoted prefix, a phrase for "t-shirt". */
export function fts5Query(groups: SearchTerm[][]): string {
  return either(
    groups.map((terms) =>
      either(
        terms.map((term) =>
          either(
            term.words.map((word) => `"${word.replace(/-/g, ' ')}"*`),
            'OR',
          ),
        ),
        'AND',
      ),
    ),
    'OR',
  );
}

/** PostgreSQL to_tsquery: the same; the english parser reads "t-shirt" as the compound its index holds. */
export function tsQuery(groups: SearchTerm[][]): string {
  return either(
    groups.map((terms) =>
      either(
        terms.map((term) =>
          either(
            term.words.map((word) => `${word}:*`),
            '|',
          ),
        ),
        '&',
      ),
    ),
    '|',
  );
}
