/**
 * The fulfilment feature's public entry (the seller center's orders and earnings; its pages load lazily from
 * App.tsx): what other features may use of it.
 */
export { OrdersAtAGlance } from './OrdersAtAGlance';
