import type { AddCustomerFriendResponse, ChatHistoryResponse, SendMessageResponse } from '@bazaar/shared';
import { bazaarApi } from './bazaarApi';

/**
 * The shopper's chat with sellers (spec §7 Chat). Messages also arrive on the socket, which the chat store area
 * merges, so these answers feed that area rather than a long-lived cache.
 */
export const chatApi = bazaarApi.injectEndpoints({
  endpoints: (build) => ({
    /** Spec payload: sellerId ('' when none) and userId; the server takes the customer from the session. */
    openChat: build.mutation<AddCustomerFriendResponse, { sellerId: number | ''; userId: number }>({
      query: (body) => ({ path: '/chat/customer/add-customer-friend', method: 'POST', body }),
    }),
    sendMessageToSeller: build.mutation<
      SendMessageResponse,
      { userId: number; text: string; sellerId: number; name: string }
    >({
      query: (body) => ({ path: '/chat/customer/send-message-to-seller', method: 'POST', body }),
    }),
    /** The page of the open conversation before the message id `before`. */
    getOlderMessages: build.query<ChatHistoryResponse, { sellerId: number; before: number }>({
      query: ({ sellerId, before }) => `/chat/customer/messages/${sellerId}?before=${before}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useOpenChatMutation, useSendMessageToSellerMutation, useLazyGetOlderMessagesQuery } = chatApi;
