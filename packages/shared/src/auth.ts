import { z } from 'zod';
import { emailSchema, messages, mobileSchema } from './validation';

export const PASSWORD_MIN_LENGTH = 8;
export const OTP_LENGTH = 4;

const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(80, 'Name must be at most 80 characters');

/** `label` is what the form calls the field, so the message names the same thing ('New password must be …'). */
const newPasswordSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(PASSWORD_MIN_LENGTH, `${label} must be at least ${PASSWORD_MIN_LENGTH} characters`)
    // argon2 hashes any length, but an unbounded body field is an easy way to burn CPU.
    .max(128, `${label} must be at most 128 characters`);

const requiredPassword = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(128);

export const registerSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema('Password'),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: requiredPassword('Password'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The profile step of the mobile wizard and the profile update share the spec's 'Name and Email are required'. */
const profileName = z
  .string({ error: messages.profile })
  .trim()
  .min(1, messages.profile)
  .max(80, 'Name must be at most 80 characters');
const profileEmail = z.string({ error: messages.profile }).trim().min(1, messages.profile).pipe(emailSchema);

export const updateProfileSchema = z.object({
  name: profileName,
  email: profileEmail,
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const changePasswordSchema = z.object({
  old_password: requiredPassword('Old password'),
  new_password: newPasswordSchema('New password'),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const otpSchema = z
  .string({ error: messages.otp })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), messages.otp);

export const sendOtpSchema = z.object({ mobile: z.string({ error: messages.mobile }).pipe(mobileSchema) });
export type SendOtpInput = z.infer<typeof sendOtpSchema>;

export const verifyOtpSchema = z.object({
  mobile: z.string({ error: messages.mobile }).pipe(mobileSchema),
  otp: otpSchema,
});
export type VerifyOtpInput = z.infer<typeof verifyOtpSchema>;

/** `signupToken` is the proof from verify-otp that this mobile was verified; it may also arrive as a cookie. */
export const completeProfileSchema = z.object({
  phonenumber: z.string({ error: messages.mobile }).pipe(mobileSchema),
  name: profileName,
  email: profileEmail,
  signupToken: z.string().max(2048).optional(),
});
export type CompleteProfileInput = z.infer<typeof completeProfileSchema>;

/** What every successful sign-in, sign-up or profile change answers. */
export const authTokenResponseSchema = z.object({ token: z.string(), message: z.string() });
export type AuthTokenResponse = z.infer<typeof authTokenResponseSchema>;

export const sendOtpResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  expiresIn: z.number().describe('Seconds until the code stops working'),
});
export type SendOtpResponse = z.infer<typeof sendOtpResponseSchema>;

/** verify-otp: an existing customer gets a session token; a new one gets only a short-lived signup proof. */
export const verifyOtpResponseSchema = z.discriminatedUnion('isNewUser', [
  z.object({ success: z.literal(true), isNewUser: z.literal(false), token: z.string(), message: z.string() }),
  z.object({
    success: z.literal(true),
    isNewUser: z.literal(true),
    token: z.null(),
    signupToken: z.string(),
    message: z.string(),
  }),
]);
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;

/** Most changes answer just a sentence to show. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
