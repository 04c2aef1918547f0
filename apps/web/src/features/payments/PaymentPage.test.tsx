import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { CodAvailability, DoPaymentResponse, PaymentState } from '@bazaar/shared';
import { fakeApi } from '../../testing/fakeApi';
import { renderWithApp } from '../../testing/renderWithApp';
import PaymentPage from './PaymentPage';

const ORDER_ID = 'ORD-1001';
const ATTEMPT_SECONDS = 300;

function payment(expiresInSeconds: number): DoPaymentResponse {
  const ends = new Date(Date.now() + expiresInSeconds * 1000).toISOString();
  return {
    url: `upi://pay?pa=bazaar@upi&am=999&tr=${ORDER_ID}`,
    amount: 999,
    appLinks: { gpay: 'tez://upi/pay', phonepe: 'phonepe://pay', paytm: 'paytmmp://pay', upi: 'upi://pay' },
    expiresAt: ends,
    expiresInSeconds,
    reservationExpiresAt: ends,
  };
}

const NO_COD: CodAvailability = {
  available: false,
  reason: 'Kala Kendra does not accept cash on delivery',
  fee: 0,
  limit: 5000,
  total: 999,
};

/**
 * The payment page for one order whose status the test sets; the server grants `expiresInSeconds` and answers
 * whether cash on delivery is offered with `cod`.
 */
function openPaymentPage(expiresInSeconds = ATTEMPT_SECONDS, cod: CodAvailability = NO_COD) {
  const server = { status: 'pending' as PaymentState, codChosen: false };
  fakeApi({
    'POST /payment/do_payment': () => payment(expiresInSeconds),
    [`GET /payment/status/${ORDER_ID}`]: () => ({ payment_status: server.status, canRetry: true }),
    [`GET /payment/cod/${ORDER_ID}`]: () => cod,
    [`POST /payment/cod/${ORDER_ID}`]: () => {
      server.codChosen = true;
      return {
        message: 'Order placed: pay in cash when it is delivered',
        orderId: ORDER_ID,
        total: cod.total,
      };
    },
  });
  renderWithApp(<PaymentPage />, { path: '/payment', state: { orderId: ORDER_ID, price: 999, items: 1 } });
  return server;
}

/** Lets `seconds` pass on the page's clock, with the answers and renders they bring. */
const elapse = (seconds: number) => act(() => vi.advanceTimersByTimeAsync(seconds * 1000));
const timeLeft = () => screen.getByRole('timer', { name: 'Time left' });
const currentPath = () => screen.getByRole('status', { name: 'Current path' });

beforeEach(() => {
  // Timers and the clock only: fetch's bodies are read with promises and must stay real.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('payment countdown', () => {
  it('counts the five minutes down each second once the payment has started', async () => {
    openPaymentPage();
    expect(timeLeft()).toHaveTextContent('--:--');

    await elapse(0);
    expect(timeLeft()).toHaveTextContent('05:00');
    await elapse(1);
    expect(timeLeft()).toHaveTextContent('04:59');
    await elapse(238);
    expect(timeLeft()).toHaveTextContent('01:01');
    expect(currentPath()).toHaveTextContent(/^\/payment$/);
    // Four minutes of the page's clock hold some 240 status polls, each answered and rendered: seconds of real time
    // on a busy machine.
  }, 30_000);

  it('follows the seconds the server grants, not a fixed five minutes', async () => {
    openPaymentPage(90);
    await elapse(0);
    expect(timeLeft()).toHaveTextContent('01:30');
  });

  it('goes to the failure page when the countdown reaches zero unpaid', async () => {
    openPaymentPage();
    await elapse(ATTEMPT_SECONDS - 1);
    expect(timeLeft()).toHaveTextContent('00:01');
    expect(currentPath()).toHaveTextContent(/^\/payment$/);

    await elapse(1);
    expect(currentPath()).toHaveTextContent('/payment/failure');
  });

  it('goes to the confirmation page as soon as the payment is seen, before the time is up', async () => {
    const server = openPaymentPage();
    await elapse(10);
    expect(currentPath()).toHaveTextContent(/^\/payment$/);

    server.status = 'paid';
    await elapse(1);
    expect(currentPath()).toHaveTextContent('/payment/confirm');
  });
});

describe('cash on delivery', () => {
  it('says why it is not offered, with no button', async () => {
    openPaymentPage();
    await elapse(0);
    const cod = screen.getByRole('region', { name: 'Cash on delivery' });
    expect(cod).toHaveTextContent('Kala Kendra does not accept cash on delivery');
    expect(within(cod).queryByRole('button')).toBeNull();
  });

  it('places the order as cash on delivery once confirmed, and opens its details', async () => {
    const server = openPaymentPage(ATTEMPT_SECONDS, {
      available: true,
      reason: null,
      fee: 49,
      limit: 5000,
      total: 1048,
    });
    await elapse(0);
    const cod = screen.getByRole('region', { name: 'Cash on delivery' });
    expect(cod).toHaveTextContent(
      'Pay ₹1,048 in cash when the order arrives (includes a ₹49 cash-on-delivery fee)',
    );
    fireEvent.click(within(cod).getByRole('button', { name: 'Pay on delivery' }));
    const dialog = screen.getByRole('dialog', { name: 'Pay in cash on delivery?' });
    expect(server.codChosen).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await elapse(0);
    expect(server.codChosen).toBe(true);
    expect(currentPath()).toHaveTextContent(`/dashboard/order/details/${ORDER_ID}`);
  });
});
