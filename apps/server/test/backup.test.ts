/**
 * Backups round-trip a populated shop (customers, orders, payments with an operator's decision, chat, reviews):
 * the native format of the database (SQLite's online backup, pg_dump) and the logical JSON dump, restored into a
 * fresh database, give back every row, and the restored shop serves the same customer the same order and chat.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, restoreBackup, type BackupFormat } from '../src/backup';
import { existingTables, isBookkeepingTable } from '../src/backup/logical';
import { signCustomerToken } from '../src/auth/session';
import { openDatabase } from '../src/db/database';
import { restoreRecorded } from '../src/flows/backupRestore';
import { mediaStorage } from '../src/storage';
import { catalog } from './orders-fixtures';
import {
  ApiClient,
  dropSchema,
  startTestServer,
  testDialect,
  untilOutboxSettled,
  type TestServer,
} from './harness';
import {
  enableSellerLogins,
  fillAccount,
  registerShopper,
  seedCatalog,
  SHOP_TABLES,
  signedInOperator,
  signedInSeller,
  tableChecksums,
  type ShopperData,
} from './security-fixtures';

let source: TestServer;
let ananya: ShopperData;
let checksums: Record<string, string>;
const workDir = mkdtempSync(path.join(tmpdir(), 'bazaar-backup-test-'));
/** A stored picture, which a backup carries beside the database. */
const picture = { key: 'p/kurta/7a1f2b/1.svg', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' };

beforeAll(async () => {
  source = await startTestServer({
    prepare: async (database) => {
      await seedCatalog(database);
      await enableSellerLogins(database.db);
    },
  });
  ananya = await fillAccount(source, await registerShopper(source, 'Ananya Rao'));
  await fillAccount(source, await registerShopper(source, 'Bhavesh Kumar'));
  const seller = await signedInSeller(source, 0);
  await seller.post('/chat/seller/send-message-to-customer', {
    customerId: ananya.shopper.id,
    text: 'Namaste! It ships today.',
  });
  const operator = await signedInOperator(source);
  expect((await operator.post(`/ops/payments/${ananya.paymentId}/verify`, {})).status).toBe(200);
  // The e-mails of those events are sent before the snapshot, so the restored copy has them sent too.
  await untilOutboxSettled(source.database.db);
  checksums = await tableChecksums(source.database.db);
  await mediaStorage(source.config).put(picture.key, picture.svg, 'image/svg+xml');
}, 120_000);
/** The targets' PostgreSQL schemas, dropped after the file: a restore creates its schema, even one it refuses. */
const targetSchemas: string[] = [];
afterAll(async () => {
  await source?.close();
  for (const schema of targetSchemas) await dropSchema(schema);
  rmSync(workDir, { recursive: true, force: true });
});

/** A database nobody has used yet (a new SQLite file or a new PostgreSQL schema) and an empty data folder. */
function freshTarget() {
  const name = `r_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  if (testDialect === 'postgres') targetSchemas.push(name);
  return {
    ...source.config,
    dataDir: path.join(workDir, name),
    sqlitePath: path.join(workDir, `${name}.db`),
    databaseSchema: testDialect === 'postgres' ? name : undefined,
  };
}

/** Starts a server on the restored database and checks that Ananya's paid order and chat are there. */
async function expectServedShop(target: ReturnType<typeof freshTarget>) {
  const restoredPicture = await mediaStorage(target).get(picture.key);
  expect(restoredPicture && (await text(restoredPicture.body))).toBe(picture.svg);
  const restored = await startTestServer({
    config: { sqlitePath: target.sqlitePath, databaseSchema: target.databaseSchema },
  });
  try {
    expect(await tableChecksums(restored.database.db)).toEqual(checksums);
    const row = await restored.database.db
      .selectFrom('customers')
      .select(['id', 'name', 'email', 'token_version'])
      .where('id', '=', ananya.shopper.id)
      .executeTakeFirstOrThrow();
    const token = signCustomerToken(restored.config.jwtSecret, row, row.token_version);
    const client = new ApiClient(restored.baseUrl);
    const auth = { authorization: `Bearer ${token}` };
    const order = await client.request(
      'GET',
      `/home/customer/gat-order/${ananya.orderCode}`,
      undefined,
      auth,
    );
    expect(order.status).toBe(200);
    expect(order.body.order.payment_status).toBe('paid');
    const chat = await client.request(
      'GET',
      `/chat/customer/messages/${catalog.sellers[0].id}`,
      undefined,
      auth,
    );
    expect(chat.body.messages.map((m: { message: string }) => m.message)).toContain(
      'Namaste! It ships today.',
    );
    // New rows continue after the restored ids instead of colliding with them.
    const added = await client.request(
      'POST',
      '/home/product/add-to-wishlist',
      { productId: catalog.products.tee.id },
      auth,
    );
    expect(added.status).toBe(200);
  } finally {
    await restored.close();
  }
}

describe(`backup and restore (${testDialect})`, () => {
  it('knows every table of the database', async () => {
    const tables = await existingTables(source.database.db, source.database.dialect);
    expect(tables.filter((t) => !isBookkeepingTable(t)).sort()).toEqual([...SHOP_TABLES].sort());
  });

  const formats: BackupFormat[] = [testDialect === 'postgres' ? 'pg_dump' : 'sqlite', 'json'];

  it.each(formats)(
    'round-trips the populated shop through a %s backup taken while it runs',
    async (format) => {
      const file = path.join(workDir, `shop.${format}`);
      const made = await createBackup(source.config, { file, format });
      expect(made).toEqual({ file, format, pictures: 1 });

      const target = freshTarget();
      if (format === 'pg_dump') {
        // A pg_dump archive names its schema, so it goes back into the same (now emptied) schema.
        await expect(restoreBackup(target, file, { force: false })).rejects.toThrow(/archive holds schema/);
        await expectPgDumpRoundTrip();
        return;
      }
      expect(await restoreBackup(target, file, { force: false })).toBe(format);
      await expectServedShop(target);
    },
    // pg_dump and pg_restore are processes of their own, and the round trip starts a server: on two busy cores
    // (the suite runs three files at a time beside the browser journeys) it took over 30 s.
    90_000,
  );

  it('refuses to restore over data without --force, and replaces it with --force', async () => {
    const file = path.join(workDir, 'force.json');
    await createBackup(source.config, { file, format: 'json' });
    const target = freshTarget();
    await restoreBackup(target, file, { force: false });
    await expect(restoreBackup(target, file, { force: false })).rejects.toThrow(/not empty; pass --force/);
    await restoreBackup(target, file, { force: true });
    await expectServedShop(target);
  });

  it("records `npm run restore` in the restored audit log, beside the backup's own rows", async () => {
    const file = path.join(workDir, 'recorded.json');
    expect(path.isAbsolute(file)).toBe(true);
    await createBackup(source.config, { file, format: 'json' });
    const target = freshTarget();
    const actor = { commandLineUser: 'deploy@shop-01' };
    expect(await restoreRecorded(target, actor, file, { force: false })).toBe('json');
    const restored = openDatabase(target);
    try {
      const rows = await restored.db
        .selectFrom('audit_log')
        .select(['action', 'staff_id', 'command_line_user', 'subject_kind', 'subject_id', 'before', 'after'])
        .orderBy('id')
        .execute();
      // The operator's payment decision came with the backup; the restore is the last row.
      expect(rows.map((row) => row.action)).toEqual(['payment.verify', 'database.restore']);
      expect(rows[1]).toEqual({
        action: 'database.restore',
        staff_id: null,
        command_line_user: 'deploy@shop-01',
        subject_kind: 'backup',
        // The file's name only: its folder on the server is not for the admins who read the log.
        subject_id: 'recorded.json',
        before: null,
        after: JSON.stringify({ format: 'json', force: false }),
      });
    } finally {
      await restored.destroy();
    }
  });

  it('refuses a file that is not a backup and never overwrites an existing backup', async () => {
    const file = path.join(workDir, 'existing.json');
    await createBackup(source.config, { file, format: 'json' });
    await expect(createBackup(source.config, { file, format: 'json' })).rejects.toThrow(/already exists/);
    await expect(
      restoreBackup(freshTarget(), path.join(__dirname, 'backup.test.ts'), { force: false }),
    ).rejects.toThrow(/not a Bazaar backup/);
  });
});

/**
 * pg_dump round trip on PostgreSQL. The source shop's schema is shared by the other cases, so the shop is first
 * copied into a schema of its own (through a JSON dump), archived with pg_dump, the schema dropped, and the
 * archive restored into it: once into the empty database, then refused over data, then forced.
 */
async function expectPgDumpRoundTrip() {
  const copy = freshTarget();
  const seed = path.join(workDir, 'seed.json');
  await createBackup(source.config, { file: seed, format: 'json' });
  await restoreBackup(copy, seed, { force: false });
  const archive = path.join(workDir, 'copy.dump');
  await createBackup(copy, { file: archive, format: 'pg_dump' });
  await dropSchema(copy.databaseSchema!);
  await restoreBackup(copy, archive, { force: false });
  await expect(restoreBackup(copy, archive, { force: false })).rejects.toThrow(/not empty/);
  await restoreBackup(copy, archive, { force: true });
  await expectServedShop(copy);
}
