import { z } from 'zod';

/**
 * Machine-readable reasons an API call fails, sent as `code` next to the human `error` sentence. Clients branch
 * on the code (the sentence may be reworded); a code, once published, keeps its meaning.
 */
export const ERROR_CODES = [
  // Any status
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'INVALID_CHARACTERS',
  'NOT_SIGNED_IN',
  'INVALID_CREDENTIALS',
  'SIGNUP_EXPIRED',
  'FORBIDDEN',
  'CROSS_SITE_REQUEST',
  'NOT_A_BUYER',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  // Accounts and OTP
  'EMAIL_TAKEN',
  'MOBILE_TAKEN',
  'MOBILE_NOT_VERIFIED',
  'OTP_NOT_REQUESTED',
  'OTP_USED',
  'OTP_EXPIRED',
  'OTP_LOCKED',
  // An admin blocked the account (issue 17): it cannot sign in by any method.
  'ACCOUNT_BLOCKED',
  // Cart, wishlist, reviews
  'OUT_OF_STOCK',
  'QUANTITY_LIMIT',
  // A product with sizes bought without choosing one (issue 15); a variantId that is not the product's.
  'SIZE_REQUIRED',
  'VARIANT_NOT_FOUND',
  'ALREADY_IN_WISHLIST',
  'ALREADY_REVIEWED',
  // Orders
  'CART_EMPTY',
  'CART_CHANGED',
  'TOO_MANY_UNPAID_ORDERS',
  // Cash on delivery (issue 19): not offered for this order; a part's cash already collected, or not a COD part.
  'COD_NOT_AVAILABLE',
  'CASH_ALREADY_COLLECTED',
  'NOT_CASH_ON_DELIVERY',
  // Fulfilment (issue 16): a change the part's state does not allow; the part changed since the seller looked.
  'ILLEGAL_TRANSITION',
  'STATUS_CHANGED',
  // Payments
  'PAYMENT_EXPIRED',
  'ALREADY_PAID',
  'NOT_PAID_YET',
  'UTR_ALREADY_SUBMITTED',
  'UTR_USED',
  'NOT_UNDER_VERIFICATION',
  'WEBHOOK_SIGNATURE_INVALID',
  'WEBHOOK_DISABLED',
  // Seller center (issue 16): a product shoppers may no longer see or buy (its shop is not approved, or the
  // seller withdrew it); an illegal change of a seller's status.
  'PRODUCT_UNAVAILABLE',
  'ILLEGAL_STATUS_CHANGE',
  // Product photos (seller center)
  'PHOTO_TOO_MANY_PIXELS',
  'PHOTO_LIMIT_REACHED',
  // Admin console (issue 17): a category that still has products or subcategories cannot be deleted.
  'CATEGORY_IN_USE',
  // Refunds (issue 19): a refund already recorded with another reference.
  'ALREADY_REFUNDED',
  // Notifications (issue 19): only a failed message can be retried.
  'NOT_FAILED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The code a failure gets when nothing more specific helps a client. */
export function defaultErrorCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'NOT_SIGNED_IN';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
  }
}

/** One invalid field of a request body: its path (`price`, `variants.1.sku`) and what to fix. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every failed API call answers this: a sentence to show a person, and the code to branch on. */
export const errorResponseSchema = z
  .object({
    error: z.string().describe('What went wrong, in words to show the shopper'),
    code: z.enum(ERROR_CODES).describe('Why, for programs: stable across rewordings'),
    /** Every invalid field of a form's body (routes that answer per field, such as the seller center's). */
    fields: z.array(fieldErrorSchema).optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
