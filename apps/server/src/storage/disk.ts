import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { MediaStorage, StoredFile } from './index';
import { checkPut, contentTypeOf, isMediaKey } from './keys';

/** Files in a folder, one per key at the key's relative path. */
export class DiskStorage implements MediaStorage {
  constructor(readonly root: string) {}

  async put(key: string, body: Buffer | string, contentType: string): Promise<void> {
    checkPut(key, contentType);
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed into place, so a reader never sees half a file.
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    await writeFile(partial, body);
    await rename(partial, file);
  }

  async get(key: string): Promise<StoredFile | undefined> {
    const size = await this.sizeOf(key);
    if (size === undefined) return undefined;
    return { body: createReadStream(this.fileOf(key)), contentType: contentTypeOf(key), size };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.sizeOf(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    // Empty folders left behind are harmless: `list` yields files only.
    await rm(this.fileOf(key), { force: true });
  }

  async *list(): AsyncIterable<string> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      // Leftovers of an interrupted put (`*.partial`) are not files of the storage.
      if (isMediaKey(key)) yield key;
    }
  }

  private fileOf(key: string): string {
    contentTypeOf(key); // refuses a key that could leave the folder
    return path.join(this.root, ...key.split('/'));
  }

  private async sizeOf(key: string): Promise<number | undefined> {
    try {
      const info = await stat(this.fileOf(key));
      return info.isFile() ? info.size : undefined;
    } catch (error) {
      if (
        (error as NodeJS.ErrnoException).code === 'ENOENT' ||
        (error as NodeJS.ErrnoException).code === 'ENOTDIR'
      )
        return undefined;
      throw error;
    }
  }
}
