import type { Generated } from 'kysely';

/**
 * One staff action (issue 17): who did what to which subject, the state before and after, why, from where, when.
 * Who is a member of staff (`staff_id`) or, for a command-line tool, the shell's `user@host` (migration 032).
 */
export interface AuditLogTable {
  id: Generated<number>;
  staff_id: number | null;
  command_line_user: string | null;
  action: string;
  subject_kind: string;
  subject_id: string;
  /** JSON of the subject's fields the action changed, as they were; null when it created the subject. */
  before: string | null;
  after: string | null;
  reason: string | null;
  ip: string | null;
  created_at: string;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}
