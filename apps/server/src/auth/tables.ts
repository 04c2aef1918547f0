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
  /** Bumped on logout or password change; tokens carrying an older version are refused. */
  token_version: number;
  created_at: string;
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

export interface AuthTables {
  customers: CustomerTable;
  otps: OtpTable;
}
