import { sql, type Expression, type SqlBool } from 'kysely';

/** `text` as a LIKE pattern matching it anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * Whether a text column contains `text`, ignoring case, the same on both databases (PostgreSQL's LIKE minds case,
 * SQLite's does not). For the consoles' small searches, where a scan of a few thousand rows is fine.
 */
export function columnContains(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${containsPattern(text)} escape '\\'`;
}
