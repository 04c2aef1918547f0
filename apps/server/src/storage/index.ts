import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import { DiskStorage } from './disk';
import { S3Storage } from './s3';

export { checkPut, contentTypeOf, isMediaKey, isPrivateMediaKey, mediaUrl } from './keys';

/** A stored file, ready to be sent. */
export interface StoredFile {
  body: Readable;
  /** The Content-Type to send, as given when the file was put. */
  contentType: string;
  size: number;
}

/**
 * Where the shop's pictures live: a folder on disk, or an S3-compatible bucket behind the same interface. Keys are relative paths such as `p/kurta/7a1f2b/1.svg` (see `isMediaKey`); the file is served at
 * `/media/<key>`. Files are never changed once put: a new picture gets a new key, so clients may cache forever.
 */
export interface MediaStorage {
  put(key: string, body: Buffer | string, contentType: string): Promise<void>;
  /** The file under `key`, or undefined when there is none. */
  get(key: string): Promise<StoredFile | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the file under `key`; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Every stored key, in no particular order (backups copy them). */
  list(): AsyncIterable<string>;
}

/** The configured storage: the S3_* bucket when one is set, else files under DATA_DIR/media. */
export function mediaStorage(config: Pick<Config, 'dataDir' | 's3'>): MediaStorage {
  return config.s3 ? new S3Storage(config.s3) : new DiskStorage(path.join(config.dataDir, 'media'));
}
