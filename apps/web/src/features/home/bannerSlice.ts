import { createSlice } from '@reduxjs/toolkit';
import type { BannerDto } from '@bazaar/shared';
import { catalogApi } from '../../api/catalogApi';
import { isCallFailure } from '../../app/sliceHelpers';

interface BannerState {
  banners: BannerDto[];
  loader: boolean;
  error: unknown;
}

const initialState: BannerState = { banners: [], loader: false, error: null };

const { getBanners } = catalogApi.endpoints;

/** The spec's `banner` store area, fed by the banners call. A failure keeps the server's body as `error`. */
const bannerSlice = createSlice({
  name: 'banner',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addMatcher(getBanners.matchPending, (state) => {
        state.loader = true;
      })
      .addMatcher(getBanners.matchFulfilled, (state, { payload }) => {
        state.loader = false;
        state.banners = payload.data.banners;
      })
      .addMatcher(getBanners.matchRejected, (state, action) => {
        if (!isCallFailure(action)) return;
        state.loader = false;
        state.error = action.payload ?? null;
      });
  },
});

export const bannerReducer = bannerSlice.reducer;
