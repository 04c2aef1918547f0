import type { Insertable, Kysely } from 'kysely';
import type {
  OperatorProfile,
  OpsDecisionRow,
  OpsPaymentRow,
  OpsUtrClaim,
  PaymentDecision,
  DecisionSource,
  PaymentState,
  StaffRole,
} from '@bazaar/shared';
import type { Database } from '../db/schema';
import type { OperatorTable } from '../payments/tables';
import { sessionNotRevoked } from '../auth/repository';

type Executor = Kysely<Database>;

/** The member of staff a live console session belongs to, with their role. */
export async function findOperatorForSession(
  db: Executor,
  id: number,
  tokenVersion: number,
  sessionId: string,
): Promise<OperatorProfile | undefined> {
  const row = await db
    .selectFrom('operators')
    .select(['id', 'name', 'email', 'role'])
    .where('id', '=', id)
    .where('token_version', '=', tokenVersion)
    .where(sessionNotRevoked(sessionId))
    .executeTakeFirst();
  return row && { ...row, role: row.role as StaffRole };
}

/** Distinct password hashes of all operators (checked against published demo passwords at a production start). */
export async function operatorPasswordHashes(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('operators').select('password_hash').distinct().execute();
  return rows.map((row) => row.password_hash);
}

export function findOperatorByEmail(db: Executor, email: string) {
  return db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function insertOperator(db: Executor, values: Insertable<OperatorTable>): Promise<number> {
  const row = await db.insertInto('operators').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Sign-out everywhere: tokens issued before this carry an older version. */
export async function bumpTokenVersion(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('operators')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** A queue row before the service adds what it derives (hold deadline, conflicts). */
export type OpsPaymentRecord = Omit<OpsPaymentRow, 'holdExpiresAt' | 'conflicts'>;

/** Payments in one state with their order and customer; the oldest submission first, so none waits forever. */
export async function paymentsInState(
  db: Executor,
  status: PaymentState,
  limit: number,
): Promise<OpsPaymentRecord[]> {
  const rows = await db
    .selectFrom('payments')
    .innerJoin('customers', 'customers.id', 'payments.customer_id')
    .select([
      'payments.id',
      'payments.order_code',
      'payments.amount',
      'payments.utr',
      'payments.claimed_utr',
      'payments.status',
      'payments.utr_submitted_at',
      'payments.created_at',
      'customers.name as customer_name',
      'customers.email as customer_email',
    ])
    .where('payments.status', '=', status)
    .orderBy('payments.utr_submitted_at')
    .orderBy('payments.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    paymentId: row.id,
    orderId: row.order_code,
    customer: { name: row.customer_name, email: row.customer_email },
    amount: row.amount,
    utr: row.claimed_utr ?? row.utr,
    status: row.status as PaymentState,
    submittedAt: row.utr_submitted_at,
  }));
}

/** Every payment claiming one of these UTRs (under verification) or paid with one, with the UTR it matched. */
export async function claimsOfUtrs(
  db: Executor,
  utrs: readonly string[],
): Promise<{ utr: string; claim: OpsUtrClaim }[]> {
  if (utrs.length === 0) return [];
  const rows = await db
    .selectFrom('payments')
    .innerJoin('customers', 'customers.id', 'payments.customer_id')
    .select([
      'payments.id',
      'payments.order_code',
      'payments.status',
      'payments.claimed_utr',
      'payments.utr',
      'payments.utr_submitted_at',
      'customers.name as customer_name',
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb('payments.status', '=', 'under verification'), eb('payments.claimed_utr', 'in', utrs)]),
        eb('payments.utr', 'in', utrs),
      ]),
    )
    .orderBy('payments.utr_submitted_at')
    .execute();
  return rows.map((row) => ({
    utr: row.status === 'under verification' && row.claimed_utr ? row.claimed_utr : (row.utr ?? ''),
    claim: {
      paymentId: row.id,
      orderId: row.order_code,
      customerName: row.customer_name,
      status: row.status as PaymentState,
      submittedAt: row.utr_submitted_at,
    },
  }));
}

/** The latest decisions, newest first, with the operator's name (none for the bank's). */
export async function recentDecisions(db: Executor, limit: number): Promise<OpsDecisionRow[]> {
  const rows = await db
    .selectFrom('payment_decisions')
    .innerJoin('payments', 'payments.id', 'payment_decisions.payment_id')
    .leftJoin('operators', 'operators.id', 'payment_decisions.operator_id')
    .select([
      'payment_decisions.id',
      'payment_decisions.payment_id',
      'payments.order_code',
      'payment_decisions.decision',
      'payment_decisions.source',
      'operators.name as operator_name',
      'payment_decisions.note',
      'payment_decisions.created_at',
    ])
    .orderBy('payment_decisions.created_at', 'desc')
    .orderBy('payment_decisions.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    paymentId: row.payment_id,
    orderId: row.order_code,
    decision: row.decision as PaymentDecision,
    source: row.source as DecisionSource,
    operatorName: row.operator_name,
    note: row.note,
    createdAt: row.created_at,
  }));
}
