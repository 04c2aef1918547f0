import { z } from 'zod';
import { MAX_PRODUCT_PHOTOS } from './photos';
import { idSchema } from './validation';

/**
 * The seller center's photo calls (issue 16): POST /api/seller/products/{id}/images (multipart, the file in field
 * `file`), GET and PUT (reorder; the first is the cover) /api/seller/products/{id}/images, and
 * DELETE /api/seller/products/{id}/images/{imageId}. URLs follow the scheme of `./photos`.
 */
export const productPhotoSchema = z.object({ _id: z.number(), url: z.string() });
export type ProductPhoto = z.infer<typeof productPhotoSchema>;

export const productPhotoResponseSchema = z.object({ image: productPhotoSchema });
export type ProductPhotoResponse = z.infer<typeof productPhotoResponseSchema>;

/** A product's photos in order, the cover first. */
export const productPhotosResponseSchema = z.object({ images: z.array(productPhotoSchema) });
export type ProductPhotosResponse = z.infer<typeof productPhotosResponseSchema>;

export const photoProductParamsSchema = z.object({ id: idSchema });
export const productPhotoParamsSchema = z.object({ id: idSchema, imageId: idSchema });

/** Every photo of the product, each once, in the new order: the first becomes the cover. */
export const reorderPhotosSchema = z.object({
  order: z
    .array(idSchema, { error: 'must be a list of the product’s photo ids' })
    .min(1, 'must name the product’s photos')
    .max(MAX_PRODUCT_PHOTOS, `must name at most ${MAX_PRODUCT_PHOTOS} photos`),
});
export type ReorderPhotosInput = z.infer<typeof reorderPhotosSchema>;
