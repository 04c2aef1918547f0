import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@bazaar/shared';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { badRequest, HttpError } from '../http/errors';
import { consumeOtp, findLatestOtp, recordWrongOtpAttempt, replaceOtp } from './repository';
import { otpSmsText } from './sms';
import { WrongSecret } from './throttle';

export const OTP_VALID_MINUTES = 5;
export const OTP_MAX_ATTEMPTS = 5;

/** Codes are short, so they are hashed with a server-side key: a leaked table cannot be brute-forced offline. */
function hashOtp(secret: string, mobile: string, code: string): string {
  return createHmac('sha256', `${secret}:otp`).update(`${mobile}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function generateOtp(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** Creates a fresh code for the mobile (earlier ones stop working) and texts it. */
export async function sendOtp(ctx: AppContext, mobile: string, now = new Date()): Promise<void> {
  const code = generateOtp();
  await replaceOtp(ctx.db, {
    mobile,
    codeHash: hashOtp(ctx.config.jwtSecret, mobile, code),
    expiresAt: new Date(now.getTime() + OTP_VALID_MINUTES * 60_000).toISOString(),
    createdAt: now.toISOString(),
  });
  await ctx.sms.send(mobile, otpSmsText(code, OTP_VALID_MINUTES));
}

const TOO_MANY_WRONG_ATTEMPTS = 'Too many attempts, request a new OTP';

/** The refusal once a mobile has used up its wrong guesses for the day, whatever code it holds. */
export function otpLocked(retryAfterMs: number): HttpError {
  const hours = Math.max(1, Math.ceil(retryAfterMs / 3_600_000));
  return new HttpError(
    429,
    `Too many wrong OTPs for this number. For your security, OTP sign-in is locked for ${hours} hour` +
      `${hours === 1 ? '' : 's'}; you can still sign in with your email and password.`,
    'OTP_LOCKED',
  );
}

/**
 * Checks the latest code sent to the mobile and uses it up. Throws a 400 with a message the customer can act on
 * when there is no code, it expired, it was used, or it has had its five wrong guesses; a wrong guess is a
 * WrongSecret, which the route counts against the mobile's daily budget (OTP_GUESS_WINDOW).
 */
export async function verifyOtp(
  ctx: AppContext,
  mobile: string,
  code: string,
  now = new Date(),
): Promise<void> {
  const otp = await findLatestOtp(ctx.db, mobile);
  if (!otp) throw badRequest('Please request an OTP first', 'OTP_NOT_REQUESTED');
  if (otp.consumed_at) throw badRequest('This OTP has already been used, request a new OTP', 'OTP_USED');
  if (otp.attempts >= OTP_MAX_ATTEMPTS) throw badRequest(TOO_MANY_WRONG_ATTEMPTS, 'OTP_EXPIRED');
  if (Date.parse(otp.expires_at) <= now.getTime())
    throw badRequest('OTP has expired, request a new OTP', 'OTP_EXPIRED');

  if (!sameHash(otp.code_hash, hashOtp(ctx.config.jwtSecret, mobile, code))) {
    const attempts = await recordWrongOtpAttempt(ctx.db, otp.id, OTP_MAX_ATTEMPTS);
    if (attempts === null || attempts >= OTP_MAX_ATTEMPTS)
      throw new WrongSecret(400, TOO_MANY_WRONG_ATTEMPTS, 'OTP_EXPIRED');
    const left = OTP_MAX_ATTEMPTS - attempts;
    throw new WrongSecret(
      400,
      `Incorrect OTP. ${left} attempt${left === 1 ? '' : 's'} left`,
      'INVALID_CREDENTIALS',
    );
  }
  // A concurrent request may have used or killed the same code between the read and here.
  if (!(await consumeOtp(ctx.db, otp.id, OTP_MAX_ATTEMPTS, nowIso()))) {
    throw badRequest('This OTP has already been used, request a new OTP', 'OTP_USED');
  }
}
