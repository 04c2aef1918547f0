import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '@bazaar/server/src/config';
import { ensureSchema, openDatabase } from '@bazaar/server/src/db/database';
import { migrateToLatest } from '@bazaar/server/src/db/migrate';
import { mediaStorage } from '@bazaar/server/src/storage';
import { DEFAULT_PRODUCT_COUNT, seedDatabase } from './index';
import { formatCredentials, writeCredentialsFile } from './credentials';

/*
 * `npm run seed`: the catalogue's rows into the configured database and their pictures into the configured
 * storage. Built on its own into packages/seed/dist/seed.js (scripts/build-server.mjs), so the server never
 * ships the demo catalogue or the picture generator.
 */

const CREDENTIALS_FILE = 'seed-credentials.txt';

const usage = `Usage: npm run seed -- [--products N] [--reset] [--if-empty] [--credentials-file FILE]
  --products N  how many products to create (default ${DEFAULT_PRODUCT_COUNT})
  --reset       replace an existing catalogue (also empties carts, wishlists and orders that refer to it);
                the audit log records the reset, by the user@host that ran it
  --if-empty    keep a catalogue that already has products, only storing pictures it lacks (used by npm start)
  --credentials-file FILE
                also write the seeded shops' random passwords to FILE (owner-only); outside production
                they go to DATA_DIR/${CREDENTIALS_FILE} unless this says otherwise`;

const { values } = parseArgs({
  options: {
    products: { type: 'string' },
    reset: { type: 'boolean', default: false },
    'if-empty': { type: 'boolean', default: false },
    'credentials-file': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const products = values.products === undefined ? DEFAULT_PRODUCT_COUNT : Number(values.products);
if (!Number.isInteger(products) || products < 0) {
  console.error(`--products must be a whole number ≥ 0\n${usage}`);
  process.exit(2);
}

const config = loadConfigOrExit();
await ensureSchema(config);
const database = openDatabase(config);
try {
  await migrateToLatest(database.db, database.dialect);
  const result = await seedDatabase(database, {
    products,
    reset: values.reset,
    ifEmpty: values['if-empty'],
    storage: mediaStorage(config),
    log: console.log,
  });
  if (result.sellerCredentials.length > 0) {
    // Printed once: only the hashes are stored, so this is the one chance to see the passwords.
    console.log(formatCredentials(result.sellerCredentials));
    const file =
      values['credentials-file'] ??
      (config.env === 'production' ? undefined : path.join(config.dataDir, CREDENTIALS_FILE));
    if (file) {
      writeCredentialsFile(file, result.sellerCredentials);
      console.log(`The same sign-ins are in ${file} (readable by you only).`);
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
