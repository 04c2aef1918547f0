/**
 * The home feature's public entry: what the rest of the app may use of it (docs/architecture.md).
 */
export { bannerReducer } from './bannerSlice';
