/**
 * The auth feature's public entry: what the rest of the app may use of it (docs/architecture.md).
 */
export { authReducer, messageClear } from './authSlice';
export { AccountMenu } from './AccountMenu';
export { PasswordInput, SubmitButton } from './AuthCard';
export { SessionEndedRedirect } from './SessionEndedRedirect';
export { useAuthMessages } from './useAuthMessages';
export { useLogout } from './useLogout';
