import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliveryStatus, PaymentStatus, SellerOrderDetail } from '@bazaar/shared';
import { fakeApi } from '../../testing/fakeApi';
import { renderWithApp } from '../../testing/renderWithApp';
import { CashCollected } from './CashCollected';

function part(status: DeliveryStatus, paymentStatus: PaymentStatus): SellerOrderDetail {
  return {
    _id: 41,
    orderId: 'BZ-2611-ABCDEF',
    date: '2026-11-20T10:00:00.000Z',
    status,
    paymentStatus,
    amount: 1600,
    items: 2,
    lines: [],
    shippingInfo: {
      name: 'Meera Iyer',
      address: '12 MG Road',
      province: 'Karnataka',
      city: 'Bengaluru',
      area: '',
      phonenumber: '9876543210',
      pincode: '560001',
    },
    courier: null,
    trackingNumber: null,
    shippedAt: null,
    deliveredAt: null,
    commissionPercent: 10,
    timeline: [],
  };
}

describe('CashCollected', () => {
  it.each([
    ['placed', 'cod'],
    ['shipped', 'paid'],
    ['delivered', 'not paid'],
  ] as const)('offers nothing for a %s part paid %s', (status, payment) => {
    renderWithApp(<CashCollected order={part(status, payment)} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('records the cash of a shipped COD part after a confirmation', async () => {
    const calls = fakeApi({
      'POST /seller/orders/41/cash-collected': () => ({
        message: 'Cash collected: the part counts in your earnings',
        order: { ...part('delivered', 'paid'), cashCollectedAt: '2026-11-21T10:00:00.000Z' },
      }),
      'GET /seller/orders': () => ({ orders: [] }),
    });
    renderWithApp(<CashCollected order={part('shipped', 'cod')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cash collected' }));
    const dialog = screen.getByRole('dialog', { name: 'Cash collected?' });
    expect(dialog.textContent).toContain('and the parcel is delivered');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cash collected' }));
    expect(await screen.findByText('Cash collected: the part counts in your earnings')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/seller/orders/41/cash-collected',
    ]);
  });
});
