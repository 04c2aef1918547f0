import type {
  ChatHistoryResponse,
  SellerConversation,
  SellerProfile,
  SellerRegisterInput,
  SellerRegisterResponse,
  SendMessageResponse,
} from '@bazaar/shared';
import { bazaarApi } from './bazaarApi';

/**
 * The seller console (its session is the httpOnly sellerToken cookie). Conversations change with every socket
 * message, which the console merges into its own state, so these reads are asked for when needed, not cached long.
 */
export const sellerApi = bazaarApi.injectEndpoints({
  endpoints: (build) => ({
    getSeller: build.query<{ seller: SellerProfile }, void>({
      query: () => '/seller/me',
      providesTags: ['SellerSession'],
    }),
    sellerLogin: build.mutation<
      { message: string; seller: SellerProfile },
      { email: string; password: string }
    >({
      query: (body) => ({ path: '/seller/login', method: 'POST', body }),
      invalidatesTags: ['SellerSession', 'SellerConversations'],
    }),
    /** Creates a pending shop and signs it in (issue 16). */
    registerSeller: build.mutation<SellerRegisterResponse, SellerRegisterInput>({
      query: (body) => ({ path: '/seller/register', method: 'POST', body }),
      invalidatesTags: ['SellerSession', 'SellerConversations'],
    }),
    sellerLogout: build.mutation<{ message: string }, void>({
      query: () => '/seller/logout',
      invalidatesTags: ['SellerSession', 'SellerConversations'],
    }),
    changeSellerPassword: build.mutation<{ message: string }, { old_password: string; new_password: string }>(
      {
        query: (body) => ({ path: '/seller/change-password', method: 'POST', body }),
      },
    ),
    /** The shop accepts cash on delivery, or stops (issue 19). */
    setSellerCod: build.mutation<{ message: string; seller: SellerProfile }, boolean>({
      query: (acceptsCod) => ({ path: '/seller/cod', method: 'PUT', body: { acceptsCod } }),
      invalidatesTags: ['SellerSession'],
    }),
    getSellerConversations: build.query<{ customers: SellerConversation[] }, void>({
      query: () => '/chat/seller/customers',
      providesTags: ['SellerConversations'],
      keepUnusedDataFor: 0,
    }),
    /** A page of one conversation, the latest or the one before the message id `before`. */
    getSellerMessages: build.query<ChatHistoryResponse, { customerId: number; before?: number }>({
      query: ({ customerId, before }) =>
        `/chat/seller/messages/${customerId}${before ? `?before=${before}` : ''}`,
      keepUnusedDataFor: 0,
    }),
    markConversationRead: build.mutation<{ message: string }, number>({
      query: (customerId) => ({ path: `/chat/seller/read/${customerId}`, method: 'POST' }),
    }),
    sendSellerMessage: build.mutation<SendMessageResponse, { customerId: number; text: string }>({
      query: (body) => ({ path: '/chat/seller/send-message-to-customer', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetSellerQuery,
  useLazyGetSellerQuery,
  useRegisterSellerMutation,
  useSellerLoginMutation,
  useSellerLogoutMutation,
  useChangeSellerPasswordMutation,
  useSetSellerCodMutation,
  useLazyGetSellerConversationsQuery,
  useLazyGetSellerMessagesQuery,
  useMarkConversationReadMutation,
  useSendSellerMessageMutation,
} = sellerApi;
