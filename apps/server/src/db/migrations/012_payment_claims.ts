import { sql, type Kysely } from 'kysely';

/**
 * Issue 14, findings 3 and 10: a UTR a shopper submits becomes a claim (`claimed_utr`, not unique, so a squatter
 * typing someone else's UTR first cannot lock the real payer out; the operator sees both claims and verifies one).
 * `utr` keeps its unique constraint and now holds only the transfer that paid the order, so one transfer still
 * pays one order. A rejected claim is released and remembered (which UTR, why, when) for the shopper's pages, and
 * every decision records the UTR it was about.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('claimed_utr', 'text').execute();
  await db.schema.alterTable('payments').addColumn('rejected_utr', 'text').execute();
  await db.schema.alterTable('payments').addColumn('rejection_note', 'text').execute();
  await db.schema.alterTable('payments').addColumn('rejected_at', 'text').execute();
  await db.schema.alterTable('payment_decisions').addColumn('utr', 'text').execute();

  // Existing UTRs on payments that are not paid were claims; only a paid payment keeps its transfer in `utr`.
  await sql`update payments set claimed_utr = utr where status <> 'paid'`.execute(db);
  await sql`update payments set utr = null where status <> 'paid'`.execute(db);

  await db.schema.createIndex('payments_claimed_utr_idx').on('payments').column('claimed_utr').execute();
}
