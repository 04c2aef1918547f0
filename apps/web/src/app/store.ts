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
 * Subscribers hear of RTK Query's actions at the end of the task they came in, not at the next animation frame
 * (RTK's default): a call's answer must reach the page before whatever the caller does next (a logout's
 * redirect to /login must come after the guard of the page being left has seen the session end), and a fake
 * clock in tests has no frames.
 */
export function createStore() {
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
    enhancers: (getDefaultEnhancers) => getDefaultEnhancers({ autoBatch: { type: 'tick' } }),
  });
}

export const store = createStore();
export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
