import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import {
  MAX_PHOTO_BYTES,
  photoProductParamsSchema,
  productPhotoParamsSchema,
  productPhotoResponseSchema,
  productPhotosResponseSchema,
  reorderPhotosSchema,
} from '@bazaar/shared';
import { requireSeller } from '../auth/session';
import { badRequest, HttpError } from '../http/errors';
import { declared, failures, signedIn } from '../http/routeSchema';
import { addPhoto, deletePhoto, listPhotos, reorderPhotos } from './service';

const tooLarge = () =>
  new HttpError(
    413,
    `This photo is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB. Make it smaller and upload it again.`,
    'PAYLOAD_TOO_LARGE',
  );

/** The file of an upload: a multipart form whose field `file` holds one photo of at most MAX_PHOTO_BYTES. */
export async function uploadedFile(request: FastifyRequest): Promise<Buffer | undefined> {
  if (!request.isMultipart())
    throw new HttpError(
      415,
      'Send the photo as multipart/form-data, the file in field "file".',
      'UNSUPPORTED_MEDIA_TYPE',
    );
  const part = await request.file();
  if (!part) return undefined;
  if (part.fieldname !== 'file') throw badRequest('Put the photo in the form field "file".');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  // busboy marks a file it cut at the limit, but toBuffer looks for the mark only after each chunk it reads: when the
  // cut falls in the last chunk (a file a few bytes too large), it can return the cut file, which then reads as a
  // damaged photo (400) instead of a too large one.
  if (part.file.truncated) throw tooLarge();
  return bytes;
}

/** Multipart for the routes of `api` only: one file, a few small fields, nothing larger than a photo may be. */
export async function acceptPhotoUploads(api: FastifyInstance): Promise<void> {
  await api.register(multipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
}

/**
 * A seller's product photos (issue 16): upload (converted to AVIF and WebP renditions), list, reorder (the first
 * is the cover) and delete. A product of another seller is "not found", as if it did not exist.
 */
export async function photoRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;
  await acceptPhotoUploads(api);
  const routes = declared(api);
  const tags = ['Seller center: photos'];
  const security = signedIn.seller;

  routes.get(
    '/seller/products/:id/images',
    {
      schema: {
        tags,
        security,
        params: photoProductParamsSchema,
        response: { 200: productPhotosResponseSchema, ...failures(401, 404) },
      },
    },
    async (request) => {
      const seller = await requireSeller(ctx, request);
      return { images: await listPhotos(ctx, seller.id, request.params.id) };
    },
  );

  routes.post(
    '/seller/products/:id/images',
    {
      schema: {
        tags,
        security,
        summary:
          'Upload a photo: multipart/form-data, the file (JPEG, PNG, WebP or AVIF, at most 10 MB) in "file"',
        params: photoProductParamsSchema,
        response: { 201: productPhotoResponseSchema, ...failures(400, 401, 404, 409, 413, 415, 503) },
      },
    },
    async (request, reply) => {
      const seller = await requireSeller(ctx, request);
      const image = await addPhoto(ctx, seller.id, request.params.id, () => uploadedFile(request));
      return reply.status(201).send({ image });
    },
  );

  routes.put(
    '/seller/products/:id/images',
    {
      schema: {
        tags,
        security,
        summary: 'Reorder the photos; the first becomes the cover',
        params: photoProductParamsSchema,
        body: reorderPhotosSchema,
        response: { 200: productPhotosResponseSchema, ...failures(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const seller = await requireSeller(ctx, request);
      return { images: await reorderPhotos(ctx, seller.id, request.params.id, request.body.order) };
    },
  );

  routes.delete(
    '/seller/products/:id/images/:imageId',
    {
      schema: {
        tags,
        security,
        params: productPhotoParamsSchema,
        response: { 200: productPhotosResponseSchema, ...failures(401, 404) },
      },
    },
    async (request) => {
      const seller = await requireSeller(ctx, request);
      const { id, imageId } = request.params;
      return { images: await deletePhoto(ctx, seller.id, id, imageId) };
    },
  );
}
