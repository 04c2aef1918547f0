import { z } from 'zod';

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
  .number({ error: 'id must be a number' })
  .int('id must be a whole number')
  .positive('id must be positive')
  .max(MAX_DB_INTEGER, 'id is too large');

export const mobileSchema = z
  .string()
  .trim()
  .regex(/^[6-9]\d{9}$/, messages.mobile);
export const emailSchema = z.string().trim().toLowerCase().email('Please enter a valid email').max(254);

/** Turns a zod error into one readable sentence naming the field. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  // Spec messages are already full sentences; keep them as they are.
  if (Object.values(messages).includes(issue.message as never) || !field) return issue.message;
  return `${field}: ${issue.message}`;
}
