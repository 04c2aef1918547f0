import type { Order, OrderResponse, OrderStatusFilter, PlaceOrderResponse } from '@bazaar/shared';
import { bazaarApi } from './bazaarApi';

/**
 * What the shipping page sends. The spec's payload (price, products, shipping_fee, items) goes along for
 * the record, but the server prices the order itself; it needs the address, the lines and, for Buy Now, the one
 * item. The idempotency key travels as the standard Idempotency-Key header. The customer comes from the session,
 * so no userId is sent.
 */
export interface PlaceOrderRequest {
  addressId: number;
  idempotencyKey: string;
  /** `variantId` (issue 15): the chosen size of a product with sizes. */
  buyNow?: { productId: number; quantity: number; variantId?: number };
  price: number;
  shipping_fee: number;
  items: number;
  products: unknown[];
}

export const ordersApi = bazaarApi.injectEndpoints({
  endpoints: (build) => ({
    /** The server takes the ordered lines out of the cart, so the cart and the order lists are read again. */
    placeOrder: build.mutation<PlaceOrderResponse, PlaceOrderRequest>({
      query: ({ idempotencyKey, ...body }) => ({
        path: '/home/order/palce-order',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['Cart', 'Orders', 'Dashboard'],
    }),
    /** The path's customer id is ignored by the server (the session decides); the spec's path carries one, so 'me'. */
    getOrders: build.query<{ orders: Order[] }, OrderStatusFilter>({
      query: (status) => `/home/customer/gat-orders/me/${status}`,
      providesTags: ['Orders'],
    }),
    /** The order with its timeline (issue 16). */
    getOrder: build.query<OrderResponse, string>({
      query: (orderId) => `/home/customer/gat-order/${encodeURIComponent(orderId)}`,
      providesTags: (_result, _error, orderId) => [{ type: 'Order', id: orderId }],
    }),
  }),
});

export const { usePlaceOrderMutation, useGetOrdersQuery, useGetOrderQuery } = ordersApi;
