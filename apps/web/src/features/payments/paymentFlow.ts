import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

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
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  return endsAt === null ? null : Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** Calls `poll` now and every `intervalMs` while `active`; stops when inactive or when the page is left. */
export function usePolling(poll: () => void, intervalMs: number, active: boolean): void {
  const latest = useRef(poll);
  useEffect(() => {
    latest.current = poll;
  });
  useEffect(() => {
    if (!active) return;
    latest.current();
    const timer = setInterval(() => latest.current(), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, active]);
}
