/**
 * The payments feature's public entry: what the rest of the app may use of it (docs/architecture.md).
 */
export { paymentReducer } from './paymentSlice';
export { CorrectUtrLink, PaymentIssue } from './PaymentIssue';
