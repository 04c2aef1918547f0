import { randomBytes } from 'node:crypto';
import {
  MAX_PRODUCT_PHOTOS,
  photoRenditionKey,
  photoRenditionKeys,
  photoUrl,
  uploadedPhotoOf,
  type PhotoFolder,
} from '@bazaar/shared/photos';
import type { ProductPhoto } from '@bazaar/shared';
import type { AppContext } from '../context';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { contentTypeOf } from '../storage';
import { processPhoto } from './processing';
import { WorkQueue } from './queue';
import * as repo from './repository';

type Ctx = Pick<AppContext, 'db' | 'log' | 'media'>;

const noSuchProduct = () => notFound('No such product in your shop');
const limitReached = () =>
  new HttpError(
    409,
    `A product may have at most ${MAX_PRODUCT_PHOTOS} photos. Delete one before adding another.`,
    'PHOTO_LIMIT_REACHED',
  );

async function ownProduct(ctx: Ctx, sellerId: number, productId: number): Promise<void> {
  if (!(await repo.isSellersProduct(ctx.db, sellerId, productId))) throw noSuchProduct();
}

const toPhoto = (row: repo.PhotoRow): ProductPhoto => ({ _id: row.id, url: row.url });

/**
 * Photo processing takes a core while it runs: one at a time per process, a few more waiting their turn (each
 * holds its upload, up to 10 MB, meanwhile); beyond that an upload is refused with 503 until the line shortens.
 */
const processing = new WorkQueue(4);

export async function listPhotos(ctx: Ctx, sellerId: number, productId: number): Promise<ProductPhoto[]> {
  await ownProduct(ctx, sellerId, productId);
  return (await repo.photosOf(ctx.db, productId)).map(toPhoto);
}

/**
 * Adds a photo to the seller's product, after its others: checks and converts it (see processPhoto), stores
 * every rendition, then records it. Nothing is recorded if any step fails, and stored files are removed again.
 */
export async function addPhoto(
  ctx: Ctx,
  sellerId: number,
  productId: number,
  readFile: () => Promise<Buffer | undefined>,
): Promise<ProductPhoto> {
  await ownProduct(ctx, sellerId, productId);
  // Refused before the upload is even read when the product is already full.
  if ((await repo.photoCount(ctx.db, productId)) >= MAX_PRODUCT_PHOTOS) throw limitReached();
  const bytes = await readFile();
  if (!bytes?.length)
    throw badRequest('Choose a photo to upload (a multipart form with the file in field "file").');

  const { url, processed, discard } = await storeUploadedPhoto(ctx, bytes);
  try {
    const id = await ctx.db.transaction().execute(async (trx) => {
      // Counted again with the row: two uploads racing past the first check may not both take the last place.
      if ((await repo.photoCount(trx, productId)) >= MAX_PRODUCT_PHOTOS) throw limitReached();
      return repo.appendPhoto(trx, {
        productId,
        url,
        width: processed.original.width,
        height: processed.original.height,
      });
    });
    ctx.log.info(
      {
        productId,
        photoId: id,
        bytes: bytes.length,
        original: processed.original,
        renditions: processed.renditions.length,
        ms: processed.milliseconds,
      },
      'product photo processed',
    );
    return { _id: id, url };
  } catch (error) {
    await discard();
    throw error;
  }
}

/**
 * Checks and converts an uploaded picture (see processPhoto) and stores every rendition in `folder`: the stored
 * photo (its random id and largest size), its URL (the largest WebP, see photoUrl; public only in folder `u`), what
 * processing found, and `discard`, which removes the files again when the row that was to show them could not be
 * written. Product photos, the admin console's category and banner art, and return photos (folder `r`) use it.
 */
export async function storeUploadedPhoto(
  ctx: Pick<AppContext, 'media'>,
  bytes: Buffer,
  folder: PhotoFolder = 'u',
) {
  const processed = await processing.run(() => processPhoto(bytes));
  const photo = { id: randomBytes(8).toString('hex'), width: processed.width, height: processed.height };
  const keys = processed.renditions.map((rendition) => {
    const key = photoRenditionKey(photo, rendition.width, rendition.format, folder);
    return { key, rendition };
  });
  await Promise.all(keys.map(({ key, rendition }) => ctx.media.put(key, rendition.data, contentTypeOf(key))));
  return {
    photo,
    url: photoUrl(photo),
    processed,
    discard: async () => {
      await Promise.allSettled(keys.map(({ key }) => ctx.media.delete(key)));
    },
  };
}

/** Removes a photo from the seller's product; its files go too unless an order still shows them. */
export async function deletePhoto(
  ctx: Ctx,
  sellerId: number,
  productId: number,
  photoId: number,
): Promise<ProductPhoto[]> {
  await ownProduct(ctx, sellerId, productId);
  const url = await ctx.db.transaction().execute(async (trx) => {
    const removed = await repo.removePhoto(trx, productId, photoId);
    if (removed === undefined) return undefined;
    // The next photo becomes the cover when the cover goes; positions stay 0, 1, 2…
    const rest = await repo.photosOf(trx, productId);
    await repo.setPhotoPositions(
      trx,
      productId,
      rest.map((row) => row.id),
    );
    return removed;
  });
  if (url === undefined) throw notFound('No such photo of this product');
  await releasePhotoFiles(ctx, [url]);
  return (await repo.photosOf(ctx.db, productId)).map(toPhoto);
}

/**
 * Deletes the stored files of photos whose rows are gone (a deleted photo, a deleted product's), once nothing shows
 * them any more. Seeded pictures are shared by many products and never deleted; an uploaded photo's files go with
 * its last use. Run it after the rows' transaction has committed.
 */
export async function releasePhotoFiles(ctx: Ctx, urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    const uploaded = uploadedPhotoOf(url);
    if (uploaded && !(await repo.isPhotoUrlInUse(ctx.db, url)))
      await Promise.all(photoRenditionKeys(uploaded).map((key) => ctx.media.delete(key)));
  }
}

/** Puts the seller's product's photos in the given order; the first becomes the cover. */
export async function reorderPhotos(
  ctx: Ctx,
  sellerId: number,
  productId: number,
  order: number[],
): Promise<ProductPhoto[]> {
  await ownProduct(ctx, sellerId, productId);
  return ctx.db.transaction().execute(async (trx) => {
    const current = (await repo.photosOf(trx, productId)).map((row) => row.id);
    const sameSet =
      order.length === current.length &&
      new Set(order).size === order.length &&
      order.every((id) => current.includes(id));
    if (!sameSet)
      throw conflict(
        'The photos changed meanwhile: the order must name each of the product’s photos once. Reload and try again.',
      );
    await repo.setPhotoPositions(trx, productId, order);
    return (await repo.photosOf(trx, productId)).map(toPhoto);
  });
}
