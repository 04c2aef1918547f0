import type {
  AdminNotificationListResponse,
  NotificationKind,
  OutboxState,
  RetryNotificationResponse,
} from '@bazaar/shared';
import { bazaarApi } from './bazaarApi';

/** The outbox filters of the admin console's Messages page (issue 19). */
export interface NotificationFilters {
  state: OutboxState;
  kind?: NotificationKind;
  recipient?: string;
  page: number;
}

/** The query string of a list call: only the filters that are set. */
export function notificationSearch({ state, kind, recipient, page }: NotificationFilters): string {
  const search = new URLSearchParams({ state, page: String(page) });
  if (kind) search.set('kind', kind);
  if (recipient) search.set('recipient', recipient);
  return search.toString();
}

/** The notification outbox for staff: messages by state, kind and recipient, and the retry of a failed one. */
export const adminNotificationsApi = bazaarApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminNotifications: build.query<AdminNotificationListResponse, NotificationFilters>({
      query: (filters) => `/admin/notifications?${notificationSearch(filters)}`,
      providesTags: ['AdminNotifications'],
    }),
    /** A retry moves the message from the failed list to pending, and is in the audit log. */
    retryNotification: build.mutation<RetryNotificationResponse, number>({
      query: (id) => ({ path: `/admin/notifications/${id}/retry`, method: 'POST' }),
      invalidatesTags: ['AdminNotifications', 'AdminAudit'],
    }),
  }),
});

export const { useGetAdminNotificationsQuery, useRetryNotificationMutation } = adminNotificationsApi;
