import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFreshDatabase, testDialect } from './harness';

/** The session settings every PostgreSQL connection of the server gets (db/database.ts `postgresOptions`). */
describe.skipIf(testDialect !== 'postgres')('PostgreSQL session settings', () => {
  let fresh: Awaited<ReturnType<typeof openFreshDatabase>>;
  beforeAll(async () => {
    fresh = await openFreshDatabase();
  });
  afterAll(async () => fresh?.close());

  const setting = async (name: 'random_page_cost' | 'max_parallel_workers_per_gather') =>
    (await sql<{ value: string }>`select current_setting(${name}) as value`.execute(fresh.database.db))
      .rows[0].value;

  it('price index reads near sequential ones and start no parallel workers', async () => {
    expect(await setting('random_page_cost')).toBe('1.1');
    expect(await setting('max_parallel_workers_per_gather')).toBe('0');
  });
});
