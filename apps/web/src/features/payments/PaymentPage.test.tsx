import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { DoPaymentResponse, PaymentState } from '@bazaar/shared';
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

/** The payment page for one order whose status the test sets; the server grants `expiresInSeconds`. */
function openPaymentPage(expiresInSeconds = ATTEMPT_SECONDS) {
  const server = { status: 'pending' as PaymentState };
  fakeApi({
    'POST /payment/do_payment': () => payment(expiresInSeconds),
    [`GET /payment/status/${ORDER_ID}`]: () => ({ payment_status: server.status, canRetry: true }),
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
