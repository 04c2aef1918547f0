import path from 'node:path';
import { recordAudit, type AuditActor } from '../audit/service';
import { restoreBackup, type BackupFormat } from '../backup';
import type { Config } from '../config';
import { openDatabase } from '../db/database';

/**
 * `npm run restore`: replaces the shop with a backup, then says so in the restored audit log (`database.restore`,
 * the file, its format and whether --force was given). Everything done between the backup and the restore is gone,
 * its audit rows with it; this row is what tells an admin why. It follows the restore rather than sharing its
 * transaction: a native restore replaces the database file or schema outright. The row names the file, not its path:
 * admins read it in the console, and where the server keeps its backups is not theirs to see.
 */
export async function restoreRecorded(
  config: Config,
  actor: AuditActor,
  file: string,
  options: { force: boolean },
): Promise<BackupFormat> {
  const format = await restoreBackup(config, file, options);
  const database = openDatabase(config);
  try {
    await recordAudit(database.db, actor, {
      action: 'database.restore',
      subjectKind: 'backup',
      subjectId: path.basename(file),
      before: null,
      after: { format, force: options.force },
    });
  } finally {
    await database.destroy();
  }
  return format;
}
