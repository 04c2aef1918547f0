import type { AuditEntry } from '@bazaar/shared';

/** Who an audit entry says acted: the member of staff, or a command-line tool run by `user@host`. */
export const auditActorName = (entry: AuditEntry): string =>
  entry.staff ? entry.staff.name : `Command line (${entry.commandLineUser})`;
