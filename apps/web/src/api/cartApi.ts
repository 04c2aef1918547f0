import type { CartResponse, WishlistResponse } from '@bazaar/shared';
import { bazaarApi } from './bazaarApi';

type Message = { message: string };

/**
 * The shopper's cart and wishlist (spec §7). The server takes the customer from the session; no userId is sent.
 * Spec §4: after a change the cart is read again from the server (its tag is invalidated), so counts and totals
 * are always the server's.
 */
export const cartApi = bazaarApi.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<CartResponse, void>({
      query: () => '/home/product/get-card-product',
      providesTags: ['Cart'],
    }),
    getWishlist: build.query<WishlistResponse, void>({
      query: () => '/home/product/get-wishlist-products',
      providesTags: ['Wishlist'],
    }),
    /** `variantId` (issue 15): the size; a product with sizes is refused without one (SIZE_REQUIRED). */
    addToCart: build.mutation<Message, { productId: number; quantity: number; variantId?: number }>({
      query: (body) => ({ path: '/home/product/add-to-card', method: 'POST', body }),
      invalidatesTags: ['Cart'],
    }),
    /** Another size for a cart line (issue 15); the server merges it into a line of that size if there is one. */
    changeCartVariant: build.mutation<Message, { lineId: number; variantId: number }>({
      query: ({ lineId, variantId }) => ({
        path: `/home/product/change-cart-variant/${lineId}`,
        method: 'PUT',
        body: { variantId },
      }),
      invalidatesTags: ['Cart'],
    }),
    deleteCartLine: build.mutation<Message, number>({
      query: (lineId) => ({ path: `/home/product/delete-card-product/${lineId}`, method: 'DELETE' }),
      invalidatesTags: ['Cart'],
    }),
    /** The Out of Stock section's Delete: the server removes every sold-out line of the signed-in customer. */
    deleteSoldOutLines: build.mutation<Message, number>({
      query: (userId) => ({ path: `/home/product/delete-all-cart-product/${userId}`, method: 'DELETE' }),
      invalidatesTags: ['Cart'],
    }),
    increaseQuantity: build.mutation<Message, number>({
      query: (lineId) => ({ path: `/home/product/quantity-inc/${lineId}`, method: 'PUT' }),
      invalidatesTags: ['Cart'],
    }),
    decreaseQuantity: build.mutation<Message, number>({
      query: (lineId) => ({ path: `/home/product/quantity-dec/${lineId}`, method: 'PUT' }),
      invalidatesTags: ['Cart'],
    }),
    /** The answer carries no entry: the wishlist is read again so pages can show the product as saved. */
    addToWishlist: build.mutation<Message, { productId: number }>({
      query: (body) => ({ path: '/home/product/add-to-wishlist', method: 'POST', body }),
      invalidatesTags: ['Wishlist'],
    }),
    removeFromWishlist: build.mutation<Message & { wishlistId: number }, number>({
      query: (entryId) => ({ path: `/home/product/delete-wishlist-product/${entryId}`, method: 'DELETE' }),
      invalidatesTags: ['Wishlist'],
    }),
  }),
});

export const {
  useGetCartQuery,
  useGetWishlistQuery,
  useAddToCartMutation,
  useChangeCartVariantMutation,
  useDeleteCartLineMutation,
  useDeleteSoldOutLinesMutation,
  useIncreaseQuantityMutation,
  useDecreaseQuantityMutation,
  useAddToWishlistMutation,
  useRemoveFromWishlistMutation,
} = cartApi;
