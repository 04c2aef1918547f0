import type { DB } from '../db/database';

/** All SQL of the marketplace's settings: one row per key. */

export type SettingKey = 'cod_limit' | 'cod_fee';

/** Every setting's value by key (a key missing from the table is left out: the caller's default applies). */
export async function settingValues(db: DB): Promise<Partial<Record<SettingKey, number>>> {
  const rows = await db.selectFrom('marketplace_settings').select(['id', 'value']).execute();
  return Object.fromEntries(rows.map((row) => [row.id, Number(row.value)]));
}

/** Writes one setting, inserting it if the table lacks it. */
export async function saveSetting(trx: DB, key: SettingKey, value: number, now: string): Promise<void> {
  await trx
    .insertInto('marketplace_settings')
    .values({ id: key, value, updated_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ value, updated_at: now }))
    .execute();
}
