import type { OperatorProfile, OpsPaymentsResponse, PaymentState } from '@bazaar/shared';
import { api } from '../../api/client';

/** The operators' console API; the session is the httpOnly `opsToken` cookie the server sets. */
export const opsApi = {
  login: (email: string, password: string) =>
    api.post<{ message: string; operator: OperatorProfile }>('/ops/login', { email, password }),
  logout: () => api.get<{ message: string }>('/ops/logout'),
  me: () => api.get<{ operator: OperatorProfile }>('/ops/me'),
  queue: (status: PaymentState = 'under verification') =>
    api.get<OpsPaymentsResponse>(`/ops/payments?status=${encodeURIComponent(status)}`),
  decide: (paymentId: number, action: 'verify' | 'reject', note: string) =>
    api.post<{ message: string; payment_status: PaymentState }>(
      `/ops/payments/${paymentId}/${action}`,
      note.trim() ? { note } : {},
    ),
};
