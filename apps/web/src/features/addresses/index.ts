/**
 * The addresses feature's public entry: what the rest of the app may use of it (docs/architecture.md).
 */
export { AddressForm, addressLine } from './AddressForm';
export { useAddressList, useSaveAddress } from './useAddresses';
