import { z } from 'zod';
import { idSchema, messages } from './validation';

/** The 28 states and 8 union territories of India, as the address form offers them. */
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];

export function isIndianState(value: string): value is IndianState {
  return (INDIAN_STATES as readonly string[]).includes(value);
}

export const addressMessages = {
  /** Per-field text for a missing required value; the server prefixes the field name. */
  required: 'This field is required',
  pincode: 'Please enter a valid 6-digit pincode',
  state: 'Please choose a state or union territory from the list',
  alternatePhone: 'Please enter a valid 10-digit alternate phone number',
  saved: 'Address saved',
  updated: 'Address updated',
  deleted: 'Address deleted',
  defaultChanged: 'Default address updated',
  notFound: 'Address not found',
} as const;

/** Text a form must have: trimmed, not empty, at most `max` characters (addresses, a shop's pickup address). */
export const requiredText = (max: number) =>
  z
    .string({ error: addressMessages.required })
    .trim()
    .min(1, addressMessages.required)
    .max(max, `must be at most ${max} characters`);

/** Optional text: a blank value is stored as null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

const tenDigits = /^\d{10}$/;

/** The address fields of the form; shared by the server (which stores) and the web form (which checks first). */
export const addressFieldsSchema = z.object({
  name: requiredText(80),
  phonenumber: z
    .string({ error: addressMessages.required })
    .trim()
    .min(1, addressMessages.required)
    .regex(tenDigits, messages.phone),
  alternatephonenumber: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || tenDigits.test(value), addressMessages.alternatePhone),
  // Indian PIN codes are six digits and never start with 0.
  pincode: z
    .string({ error: addressMessages.required })
    .trim()
    .min(1, addressMessages.required)
    .regex(/^[1-9]\d{5}$/, addressMessages.pincode),
  state: requiredText(60).refine(isIndianState, addressMessages.state),
  cityDistTown: requiredText(80),
  address: requiredText(300),
  landmark: optionalText(120),
  locality: optionalText(120),
  defaultAddress: z.boolean({ error: 'must be true or false' }).optional().default(false),
});
export type AddressFields = z.infer<typeof addressFieldsSchema>;

/**
 * Body of add_address: the fields, plus `addressId` when editing. A `userInfo` the page sends is ignored —
 * the customer comes from the session.
 */
export const saveAddressSchema = addressFieldsSchema.extend({
  addressId: idSchema.optional(),
});
export type SaveAddressInput = z.infer<typeof saveAddressSchema>;

/** Body of markDefaultAddress: the spec's single field/value pair. */
export const markDefaultAddressSchema = z.object({
  field: z.literal('defaultAddress', { error: "field must be 'defaultAddress'" }),
  value: z.boolean({ error: 'must be true or false' }),
});

export const addressIdParamsSchema = z.object({ addressId: idSchema });

/** An address as the API returns it (spec §3 field names). */
export const addressSchema = z
  .object({
    _id: z.number(),
    name: z.string(),
    address: z.string(),
    phonenumber: z.string(),
    alternatephonenumber: z.string().nullable(),
    pincode: z.string(),
    state: z.string(),
    cityDistTown: z.string(),
    landmark: z.string().nullable(),
    locality: z.string().nullable(),
    defaultAddress: z.boolean(),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof addressSchema>;
export type AddressDto = Address;

export const savedAddressResponseSchema = z.object({ address: addressSchema, message: z.string() });
export type SavedAddressResponse = z.infer<typeof savedAddressResponseSchema>;

export const defaultAddressResponseSchema = z.object({ defaultAddress: addressSchema.nullable() });
export type DefaultAddressResponse = z.infer<typeof defaultAddressResponseSchema>;

export const addressListResponseSchema = z.object({ address: z.array(addressSchema) });
export type AddressListResponse = z.infer<typeof addressListResponseSchema>;

export const defaultAddressChangedResponseSchema = z.object({ addressId: z.number(), message: z.string() });
export type DefaultAddressChangedResponse = z.infer<typeof defaultAddressChangedResponseSchema>;

export const addressDeletedResponseSchema = z.object({
  userId: z.number(),
  addressId: z.number(),
  message: z.string(),
});
export type AddressDeletedResponse = z.infer<typeof addressDeletedResponseSchema>;

/** What the address form holds while the shopper types (all strings, as inputs give them). */
export interface AddressFormValues {
  name: string;
  phonenumber: string;
  alternatephonenumber: string;
  pincode: string;
  state: string;
  cityDistTown: string;
  address: string;
  landmark: string;
  locality: string;
  defaultAddress: boolean;
}

export const emptyAddressForm: AddressFormValues = {
  name: '',
  phonenumber: '',
  alternatephonenumber: '',
  pincode: '',
  state: '',
  cityDistTown: '',
  address: '',
  landmark: '',
  locality: '',
  defaultAddress: false,
};

/**
 * The toast the form shows before sending, or null when the form is fine. Spec §5: missing required fields
 * read 'Please fill all required fields'; a bad phone number 'Please enter a valid phone number'.
 */
export function addressFormError(values: AddressFormValues): string | null {
  const result = addressFieldsSchema.safeParse(values);
  if (result.success) return null;
  const issues = result.error.issues;
  if (issues.some((issue) => issue.message === addressMessages.required)) return messages.requiredFields;
  return issues[0].message;
}
