import { sql, type Kysely } from 'kysely';

/**
 * Issue 16: the storefront leaves out the few products shoppers may not see (`visible = 0`: a draft, an archived
 * product, a shop not approved). Filtering every listing on `visible = 1` would make SQLite read each row, where the
 * listing's counts and pages are answered from covering indexes alone (docs/query-plans.md); instead a listing
 * leaves out the ids of this small partial index (`id not in (…)`), read once per statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index products_hidden_idx on products (id) where visible = 0`.execute(db);
}
