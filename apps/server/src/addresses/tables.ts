import type { Generated } from 'kysely';

/** A saved delivery address; exactly one per customer has is_default = 1 whenever the customer has any. */
export interface AddressTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  phonenumber: string;
  alternatephonenumber: string | null;
  pincode: string;
  state: string;
  city_dist_town: string;
  address: string;
  landmark: string | null;
  locality: string | null;
  is_default: number;
  created_at: string;
  updated_at: string;
}

/** Tables of the address book (an order copies its delivery address in, so it does not refer to one). */
export interface AddressTables {
  addresses: AddressTable;
}
