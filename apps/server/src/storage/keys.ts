import { PRIVATE_PHOTO_FOLDERS } from '@bazaar/shared/photos';

/** The picture formats the shop stores, by file extension; a key's extension decides its Content-Type. */
const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
};

/**
 * Lowercase letters, digits, '-', '_' and '.' in '/'-separated segments that each start with a letter or digit
 * (so no '..', no hidden files, no absolute paths), ending in a known picture extension.
 */
const KEY_PATTERN = new RegExp(
  `^[a-z0-9][a-z0-9._-]*(?:/[a-z0-9][a-z0-9._-]*)*\\.(?:${Object.keys(CONTENT_TYPES).join('|')})$`,
);
const MAX_KEY_LENGTH = 300;

export function isMediaKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);
}

/** Whether `key` is in a private folder (return photos): stored like any picture, never served under /media. */
export function isPrivateMediaKey(key: string): boolean {
  return PRIVATE_PHOTO_FOLDERS.some((folder) => key.startsWith(`${folder}/`));
}

/** The Content-Type a key is served with; throws for a key no storage accepts. */
export function contentTypeOf(key: string): string {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)];
}

/** Checks a `put`: the key is well formed and the declared type is the one its extension is served with. */
export function checkPut(key: string, contentType: string): void {
  const expected = contentTypeOf(key);
  const mediaType = (type: string) => type.split(';')[0].trim().toLowerCase();
  if (mediaType(contentType) !== mediaType(expected)) {
    throw new Error(`${key} is served as ${mediaType(expected)}, not ${contentType}`);
  }
}

/** The pictures' URL path: `/media/<key>`. */
export const mediaUrl = (key: string) => `/media/${key}`;
