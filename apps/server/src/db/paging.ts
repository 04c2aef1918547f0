import { sql, type SelectQueryBuilder } from 'kysely';

/** One page of a list, and how many rows the whole list has (for "n results" and the pager). */
export interface PageOf<Row> {
  rows: Row[];
  total: number;
}

/**
 * Runs one page of `rows` (filtered and sorted by the caller) and the count of `matching` (the same filter, without
 * columns) side by side. The count comes back as a string on PostgreSQL and a number on SQLite; it is a number here.
 */
export async function pageOf<Schema, From extends keyof Schema, Row, CountFrom extends keyof Schema>(
  rows: SelectQueryBuilder<Schema, From, Row>,
  matching: SelectQueryBuilder<Schema, CountFrom, object>,
  { limit, offset }: { limit: number; offset: number },
): Promise<PageOf<Row>> {
  const [page, counted] = await Promise.all([
    rows.limit(limit).offset(offset).execute(),
    // Kysely cannot name a selection's columns over a generic table; this one's only column is the count.
    matching
      .select(sql<number | string>`count(*)`.as('total'))
      .$castTo<{ total: number | string }>()
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: page, total: Number(counted.total) };
}
