import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminNotification, AdminNotificationListResponse } from '@bazaar/shared';
import { fakeApi } from '../../testing/fakeApi';
import { renderWithApp } from '../../testing/renderWithApp';
import AdminNotificationsPage from './AdminNotificationsPage';

const failed: AdminNotification = {
  _id: 71,
  channel: 'email',
  kind: 'order_shipped',
  state: 'failed',
  recipient: { kind: 'customer', _id: 5, name: 'Meera Iyer', email: 'meera@example.in' },
  attempts: 6,
  lastError: '550 Mailbox unavailable',
  createdAt: '2026-11-26T10:00:00.000Z',
  nextAttemptAt: '2026-11-26T11:00:00.000Z',
  sentAt: null,
};

const list = (notifications: AdminNotification[]): AdminNotificationListResponse => ({
  notifications,
  total: notifications.length,
  page: 1,
  pageSize: 25,
});

describe('AdminNotificationsPage', () => {
  it('lists failed messages with their error and retries one after a confirmation', async () => {
    let retried = false;
    const calls = fakeApi({
      'GET /admin/notifications': () => list(retried ? [] : [failed]),
      'POST /admin/notifications/71/retry': () => {
        retried = true;
        return {
          message: 'The message is queued again and will be sent shortly',
          notification: { ...failed, state: 'pending', attempts: 0 },
        };
      },
    });
    renderWithApp(<AdminNotificationsPage />, { path: '/admin/notifications' });

    const row = await screen.findByText('Order shipped', { selector: 'p' });
    const item = row.closest('li')!;
    expect(within(item).getByText('Meera Iyer')).toBeInTheDocument();
    expect(within(item).getByText('Customer · meera@example.in')).toBeInTheDocument();
    expect(within(item).getByTestId('message-error')).toHaveTextContent('550 Mailbox unavailable');
    expect(within(item).getByText(/6 attempts/)).toBeInTheDocument();
    expect(calls[0].path).toBe('/admin/notifications?state=failed&page=1');

    await userEvent.click(within(item).getByRole('button', { name: 'Retry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send “Order shipped” again?' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry message' }));
    expect(
      await screen.findByText('The message is queued again and will be sent shortly (to Meera Iyer)'),
    ).toHaveAttribute('role', 'status');
    await screen.findByText('No messages here.');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('filters by state, kind and recipient through the query string', async () => {
    const calls = fakeApi({
      'GET /admin/notifications': () => list([{ ...failed, state: 'sent', sentAt: failed.createdAt }]),
    });
    renderWithApp(<AdminNotificationsPage />, { path: '/admin/notifications' });
    await screen.findByText('Order shipped', { selector: 'p' });

    await userEvent.click(screen.getByRole('tab', { name: 'Sent' }));
    await userEvent.selectOptions(screen.getByLabelText('Kind of message'), 'Order shipped');
    await userEvent.type(screen.getByLabelText('Search recipients'), 'meera{Enter}');
    await waitFor(() =>
      expect(calls.at(-1)!.path).toBe(
        '/admin/notifications?state=sent&page=1&kind=order_shipped&recipient=meera',
      ),
    );
    // A sent message has nothing to retry.
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByText('Sent', { selector: 'span' })).toBeInTheDocument();
  });
});
