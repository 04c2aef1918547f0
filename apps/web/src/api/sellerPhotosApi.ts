import type { ProductPhotoResponse, ProductPhotosResponse } from '@bazaar/shared';
import { bazaarApi } from './bazaarApi';
import { uploadFile } from './uploadFile';

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
 * Uploads one photo of the product (see uploadFile), reporting progress from 0 to 1. The caller invalidates
 * `productPhotoTags(productId)` once its uploads are done.
 */
export const uploadProductPhoto = (
  productId: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ProductPhotoResponse> =>
  uploadFile<ProductPhotoResponse>(`/api/seller/products/${productId}/images`, file, onProgress, (body) =>
    body.image ? { image: body.image } : undefined,
  );
