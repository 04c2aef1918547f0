import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import jwt from 'jsonwebtoken';
import {
  adminMessages,
  paymentMessages,
  type OperatorProfile,
  type SellerProfile,
  type StaffRole,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import { forbidden, unauthorized } from '../http/errors';
import { bumpSellerTokenVersion, findSellerForSession } from '../sellers/repository';
import { sellerProfileOf } from '../sellers/profile';
import { bumpTokenVersion as bumpOperatorTokenVersion, findOperatorForSession } from '../ops/repository';
import {
  findCustomerForSession,
  revokeSession,
  revokeTokens as bumpCustomerTokenVersion,
} from './repository';

/**
 * One session module for shoppers, sellers and staff. Each kind has its own cookie, token audience and signing key
 * (derived from the one secret), so no kind's token passes as another's. Every token names its session (`jti`)
 * and the account's token version: logout ends that one session (revoked_sessions), while "sign out of all
 * devices" and a password change move the account's version on, which ends every session at once.
 */
export type SessionKind = 'customer' | 'seller' | 'operator';

export interface SessionUser {
  id: number;
  name: string;
  email: string | null;
}

interface SessionAccounts {
  customer: SessionUser;
  seller: SellerProfile;
  operator: OperatorProfile;
}

interface SessionKindSettings<K extends SessionKind> {
  cookie: string;
  /** Where the browser sends the cookie: the staff's only goes to the API (both consoles'), never to pages. */
  cookiePath: string;
  sameSite: 'lax' | 'strict';
  ttlSeconds: number;
  /** The account of a live session (right version, not revoked), or undefined. */
  findAccount(
    db: DB,
    id: number,
    tokenVersion: number,
    sessionId: string,
  ): Promise<SessionAccounts[K] | undefined>;
  /** Moves the account's token version on, ending all of its sessions. */
  revokeAll(db: DB, id: number): Promise<void>;
}

const HOUR_SECONDS = 60 * 60;

const KINDS: { [K in SessionKind]: SessionKindSettings<K> } = {
  customer: {
    cookie: 'customerToken',
    cookiePath: '/',
    sameSite: 'lax',
    ttlSeconds: 7 * 24 * HOUR_SECONDS,
    findAccount: findCustomerForSession,
    revokeAll: bumpCustomerTokenVersion,
  },
  seller: {
    cookie: 'sellerToken',
    cookiePath: '/',
    sameSite: 'lax',
    ttlSeconds: 12 * HOUR_SECONDS,
    async findAccount(db, id, tokenVersion, sessionId) {
      const row = await findSellerForSession(db, id, tokenVersion, sessionId);
      return row && sellerProfileOf(row);
    },
    revokeAll: bumpSellerTokenVersion,
  },
  operator: {
    // The staff session: operators in the ops console, admins in the admin console (and the ops console too).
    cookie: 'opsToken',
    cookiePath: '/api',
    sameSite: 'strict',
    ttlSeconds: 12 * HOUR_SECONDS,
    findAccount: findOperatorForSession,
    revokeAll: bumpOperatorTokenVersion,
  },
};

export const SESSION_COOKIE = KINDS.customer.cookie;
export const SELLER_COOKIE = KINDS.seller.cookie;
export const OPS_COOKIE = KINDS.operator.cookie;
export const SESSION_TTL_SECONDS = KINDS.customer.ttlSeconds;

export function sessionCookieName(kind: SessionKind): string {
  return KINDS[kind].cookie;
}

const audienceOf = (kind: SessionKind) => `bazaar-${kind}`;

const hmacKeys = new Map<string, KeyObject>();

/**
 * The HMAC key for one purpose, derived from the secret and made once. Given a plain string, jsonwebtoken first
 * tries to parse it as a PEM key on every call and only then falls back to HMAC; that failed parse (an exception
 * each time) cost more CPU than anything else in a signed-in request.
 */
function derivedKey(secret: string, purpose: string): KeyObject {
  const cacheKey = `${purpose}\u0000${secret}`;
  let key = hmacKeys.get(cacheKey);
  if (!key) {
    key = createSecretKey(createHmac('sha256', secret).update(`bazaar:${purpose}`).digest());
    hmacKeys.set(cacheKey, key);
  }
  return key;
}

interface SessionClaims {
  sub: string;
  /** The account's token version when the token was issued. */
  ver: number;
  jti: string;
  exp: number;
}

/**
 * A signed session token. `publicClaims` are for the page to read (the storefront shows the customer's name from
 * its token); the server never trusts them and reads the account afresh on every request.
 */
export function signSessionToken(
  secret: string,
  kind: SessionKind,
  accountId: number,
  tokenVersion: number,
  publicClaims: Record<string, unknown> = {},
): string {
  return jwt.sign({ ...publicClaims, ver: tokenVersion }, derivedKey(secret, `session:${kind}`), {
    algorithm: 'HS256',
    audience: audienceOf(kind),
    subject: String(accountId),
    jwtid: randomBytes(16).toString('base64url'),
    expiresIn: KINDS[kind].ttlSeconds,
  });
}

export function signCustomerToken(secret: string, user: SessionUser, tokenVersion: number): string {
  return signSessionToken(secret, 'customer', user.id, tokenVersion, {
    id: user.id,
    name: user.name,
    email: user.email,
  });
}

export interface VerifiedSession<K extends SessionKind> {
  account: SessionAccounts[K];
  sessionId: string;
  expiresAt: Date;
}

/**
 * Checks a token of the given kind: signature, audience, expiry, the account's token version and that this session
 * was not ended. The one check behind every API request and socket handshake.
 */
export async function verifySessionToken<K extends SessionKind>(
  ctx: AppContext,
  kind: K,
  token: string,
): Promise<VerifiedSession<K> | null> {
  let claims: SessionClaims;
  try {
    claims = jwt.verify(token, derivedKey(ctx.config.jwtSecret, `session:${kind}`), {
      algorithms: ['HS256'],
      audience: audienceOf(kind),
    }) as SessionClaims;
  } catch {
    return null;
  }
  const accountId = Number(claims.sub);
  if (!Number.isInteger(accountId) || !Number.isInteger(claims.ver) || typeof claims.jti !== 'string')
    return null;
  const account = await KINDS[kind].findAccount(ctx.db, accountId, claims.ver, claims.jti);
  return account ? { account, sessionId: claims.jti, expiresAt: new Date(claims.exp * 1000) } : null;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * `Secure` cookies in production, except when the browser talks plain http to this machine
 * (the E2E run and a local `npm start`), where a Secure cookie would be dropped or never sent back.
 */
export function cookieShouldBeSecure(ctx: AppContext, request: FastifyRequest): boolean {
  return ctx.config.secureCookies && !LOOPBACK_HOSTS.has(request.hostname);
}

/** Issues a token for a new session of the account and sets it as the kind's httpOnly cookie. */
export function startSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
  account: { id: number; token_version: number },
  publicClaims: Record<string, unknown> = {},
): string {
  const settings = KINDS[kind];
  const token = signSessionToken(ctx.config.jwtSecret, kind, account.id, account.token_version, publicClaims);
  reply.setCookie(settings.cookie, token, {
    path: settings.cookiePath,
    httpOnly: true,
    sameSite: settings.sameSite,
    secure: cookieShouldBeSecure(ctx, request),
    maxAge: settings.ttlSeconds,
  });
  return token;
}

/** A customer session; the token is also the answer's `token`, which the storefront keeps (spec §3). */
export function startCustomerSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  customer: SessionUser & { token_version: number },
): string {
  return startSession(ctx, request, reply, 'customer', customer, {
    id: customer.id,
    name: customer.name,
    email: customer.email,
  });
}

