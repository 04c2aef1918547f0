/**
 * Product photos in the seller center (issue 16) through the API: uploads checked by content (JPEG, PNG, WebP,
 * AVIF only, whatever the name says), files over 10 MB and images over 40 megapixels refused (the latter before
 * decoding), EXIF orientation applied and every piece of metadata (GPS!) stripped, alpha kept, AVIF and WebP
 * renditions at the widths the URL scheme names served with immutable caching; reorder, cover, delete, the
 * 10-photo limit, another seller's product, and the same uploads into an S3-compatible bucket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MAX_PHOTO_BYTES, MAX_PRODUCT_PHOTOS, responsivePhoto, uploadedPhotoOf } from '@bazaar/shared/photos';
import { startLocalS3 } from './s3-fixtures';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';
import { catalog, seedCatalog, signInNewCustomer } from './orders-fixtures';
import { placeOrder } from './payments-fixtures';
import {
  holdsGpsPosition,
  phoneJpeg,
  pixelBombPng,
  smallPhoto,
  transparentPng,
  uploadPhoto,
} from './photo-fixtures';
import { enableSellerLogins, signedInSeller } from './security-fixtures';

const kurta = catalog.products.kurta; // seller one's
const saree = catalog.products.saree; // seller two's

let server: TestServer;
let sellerOne: ApiClient;
let sellerTwo: ApiClient;

beforeAll(async () => {
  server = await startTestServer({
    prepare: async (database) => {
      await seedCatalog(database);
      await enableSellerLogins(database.db);
    },
  });
  sellerOne = await signedInSeller(server, 0);
  sellerTwo = await signedInSeller(server, 1);
});
afterAll(() => server?.close());

const fetchMedia = (url: string) => fetch(server.baseUrl + url);
const photosOf = async (client: ApiClient, productId: number) =>
  (await client.get(`/seller/products/${productId}/images`)).body.images as { _id: number; url: string }[];

/** Every rendition the stored URL names, fetched, with what sharp reads in it. */
async function renditionsOf(url: string) {
  const shown = responsivePhoto(url);
  expect(shown, url).toBeDefined();
  const files = shown!.sources.flatMap((source) =>
    source.srcSet.split(', ').map((entry) => {
      const [path, width] = entry.split(' ');
      return { path, width: parseInt(width, 10), type: source.type };
    }),
  );
  return Promise.all(
    files.map(async (file) => {
      const response = await fetchMedia(file.path);
      const bytes = Buffer.from(await response.arrayBuffer());
      return { ...file, response, bytes, metadata: response.ok ? await sharp(bytes).metadata() : undefined };
    }),
  );
}

