import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { api, rejectBody } from '../../api/client';
import type { Banner } from '../../types/catalog';

interface BannerState {
  banners: Banner[];
  loader: boolean;
  error: unknown;
}

const initialState: BannerState = { banners: [], loader: false, error: null };

/** Spec: failure passes the error body on as the rejection, with no user message. */
export const get_banners = createAsyncThunk('banner/get_banners', (_: void, { rejectWithValue }) =>
  api.get<{ data: { banners: Banner[] } }>('/getallbannerItems').catch((e) => rejectWithValue(rejectBody(e))),
);

const bannerSlice = createSlice({
  name: 'banner',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(get_banners.pending, (state) => {
        state.loader = true;
      })
      .addCase(get_banners.fulfilled, (state, { payload }) => {
        state.loader = false;
        state.banners = payload.data.banners;
      })
      .addCase(get_banners.rejected, (state, { payload }) => {
        state.loader = false;
        state.error = payload ?? null;
      });
  },
});

export const bannerReducer = bannerSlice.reducer;