export function clearSessionCookie(reply: FastifyReply, kind: SessionKind): void {
  reply.clearCookie(KINDS[kind].cookie, { path: KINDS[kind].cookiePath });
}

/** Customers may send their token as a Bearer header (the storefront does); consoles use their cookie only. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
}

function tokensOf(request: FastifyRequest, kind: SessionKind): string[] {
  const cookie = request.cookies?.[KINDS[kind].cookie];
  const tokens = kind === 'customer' ? [bearerToken(request), cookie] : [cookie];
  return [...new Set(tokens.filter((token): token is string => Boolean(token)))];
}

/** Sessions that have just ended: one session (a logout), or every session of one account. */
export type EndedSessions =
  { kind: SessionKind; sessionId: string } | { kind: SessionKind; accountId: number };

export type SessionsEndedListener = (ended: EndedSessions) => void;

/**
 * Tells the listeners registered on the context (see `AppContext.sessionsEndedListeners`) that sessions ended, after
 * the database says so. A failing listener is logged, not thrown: the sessions have ended either way.
 */
export function announceSessionsEnded(ctx: AppContext, ended: EndedSessions): void {
  for (const listener of ctx.sessionsEndedListeners) {
    try {
      listener(ended);
    } catch (err) {
      ctx.log.error({ err, kind: ended.kind }, 'a sessions-ended listener failed');
    }
  }
}

/**
 * Logout: ends the session(s) this request carries for the kind (the Bearer token and the cookie, when they
 * differ) and clears the cookie. Other devices stay signed in.
 */
