import type { Kysely } from 'kysely';

/**
 * Issue 17, customers: the admin blocks an abusive customer (with a reason); a blocked account keeps its row (so
 * its e-mail and mobile cannot register again) but no session of it is accepted and it cannot sign in.
 *
 * Issue 19, cash on delivery: a seller opts in; the marketplace's limit and fee are settings the admin changes; an
 * order remembers how it is paid and the COD fee it was charged; a seller part records when its cash was collected.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('customers').addColumn('blocked_at', 'text').execute();
  await db.schema.alterTable('customers').addColumn('blocked_reason', 'text').execute();

  await db.schema
    .alterTable('sellers')
    .addColumn('accepts_cod', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // 'upi' | 'cod'; every earlier order was UPI.
  await db.schema
    .alterTable('customer_orders')
    .addColumn('payment_method', 'text', (c) => c.notNull().defaultTo('upi'))
    .execute();
  // Whole rupees, on top of goods and shipping (0 for UPI).
  await db.schema
    .alterTable('customer_orders')
    .addColumn('cod_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('seller_orders').addColumn('cash_collected_at', 'text').execute();

  // The marketplace's own settings, one row each (its key is `id`, as every table's is for the backup), whole-number
  // values (rupees for the COD ones). No rows: a setting never saved has its default in code (@bazaar/shared cod.ts),
  // and a restore into a fresh database finds the table empty.
  await db.schema
    .createTable('marketplace_settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
