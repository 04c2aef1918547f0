import type { Generated } from 'kysely';

/**
 * One payment per order. `status` is the stored state: pending (no UTR yet), under verification, paid,
 * failed (rejected by an operator or the bank) or expired (the reservation ran out without a UTR). A payment
 * attempt on the timer page is `attempt_expires_at`; once it passes without a UTR the status reads `failed`
 * for that attempt, while the order stays payable until `reservation_expires_at`.
 */
export interface PaymentTable {
  id: Generated<number>;
  order_id: number;
  order_code: string;
  customer_id: number;
  /** The order total (goods plus shipping) in whole rupees, copied when the payment starts. */
  amount: number;
  status: string;
  /** The transfer that paid this payment; unique across all orders: one bank transfer pays for one order only. */
  utr: string | null;
  /**
   * The UTR the shopper submitted, while it waits for verification. Not unique: when two orders claim the same
   * transfer the operator sees both and verifies one, so whoever types a UTR first cannot lock its payer out.
   */
  claimed_utr: string | null;
  utr_submitted_at: string | null;
  /** The last claim an operator or the bank rejected (released, so the shopper can submit a corrected one). */
  rejected_utr: string | null;
  rejection_note: string | null;
  rejected_at: string | null;
  attempt_expires_at: string | null;
  reservation_expires_at: string;
  created_at: string;
  updated_at: string;
}

/** The audit trail: who (an operator, or the bank's webhook) decided what about a payment, and when. */
export interface PaymentDecisionTable {
  id: Generated<number>;
  payment_id: number;
  /** Null when the bank/PSP decided. */
  operator_id: number | null;
  /** 'operator' or 'bank'. */
  source: string;
  decision: string;
  /** The UTR decided on. */
  utr: string | null;
  note: string | null;
  created_at: string;
}

/**
 * Staff: operators verify UPI payments in the ops console, admins run the marketplace at /admin (and may do what
 * operators do). Created with `npm run ops:create-operator` / `npm run admin:create`.
 */
export interface OperatorTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  name: string;
  password_hash: string;
  /** 'admin' (the marketplace console and everything else) or 'operator' (payments); see STAFF_ROLES. */
  role: Generated<string>;
  /** Bumped on sign-out; console tokens carrying an older version are refused. */
  token_version: Generated<number>;
  created_at: string;
}

/** Tables of the payments feature (payments, operators, decisions). */
export interface PaymentTables {
  payments: PaymentTable;
  payment_decisions: PaymentDecisionTable;
  operators: OperatorTable;
}
