import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { EarningsResponse } from '@bazaar/shared';
import { fakeApi } from '../../testing/fakeApi';
import { renderWithApp } from '../../testing/renderWithApp';
import EarningsPage from './EarningsPage';

const earnings: EarningsResponse = {
  gross: 2100,
  returns: 800,
  commission: 130,
  net: 1170,
  settled: 0,
  unsettled: 1170,
  orders: [
    {
      _id: 41,
      orderId: 'BZ-2611-ABCDEF',
      date: '2026-11-20T10:00:00.000Z',
      status: 'delivered',
      deliveredAt: '2026-11-22T10:00:00.000Z',
      gross: 1600,
      returns: 800,
      commissionPercent: 10,
      commission: 80,
      net: 720,
      settled: false,
    },
    {
      _id: 42,
      orderId: 'BZ-2611-GHIJKL',
      date: '2026-11-19T10:00:00.000Z',
      status: 'shipped',
      deliveredAt: null,
      gross: 500,
      returns: 0,
      commissionPercent: 10,
      commission: 50,
      net: 450,
      settled: false,
    },
  ],
  page: 1,
  pages: 1,
  total: 2,
};

describe('EarningsPage', () => {
  it('takes returns off the gross as a deduction line, in the totals and per order', async () => {
    fakeApi({ 'GET /seller/earnings': () => earnings });
    renderWithApp(<EarningsPage />);
    expect(await screen.findByTestId('earnings-returns')).toHaveTextContent('−₹800');
    expect(screen.getByTestId('earnings-gross')).toHaveTextContent('₹2,100');
    expect(screen.getByTestId('earnings-commission')).toHaveTextContent('−₹130');
    expect(screen.getByTestId('earnings-net')).toHaveTextContent('₹1,170');
    const [returned, kept] = screen.getAllByTestId('earnings-row');
    expect(within(returned).getByText('−₹800')).toBeInTheDocument();
    expect(within(kept).getByText('—')).toBeInTheDocument();
  });

  it("shows a wholly returned part's commission as ₹0, with no minus", async () => {
    const whollyReturned = {
      ...earnings.orders[0],
      returns: 1600,
      commission: 0,
      net: 0,
    };
    fakeApi({ 'GET /seller/earnings': () => ({ ...earnings, orders: [whollyReturned] }) });
    renderWithApp(<EarningsPage />);
    const [row] = await screen.findAllByTestId('earnings-row');
    const commission = within(row).getByText('(10%)').parentElement!;
    expect(commission.textContent).toBe('₹0 (10%)');
  });
});
