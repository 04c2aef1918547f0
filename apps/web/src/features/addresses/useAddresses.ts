import type { Address, AddressFormValues } from '@bazaar/shared';
import { useAppSelector } from '../../app/hooks';
import { useGetAddressesQuery, useSaveAddressMutation } from '../../api/accountApi';

/**
 * Saves an address (the address list is read again afterwards); the saved address, or null when the server refused
 * (the dashboard store area then holds its error, which useDashboardMessages shows as a toast).
 */
export function useSaveAddress() {
  const [saveAddress, { isLoading: saving }] = useSaveAddressMutation();
  const save = async (values: AddressFormValues, addressId?: number): Promise<Address | null> => {
    const result = await saveAddress({ ...values, addressId });
    return result.data?.address ?? null;
  };
  return { save, saving };
}

/** The saved addresses (the dashboard store area's allAddress), read afresh when a page showing them opens. */
export function useAddressList() {
  useGetAddressesQuery(undefined, { refetchOnMountOrArgChange: true });
  return useAppSelector((state) => state.dashboard);
}
