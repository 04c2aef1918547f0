/**
 * The cart feature's public entry: what the rest of the app may use of it (docs/architecture.md).
 */
export { cardReducer, reset_count } from './cardSlice';
export { CardToasts } from './CardToasts';
export type { CheckoutState } from './checkout';
export { useSessionCartLoader } from './useSessionCartLoader';
