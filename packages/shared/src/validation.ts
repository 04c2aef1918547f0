import { z } from 'zod';
import type { FieldError } from './errors';

// The web app runs under a Content-Security-Policy without 'unsafe-eval'. zod would probe for eval (to compile
// fast object parsers) and the browser reports that probe as a violation; interpreted parsing is plenty fast
// for form-sized input, on both sides.
z.config({ jitless: true });

/** Messages the spec fixes; the web app shows them as toasts and the server returns them as `error`. */
export const messages = {
  mobile: 'Please enter a valid 10-digit mobile number',
  otp: 'Please enter the 4-digit OTP',
  profile: 'Name and Email are required',
  phone: 'Please enter a valid phone number',
  requiredFields: 'Please fill all required fields',
} as const;

/** A positive integer id, accepted as number or numeric string (path params arrive as strings). */
/** The largest value of an `integer` column on PostgreSQL; ids and counts beyond it must be a 400, not a driver error. */
export const MAX_DB_INTEGER = 2_147_483_647;
export const idSchema = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be positive')
  .max(MAX_DB_INTEGER, 'is too large');

export const mobileSchema = z
  .string()
  .trim()
  .regex(/^[6-9]\d{9}$/, messages.mobile);
export const emailSchema = z.string().trim().toLowerCase().email('Please enter a valid email').max(254);

/** What shoppers call the fields whose API name is not plain words (the forms' own labels). */
const FIELD_LABELS: Record<string, string> = {
  phonenumber: 'Phone number',
  alternatephonenumber: 'Alternate phone number',
  cityDistTown: 'City / District / Town',
  defaultAddress: 'Default address',
  old_password: 'Old password',
  new_password: 'New password',
  productId: 'Product id',
  sellerId: 'Seller id',
  addressId: 'Address id',
  orderId: 'Order id',
  categoryId: 'Category',
  price: 'MRP',
  'idempotency-key': 'Idempotency-Key header',
  pageNumber: 'Page number',
  pageNo: 'Page number',
  sortPrice: 'Sort order',
  lowPrice: 'Lowest price',
  highPrice: 'Highest price',
  utr: 'UTR',
};

/** `new_password` → 'New password', `shopName` → 'Shop name': the field as a person would name it. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const key = String([...path].reverse().find((part) => typeof part === 'string') ?? '');
  if (!key) return 'This value';
  const words = (
    FIELD_LABELS[key] ?? key.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2')
  ).toLowerCase();
  return FIELD_LABELS[key] ?? words.charAt(0).toUpperCase() + words.slice(1);
}

/** A message that needs its subject: 'This field is required', 'must be at most 80 characters'. */
const SUBJECTLESS = /^(?:this field|this value)?\s*(?=(?:is|must|should)\b)/i;

/**
 * zod's own wording ("Invalid input: expected string, received undefined") for checks a schema gives no message
 * of its own, as a phrase that reads after the field's name.
 */
function defaultPhrase(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : 'is not valid';
    case 'too_small':
      return issue.origin === 'string'
        ? `must be at least ${issue.minimum} characters`
        : `must be at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `must be at most ${issue.maximum} characters`
        : `must be at most ${issue.maximum}`;
    default:
      return 'is not valid';
  }
}
z.config({ customError: defaultPhrase });

/**
 * Turns a zod error into one sentence a shopper can read: the schema's own message when it is a sentence, else the
 * field's label and the phrase ('Name is required', 'New password must be at least 8 characters'). Never the raw
 * field name of the API.
 */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? describeIssue(issue) : 'Invalid request';
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (!SUBJECTLESS.test(issue.message)) return issue.message;
  return `${fieldLabel(issue.path)} ${issue.message.replace(SUBJECTLESS, '')}`;
}

/** Every issue of a zod error as a field and its sentence, for forms that mark each field (`variants.1.sku`). */
export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    message: describeIssue(issue),
  }));
}
