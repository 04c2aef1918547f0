import type { Insertable } from 'kysely';
import type { AuditAction, AuditQuery } from '@bazaar/shared';
import type { DB } from '../db/database';
import { pageOf } from '../db/paging';
import { columnContains } from '../db/textSearch';
import type { AuditLogTable } from './tables';

/** Writes one audit row; callers pass their transaction, so the row exists exactly when the change does. */
export async function insertAuditEntry(db: DB, entry: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}

/** The log with who acted: a command line's rows name no member of staff, so their staff columns are null. */
const withActor = (db: DB) =>
  db.selectFrom('audit_log').leftJoin('operators', 'operators.id', 'audit_log.staff_id');

function matching(db: DB, { q, action, actor }: Pick<AuditQuery, 'q' | 'action' | 'actor'>) {
  let query = withActor(db);
  if (action) query = query.where('audit_log.action', '=', action as AuditAction);
  if (actor) query = query.where('audit_log.staff_id', actor === 'staff' ? 'is not' : 'is', null);
  if (q)
    query = query.where((eb) =>
      eb.or([
        columnContains('operators.name', q),
        columnContains('operators.email', q),
        columnContains('audit_log.command_line_user', q),
        columnContains('audit_log.action', q),
        columnContains('audit_log.subject_id', q),
        columnContains('audit_log.reason', q),
      ]),
    );
  return query;
}

const ENTRY_COLUMNS = [
  'audit_log.id',
  'audit_log.staff_id',
  'operators.name as staff_name',
  'operators.email as staff_email',
  'operators.role as staff_role',
  'audit_log.command_line_user',
  'audit_log.action',
  'audit_log.subject_kind',
  'audit_log.subject_id',
  'audit_log.before',
  'audit_log.after',
  'audit_log.reason',
  'audit_log.ip',
  'audit_log.created_at',
] as const;

export type AuditRow = Awaited<ReturnType<typeof subjectEntries>>[number];

/** Every entry about one subject with one of `actions`, newest first. */
export function subjectEntries(
  db: DB,
  subjectKind: string,
  subjectId: string,
  actions: readonly AuditAction[],
) {
  return withActor(db)
    .select(ENTRY_COLUMNS)
    .where('audit_log.subject_kind', '=', subjectKind)
    .where('audit_log.subject_id', '=', subjectId)
    .where('audit_log.action', 'in', actions)
    .orderBy('audit_log.created_at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .execute();
}

/** One page of the log, newest first, with who acted. */
export async function auditPage(db: DB, filter: AuditQuery, pageSize: number) {
  return pageOf(
    matching(db, filter)
      .select(ENTRY_COLUMNS)
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id', 'desc'),
    matching(db, filter),
    { limit: pageSize, offset: (filter.page - 1) * pageSize },
  );
}
