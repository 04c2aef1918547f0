/** Rows for migration tests, written as the schema before the migration under test has them. */
import type { Kysely } from 'kysely';

export const MIGRATION_NOW = '2026-01-15T10:00:00.000Z';

/** Seller 1 and category 1, which `oldProduct` rows belong to. */
export async function insertShopAndCategory(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('sellers')
    .values({
      id: 1,
      name: 'Asha',
      shop_name: 'Roadster Store',
      email: 'asha@example.in',
      city: 'Pune',
      created_at: MIGRATION_NOW,
    })
    .execute();
  await db
    .insertInto('categories')
    .values({ id: 1, parent_id: null, name: 'Men', slug: 'men', image: '/m.jpg', position: 0 })
    .execute();
}

/** A product row of seller 1 in category 1 with the columns every schema since migration 001 has. */
export const oldProduct = (id: number, stock: number) => ({
  id,
  slug: `product-${id}`,
  name: `Product ${id}`,
  brand: 'Roadster',
  price: 999,
  discount: 10,
  stock,
  description: 'Cotton',
  colour: 'Olive',
  category_id: 1,
  seller_id: 1,
  created_at: MIGRATION_NOW,
});
