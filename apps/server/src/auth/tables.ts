import type { Generated } from 'kysely';

export interface CustomerTable {
  id: Generated<number>;
  name: string;
  /** Lower-cased; null for a mobile sign-up that has not completed its profile yet. */
  email: string | null;
  phone: string | null;
  password_hash: string | null;
  /** How the account was created: 'email' or 'mobile'. */
  method: string;
  /** Bumped by "sign out of all devices" or a password change; tokens carrying an older version are refused. */
  token_version: number;
  created_at: string;
  /** When an admin blocked the account (migration 022); null while it may sign in. */
  blocked_at: string | null;
  blocked_reason: string | null;
}

export interface OtpTable {
  id: Generated<number>;
  mobile: string;
  code_hash: string;
  expires_at: string;
  attempts: number;
  consumed_at: string | null;
  created_at: string;
}

/** A session ended on its own (logout) before its token expired; kept until then. */
export interface RevokedSessionTable {
  /** The token's `jti`. */
  id: string;
  expires_at: string;
}

/** One failed sign-in, OTP guess or password check; counted over a sliding window (see throttle.ts). */
export interface AuthFailureTable {
  id: Generated<number>;
  /** What was tried: 'customer-login', 'otp', 'customer-password', … */
  scope: string;
  /** The account tried: a normalised email, a mobile or an account id. */
  subject: string;
  ip: string;
  created_at: string;
}

export interface AuthTables {
  customers: CustomerTable;
  otps: OtpTable;
  revoked_sessions: RevokedSessionTable;
  auth_failures: AuthFailureTable;
}
