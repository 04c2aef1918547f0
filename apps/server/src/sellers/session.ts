import type { FastifyReply, FastifyRequest } from 'fastify';
import jwt from 'jsonwebtoken';
import type { SellerProfile } from '@bazaar/shared';
import type { AppContext } from '../context';
import { unauthorized } from '../http/errors';
import { cookieShouldBeSecure } from '../auth/session';
import { findSellerById } from './repository';

/** Sellers have their own cookie, so a browser can hold a customer and a seller session side by side. */
export const SELLER_COOKIE = 'sellerToken';
export const SELLER_SESSION_TTL_SECONDS = 12 * 60 * 60;
/** The audience keeps seller and customer tokens apart even though both are signed with the same secret. */
const SELLER_AUDIENCE = 'bazaar-seller';

interface SellerClaims {
  id: number;
  role: 'seller';
}

export function signSellerToken(secret: string, sellerId: number): string {
  const claims: SellerClaims = { id: sellerId, role: 'seller' };
  return jwt.sign(claims, secret, {
    expiresIn: SELLER_SESSION_TTL_SECONDS,
    algorithm: 'HS256',
    audience: SELLER_AUDIENCE,
  });
}

/** The seller a token proves, or null when it is forged, expired, not a seller token or the seller is gone. */
export async function verifySellerToken(ctx: AppContext, token: string): Promise<SellerProfile | null> {
  let claims: Partial<SellerClaims>;
  try {
    claims = jwt.verify(token, ctx.config.jwtSecret, {
      algorithms: ['HS256'],
      audience: SELLER_AUDIENCE,
    }) as SellerClaims;
  } catch {
    return null;
  }
  if (claims.role !== 'seller' || !Number.isInteger(claims.id)) return null;
  const row = await findSellerById(ctx.db, claims.id!);
  return row ? { id: row.id, name: row.name, shopName: row.shop_name, email: row.email } : null;
}

export function setSellerCookie(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): void {
  reply.setCookie(SELLER_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieShouldBeSecure(ctx, request),
    maxAge: SELLER_SESSION_TTL_SECONDS,
  });
}

export function clearSellerCookie(reply: FastifyReply): void {
  reply.clearCookie(SELLER_COOKIE, { path: '/' });
}

/** The signed-in seller, or a 401. The only source of a seller id in seller routes. */
export async function requireSeller(ctx: AppContext, request: FastifyRequest): Promise<SellerProfile> {
  const token = request.cookies?.[SELLER_COOKIE];
  const seller = token ? await verifySellerToken(ctx, token) : null;
  if (!seller) throw unauthorized('Please sign in as a seller');
  return seller;
}
