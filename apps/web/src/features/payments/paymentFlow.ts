import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetPaymentStatusQuery, useStartPaymentMutation } from '../../api/paymentsApi';
import { useFreshFailure } from '../../api/useFreshFailure';
import { useAppDispatch } from '../../app/hooks';
import { paymentReset } from './paymentSlice';

/** What Pay Now and order placement pass to the payment pages. */
export interface PaymentNavigationState {
  price?: number;
  items?: number;
  orderId?: string;
}

export function usePaymentNavigationState(): PaymentNavigationState {
  const state = useLocation().state as PaymentNavigationState | null;
  return state ?? {};
}

/** The order the payment-result page (/order/confirm) confirms, kept across the trip to the UPI app. */
export const PENDING_ORDER_KEY = 'orderId';

/** mm:ss for the countdown. */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(safe / 60)).padStart(2, '0')}:${String(safe % 60).padStart(2, '0')}`;
}

/**
 * Seconds left until `endsAt` (ms on this device's clock), re-read every second. Computed from the clock rather than
 * counted down, so a throttled background tab still ends on time.
 */
export function useSecondsLeft(endsAt: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => setNow(Date.now());
    // The first reading right away (the clock may have moved on since the last one), then every second.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [endsAt]);
  return endsAt === null ? null : Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/**
 * Starts this visit's payment attempt for the order (a clean payment store, the order remembered for the result
 * page) and tells when the server has answered. Polling and redirects wait for that, so an earlier attempt's end
 * cannot end this one.
 */
export function useStartPayment(orderId: string | undefined, price: number | undefined): boolean {
  const dispatch = useAppDispatch();
  const [startPayment] = useStartPaymentMutation();
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (!orderId) return;
    dispatch(paymentReset());
    localStorage.setItem(PENDING_ORDER_KEY, orderId);
    void startPayment({ price, orderId }).finally(() => setStarted(true));
  }, [dispatch, startPayment, orderId, price]);
  return started;
}

/**
 * Polls the order's payment status (the payment store area follows it) now and every `intervalMs` while `active`;
 * polling stops when inactive or when the page is left. A failed status call goes to the failure page.
 */
export function usePaymentStatusPolling(
  orderId: string | undefined,
  intervalMs: number,
  active: boolean,
): void {
  const navigate = useNavigate();
  const status = useGetPaymentStatusQuery(orderId && active ? orderId : skipToken, {
    pollingInterval: intervalMs,
    refetchOnMountOrArgChange: true,
  });
  const failed = useFreshFailure(status) !== undefined;
  useEffect(() => {
    if (failed) navigate('/payment/failure', { replace: true, state: { orderId } });
  }, [failed, navigate, orderId]);
}
