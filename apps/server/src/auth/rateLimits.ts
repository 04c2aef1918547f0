import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { HttpError } from '../http/errors';

const MINUTE_MS = 60_000;
/** The window of every sign-in budget (per IP, and per account and IP). */
export const LOGIN_WINDOW_MINUTES = 15;

/** The one message every throttled sign-in request gets, with the wait rounded up to whole minutes. */
export function tooManyAttempts(retryAfterMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / MINUTE_MS));
  return new HttpError(
    429,
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

/**
 * A per-IP budget as route `config.rateLimit`: it runs on `onRequest`, before the body is even parsed.
 * The builder returns an HttpError so the error handler answers `{ error }` like every other failure.
 */
export function perIpLimit(max: number, windowMinutes: number): RateLimitOptions {
  return {
    max,
    timeWindow: windowMinutes * MINUTE_MS,
    errorResponseBuilder: (_request, context) => tooManyAttempts(context.ttl),
  };
}

/**
 * A budget keyed by something about the request (a mobile or email in the body, the signed-in customer), checked as
 * a preHandler, once the body is parsed and the session read. Route `config.rateLimit` allows one limiter per
 * route and keeps a store per route, so this uses the plugin's `createRateLimit`, whose budget can be shared by
 * several routes. A request without a usable key is not counted here; validation or the session check refuses it.
 */
export function perKeyLimit(
  api: FastifyInstance,
  options: {
    name: string;
    max: number;
    windowMinutes: number;
    key: (request: FastifyRequest) => string | null;
  },
): preHandlerAsyncHookHandler {
  const check = api.createRateLimit({
    max: options.max,
    timeWindow: options.windowMinutes * MINUTE_MS,
    keyGenerator: (request: FastifyRequest) => `${options.name}:${options.key(request)}`,
  });
  return async (request) => {
    if (options.key(request) === null) return;
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) throw tooManyAttempts(limit.ttl);
  };
}

/** A budget keyed by a field of the body (a mobile or an email). */
export function perBodyKeyLimit(
  api: FastifyInstance,
  options: {
    name: string;
    max: number;
    windowMinutes: number;
    key: (body: Record<string, unknown>) => string | null;
  },
): preHandlerAsyncHookHandler {
  return perKeyLimit(api, { ...options, key: (request) => options.key(bodyOf(request)) });
}

/** A budget per signed-in customer, shared by the routes given the same handler. */
export function perCustomerLimit(
  api: FastifyInstance,
  options: { name: string; max: number; windowMinutes: number },
): preHandlerAsyncHookHandler {
  return perKeyLimit(api, {
    ...options,
    key: (request) => (request.customer ? String(request.customer.id) : null),
  });
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  return request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
}

/** Normalises the key the same way the schemas do, so ' A@x.com' and 'a@x.com' share one budget. */
export function normalisedField(field: string) {
  return (body: Record<string, unknown>): string | null => {
    const value = body[field];
    if (typeof value !== 'string') return null;
    const trimmed = value.trim().toLowerCase();
    return trimmed ? trimmed : null;
  };
}

/**
 * Route options for an email + password sign-in (customers, sellers, operators): the per-IP budget. Failures per
 * account are counted by the handler (throttle.ts `withSignInThrottle`), which needs the parsed e-mail.
 */
export function signInIpLimit(api: FastifyInstance) {
  const limits = api.ctx.config.authRateLimits;
  return { config: { rateLimit: perIpLimit(limits.loginPerIp, LOGIN_WINDOW_MINUTES) } };
}
