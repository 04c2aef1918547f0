/**
 * The dashboard feature's public entry: what the rest of the app may use of it (docs/architecture.md).
 */
export { dashboardReducer } from './dashboardSlice';
export { useDashboardMessages } from './useDashboardMessages';
