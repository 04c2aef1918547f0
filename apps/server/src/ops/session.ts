import type { FastifyReply, FastifyRequest } from 'fastify';
import jwt from 'jsonwebtoken';
import { paymentMessages, type OperatorProfile } from '@bazaar/shared';
import type { AppContext } from '../context';
import { cookieShouldBeSecure } from '../auth/session';
import { forbidden, unauthorized } from '../http/errors';
import { findOperator } from './repository';

export const OPS_COOKIE = 'opsToken';
export const OPS_SESSION_TTL_SECONDS = 12 * 60 * 60;
/** The console's API is the only place the operator cookie is sent. */
const OPS_COOKIE_PATH = '/api/ops';

interface OperatorClaims {
  sub: string;
  role: 'operator';
  ver: number;
}

/** Signed with a key derived from the session secret, so a customer token can never pass as an operator's. */
const operatorKey = (secret: string) => `${secret}:operator`;

export function setOperatorSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  operator: { id: number; token_version: number },
): void {
  const claims: OperatorClaims = { sub: String(operator.id), role: 'operator', ver: operator.token_version };
  const token = jwt.sign(claims, operatorKey(ctx.config.jwtSecret), {
    expiresIn: OPS_SESSION_TTL_SECONDS,
    algorithm: 'HS256',
  });
  reply.setCookie(OPS_COOKIE, token, {
    path: OPS_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: cookieShouldBeSecure(ctx, request),
    maxAge: OPS_SESSION_TTL_SECONDS,
  });
}

export function clearOperatorSession(reply: FastifyReply): void {
  reply.clearCookie(OPS_COOKIE, { path: OPS_COOKIE_PATH });
}

async function operatorFromToken(ctx: AppContext, token: string): Promise<OperatorProfile | null> {
  let claims: OperatorClaims;
  try {
    claims = jwt.verify(token, operatorKey(ctx.config.jwtSecret), {
      algorithms: ['HS256'],
    }) as OperatorClaims;
  } catch {
    return null;
  }
  const id = Number(claims.sub);
  if (claims.role !== 'operator' || !Number.isInteger(id) || !Number.isInteger(claims.ver)) return null;
  const row = await findOperator(ctx.db, id);
  if (!row || row.token_version !== claims.ver) return null;
  return { id: row.id, name: row.name, email: row.email };
}

/**
 * The signed-in operator. A signed-in customer gets 403 (a customer session never grants console access);
 * a request without any valid session gets 401.
 */
export async function requireOperator(ctx: AppContext, request: FastifyRequest): Promise<OperatorProfile> {
  const token = request.cookies?.[OPS_COOKIE];
  const operator = token ? await operatorFromToken(ctx, token) : null;
  if (operator) return operator;
  if (request.customer) throw forbidden(paymentMessages.operatorsOnly);
  throw unauthorized(paymentMessages.operatorSignIn);
}
