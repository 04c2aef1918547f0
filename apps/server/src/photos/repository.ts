import type { DB } from '../db/database';

/** The database or an open transaction. */
type Executor = DB;

export interface PhotoRow {
  id: number;
  url: string;
}

/** Whether product `productId` exists and belongs to seller `sellerId` (anything else is "not found"). */
export async function isSellersProduct(db: Executor, sellerId: number, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .where('seller_id', '=', sellerId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The product's photos in order, the cover (position 0) first. */
export function photosOf(db: Executor, productId: number): Promise<PhotoRow[]> {
  return db
    .selectFrom('product_images')
    .select(['id', 'url'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function photoCount(db: Executor, productId: number): Promise<number> {
  const row = await db
    .selectFrom('product_images')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Adds a photo after the product's last one; returns its id. */
export async function appendPhoto(
  db: Executor,
  photo: { productId: number; url: string; width: number; height: number },
): Promise<number> {
  const last = await db
    .selectFrom('product_images')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('product_id', '=', photo.productId)
    .executeTakeFirst();
  const position = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
  const row = await db
    .insertInto('product_images')
    .values({
      product_id: photo.productId,
      position,
      url: photo.url,
      width: photo.width,
      height: photo.height,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Removes one photo of the product; returns its URL, or undefined when the product has no such photo. */
export async function removePhoto(
  db: Executor,
  productId: number,
  photoId: number,
): Promise<string | undefined> {
  const row = await db
    .deleteFrom('product_images')
    .where('id', '=', photoId)
    .where('product_id', '=', productId)
    .returning('url')
    .executeTakeFirst();
  return row?.url;
}

/** Gives the product's photos positions 0, 1, 2… in the order of `photoIds` (all of them, each once). */
export async function setPhotoPositions(db: Executor, productId: number, photoIds: number[]): Promise<void> {
  for (const [position, id] of photoIds.entries()) {
    await db
      .updateTable('product_images')
      .set({ position })
      .where('id', '=', id)
      .where('product_id', '=', productId)
      .execute();
  }
}

/**
 * Whether anything still shows `url`: another product's photo row, or an order line (orders keep the picture of
 * what was bought, so a seller's deleting a photo must not blank past orders).
 */
export async function isPhotoUrlInUse(db: Executor, url: string): Promise<boolean> {
  const image = await db.selectFrom('product_images').select('id').where('url', '=', url).executeTakeFirst();
  if (image) return true;
  const ordered = await db.selectFrom('order_items').select('id').where('image', '=', url).executeTakeFirst();
  return ordered !== undefined;
}
