/**
 * The orders feature's public entry: what the rest of the app may use of it (docs/architecture.md).
 */
export { orderReducer } from './orderSlice';
export { OrdersTable, OrdersTableSkeleton } from './OrdersTable';
