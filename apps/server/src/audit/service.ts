import { hostname, userInfo } from 'node:os';
import {
  ADMIN_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
  type AuditQuery,
  type AuditResponse,
  type OperatorProfile,
  type StaffRole,
} from '@bazaar/shared';
import type { DB } from '../db/database';
import { nowIso } from '../db/database';
import * as repo from './repository';

/** Who did it, and from where: what every audit row records of the person. */
export interface StaffActor {
  staff: OperatorProfile;
  ip: string | null;
}

/** Someone at a shell running a command-line tool, known by `user@host` (no sign-in, no address). */
export interface CommandLineActor {
  commandLineUser: string;
}

export type AuditActor = StaffActor | CommandLineActor;

/**
 * The person running this process from a shell: the OS account and the machine, which is what tells one operator's
 * command from another's when nobody signs in. An account without a name (a container's bare uid) is its uid.
 */
export function commandLineActor(): CommandLineActor {
  let user: string;
  try {
    user = userInfo().username;
  } catch {
    user = `uid ${process.getuid?.() ?? 'unknown'}`;
  }
  return { commandLineUser: `${user}@${hostname()}` };
}

export interface AuditRecord {
  action: AuditEntry['action'];
  subjectKind: string;
  subjectId: string | number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason?: string | null;
}

/** Records a staff action; `db` is the transaction that makes the change, so both happen or neither does. */
export function recordAudit(db: DB, actor: AuditActor, record: AuditRecord): Promise<void> {
  const staff = 'staff' in actor;
  return repo.insertAuditEntry(db, {
    staff_id: staff ? actor.staff.id : null,
    command_line_user: staff ? null : actor.commandLineUser,
    action: record.action,
    subject_kind: record.subjectKind,
    subject_id: String(record.subjectId),
    before: record.before && JSON.stringify(record.before),
    after: record.after && JSON.stringify(record.after),
    reason: record.reason ?? null,
    ip: staff ? actor.ip : null,
    created_at: nowIso(),
  });
}

const parseState = (json: string | null): Record<string, unknown> | null => (json ? JSON.parse(json) : null);

function entryOf(row: repo.AuditRow): AuditEntry {
  return {
    id: row.id,
    staff:
      row.staff_id === null
        ? null
        : {
            id: row.staff_id,
            // The row's foreign key keeps its member of staff, so the joined columns are there.
            name: row.staff_name!,
            email: row.staff_email!,
            role: row.staff_role as StaffRole,
          },
    commandLineUser: row.command_line_user,
    action: row.action,
    subjectKind: row.subject_kind,
    subjectId: row.subject_id,
    before: parseState(row.before),
    after: parseState(row.after),
    reason: row.reason,
    ip: row.ip,
    createdAt: row.created_at,
  };
}

/** A page of the audit log, newest first. */
export async function auditLog(db: DB, query: AuditQuery): Promise<AuditResponse> {
  const { rows, total } = await repo.auditPage(db, query, ADMIN_PAGE_SIZE);
  return {
    entries: rows.map(entryOf),
    total,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** What staff did to one subject (e.g. a customer's blocks and unblocks), newest first. */
export async function subjectHistory(
  db: DB,
  subjectKind: string,
  subjectId: string | number,
  actions: readonly AuditAction[],
): Promise<AuditEntry[]> {
  return (await repo.subjectEntries(db, subjectKind, String(subjectId), actions)).map(entryOf);
}
