import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminSeller, SellerStatus } from '@bazaar/shared';
import { fakeApi } from '../../testing/fakeApi';
import { renderWithApp } from '../../testing/renderWithApp';
import { CommissionEditor } from './CommissionEditor';
import { SellerDecisions } from './SellerDecision';

function seller(status: SellerStatus): AdminSeller {
  return {
    id: 7,
    shopName: 'Kota Doria House',
    slug: 'kota-doria-house',
    ownerName: 'Farah Khan',
    email: 'farah@kota.example',
    mobile: '9812345678',
    gstin: null,
    pan: null,
    pickupAddress: { address: '4 Johari Bazaar', city: 'Jaipur', state: 'Rajasthan', pincode: '302003' },
    status,
    statusReason: null,
    commissionPercent: 10,
    productCount: 3,
    registeredAt: '2026-11-20T10:00:00.000Z',
    approvedAt: null,
  };
}

/** The admin API as far as these components call it; the bodies sent so far. */
function fakeAdminApi() {
  const calls = fakeApi({
    'POST /admin/sellers/7/status': (call) => ({
      message: 'Saved',
      seller: { ...seller('pending'), status: (call.body as { status: SellerStatus }).status },
    }),
    'PUT /admin/sellers/7/commission': (call) => ({
      message: 'Commission saved',
      seller: { ...seller('approved'), ...(call.body as object) },
    }),
  });
  return () => calls.filter((call) => call.method !== 'GET').map((call) => [call.path, call.body]);
}

const buttonNames = () => screen.queryAllByRole('button').map((button) => button.textContent?.trim());

describe('SellerDecisions', () => {
  it.each([
    ['pending', ['Approve Kota Doria House', 'Reject Kota Doria House']],
    ['approved', ['Suspend Kota Doria House']],
    ['suspended', ['Reinstate Kota Doria House']],
    ['rejected', ['Approve after review Kota Doria House']],
  ] as const)('offers only the legal decisions about a %s seller', (status, expected) => {
    fakeAdminApi();
    renderWithApp(<SellerDecisions seller={seller(status)} />);
    expect(buttonNames()).toEqual(expected);
  });

  it('rejects only with a reason, after confirming', async () => {
    const sent = fakeAdminApi();
    renderWithApp(<SellerDecisions seller={seller('pending')} />);
    await userEvent.click(screen.getByRole('button', { name: /^Reject/ }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Kota Doria House?' });
    const confirm = within(dialog).getByRole('button', { name: 'Reject' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Reason (shown to the seller)'), '  GSTIN invalid ');
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(sent()).toEqual([['/admin/sellers/7/status', { status: 'rejected', reason: 'GSTIN invalid' }]]),
    );
  });

  it('reinstates without a reason, and changes nothing when the admin steps back', async () => {
    const sent = fakeAdminApi();
    renderWithApp(<SellerDecisions seller={seller('suspended')} />);
    await userEvent.click(screen.getByRole('button', { name: /^Reinstate/ }));
    let dialog = screen.getByRole('dialog', { name: 'Reinstate Kota Doria House?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: /^Reinstate/ }));
    dialog = screen.getByRole('dialog', { name: 'Reinstate Kota Doria House?' });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reinstate' }));
    await waitFor(() => expect(sent()).toEqual([['/admin/sellers/7/status', { status: 'approved' }]]));
  });
});

describe('CommissionEditor', () => {
  it('refuses a rate out of bounds or not whole before asking the server, then saves a good one', async () => {
    const sent = fakeAdminApi();
    renderWithApp(<CommissionEditor seller={seller('approved')} />);
    const rate = screen.getByLabelText('Commission (%)');
    const save = screen.getByRole('button', { name: 'Save rate' });
    expect(save).toBeDisabled();
    for (const [typed, problem] of [
      ['51', 'Use a rate from 0 to 50 %.'],
      ['12.5', 'Use a whole percent, e.g. 12.'],
    ]) {
      await userEvent.clear(rate);
      await userEvent.type(rate, typed);
      await userEvent.click(save);
      expect(screen.getByRole('alert')).toHaveTextContent(problem);
      expect(rate).toHaveAttribute('aria-invalid', 'true');
    }
    expect(sent()).toEqual([]);
    await userEvent.clear(rate);
    await userEvent.type(rate, '12');
    await userEvent.click(save);
    await waitFor(() => expect(sent()).toEqual([['/admin/sellers/7/commission', { commissionPercent: 12 }]]));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
