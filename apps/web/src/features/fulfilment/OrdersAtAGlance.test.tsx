import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeApi } from '../../testing/fakeApi';
import { renderWithApp } from '../../testing/renderWithApp';
import { OrdersAtAGlance } from './OrdersAtAGlance';

describe('OrdersAtAGlance', () => {
  it("shows the orders to pack and to ship and this month's sales less returns, from this month's first day in India", async () => {
    const calls = fakeApi({
      'GET /seller/orders': () => ({
        orders: [],
        counts: { all: 9, pending: 1, placed: 3, warehouse: 2, shipped: 1, delivered: 2, cancelled: 0 },
        page: 1,
        pages: 1,
        total: 9,
      }),
      'GET /seller/earnings': () => ({
        gross: 130000,
        returns: 5000,
        commission: 12500,
        net: 112500,
        settled: 0,
        unsettled: 112500,
        orders: [],
        page: 1,
        pages: 1,
        total: 0,
      }),
    });
    renderWithApp(<OrdersAtAGlance />);
    expect(await screen.findByRole('link', { name: '3' })).toHaveAttribute(
      'href',
      '/seller/orders?status=placed',
    );
    expect(screen.getByRole('link', { name: '2' })).toHaveAttribute(
      'href',
      '/seller/orders?status=warehouse',
    );
    expect(await screen.findByRole('link', { name: '₹1,25,000' })).toHaveAttribute(
      'href',
      '/seller/earnings',
    );
    const earnings = calls.find((call) => call.path.startsWith('/seller/earnings'))!;
    expect(earnings.path).toMatch(/^\/seller\/earnings\?from=\d{4}-\d{2}-01$/);
  });
});
