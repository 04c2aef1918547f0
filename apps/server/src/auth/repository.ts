import { sql, type Insertable, type Selectable } from 'kysely';
import type { DB } from '../db/database';
import type { CustomerTable, OtpTable } from './tables';

export type CustomerRow = Selectable<CustomerTable>;
export type OtpRow = Selectable<OtpTable>;

/** A new account: both sign-ups (email, and mobile once its profile is completed) give an email. */
export type NewCustomer = Omit<Insertable<CustomerTable>, 'id' | 'token_version'> & {
  email: string;
  method: 'email' | 'mobile';
};

export function findCustomerById(db: DB, id: number): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Emails are stored lower-cased, so an exact match is a case-insensitive one. */
export function findCustomerByEmail(db: DB, email: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findCustomerByPhone(db: DB, phone: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('phone', '=', phone).executeTakeFirst();
}

export async function insertCustomer(db: DB, customer: NewCustomer): Promise<CustomerRow> {
  return db
    .insertInto('customers')
    .values({ ...customer, token_version: 0 })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateCustomerProfile(
  db: DB,
  id: number,
  profile: { name: string; email: string },
): Promise<CustomerRow> {
  return db
    .updateTable('customers')
    .set({ name: profile.name, email: profile.email })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Stores a new hash and revokes every token issued before it. */
export async function updatePasswordAndRevokeTokens(
  db: DB,
  id: number,
  passwordHash: string,
): Promise<CustomerRow> {
  return db
    .updateTable('customers')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sign-out everywhere: tokens issued before this carry an older version. */
export async function revokeTokens(db: DB, id: number): Promise<void> {
  await db
    .updateTable('customers')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** True while the session has not been ended on its own; used inside each account kind's session lookup. */
export function sessionNotRevoked(sessionId: string) {
  return sql<boolean>`not exists (select 1 from revoked_sessions where revoked_sessions.id = ${sessionId})`;
}

/** The customer a live session belongs to, in one statement (every signed-in request runs it). */
export function findCustomerForSession(db: DB, id: number, tokenVersion: number, sessionId: string) {
  return (
    db
      .selectFrom('customers')
      .select(['id', 'name', 'email'])
      .where('id', '=', id)
      .where('token_version', '=', tokenVersion)
      // A blocked account's sessions end at once, whatever token it still holds (issue 17).
      .where('blocked_at', 'is', null)
      .where(sessionNotRevoked(sessionId))
      .executeTakeFirst()
  );
}

/** Ends one session until its token would have expired anyway; expired entries are swept at the same time. */
export async function revokeSession(
  db: DB,
  sessionId: string,
  expiresAt: string,
  now: string,
): Promise<void> {
  await db.deleteFrom('revoked_sessions').where('expires_at', '<', now).execute();
  await db
    .insertInto('revoked_sessions')
    .values({ id: sessionId, expires_at: expiresAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export interface AuthFailureKey {
  scope: string;
  subject: string;
}

/** Failures of one key since `since`, and the oldest of them (the window frees up from there); `ip` narrows it. */
export async function countAuthFailures(
  db: DB,
  key: AuthFailureKey,
  since: string,
  ip?: string,
): Promise<{ count: number; oldest: string | null }> {
  let query = db
    .selectFrom('auth_failures')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('scope', '=', key.scope)
    .where('subject', '=', key.subject)
    .where('created_at', '>', since);
  if (ip !== undefined) query = query.where('ip', '=', ip);
  const row = await query.executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest ?? null };
}

/**
 * Counts an attempt as failed before it is checked, so simultaneous attempts cannot all see the same count; the
 * row is withdrawn when the attempt turns out not to be a failure. Failures older than `forgetBefore` (of any key)
 * are swept at the same time.
 */
export async function recordAuthFailure(
  db: DB,
  key: AuthFailureKey,
  ip: string,
  now: string,
  forgetBefore: string,
): Promise<number> {
  await db.deleteFrom('auth_failures').where('created_at', '<', forgetBefore).execute();
  const row = await db
    .insertInto('auth_failures')
    .values({ scope: key.scope, subject: key.subject, ip, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function withdrawAuthFailure(db: DB, id: number): Promise<void> {
  await db.deleteFrom('auth_failures').where('id', '=', id).execute();
}

/** Forgets the failures of a key from one IP (its owner just signed in from there). */
export async function clearAuthFailures(db: DB, key: AuthFailureKey, ip: string): Promise<void> {
  await db
    .deleteFrom('auth_failures')
    .where('scope', '=', key.scope)
    .where('subject', '=', key.subject)
    .where('ip', '=', ip)
    .execute();
}

/** A new code replaces every earlier one for the mobile; expired codes of other mobiles are swept at the same time. */
export async function replaceOtp(
  db: DB,
  otp: { mobile: string; codeHash: string; expiresAt: string; createdAt: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('otps')
      .where((eb) => eb.or([eb('mobile', '=', otp.mobile), eb('expires_at', '<', otp.createdAt)]))
      .execute();
    await trx
      .insertInto('otps')
      .values({
        mobile: otp.mobile,
        code_hash: otp.codeHash,
        expires_at: otp.expiresAt,
        attempts: 0,
        consumed_at: null,
        created_at: otp.createdAt,
      })
      .execute();
  });
}

export function findLatestOtp(db: DB, mobile: string): Promise<OtpRow | undefined> {
  return db
    .selectFrom('otps')
    .selectAll()
    .where('mobile', '=', mobile)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Counts a wrong guess; returns the attempts now used, or null when the code was already dead or used. */
export async function recordWrongOtpAttempt(db: DB, id: number, maxAttempts: number): Promise<number | null> {
  const row = await db
    .updateTable('otps')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .where('consumed_at', 'is', null)
    .returning('attempts')
    .executeTakeFirst();
  return row ? row.attempts : null;
}

/** Marks the code used; false when another request used it (or killed it) first, so a code works exactly once. */
export async function consumeOtp(db: DB, id: number, maxAttempts: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('otps')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export { isUniqueViolation } from '../db/errors';