export async function endSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
): Promise<void> {
  for (const token of tokensOf(request, kind)) {
    const session = await verifySessionToken(ctx, kind, token);
    if (!session) continue;
    await revokeSession(ctx.db, session.sessionId, session.expiresAt.toISOString(), new Date().toISOString());
    announceSessionsEnded(ctx, { kind, sessionId: session.sessionId });
  }
  clearSessionCookie(reply, kind);
}

/** Ends every session of the account, on every device. */
export async function endAllSessions(ctx: AppContext, kind: SessionKind, accountId: number): Promise<void> {
  await KINDS[kind].revokeAll(ctx.db, accountId);
  announceSessionsEnded(ctx, { kind, accountId });
}

/**
 * Proof that a mobile number passed OTP verification but has no account yet. It is signed with its own derived
 * key, so it can never be mistaken for (or used as) a session token.
 */
export const SIGNUP_COOKIE = 'mobileSignup';
export const SIGNUP_TTL_SECONDS = 15 * 60;
const SIGNUP_PURPOSE = 'mobile-signup';

export function signMobileSignupToken(secret: string, mobile: string): string {
  return jwt.sign({ mobile }, derivedKey(secret, SIGNUP_PURPOSE), {
    expiresIn: SIGNUP_TTL_SECONDS,
    algorithm: 'HS256',
  });
}

/** The verified mobile the token proves, or null when it is forged, expired or not a signup token. */
export function verifyMobileSignupToken(secret: string, token: string): string | null {
  try {
    const claims = jwt.verify(token, derivedKey(secret, SIGNUP_PURPOSE), { algorithms: ['HS256'] }) as {
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

/** Every cookie that carries a session or sign-up proof, i.e. what a cross-site request could ride on. */
export const AMBIENT_SESSION_COOKIES = [SESSION_COOKIE, SIGNUP_COOKIE, SELLER_COOKIE, OPS_COOKIE];

declare module 'fastify' {
  interface FastifyRequest {
    customer: SessionUser | null;
    /** True when the customer was authenticated by a valid Bearer token, which a foreign page cannot attach. */
    customerByBearer: boolean;
  }
}

/**
 * Reads the customer session on every request; routes that need one call `requireCustomer`. A Bearer header is
 * used alone; any other Authorization scheme is ignored and the cookie decides.
 */
export function installSession(app: FastifyInstance): void {
  app.decorateRequest('customer', null);
  app.decorateRequest('customerByBearer', false);
  app.addHook('onRequest', async (request) => {
    const bearer = bearerToken(request);
    const token = bearer ?? request.cookies?.[SESSION_COOKIE];
    if (!token) return;
    const session = await verifySessionToken(app.ctx, 'customer', token);
    request.customer = session?.account ?? null;
    request.customerByBearer = Boolean(session && bearer);
  });
}

/** The signed-in customer, or a 401. The only source of a customer id in user-scoped routes. */
export function requireCustomer(request: FastifyRequest): SessionUser {
  if (!request.customer) throw unauthorized();
  return request.customer;
}

async function cookieSession<K extends SessionKind>(ctx: AppContext, request: FastifyRequest, kind: K) {
  const token = request.cookies?.[KINDS[kind].cookie];
  return token ? verifySessionToken(ctx, kind, token) : null;
}

/** The signed-in seller, or a 401. The only source of a seller id in seller routes. */
export async function requireSeller(ctx: AppContext, request: FastifyRequest): Promise<SellerProfile> {
  const session = await cookieSession(ctx, request, 'seller');
  if (!session) throw unauthorized('Please sign in as a seller');
  return session.account;
}

/**
 * The signed-in member of staff, for any console (`role` omitted: operators and admins alike) or for the admin
 * console only (`role` 'admin': an operator gets 403). Without a staff session: 401, except that the ops console
 * has always answered a signed-in customer 403 (a customer session never grants console access).
 */
export async function requireStaff(
  ctx: AppContext,
  request: FastifyRequest,
  role?: StaffRole,
): Promise<OperatorProfile> {
  const session = await cookieSession(ctx, request, 'operator');
  if (role === 'admin') {
    if (!session) throw unauthorized(adminMessages.signIn);
    if (session.account.role !== 'admin') throw forbidden(adminMessages.adminsOnly);
    return session.account;
  }
  if (session) return session.account;
  if (request.customer) throw forbidden(paymentMessages.operatorsOnly);
  throw unauthorized(paymentMessages.operatorSignIn);
}

/** The signed-in operator or admin (the ops console). */
export const requireOperator = (ctx: AppContext, request: FastifyRequest) => requireStaff(ctx, request);
