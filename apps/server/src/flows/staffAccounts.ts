import type { OperatorProfile } from '@bazaar/shared';
import { recordAudit, type AuditActor } from '../audit/service';
import type { DB } from '../db/database';
import { createOperator, type NewOperator } from '../ops/service';

/**
 * Creates a member of staff (`npm run admin:create`, `ops:create-operator`) and, in the same transaction, the audit
 * row `staff.create` naming who made the account and what it may do: an admin made from a shell is as visible in
 * the log as anything that admin does afterwards. The password is never part of the row.
 */
export function createStaffMember(db: DB, actor: AuditActor, input: NewOperator): Promise<OperatorProfile> {
  return db.transaction().execute(async (trx) => {
    const staff = await createOperator(trx, input);
    await recordAudit(trx, actor, {
      action: 'staff.create',
      subjectKind: 'staff',
      subjectId: staff.id,
      before: null,
      after: { name: staff.name, email: staff.email, role: staff.role },
    });
    return staff;
  });
}
