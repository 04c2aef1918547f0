import { configureStore } from '@reduxjs/toolkit';
import { homeReducer } from './homeSlice';
import { bannerReducer } from '../features/home';
import { authReducer } from '../features/auth';
import { cardReducer } from '../features/cart';
import { orderReducer } from '../features/orders';
import { dashboardReducer } from '../features/dashboard';
import { chatReducer } from '../features/chat';
import { paymentReducer } from '../features/payments';
import { bazaarApi } from '../api/bazaarApi';

/**
 * The spec's store areas, one reducer each, and the RTK Query cache of server state (`api`) that feeds them.
 * Subscribers hear of RTK Query's own bookkeeping once per animation frame; `notifyOnTick` tells them at the end of
 * the current task instead (tests whose clock is fake have no real frames to wait for).
 */
export function createStore({ notifyOnTick = false }: { notifyOnTick?: boolean } = {}) {
  return configureStore({
    reducer: {
      home: homeReducer,
      auth: authReducer,
      card: cardReducer,
      order: orderReducer,
      dashboard: dashboardReducer,
      chat: chatReducer,
      payment: paymentReducer,
      banner: bannerReducer,
      [bazaarApi.reducerPath]: bazaarApi.reducer,
    },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(bazaarApi.middleware),
    enhancers: (getDefaultEnhancers) =>
      getDefaultEnhancers({ autoBatch: notifyOnTick ? { type: 'tick' } : { type: 'raf' } }),
  });
}

export const store = createStore();
export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
