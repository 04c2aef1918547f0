/**
 * Turns what a shopper typed into safe full-text queries. Only runs of letters, marks and digits survive, so
 * quotes, operators (AND, OR, NEAR, :, *, &, |, !) and punctuation can never reach the query parser.
 */
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;

export function searchWords(text: string): string[] {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((word) => word.slice(0, MAX_WORD_LENGTH));
}

/** FTS5: every word must match, each as a quoted prefix ("kur" finds kurtas while typing). */
export function fts5Query(words: string[]): string {
  return words.map((word) => `"${word}"*`).join(' ');
}

/** PostgreSQL to_tsquery: the same, as prefix lexemes joined with AND. */
export function tsQuery(words: string[]): string {
  return words.map((word) => `${word}:*`).join(' & ');
}
