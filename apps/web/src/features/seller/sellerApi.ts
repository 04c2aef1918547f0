import type {
  ChatHistoryResponse,
  SellerConversation,
  SellerProfile,
  SendMessageResponse,
} from '@bazaar/shared';
import { api } from '../../api/client';

/** The seller console's calls; the session is the httpOnly sellerToken cookie. */
export const sellerApi = {
  login: (email: string, password: string) =>
    api.post<{ message: string; seller: SellerProfile }>('/seller/login', { email, password }),
  logout: () => api.get<{ message: string }>('/seller/logout'),
  changePassword: (old_password: string, new_password: string) =>
    api.post<{ message: string }>('/seller/change-password', { old_password, new_password }),
  me: () => api.get<{ seller: SellerProfile }>('/seller/me'),
  conversations: () => api.get<{ customers: SellerConversation[] }>('/chat/seller/customers'),
  messages: (customerId: number, before?: number) =>
    api.get<ChatHistoryResponse>(`/chat/seller/messages/${customerId}${before ? `?before=${before}` : ''}`),
  markRead: (customerId: number) => api.post<{ message: string }>(`/chat/seller/read/${customerId}`),
  send: (customerId: number, text: string) =>
    api.post<SendMessageResponse>('/chat/seller/send-message-to-customer', { customerId, text }),
};
