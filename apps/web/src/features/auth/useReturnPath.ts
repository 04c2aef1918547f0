import { useLocation } from 'react-router-dom';

/** Where the guard was sending the customer (RequireAuth passes `state.from`), else home. */
export function useReturnPath(): string {
  const state = useLocation().state as { from?: unknown } | null;
  const from = typeof state?.from === 'string' ? state.from : '';
  // Only same-site paths: never bounce a customer to another origin after login.
  return from.startsWith('/') && !from.startsWith('//') ? from : '/';
}
