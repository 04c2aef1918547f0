import { buffer } from 'node:stream/consumers';
import type { MediaStorage } from '../storage';
import { DiskStorage } from '../storage/disk';

/**
 * The stored pictures travel beside a backup file, one file per key in a folder named after it
 * (`shop-….db` → `shop-….db.media/`), so any backup format restores them and a person can look inside.
 */
export const mediaBackupOf = (backupFile: string) => new DiskStorage(`${backupFile}.media`);

/** Copies every file of `from` that `to` lacks (a key never changes its file); returns how many. */
export async function copyMedia(from: MediaStorage, to: MediaStorage): Promise<number> {
  let copied = 0;
  for await (const key of from.list()) {
    if (await to.exists(key)) continue;
    const file = await from.get(key);
    // Gone since it was listed: the shop kept running while this copied.
    if (!file) continue;
    await to.put(key, await buffer(file.body), file.contentType);
    copied += 1;
  }
  return copied;
}
