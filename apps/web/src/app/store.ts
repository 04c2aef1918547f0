import { configureStore } from '@reduxjs/toolkit';
import { homeReducer } from './homeSlice';
import { bannerReducer } from '../features/home/bannerSlice';
import { authReducer } from '../features/auth/authSlice';
import { cardReducer } from '../features/cart/cardSlice';
import { orderReducer } from '../features/orders/orderSlice';
import { dashboardReducer } from '../features/dashboard/dashboardSlice';
import { chatReducer } from '../features/chat/chatSlice';
import { paymentReducer } from '../features/payments/paymentSlice';

/** The spec's store areas, one reducer each. */
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
    },
  });
}

export const store = createStore();
export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
