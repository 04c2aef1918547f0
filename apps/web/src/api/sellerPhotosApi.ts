import type { ProductPhotoResponse, ProductPhotosResponse } from '@bazaar/shared';
import { bazaarApi, type ApiFailure } from './bazaarApi';

/** What a change of a product's photos makes stale: its photos, the editor's product and the list's cover. */
export const productPhotoTags = (productId: number) => [
  { type: 'SellerProductPhotos' as const, id: productId },
  { type: 'SellerProduct' as const, id: productId },
  'SellerProducts' as const,
];

/** A product's photos in the seller center (issue 16): list, reorder (the first is the cover), delete. */
export const photosApi = bazaarApi.injectEndpoints({
  endpoints: (build) => ({
    getProductPhotos: build.query<ProductPhotosResponse, number>({
      query: (productId) => `/seller/products/${productId}/images`,
      providesTags: (_result, _error, productId) => [{ type: 'SellerProductPhotos', id: productId }],
    }),
    reorderProductPhotos: build.mutation<ProductPhotosResponse, { productId: number; order: number[] }>({
      query: ({ productId, order }) => ({
        path: `/seller/products/${productId}/images`,
        method: 'PUT',
        body: { order },
      }),
      // The new order shows at once; a refusal puts the server's order back.
      async onQueryStarted({ productId, order }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          photosApi.util.updateQueryData('getProductPhotos', productId, (draft) => {
            draft.images.sort((a, b) => order.indexOf(a._id) - order.indexOf(b._id));
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_result, _error, { productId }) => productPhotoTags(productId),
    }),
    deleteProductPhoto: build.mutation<ProductPhotosResponse, { productId: number; photoId: number }>({
      query: ({ productId, photoId }) => ({
        path: `/seller/products/${productId}/images/${photoId}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { productId }) => productPhotoTags(productId),
    }),
  }),
});

export const { useGetProductPhotosQuery, useReorderProductPhotosMutation, useDeleteProductPhotoMutation } =
  photosApi;

/**
 * Uploads one photo as multipart (field `file`), reporting progress from 0 to 1. XMLHttpRequest rather than
 * fetch: only it reports upload progress. Resolves with the new photo; rejects with the server's `{ status, error }`.
 * The caller invalidates `productPhotoTags(productId)` once its uploads are done.
 */
export function uploadProductPhoto(
  productId: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ProductPhotoResponse> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/seller/products/${productId}/images`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: { error?: string } & Partial<ProductPhotoResponse> = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // A proxy's HTML error page, say: the status tells what happened.
      }
      if (request.status >= 200 && request.status < 300 && body.image) resolve({ image: body.image });
      else
        reject({
          status: request.status,
          error: body.error ?? `The upload failed (${request.status}). Try again.`,
        } satisfies ApiFailure);
    };
    request.onerror = () =>
      reject({ status: 0, error: 'The upload did not reach the shop. Check the connection and try again.' });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
