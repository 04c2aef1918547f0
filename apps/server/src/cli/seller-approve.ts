/**
 * The marketplace's decisions about a shop from the command line (issue 16):
 *   npm run seller:approve -- --email shop@example.in                     approve (pending or rejected) or reinstate
 *   npm run seller:approve -- --email shop@example.in --suspend --reason "…"   hide its products, keep its orders
 *   npm run seller:approve -- --email shop@example.in --reject --reason "…"
 * A decision changes what shoppers see (a shop's products appear or go), so the command counts it as a catalogue
 * change made outside the servers: running servers notice within CATALOGUE_POLL_SECONDS and retire their cached
 * catalogue answers (jobs/outsideCatalogueChanges.ts).
 * Each decision is in the audit log as the admin console's is, by `user@host` of the shell that ran it.
 */
import { parseArgs } from 'node:util';
import { describeZodError, sellerStatusChangeSchema } from '@bazaar/shared';
import { commandLineActor } from '../audit/service';
import { loadConfigOrExit } from '../config';
import { ensureSchema, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { HttpError } from '../http/errors';
import { decideSellerStatus } from '../flows/sellerAdministration';
import { findSellerIdByEmail } from '../sellers/repository';
import { countOutsideCatalogueChange } from '../catalog/repository';

const USAGE =
  'Usage: npm run seller:approve -- --email SHOP_EMAIL [--reinstate | --suspend --reason TEXT | --reject --reason TEXT]';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    reason: { type: 'string' },
    suspend: { type: 'boolean', default: false },
    reinstate: { type: 'boolean', default: false },
    reject: { type: 'boolean', default: false },
  },
});

const email = values.email?.trim().toLowerCase();
if (!email || [values.suspend, values.reinstate, values.reject].filter(Boolean).length > 1) {
  console.error(USAGE);
  process.exit(2);
}
// The admin console's rules for a decision (a reason to reject or suspend, its length), so the log reads the same.
const decision = sellerStatusChangeSchema.safeParse({
  status: values.suspend ? 'suspended' : values.reject ? 'rejected' : 'approved',
  reason: values.reason,
});
if (!decision.success) {
  console.error(describeZodError(decision.error));
  process.exit(1);
}

const config = loadConfigOrExit();
await ensureSchema(config);
const database = openDatabase(config);
try {
  await migrateToLatest(database.db, database.dialect);
  const seller = await findSellerIdByEmail(database.db, email);
  if (!seller) throw new HttpError(404, `No seller has the email ${email}`);
  const writesBefore = database.catalogueWrites.writes;
  const change = await decideSellerStatus(database, commandLineActor(), seller.id, decision.data);
  if (database.catalogueWrites.writes !== writesBefore) await countOutsideCatalogueChange(database.db);
  console.log(`Seller ${email} (id ${change.sellerId}): ${change.from} → ${change.to}.`);
} catch (error) {
  console.error(error instanceof HttpError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
