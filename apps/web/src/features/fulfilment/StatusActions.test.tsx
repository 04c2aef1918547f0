import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliveryStatus } from '@bazaar/shared';
import { fakeApi, type ApiAnswer } from '../../testing/fakeApi';
import { renderWithApp } from '../../testing/renderWithApp';
import { sellerPart as part } from '../../testing/sellerPart';
import { StatusActions } from './StatusActions';

/** Renders the actions of a part in `status`; the status call answers `answer` (by default the updated part). */
function renderActions(status: DeliveryStatus, options: { paid?: boolean; answer?: ApiAnswer } = {}) {
  const calls = fakeApi({
    'POST /seller/orders/41/status': (call) =>
      options.answer ?? {
        message: 'Order updated',
        order: { ...part(status), status: (call.body as { status: DeliveryStatus }).status },
      },
    // The change refreshes the seller's order lists; no list is on screen here.
    'GET /seller/orders': () => ({ orders: [] }),
  });
  renderWithApp(<StatusActions order={part(status, options.paid === false ? 'not paid' : 'paid')} />);
  // The bodies of the status changes sent so far.
  return () => calls.filter((call) => call.method === 'POST').map((call) => call.body);
}

const buttonNames = () => screen.queryAllByRole('button').map((button) => button.textContent);

describe('StatusActions', () => {
  it.each([
    ['pending', ['Cancel']],
    ['placed', ['Accept & pack', 'Cancel']],
    ['warehouse', ['Ship', 'Cancel']],
    ['shipped', ['Mark delivered']],
    ['delivered', []],
    ['cancelled', []],
  ] as const)('offers only the legal next steps of a %s part', (status, expected) => {
    renderActions(status);
    expect(buttonNames()).toEqual(expected);
  });

  it('packs at once and says so', async () => {
    const posted = renderActions('placed');
    await userEvent.click(screen.getByRole('button', { name: 'Accept & pack' }));
    expect(await screen.findByText('Order updated')).toHaveAttribute('role', 'status');
    expect(posted()).toEqual([{ status: 'warehouse' }]);
  });

  it('ships only with a courier and a valid AWB', async () => {
    const posted = renderActions('warehouse');
    await userEvent.click(screen.getByRole('button', { name: 'Ship' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship this order' });
    const confirm = within(dialog).getByRole('button', { name: 'Mark shipped' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Courier'), 'Blue Dart');
    await userEvent.type(within(dialog).getByLabelText('AWB / tracking number'), '12');
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByLabelText('AWB / tracking number')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(within(dialog).getByLabelText('AWB / tracking number'), '345678901');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    expect(await screen.findByText('Order updated')).toHaveAttribute('role', 'status');
    expect(posted()).toEqual([{ status: 'shipped', courier: 'Blue Dart', trackingNumber: '12345678901' }]);
  });

  it('cancels only with a reason, after saying a paid part is refunded, and shows a refusal', async () => {
    const posted = renderActions('placed', {
      answer: {
        status: 409,
        body: { error: 'This order was changed meanwhile. Reload it.', code: 'STATUS_CHANGED' },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent('the shopper is refunded');
    const confirm = within(dialog).getByRole('button', { name: 'Cancel order' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Reason (the shopper sees it)'), 'Out of stock');
    await userEvent.click(confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This order was changed meanwhile. Reload it.',
    );
    expect(posted()).toEqual([{ status: 'cancelled', note: 'Out of stock' }]);
  });

  it('does not promise a refund for an unpaid part, and keeps the part as it was when the seller steps back', async () => {
    const posted = renderActions('pending', { paid: false });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).not.toHaveTextContent('refunded');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted()).toEqual([]);
  });
});
