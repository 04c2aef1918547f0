import { z } from 'zod';
import { addressMessages, isIndianState, requiredText, type IndianState } from './addresses';
import { registerSchema } from './auth';
import { productDtoSchema, productQuerySchema } from './catalog';
import { sellerProfileSchema } from './chat';
import { slugify } from './slug';
import { emailSchema, mobileSchema } from './validation';

/**
 * Seller onboarding (issue 16): a shop registers itself at /seller/register and waits as `pending` until the
 * marketplace approves it; shoppers meet an approved shop at /shop/{slug}.
 */

/**
 * The first two digits of a GSTIN: the GST code of the state that registered it. Andhra Pradesh kept its old 28
 * for registrations from before Telangana split off, and Dadra and Nagar Haveli and Daman and Diu had two codes
 * before they merged, so those states accept both.
 */
export const GST_STATE_CODES: Record<IndianState, readonly string[]> = {
  'Jammu and Kashmir': ['01'],
  'Himachal Pradesh': ['02'],
  Punjab: ['03'],
  Chandigarh: ['04'],
  Uttarakhand: ['05'],
  Haryana: ['06'],
  Delhi: ['07'],
  Rajasthan: ['08'],
  'Uttar Pradesh': ['09'],
  Bihar: ['10'],
  Sikkim: ['11'],
  'Arunachal Pradesh': ['12'],
  Nagaland: ['13'],
  Manipur: ['14'],
  Mizoram: ['15'],
  Tripura: ['16'],
  Meghalaya: ['17'],
  Assam: ['18'],
  'West Bengal': ['19'],
  Jharkhand: ['20'],
  Odisha: ['21'],
  Chhattisgarh: ['22'],
  'Madhya Pradesh': ['23'],
  Gujarat: ['24'],
  'Dadra and Nagar Haveli and Daman and Diu': ['25', '26'],
  Maharashtra: ['27'],
  Karnataka: ['29'],
  Goa: ['30'],
  Lakshadweep: ['31'],
  Kerala: ['32'],
  'Tamil Nadu': ['33'],
  Puducherry: ['34'],
  'Andaman and Nicobar Islands': ['35'],
  Telangana: ['36'],
  'Andhra Pradesh': ['28', '37'],
  Ladakh: ['38'],
};

export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;

export const sellerRegisterMessages = {
  registered: 'Your shop is registered. You can prepare products while we review it.',
  gstin: 'Please enter a valid 15-character GSTIN, e.g. 27ABCDE1234F1Z5',
  gstinState: 'The GSTIN’s first two digits must be the GST code of the pickup state',
  pan: 'Please enter a valid PAN, e.g. ABCDE1234F',
  panMismatch: 'The PAN must be the one inside the GSTIN (its characters 3 to 12)',
  shopName: 'Shop name must contain a letter or a digit',
  emailTaken: 'This email is already registered as a seller',
  notFound: 'Shop not found',
} as const;

/** An optional upper-case code: blank means not given; spaces and lower case are forgiven. */
const optionalCode = (pattern: RegExp, message: string) =>
  z
    .string()
    .nullish()
    .transform((value) => value?.replace(/\s+/g, '').toUpperCase() || null)
    .refine((value) => value === null || pattern.test(value), message);

export const pickupAddressSchema = z.object({
  address: requiredText(300),
  city: requiredText(80),
  state: requiredText(60).refine(isIndianState, addressMessages.state),
  pincode: z
    .string({ error: addressMessages.required })
    .trim()
    .regex(/^[1-9]\d{5}$/, addressMessages.pincode),
});
export type PickupAddress = z.infer<typeof pickupAddressSchema>;

/** Body of POST /api/seller/register. */
export const sellerRegisterSchema = z
  .object({
    shopName: requiredText(80).refine((name) => slugify(name) !== '', sellerRegisterMessages.shopName),
    ownerName: registerSchema.shape.name,
    email: emailSchema,
    mobile: z.string({ error: addressMessages.required }).pipe(mobileSchema),
    password: registerSchema.shape.password,
    pickupAddress: pickupAddressSchema,
    gstin: optionalCode(GSTIN_PATTERN, sellerRegisterMessages.gstin),
    pan: optionalCode(PAN_PATTERN, sellerRegisterMessages.pan),
  })
  .superRefine((input, issues) => {
    const { gstin, pan } = input;
    if (!gstin) return;
    const codes = GST_STATE_CODES[input.pickupAddress.state as IndianState];
    if (codes && !codes.includes(gstin.slice(0, 2)))
      issues.addIssue({ code: 'custom', path: ['gstin'], message: sellerRegisterMessages.gstinState });
    if (pan && gstin.slice(2, 12) !== pan)
      issues.addIssue({ code: 'custom', path: ['pan'], message: sellerRegisterMessages.panMismatch });
  });
export type SellerRegisterInput = z.input<typeof sellerRegisterSchema>;
export type SellerRegistration = z.output<typeof sellerRegisterSchema>;

export const sellerRegisterResponseSchema = z.object({ message: z.string(), seller: sellerProfileSchema });
export type SellerRegisterResponse = z.infer<typeof sellerRegisterResponseSchema>;

export const shopSlugParamsSchema = z.object({
  slug: z
    .string()
    .max(120, 'is too long')
    .regex(/^[a-z0-9-]+$/, 'is not a shop address'),
});

/** A shop as shoppers see it at /shop/{slug}. */
export const shopSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    city: z.string(),
    /** Average star rating over the reviews of its listed products, one decimal; null before any review. */
    rating: z.number().nullable(),
    reviewCount: z.number(),
    productCount: z.number(),
    /** When the shop joined Bazaar (ISO). */
    joinedAt: z.string(),
  })
  .meta({ id: 'Shop' });
export type Shop = z.infer<typeof shopSchema>;

/** The shop page's products page like the listing's (its `pageNumber` and sort orders). */
const { pageNumber, sortPrice, sort } = productQuerySchema.shape;
export const shopQuerySchema = z.object({ pageNumber, sortPrice, sort });
export type ShopQuery = z.output<typeof shopQuerySchema>;

export const shopResponseSchema = z.object({
  shop: shopSchema,
  products: z.array(productDtoSchema),
  totalProduct: z.number(),
  parPage: z.number(),
});
export type ShopResponse = z.infer<typeof shopResponseSchema>;
