import { hash } from '@node-rs/argon2';
import { z } from 'zod';
import {
  emailSchema,
  paymentMessages,
  STAFF_ROLES,
  type OperatorLoginInput,
  type OperatorProfile,
  type OpsPaymentsResponse,
  type PaymentState,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import { passwordMatches } from '../auth/credentials';
import { WrongSecret } from '../auth/throttle';
import type { DB } from '../db/database';
import { nowIso } from '../db/database';
import { conflict } from '../http/errors';
import { claimHoldDeadline } from '../payments/status';
import * as repo from './repository';

/** Oldest-first queue length the console shows, and how many recent decisions accompany it. */
const QUEUE_LIMIT = 200;
const RECENT_DECISIONS = 20;

export const newOperatorSchema = z.object({
  email: emailSchema,
  name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100, 'is too long'),
  password: z
    .string({ error: 'is required' })
    .min(10, 'must be at least 10 characters')
    .max(200, 'is too long'),
  role: z.enum(STAFF_ROLES, { error: `must be one of ${STAFF_ROLES.join(', ')}` }).default('operator'),
});
export type NewOperator = z.input<typeof newOperatorSchema>;

/**
 * Creates a staff account, an operator unless told otherwise (the CLIs' job); an email can belong to one member of
 * staff only.
 */
export async function createOperator(db: DB, input: NewOperator): Promise<OperatorProfile> {
  const role = input.role ?? 'operator';
  if (await repo.findOperatorByEmail(db, input.email))
    throw conflict(`A member of staff with email ${input.email} already exists`, 'EMAIL_TAKEN');
  const id = await repo.insertOperator(db, {
    email: input.email,
    name: input.name,
    role,
    password_hash: await hash(input.password),
    created_at: nowIso(),
  });
  return { id, name: input.name, email: input.email, role };
}

export async function authenticateOperator(ctx: AppContext, { email, password }: OperatorLoginInput) {
  const operator = await repo.findOperatorByEmail(ctx.db, email);
  const matches = await passwordMatches(operator?.password_hash, password);
  if (!operator || !matches)
    throw new WrongSecret(401, paymentMessages.operatorCredentials, 'INVALID_CREDENTIALS');
  return operator;
}

/**
 * The queue of payments in one state, each with its hold deadline (under verification) and the other orders
 * claiming the same UTR, so a squatted UTR shows up as a conflict to resolve rather than a refusal.
 */
export async function paymentQueue(ctx: AppContext, status: PaymentState): Promise<OpsPaymentsResponse> {
  const [rows, recentDecisions] = await Promise.all([
    repo.paymentsInState(ctx.db, status, QUEUE_LIMIT),
    repo.recentDecisions(ctx.db, RECENT_DECISIONS),
  ]);
  const utrs = [...new Set(rows.flatMap((row) => (row.utr ? [row.utr] : [])))];
  const claims = await repo.claimsOfUtrs(ctx.db, utrs);
  const payments = rows.map((row) => ({
    ...row,
    holdExpiresAt:
      row.status === 'under verification' && row.submittedAt ? claimHoldDeadline(ctx, row.submittedAt) : null,
    conflicts: claims
      .filter(({ utr, claim }) => utr === row.utr && claim.paymentId !== row.paymentId)
      .map(({ claim }) => claim),
  }));
  return { payments, recentDecisions };
}
