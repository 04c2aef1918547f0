import type { Address, AddressFormValues, DashboardData } from '@bazaar/shared';
import { bazaarApi } from './bazaarApi';

/** The customer dashboard's counts and the address book (spec §7). The server takes the customer from the session. */
export const accountApi = bazaarApi.injectEndpoints({
  endpoints: (build) => ({
    /** The path's user id is ignored by the server (the session decides); 'me' fills it. */
    getDashboard: build.query<DashboardData, void>({
      query: () => '/home/customer/gat-dashboard-data/me',
      providesTags: ['Dashboard'],
    }),
    getAddresses: build.query<{ address: Address[] }, void>({
      query: () => '/home/customer/get_all_address',
      providesTags: ['Addresses'],
    }),
    /** Saves a new address, or updates one when `addressId` is given. */
    saveAddress: build.mutation<
      { address: Address; message: string },
      AddressFormValues & { addressId?: number }
    >({
      query: (body) => ({ path: '/home/customer/add_address', method: 'POST', body }),
      invalidatesTags: ['Addresses'],
    }),
    deleteAddress: build.mutation<{ userId: number; addressId: number; message: string }, number>({
      query: (addressId) => ({ path: `/home/customer/delete_address/${addressId}`, method: 'DELETE' }),
      invalidatesTags: ['Addresses'],
    }),
    /** Spec §4: the card's checkbox flips defaultAddress for that address; the server keeps exactly one default. */
    markDefaultAddress: build.mutation<
      { addressId: number; message: string },
      { addressId: number; value: boolean }
    >({
      query: ({ addressId, value }) => ({
        path: `/home/customer/markDefaultAddress/${addressId}`,
        method: 'PATCH',
        body: { field: 'defaultAddress', value },
      }),
      invalidatesTags: ['Addresses'],
    }),
  }),
});

export const {
  useGetDashboardQuery,
  useGetAddressesQuery,
  useSaveAddressMutation,
  useDeleteAddressMutation,
  useMarkDefaultAddressMutation,
} = accountApi;