describe(`product photo uploads (${testDialect})`, () => {
  it("turns a phone's JPEG upright into AVIF and WebP renditions with no metadata left, cached for good", async () => {
    const original = await phoneJpeg(1600, 1200);
    const before = await sharp(original).metadata();
    expect(before.exif?.toString('latin1')).toContain('GPS Leaker 3000');
    expect(holdsGpsPosition(before.exif!)).toBe(true);
    expect(before.orientation).toBe(6);

    const res = await uploadPhoto(sellerOne, kurta.id, original, { name: 'IMG_2041.JPG' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { image } = res.body;
    expect(image).toEqual({ _id: expect.any(Number), url: expect.stringMatching(/^\/media\/u\//) });
    // Turned upright: 1600×1200 landscape stored sideways is a 1200×1600 portrait, under the 1280 cap.
    expect(uploadedPhotoOf(image.url)).toMatchObject({ width: 1200, height: 1600 });

    const renditions = await renditionsOf(image.url);
    expect(renditions.map((r) => `${r.type} ${r.width}`).sort()).toEqual(
      [320, 480, 640, 960, 1200].flatMap((w) => [`image/avif ${w}`, `image/webp ${w}`]).sort(),
    );
    for (const rendition of renditions) {
      const { response, metadata, bytes } = rendition;
      expect(response.status, rendition.path).toBe(200);
      expect(response.headers.get('content-type')).toBe(rendition.type);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(metadata!.format).toBe(rendition.type === 'image/avif' ? 'heif' : 'webp');
      expect(metadata!.width).toBe(rendition.width);
      expect(metadata!.height).toBe(Math.round((rendition.width * 1600) / 1200));
      // Nothing of the camera's metadata survives: no EXIF (GPS, make, model), no XMP, no orientation flag.
      expect(metadata!.exif).toBeUndefined();
      expect(metadata!.xmp).toBeUndefined();
      expect(metadata!.orientation).toBeUndefined();
      expect(bytes.toString('latin1')).not.toMatch(/GPS Leaker|Bazaar Test Phone/);
      expect(holdsGpsPosition(bytes)).toBe(false);
    }

    // Last among the product's photos, and on the storefront's product page at once.
    const photos = await photosOf(sellerOne, kurta.id);
    expect(photos.at(-1)).toEqual(image);
    const page = await new ApiClient(server.baseUrl).get(`/home/get-product/${kurta.id}`);
    expect(page.body.product.images).toContain(image.url);
  });

  it('keeps a PNG’s transparency in both formats', async () => {
    const res = await uploadPhoto(sellerOne, kurta.id, await transparentPng(600, 400), {
      name: 'cutout.png',
      type: 'image/png',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(uploadedPhotoOf(res.body.image.url)).toMatchObject({ width: 600, height: 400 });
    for (const rendition of await renditionsOf(res.body.image.url)) {
      expect(rendition.metadata!.hasAlpha, rendition.path).toBe(true);
      const { data, info } = await sharp(rendition.bytes)
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const alphaAt = (x: number) => data[(Math.floor(info.height / 2) * info.width + x) * 4 + 3];
      expect(alphaAt(2), rendition.path).toBeLessThan(10);
      expect(alphaAt(info.width - 3), rendition.path).toBeGreaterThan(245);
    }
  });

  it('takes WebP and AVIF, and never makes a rendition wider than the photo', async () => {
    for (const format of ['webp', 'avif'] as const) {
      const res = await uploadPhoto(sellerOne, tee.id, await smallPhoto(format, 400, 500), {
        name: `small.${format}`,
        type: `image/${format}`,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const renditions = await renditionsOf(res.body.image.url);
      expect([...new Set(renditions.map((r) => r.width))].sort((a, b) => a - b)).toEqual([320, 400]);
      for (const rendition of renditions) expect(rendition.response.status).toBe(200);
    }
  });

  it('judges a file by its content, not its name or declared type', async () => {
    const cases: [string, Buffer, string][] = [
      ['a GIF named .jpg', await smallPhoto('gif'), 'image/jpeg'],
      [
        'an SVG named .png',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/png',
      ],
      ['text named .jpg', Buffer.from('just some words, not a photo at all'), 'image/jpeg'],
      ['an HTML page named .webp', Buffer.from('<!doctype html><title>x</title>'), 'image/webp'],
    ];
    for (const [what, bytes, type] of cases) {
      const res = await uploadPhoto(sellerOne, kurta.id, bytes, { name: 'photo.jpg', type });
      expect(res.status, what).toBe(415);
      expect(res.body).toEqual({
        error: expect.stringMatching(/JPEG, PNG, WebP or AVIF/),
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
    // A JPEG's first bytes and then nothing usable: a damaged file, said so.
    const broken = (await smallPhoto('jpeg')).subarray(0, 200);
    const res = await uploadPhoto(sellerOne, kurta.id, broken);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/damaged or incomplete/);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([await smallPhoto('jpeg'), Buffer.alloc(MAX_PHOTO_BYTES)]);
    const res = await uploadPhoto(sellerOne, kurta.id, big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: expect.stringMatching(/larger than 10 MB/),
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('refuses a decompression bomb from its header, fast and without decoding it', async () => {
    const bomb = pixelBombPng(50_000, 50_000);
    expect(bomb.length).toBeLessThan(5_000);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const res = await uploadPhoto(sellerOne, kurta.id, bomb, { name: 'innocent.png', type: 'image/png' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: expect.stringMatching(/50000×50000.*40 megapixels/),
      code: 'PHOTO_TOO_MANY_PIXELS',
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    // Decoded, it would be 7.5 GB of pixels.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it('asks for a multipart form with the file in "file"', async () => {
    const json = await sellerOne.post(`/seller/products/${kurta.id}/images`, { file: 'aGVsbG8=' });
    expect(json.status).toBe(415);
    expect(json.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const wrongField = await uploadPhoto(sellerOne, kurta.id, await smallPhoto(), { field: 'photo' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.error).toMatch(/field "file"/);
  });
});

const tee = catalog.products.tee; // seller one's

describe(`ordering, cover and deleting (${testDialect})`, () => {
  it('reorders the photos; the first is the cover the storefront shows first', async () => {
    const photos = await photosOf(sellerOne, kurta.id);
    expect(photos.length).toBeGreaterThanOrEqual(3);
    const reversed = photos.map((photo) => photo._id).reverse();
    const res = await sellerOne.put(`/seller/products/${kurta.id}/images`, { order: reversed });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.images.map((photo: { _id: number }) => photo._id)).toEqual(reversed);
    const page = await new ApiClient(server.baseUrl).get(`/home/get-product/${kurta.id}`);
    expect(page.body.product.images).toEqual([...photos].reverse().map((photo) => photo.url));
  });

  it('refuses an order that leaves out, repeats or adds a photo', async () => {
    const ids = (await photosOf(sellerOne, kurta.id)).map((photo) => photo._id);
    const sareePhoto = (await photosOf(sellerTwo, saree.id))[0]._id;
    for (const order of [ids.slice(1), [...ids.slice(1), ids[1]], [...ids.slice(1), sareePhoto]]) {
      const res = await sellerOne.put(`/seller/products/${kurta.id}/images`, { order });
      expect(res.status, JSON.stringify(order)).toBe(409);
      expect(res.body.error).toMatch(/each of the product’s photos once/);
    }
    const empty = await sellerOne.put(`/seller/products/${kurta.id}/images`, { order: [] });
    expect(empty.status).toBe(400);
    expect((await photosOf(sellerOne, kurta.id)).map((photo) => photo._id)).toEqual(ids);
  });

  it('deletes a photo with its files; the next one becomes the cover', async () => {
    const { body } = await uploadPhoto(sellerOne, tee.id, await smallPhoto('jpeg', 700, 900));
    let ids = (await photosOf(sellerOne, tee.id)).map((photo) => photo._id);
    await sellerOne.put(`/seller/products/${tee.id}/images`, {
      order: [body.image._id, ...ids.filter((id) => id !== body.image._id)],
    });
    const renditions = await renditionsOf(body.image.url);
    expect(renditions.every((r) => r.response.status === 200)).toBe(true);

    const res = await sellerOne.delete(`/seller/products/${tee.id}/images/${body.image._id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids = ids.filter((id) => id !== body.image._id);
    expect(res.body.images.map((photo: { _id: number }) => photo._id)).toEqual(ids);
    for (const rendition of await renditionsOf(body.image.url)) expect(rendition.response.status).toBe(404);
    const again = await sellerOne.delete(`/seller/products/${tee.id}/images/${body.image._id}`);
    expect(again.status).toBe(404);
  });

  it('keeps the files of a deleted photo that something else still shows', async () => {
    const { body } = await uploadPhoto(sellerOne, tee.id, await smallPhoto('png', 500, 500));
    // The same picture on another row (as an order line keeps the picture of what was bought).
    const { db } = server.database;
    await db
      .insertInto('product_images')
      .values({ product_id: kurta.id, position: 99, url: body.image.url, width: 500, height: 500 })
      .execute();
    expect((await sellerOne.delete(`/seller/products/${tee.id}/images/${body.image._id}`)).status).toBe(200);
    for (const rendition of await renditionsOf(body.image.url)) expect(rendition.response.status).toBe(200);
    await db.deleteFrom('product_images').where('url', '=', body.image.url).execute();
  });

  it('keeps the files of a deleted photo an order shows: the order keeps the picture of what was bought', async () => {
    const { body } = await uploadPhoto(sellerOne, tee.id, await smallPhoto('webp', 640, 640));
    const others = (await photosOf(sellerOne, tee.id)).filter((photo) => photo._id !== body.image._id);
    await sellerOne.put(`/seller/products/${tee.id}/images`, {
      order: [body.image._id, ...others.map((photo) => photo._id)],
    });
    const { orderId } = await placeOrder(server, await signInNewCustomer(server), { tee: 1 });
    const line = await server.database.db
      .selectFrom('order_items')
      .innerJoin('customer_orders', 'customer_orders.id', 'order_items.customer_order_id')
      .select('order_items.image')
      .where('customer_orders.order_code', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(line.image).toBe(body.image.url);

    expect((await sellerOne.delete(`/seller/products/${tee.id}/images/${body.image._id}`)).status).toBe(200);
    for (const rendition of await renditionsOf(body.image.url)) expect(rendition.response.status).toBe(200);
  });

  it(`holds at most ${MAX_PRODUCT_PHOTOS} photos per product`, async () => {
    const { db } = server.database;
    const count = (await photosOf(sellerTwo, saree.id)).length;
    await db
      .insertInto('product_images')
      .values(
        Array.from({ length: MAX_PRODUCT_PHOTOS - count }, (_, index) => ({
          product_id: saree.id,
          position: count + index,
          url: `/media/saree-extra-${index}.jpg`,
        })),
      )
      .execute();
    const res = await uploadPhoto(sellerTwo, saree.id, await smallPhoto());
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: expect.stringMatching(/at most 10 photos/),
      code: 'PHOTO_LIMIT_REACHED',
    });
    await db.deleteFrom('product_images').where('url', 'like', '/media/saree-extra-%').execute();
  });
});

describe(`another seller's product (${testDialect})`, () => {
  it('is not found for every photo call, and nothing changes', async () => {
    const before = await photosOf(sellerOne, kurta.id);
    const photo = before[0]._id;
    const calls = [
      () => sellerTwo.get(`/seller/products/${kurta.id}/images`),
      async () => uploadPhoto(sellerTwo, kurta.id, await smallPhoto()),
      () =>
        sellerTwo.put(`/seller/products/${kurta.id}/images`, { order: before.map((p) => p._id).reverse() }),
      () => sellerTwo.delete(`/seller/products/${kurta.id}/images/${photo}`),
      // Seller one's photo through seller two's own product.
      () => sellerTwo.delete(`/seller/products/${saree.id}/images/${photo}`),
      () => sellerOne.get('/seller/products/999999/images'),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status, JSON.stringify(res.body)).toBe(404);
    }
    expect(await photosOf(sellerOne, kurta.id)).toEqual(before);
  });
});

describe(`photos in an S3-compatible bucket (${testDialect})`, () => {
  let s3: Awaited<ReturnType<typeof startLocalS3>>;
  let bucketServer: TestServer;
  let seller: ApiClient;
  beforeAll(async () => {
    s3 = await startLocalS3('bazaar-photos');
    bucketServer = await startTestServer({
      config: { s3: s3.settings },
      prepare: async (database) => {
        await seedCatalog(database);
        await enableSellerLogins(database.db);
      },
    });
    seller = await signedInSeller(bucketServer, 0);
  });
  afterAll(async () => {
    await bucketServer?.close();
    await s3?.close();
  });

  it('stores the renditions in the bucket, serves them from /media and deletes them with the photo', async () => {
    const res = await uploadPhoto(seller, kurta.id, await phoneJpeg(800, 600));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { url } = res.body.image;
    const keys: string[] = [];
    for await (const key of bucketServer.app.ctx.media.list()) keys.push(key);
    expect(keys.filter((key) => url.includes(key.split('/')[1]))).toHaveLength(6); // upright it is 600×800: 320, 480 and 600, each as AVIF and WebP
    const media = await fetch(bucketServer.baseUrl + url);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('image/webp');
    expect(media.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await media.arrayBuffer())).metadata()).exif).toBeUndefined();

    expect((await seller.delete(`/seller/products/${kurta.id}/images/${res.body.image._id}`)).status).toBe(
      200,
    );
    expect((await fetch(bucketServer.baseUrl + url)).status).toBe(404);
  });
});
