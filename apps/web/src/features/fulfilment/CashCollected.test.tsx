import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useGetSellerOrderQuery } from '../../api/sellerOrdersApi';
import { fakeApi } from '../../testing/fakeApi';
import { renderWithApp } from '../../testing/renderWithApp';
import { sellerPart as part } from '../../testing/sellerPart';
import { CashCollected } from './CashCollected';

describe('CashCollected', () => {
  it.each([
    ['placed', 'cod'],
    ['shipped', 'paid'],
    ['delivered', 'not paid'],
  ] as const)('offers nothing for a %s part paid %s', (status, payment) => {
    renderWithApp(<CashCollected order={part(status, payment)} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('records the cash of a shipped COD part after a confirmation, and says so once the part is paid', async () => {
    let current = part('shipped', 'cod');
    const calls = fakeApi({
      'GET /seller/orders/41': () => ({ order: current }),
      'POST /seller/orders/41/cash-collected': () => {
        current = { ...part('delivered', 'paid'), cashCollectedAt: '2026-11-21T10:00:00.000Z' };
        return { message: 'Cash collected: the part counts in your earnings', order: current };
      },
    });
    // As the order page shows it: the part as last fetched, fetched again after the call.
    function OrderPage() {
      const { data } = useGetSellerOrderQuery(41);
      return data ? <CashCollected order={data.order} /> : null;
    }
    renderWithApp(<OrderPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cash collected' }));
    const dialog = screen.getByRole('dialog', { name: 'Cash collected?' });
    expect(dialog.textContent).toContain('and the parcel is delivered');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cash collected' }));
    expect(await screen.findByText('Cash collected: the part counts in your earnings')).toBeTruthy();
    // The refetched part is paid: no second collection is offered, and the answer is still shown.
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Cash collected' })).toBeNull();
    expect(screen.getByText('Cash collected: the part counts in your earnings').getAttribute('role')).toBe(
      'status',
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/seller/orders/41/cash-collected',
    ]);
  });
});
