import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import {
  clearAuthFailures,
  countAuthFailures,
  recordAuthFailure,
  withdrawAuthFailure,
  type AuthFailureKey,
} from './repository';
import { tooManyAttempts } from './rateLimits';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Failures are kept a day (the OTP lock's window, the longest); older ones are swept as new ones arrive. */
const FORGET_AFTER_MS = DAY_MS;

/**
 * A wrong password, OTP or old password: the only failures the throttles count, so a typo in an e-mail's format or
 * a server error never uses up anyone's budget.
 */
export class WrongSecret extends HttpError {}

export interface FailureWindow {
  /** Failures allowed in the window; the next attempt is refused. */
  max: number;
  minutes: number;
}

async function failuresSince(
  ctx: AppContext,
  key: AuthFailureKey,
  window: FailureWindow,
  now: number,
  ip?: string,
) {
  const start = now - window.minutes * MINUTE_MS;
  const { count, oldest } = await countAuthFailures(ctx.db, key, new Date(start).toISOString(), ip);
  // The window frees its first slot when its oldest failure falls out of it.
  const retryAfterMs = oldest ? Date.parse(oldest) - start : window.minutes * MINUTE_MS;
  return { count, retryAfterMs };
}

/**
 * Runs `attempt` counted as a failure in advance (so simultaneous attempts cannot all see the same count): the
 * reservation is withdrawn when `refuse` turns the attempt away or it ends in anything but a WrongSecret.
 * `refuse` sees the counts including this attempt and throws to refuse it.
 */
async function reserveFailure<T>(
  ctx: AppContext,
  request: FastifyRequest,
  key: AuthFailureKey,
  refuse: (now: number) => Promise<void>,
  attempt: () => Promise<T>,
): Promise<T> {
  const now = Date.now();
  const failureId = await recordAuthFailure(
    ctx.db,
    key,
    request.ip,
    new Date(now).toISOString(),
    new Date(now - FORGET_AFTER_MS).toISOString(),
  );
  try {
    await refuse(now);
    return await attempt();
  } catch (error) {
    if (!(error instanceof WrongSecret)) await withdrawAuthFailure(ctx.db, failureId);
    throw error;
  }
}

/** Pause before checking a password once an account has had `max` failures from anywhere in the window. */
const SLOW_DOWN_STEP_MS = 250;
const SLOW_DOWN_MAX_MS = 1_000;

/**
 * A password sign-in, throttled the way OWASP suggests so that failures cannot be used to lock the owner out:
 * the hard limit counts failures per (account, IP), so an attacker's wrong guesses block only the attacker's
 * addresses; per account, failures from everywhere only slow each attempt down (up to 1 s), which the owner's
 * right password from another address still gets through. A success forgets that address's failures.
 */
export async function withSignInThrottle<T>(
  ctx: AppContext,
  request: FastifyRequest,
  key: AuthFailureKey,
  attempt: () => Promise<T>,
): Promise<T> {
  const window: FailureWindow = { max: ctx.config.authRateLimits.loginPerEmail, minutes: 15 };
  const result = await reserveFailure(
    ctx,
    request,
    key,
    async (now) => {
      const fromThisIp = await failuresSince(ctx, key, window, now, request.ip);
      if (fromThisIp.count > window.max) throw tooManyAttempts(fromThisIp.retryAfterMs);
      const overall = await failuresSince(ctx, key, window, now);
      if (overall.count > window.max) {
        const pause = Math.min(SLOW_DOWN_STEP_MS * (overall.count - window.max), SLOW_DOWN_MAX_MS);
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    },
    attempt,
  );
  await clearAuthFailures(ctx.db, key, request.ip);
  return result;
}

/**
 * A check of a secret with a hard limit on failures per account from all addresses (OTP guesses per mobile,
 * old-password checks per signed-in account). `locked` builds the refusal from the wait left.
 */
export async function withFailureLimit<T>(
  ctx: AppContext,
  request: FastifyRequest,
  key: AuthFailureKey,
  window: FailureWindow,
  locked: (retryAfterMs: number) => HttpError,
  attempt: () => Promise<T>,
): Promise<T> {
  let usesLastChance = false;
  try {
    return await reserveFailure(
      ctx,
      request,
      key,
      async (now) => {
        const failures = await failuresSince(ctx, key, window, now);
        if (failures.count > window.max) throw locked(failures.retryAfterMs);
        usesLastChance = failures.count === window.max;
      },
      attempt,
    );
  } catch (error) {
    // The failure that uses up the budget says so at once, rather than on the next try.
    if (error instanceof WrongSecret && usesLastChance) throw locked(window.minutes * MINUTE_MS);
    throw error;
  }
}

/** How long a key stays locked by `withFailureLimit`, or null when it may try again now. */
export async function lockedFor(
  ctx: AppContext,
  key: AuthFailureKey,
  window: FailureWindow,
): Promise<number | null> {
  const failures = await failuresSince(ctx, key, window, Date.now());
  return failures.count >= window.max ? failures.retryAfterMs : null;
}

/** Old-password checks allowed per account per window (change password, for shoppers and sellers alike). */
export const PASSWORD_CHECK_WINDOW: FailureWindow = { max: 5, minutes: 15 };

/** Wrong OTPs allowed per mobile per day, across every code sent to it (see SECURITY.md for the arithmetic). */
export const OTP_GUESS_WINDOW: FailureWindow = { max: 5, minutes: 24 * 60 };
