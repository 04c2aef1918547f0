import { tmpdir } from 'node:os';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaStorage } from '../src/storage';
import { S3Storage } from '../src/storage/s3';
import { startLocalS3 } from './s3-fixtures';

describe('S3Storage against a local S3-compatible server', () => {
  let s3: Awaited<ReturnType<typeof startLocalS3>>;
  let storage: S3Storage;
  beforeAll(async () => {
    s3 = await startLocalS3('bazaar-media');
    storage = new S3Storage(s3.settings);
  });
  afterAll(() => s3.close());

  it('is the configured storage when S3 settings are given', () => {
    expect(mediaStorage({ dataDir: tmpdir(), s3: s3.settings })).toBeInstanceOf(S3Storage);
    expect(mediaStorage({ dataDir: tmpdir() })).not.toBeInstanceOf(S3Storage);
  });

  it('gives back what was put, with its type and size, and forgets it once deleted', async () => {
    const body = Buffer.from('RIFF----WEBPVP8 fake but bytes all the same');
    await storage.put('u/abc123-640x480/640.webp', body, 'image/webp');
    expect(await storage.exists('u/abc123-640x480/640.webp')).toBe(true);
    const file = await storage.get('u/abc123-640x480/640.webp');
    expect(file).toMatchObject({ contentType: 'image/webp', size: body.length });
    expect(await text(file!.body)).toBe(body.toString());

    await storage.delete('u/abc123-640x480/640.webp');
    expect(await storage.exists('u/abc123-640x480/640.webp')).toBe(false);
    expect(await storage.get('u/abc123-640x480/640.webp')).toBeUndefined();
    // Deleting what is not there is no error, as on disk.
    await expect(storage.delete('u/abc123-640x480/640.webp')).resolves.toBeUndefined();
  });

  it('has nothing under a key never put', async () => {
    expect(await storage.exists('p/kurta/7a1f2b/1.svg')).toBe(false);
    expect(await storage.get('p/kurta/7a1f2b/1.svg')).toBeUndefined();
  });

  it('refuses keys outside the scheme and types their extension does not name', async () => {
    await expect(storage.put('../escape.svg', '<svg/>', 'image/svg+xml')).rejects.toThrow(/not a media key/);
    await expect(storage.get('../escape.svg')).rejects.toThrow(/not a media key/);
    await expect(storage.delete('shop.db')).rejects.toThrow(/not a media key/);
    await expect(storage.put('a.svg', '<svg/>', 'image/png')).rejects.toThrow(/served as image\/svg\+xml/);
  });

  it('lists every stored key across pages', async () => {
    const keys = Array.from({ length: 5 }, (_, index) => `banner/${index}.svg`);
    for (const key of keys) await storage.put(key, '<svg/>', 'image/svg+xml');
    const listed: string[] = [];
    for await (const key of storage.list()) listed.push(key);
    expect(listed.sort()).toEqual(expect.arrayContaining(keys));
  });
});
