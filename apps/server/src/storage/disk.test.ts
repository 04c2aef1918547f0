import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskStorage } from './disk';
import { contentTypeOf, isMediaKey } from './keys';

describe('media keys', () => {
  it.each(['p/kurta/7a1f2b/1.svg', 'banner/1.svg', 'uploads/12/main-800w.webp', 'a.jpg', 'x/y_z.avif'])(
    'accepts %s',
    (key) => expect(isMediaKey(key)).toBe(true),
  );

  it.each([
    '',
    'p/kurta/7a1f2b/1',
    '../shop.db.svg',
    'p/../../shop.svg',
    '/etc/passwd.svg',
    '.hidden.svg',
    'p//1.svg',
    'p/Kurta/1.svg',
    'p\\1.svg',
    'shop.db',
    'a.svg.exe',
    `${'a/'.repeat(200)}a.svg`,
  ])('refuses %s', (key) => {
    expect(isMediaKey(key)).toBe(false);
    expect(() => contentTypeOf(key)).toThrow(/not a media key/);
  });

  it('serves each key with the type of its extension', () => {
    expect(contentTypeOf('a/b.svg')).toBe('image/svg+xml; charset=utf-8');
    expect(contentTypeOf('a/b.jpg')).toBe('image/jpeg');
    expect(contentTypeOf('a/b.webp')).toBe('image/webp');
  });
});

describe('DiskStorage', () => {
  let root: string;
  let storage: DiskStorage;
  beforeEach(() => {
    root = path.join(mkdtempSync(path.join(tmpdir(), 'bazaar-storage-')), 'media');
    storage = new DiskStorage(root);
  });
  afterEach(() => rmSync(path.dirname(root), { recursive: true, force: true }));

  it('gives back what was put, with its type and size', async () => {
    await storage.put('p/kurta/7a1f2b/1.svg', '<svg/>', 'image/svg+xml');
    expect(await storage.exists('p/kurta/7a1f2b/1.svg')).toBe(true);
    const file = await storage.get('p/kurta/7a1f2b/1.svg');
    expect(file).toMatchObject({ contentType: 'image/svg+xml; charset=utf-8', size: 6 });
    expect(await text(file!.body)).toBe('<svg/>');
  });

  it('has nothing under a key never put, nor under a folder', async () => {
    expect(await storage.exists('p/kurta/7a1f2b/1.svg')).toBe(false);
    expect(await storage.get('p/kurta/7a1f2b/1.svg')).toBeUndefined();
    await storage.put('p/kurta/7a1f2b/1.svg', '<svg/>', 'image/svg+xml');
    expect(await storage.get('p/kurta.svg')).toBeUndefined();
    expect(await storage.get('p/kurta/7a1f2b/1.svg/2.svg')).toBeUndefined();
  });

  it('refuses a key outside the folder and a type its extension does not name', async () => {
    await expect(storage.put('../escape.svg', '<svg/>', 'image/svg+xml')).rejects.toThrow(/not a media key/);
    await expect(storage.get('../escape.svg')).rejects.toThrow(/not a media key/);
    await expect(storage.put('a.svg', '<svg/>', 'image/png')).rejects.toThrow(/served as image\/svg\+xml/);
    await expect(
      storage.put('a.png', Buffer.from([1]), 'image/png; charset=binary'),
    ).resolves.toBeUndefined();
  });

  it('replaces a file whole and leaves no partial files behind', async () => {
    await storage.put('a/b.svg', '<svg>one</svg>', 'image/svg+xml');
    await storage.put('a/b.svg', '<svg>two</svg>', 'image/svg+xml');
    expect(await text((await storage.get('a/b.svg'))!.body)).toBe('<svg>two</svg>');
    expect(readdirSync(path.join(root, 'a'))).toEqual(['b.svg']);
  });

  it('deletes a file, and deleting one that is not there is no error', async () => {
    await storage.put('u/abc123-640x480/640.webp', Buffer.from([1, 2]), 'image/webp');
    await storage.delete('u/abc123-640x480/640.webp');
    expect(await storage.exists('u/abc123-640x480/640.webp')).toBe(false);
    await expect(storage.delete('u/abc123-640x480/640.webp')).resolves.toBeUndefined();
    await expect(storage.delete('../shop.db')).rejects.toThrow(/not a media key/);
  });

  it('lists every stored key, skipping leftovers of an interrupted put', async () => {
    const list = async () => {
      const keys: string[] = [];
      for await (const key of storage.list()) keys.push(key);
      return keys.sort();
    };
    expect(await list()).toEqual([]);
    await storage.put('banner/1.svg', '<svg/>', 'image/svg+xml');
    await storage.put('p/kurta/7a1f2b/1.svg', '<svg/>', 'image/svg+xml');
    writeFileSync(path.join(root, 'banner', '1.svg.0123.partial'), 'half');
    expect(await list()).toEqual(['banner/1.svg', 'p/kurta/7a1f2b/1.svg']);
  });
});
