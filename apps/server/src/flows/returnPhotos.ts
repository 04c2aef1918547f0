import {
  MAX_UNSENT_RETURN_PHOTOS,
  RETURN_PHOTO_UNSENT_HOURS,
  returnMessages,
  type ReturnPhotoDto,
} from '@bazaar/shared';
import { photoRenditionKeys, type PhotoFolder } from '@bazaar/shared/photos';
import type { AppContext } from '../context';
import { badRequest, conflict, notFound } from '../http/errors';
import { storeUploadedPhoto } from '../photos/service';
import type { StoredFile } from '../storage';
import * as repo from '../returns/repository';
import { toReturnPhoto } from '../returns/service';

/**
 * A return's optional photos (issue 19). The shopper uploads each one first (checked and converted by the product
 * photos' pipeline, photos/processing.ts, and stored in the private folder `r/`), sees it and may remove it, then
 * names it in the return request (flows/returns.ts attaches it). Photos never sent are removed after
 * RETURN_PHOTO_UNSENT_HOURS (jobs/returnPhotoCleanup.ts). Spans returns, photos and the media storage.
 */

const FOLDER: PhotoFolder = 'r';
const HOUR_MS = 60 * 60 * 1000;

type Ctx = Pick<AppContext, 'db' | 'log' | 'media' | 'clock'>;

const storedPhoto = (row: repo.ReturnPhotoRow) => ({ id: row.file_id, width: row.width, height: row.height });

const limitReached = () =>
  conflict(returnMessages.tooManyPendingPhotos(MAX_UNSENT_RETURN_PHOTOS), 'PHOTO_LIMIT_REACHED');

/** Stores a photo the shopper will send with a return; refused while MAX_UNSENT_RETURN_PHOTOS wait unsent. */
export async function uploadReturnPhoto(
  ctx: Ctx,
  customerId: number,
  readFile: () => Promise<Buffer | undefined>,
): Promise<ReturnPhotoDto> {
  // Refused before the upload is even read when the shopper already has enough photos waiting.
  if ((await repo.unsentPhotoCount(ctx.db, customerId)) >= MAX_UNSENT_RETURN_PHOTOS) throw limitReached();
  const bytes = await readFile();
  if (!bytes?.length)
    throw badRequest('Choose a photo to upload (a multipart form with the file in field "file").');

  const { photo, processed, discard } = await storeUploadedPhoto(ctx, bytes, FOLDER);
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      // Counted again with the row: uploads racing past the first check may not all take the last place.
      if ((await repo.unsentPhotoCount(trx, customerId)) >= MAX_UNSENT_RETURN_PHOTOS) throw limitReached();
      const values = {
        customer_id: customerId,
        return_id: null,
        file_id: photo.id,
        width: photo.width,
        height: photo.height,
        created_at: ctx.clock().toISOString(),
      };
      return { id: await repo.insertReturnPhoto(trx, values), ...values };
    });
    ctx.log.info(
      { photoId: row.id, bytes: bytes.length, original: processed.original, ms: processed.milliseconds },
      'return photo processed',
    );
    return toReturnPhoto(row, 'customer');
  } catch (error) {
    await discard();
    throw error;
  }
}

async function deleteFiles(ctx: Pick<AppContext, 'media'>, rows: readonly repo.ReturnPhotoRow[]) {
  await Promise.all(
    rows.flatMap((row) => photoRenditionKeys(storedPhoto(row), FOLDER).map((key) => ctx.media.delete(key))),
  );
}

/** Removes one of the shopper's unsent photos (a sent one stays with its return: 409). */
export async function removeReturnPhoto(ctx: Ctx, customerId: number, photoId: number): Promise<void> {
  const removed = await repo.deleteUnsentPhoto(ctx.db, customerId, photoId);
  if (!removed) {
    const found = await repo.findReturnPhoto(ctx.db, photoId);
    if (found?.customer_id === customerId) throw conflict(returnMessages.photoAttached, 'ILLEGAL_TRANSITION');
    throw notFound(returnMessages.photoNotFound);
  }
  await deleteFiles(ctx, [removed]);
}

/**
 * Who asks for a return photo: the shopper who uploaded it, the seller of the return it was sent with (through that
 * return), or staff (a photo sent with any return).
 */
export type ReturnPhotoReader =
  | { kind: 'customer'; customerId: number }
  | { kind: 'seller'; sellerId: number; returnId: number }
  | { kind: 'staff' };

async function mayRead(ctx: Ctx, reader: ReturnPhotoReader, row: repo.ReturnPhotoRow): Promise<boolean> {
  if (reader.kind === 'customer') return row.customer_id === reader.customerId;
  if (row.return_id === null) return false;
  if (reader.kind === 'staff') return true;
  if (row.return_id !== reader.returnId) return false;
  const ret = await repo.findReturn(ctx.db, row.return_id);
  return ret?.seller_id === reader.sellerId;
}

/**
 * One rendition (`<width>.<format>`) of a return photo, for a reader allowed to see it; anyone else gets a 404, as
 * if the photo did not exist.
 */
export async function returnPhotoFile(
  ctx: Ctx,
  reader: ReturnPhotoReader,
  photoId: number,
  file: string,
): Promise<StoredFile> {
  const row = await repo.findReturnPhoto(ctx.db, photoId);
  if (!row || !(await mayRead(ctx, reader, row))) throw notFound(returnMessages.photoNotFound);
  const key = photoRenditionKeys(storedPhoto(row), FOLDER).find((candidate) =>
    candidate.endsWith(`/${file}`),
  );
  const stored = key ? await ctx.media.get(key) : undefined;
  if (!stored) throw notFound(returnMessages.photoNotFound);
  return stored;
}

/** At most this many photos are removed per query, so one run never holds a long lock. */
const CLEANUP_BATCH = 100;

/** Removes the photos uploaded more than RETURN_PHOTO_UNSENT_HOURS ago and never sent with a return. */
export async function removeUnsentReturnPhotos(ctx: Ctx): Promise<{ removed: number }> {
  const before = new Date(ctx.clock().getTime() - RETURN_PHOTO_UNSENT_HOURS * HOUR_MS).toISOString();
  let removed = 0;
  for (;;) {
    const rows = await repo.deleteUnsentPhotosBefore(ctx.db, before, CLEANUP_BATCH);
    await deleteFiles(ctx, rows);
    removed += rows.length;
    if (rows.length < CLEANUP_BATCH) return { removed };
  }
}
