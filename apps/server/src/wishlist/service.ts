import { cartMessages, type WishlistResponse } from '@bazaar/shared';
import type { DB } from '../db/database';
import { conflict, notFound } from '../http/errors';
import * as repo from './repository';

export async function addToWishlist(db: DB, customerId: number, productId: number): Promise<void> {
  if (!(await repo.productExists(db, productId))) throw notFound(cartMessages.productNotFound);
  const entryId = await repo.insertWishlistItem(db, customerId, productId);
  if (entryId === undefined) throw conflict(cartMessages.wishlistDuplicate, 'ALREADY_IN_WISHLIST');
}

export async function getWishlist(db: DB, customerId: number): Promise<WishlistResponse> {
  const rows = await repo.listWishlist(db, customerId);
  const wishlists = rows.map((row) => ({
    _id: row.entryId,
    productId: row.productId,
    slug: row.slug,
    name: row.name,
    image: row.image ?? '',
    price: row.price,
    discount: row.discount,
    rating: row.rating,
    stock: row.stock,
  }));
  return { wishlists, wishlistCount: wishlists.length };
}

export async function removeFromWishlist(db: DB, customerId: number, entryId: number): Promise<void> {
  if (!(await repo.deleteWishlistItem(db, customerId, entryId)))
    throw notFound(cartMessages.wishlistNotFound);
}
