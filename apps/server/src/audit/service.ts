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

export interface AuditRecord {
  action: AuditEntry['action'];
  subjectKind: string;
  subjectId: string | number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason?: string | null;
}

/** Records a staff action; `db` is the transaction that makes the change, so both happen or neither does. */
export function recordAudit(db: DB, actor: StaffActor, record: AuditRecord): Promise<void> {
  return repo.insertAuditEntry(db, {
    staff_id: actor.staff.id,
    action: record.action,
    subject_kind: record.subjectKind,
    subject_id: String(record.subjectId),
    before: record.before && JSON.stringify(record.before),
    after: record.after && JSON.stringify(record.after),
    reason: record.reason ?? null,
    ip: actor.ip,
    created_at: nowIso(),
  });
}

const parseState = (json: string | null): Record<string, unknown> | null => (json ? JSON.parse(json) : null);

function entryOf(row: repo.AuditRow): AuditEntry {
  return {
    id: row.id,
    staff: {
      id: row.staff_id,
      name: row.staff_name,
      email: row.staff_email,
      role: row.staff_role as StaffRole,
    },
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
