import { hash } from '@node-rs/argon2';
import {
  customerMessages,
  type ChangePasswordInput,
  type CompleteProfileInput,
  type LoginInput,
  type RegisterInput,
  type UpdateProfileInput,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { enqueueNotification } from '../notifications/outbox';
import { badRequest, conflict, forbidden, unauthorized } from '../http/errors';
import { passwordMatches } from './credentials';
import { announceSessionsEnded } from './session';
import { WrongSecret } from './throttle';
import {
  findCustomerByEmail,
  findCustomerById,
  findCustomerByPhone,
  insertCustomer,
  isUniqueViolation,
  updateCustomerProfile,
  updatePasswordAndRevokeTokens,
  type CustomerRow,
  type NewCustomer,
} from './repository';

const EMAIL_TAKEN = 'Email already registered';
const MOBILE_TAKEN = 'This mobile number is already registered, please login with OTP';
const INVALID_CREDENTIALS = 'Invalid email or password';

/**
 * Inserts, turning a unique-index race (two sign-ups with one email at once) into the same 409 as the pre-check.
 * Every sign-up comes through here, and queues the welcome e-mail with the account.
 */
async function createCustomer(ctx: AppContext, customer: NewCustomer): Promise<CustomerRow> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const created = await insertCustomer(trx, customer);
      await enqueueNotification(trx, { kind: 'welcome', to: { customerId: created.id }, params: {} });
      return created;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const emailTaken = await findCustomerByEmail(ctx.db, customer.email);
    throw emailTaken ? conflict(EMAIL_TAKEN, 'EMAIL_TAKEN') : conflict(MOBILE_TAKEN, 'MOBILE_TAKEN');
  }
}

/**
 * A blocked account (issue 17) cannot sign in by any method, nor register again with its e-mail or mobile: each
 * way in calls this once it has found the account (after the password or OTP matched, so it tells nothing to
 * someone who does not hold the account's secret).
 */
export function refuseBlocked(customer: Pick<CustomerRow, 'blocked_at'>): void {
  if (customer.blocked_at) throw forbidden(customerMessages.blocked, 'ACCOUNT_BLOCKED');
}

async function ensureEmailFree(ctx: AppContext, email: string, exceptCustomerId?: number): Promise<void> {
  const owner = await findCustomerByEmail(ctx.db, email);
  if (owner && owner.id !== exceptCustomerId) {
    refuseBlocked(owner);
    throw conflict(EMAIL_TAKEN, 'EMAIL_TAKEN');
  }
}

export async function registerCustomer(ctx: AppContext, input: RegisterInput): Promise<CustomerRow> {
  await ensureEmailFree(ctx, input.email);
  return createCustomer(ctx, {
    name: input.name,
    email: input.email,
    phone: null,
    password_hash: await hash(input.password),
    method: 'email',
    created_at: nowIso(),
  });
}

/** The same message for an unknown email and a wrong password, so the form cannot be used to probe accounts. */
export async function authenticate(ctx: AppContext, input: LoginInput): Promise<CustomerRow> {
  const customer = await findCustomerByEmail(ctx.db, input.email);
  const matches = await passwordMatches(customer?.password_hash, input.password);
  if (!customer || !matches) throw new WrongSecret(401, INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  refuseBlocked(customer);
  return customer;
}

async function existingCustomer(ctx: AppContext, customerId: number): Promise<CustomerRow> {
  const customer = await findCustomerById(ctx.db, customerId);
  if (!customer) throw unauthorized();
  return customer;
}

export async function updateProfile(
  ctx: AppContext,
  customerId: number,
  input: UpdateProfileInput,
): Promise<CustomerRow> {
  await ensureEmailFree(ctx, input.email, customerId);
  try {
    return await updateCustomerProfile(ctx.db, customerId, input);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, 'EMAIL_TAKEN');
    throw error;
  }
}

/** A new password signs out every other session (token_version moves on); the caller gets a fresh token. */
export async function changePassword(
  ctx: AppContext,
  customerId: number,
  input: ChangePasswordInput,
): Promise<CustomerRow> {
  const customer = await existingCustomer(ctx, customerId);
  if (!(await passwordMatches(customer.password_hash, input.old_password)))
    throw new WrongSecret(400, 'Old password is incorrect', 'INVALID_CREDENTIALS');
  const updated = await updatePasswordAndRevokeTokens(ctx.db, customerId, await hash(input.new_password));
  announceSessionsEnded(ctx, { kind: 'customer', accountId: customerId });
  return updated;
}

export function findCustomerByMobile(ctx: AppContext, mobile: string): Promise<CustomerRow | undefined> {
  return findCustomerByPhone(ctx.db, mobile);
}

/** Creates the account for a mobile that passed OTP verification (`verifiedMobile` comes from the signup proof). */
export async function completeMobileProfile(
  ctx: AppContext,
  verifiedMobile: string,
  input: CompleteProfileInput,
): Promise<CustomerRow> {
  if (verifiedMobile !== input.phonenumber)
    throw badRequest('Please verify this mobile number with an OTP first', 'MOBILE_NOT_VERIFIED');
  const mobileOwner = await findCustomerByPhone(ctx.db, verifiedMobile);
  if (mobileOwner) {
    refuseBlocked(mobileOwner);
    throw conflict(MOBILE_TAKEN, 'MOBILE_TAKEN');
  }
  await ensureEmailFree(ctx, input.email);
  return createCustomer(ctx, {
    name: input.name,
    email: input.email,
    phone: verifiedMobile,
    password_hash: null,
    method: 'mobile',
    created_at: nowIso(),
  });
}
