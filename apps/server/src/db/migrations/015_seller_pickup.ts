import { sql, type Kysely } from 'kysely';
import { CITY_PICKUPS } from '@bazaar/shared';
import type { Dialect } from '../database';

/**
 * Sellers' pickup address for the product page's pincode check (issue 15): the state and pincode parcels leave
 * from. Existing sellers get their city's head post office where the city is one `CITY_PICKUPS` knows (every
 * seeded shop's is); the others stay null until they say, and their estimates get no same-region saving.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('sellers').addColumn('pickup_state', 'text').execute();
  await db.schema.alterTable('sellers').addColumn('pickup_pincode', 'text').execute();
  for (const [city, { state, pincode }] of Object.entries(CITY_PICKUPS)) {
    await sql`update sellers set pickup_state = ${state}, pickup_pincode = ${pincode}
      where lower(city) = ${city.toLowerCase()} and pickup_pincode is null`.execute(db);
  }
}
