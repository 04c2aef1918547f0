import { createSecretKey, type KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import jwt from 'jsonwebtoken';
import type { AppContext } from '../context';
import { unauthorized } from '../http/errors';

export const SESSION_COOKIE = 'customerToken';
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface SessionUser {
  id: number;
  name: string;
  email: string | null;
}

interface TokenClaims extends SessionUser {
  /** The customer's token_version when the token was issued. */
  ver: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    customer: SessionUser | null;
  }
}

const hmacKeys = new Map<string, KeyObject>();

/**
 * The secret as a KeyObject, made once per secret. Given a plain string, jsonwebtoken first tries to parse it as a
 * PEM public or private key on every call and only then falls back to an HMAC key; that failed parse (an
 * exception each time) cost more CPU than anything else in a signed-in request.
 */
function hmacKey(secret: string): KeyObject {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret));
    hmacKeys.set(secret, key);
  }
  return key;
}

export function signCustomerToken(secret: string, user: SessionUser, tokenVersion: number): string {
  const claims: TokenClaims = { id: user.id, name: user.name, email: user.email, ver: tokenVersion };
  return jwt.sign(claims, hmacKey(secret), { expiresIn: SESSION_TTL_SECONDS, algorithm: 'HS256' });
}

/** Sets the token as an httpOnly cookie too, so the API trusts the cookie rather than anything the page sends. */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * `Secure` cookies in production, except when the browser talks plain http to this machine
 * (the E2E run and a local `npm start`), where a Secure cookie would be dropped or never sent back.
 */
export function cookieShouldBeSecure(ctx: AppContext, request: FastifyRequest): boolean {
  return ctx.config.secureCookies && !LOOPBACK_HOSTS.has(request.hostname);
}

/** Issues a session token for the customer and sets it as the session cookie. */
export function startSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  customer: SessionUser & { token_version: number },
): string {
  const token = signCustomerToken(
    ctx.config.jwtSecret,
    { id: customer.id, name: customer.name, email: customer.email },
    customer.token_version,
  );
  setSessionCookie(reply, token, cookieShouldBeSecure(ctx, request));
  return token;
}

/**
 * Proof that a mobile number passed OTP verification but has no account yet. It is signed with a key derived
 * from the session secret, so it can never be mistaken for (or used as) a session token.
 */
export const SIGNUP_COOKIE = 'mobileSignup';
export const SIGNUP_TTL_SECONDS = 15 * 60;
const signupKey = (secret: string) => `${secret}:mobile-signup`;

export function signMobileSignupToken(secret: string, mobile: string): string {
  return jwt.sign({ mobile }, hmacKey(signupKey(secret)), {
    expiresIn: SIGNUP_TTL_SECONDS,
    algorithm: 'HS256',
  });
}

/** The verified mobile the token proves, or null when it is forged, expired or not a signup token. */
export function verifyMobileSignupToken(secret: string, token: string): string | null {
  try {
    const claims = jwt.verify(token, hmacKey(signupKey(secret)), { algorithms: ['HS256'] }) as {
      mobile?: unknown;
    };
    return typeof claims.mobile === 'string' ? claims.mobile : null;
  } catch {
    return null;
  }
}

export function setSignupCookie(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): void {
  reply.setCookie(SIGNUP_COOKIE, token, {
    path: '/api/customer',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieShouldBeSecure(ctx, request),
    maxAge: SIGNUP_TTL_SECONDS,
  });
}

export function clearSignupCookie(reply: FastifyReply): void {
  reply.clearCookie(SIGNUP_COOKIE, { path: '/api/customer' });
}

function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7);
  return request.cookies?.[SESSION_COOKIE];
}

/** Verifies signature, expiry and that the token has not been revoked by logout or a password change. */
export async function verifyCustomerToken(ctx: AppContext, token: string): Promise<SessionUser | null> {
  let claims: TokenClaims;
  try {
    claims = jwt.verify(token, hmacKey(ctx.config.jwtSecret), { algorithms: ['HS256'] }) as TokenClaims;
  } catch {
    return null;
  }
  if (!Number.isInteger(claims.id) || !Number.isInteger(claims.ver)) return null;
  const row = await ctx.db
    .selectFrom('customers')
    .select(['id', 'name', 'email', 'token_version'])
    .where('id', '=', claims.id)
    .executeTakeFirst();
  if (!row || row.token_version !== claims.ver) return null;
  return { id: row.id, name: row.name, email: row.email };
}

/** Reads the session on every request; routes that need one call `requireCustomer`. */
export function installSession(app: FastifyInstance): void {
  app.decorateRequest('customer', null);
  app.addHook('onRequest', async (request) => {
    const token = tokenFrom(request);
    if (token) request.customer = await verifyCustomerToken(app.ctx, token);
  });
}

/** The signed-in customer, or a 401. The only source of a customer id in user-scoped routes. */
export function requireCustomer(request: FastifyRequest): SessionUser {
  if (!request.customer) throw unauthorized();
  return request.customer;
}
