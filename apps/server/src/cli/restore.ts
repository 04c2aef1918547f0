import path from 'node:path';
import { parseArgs } from 'node:util';
import { commandLineActor } from '../audit/service';
import { loadConfigOrExit } from '../config';
import { restoreRecorded } from '../flows/backupRestore';

const usage = `Usage: npm run restore -- FILE [--force]
  Restores a backup made by npm run backup into the configured database, and the pictures saved beside it
  (FILE.media/) into the storage. Stop the server first.
  Without --force the database must be empty (a fresh one); --force replaces everything in it.
  The restored audit log records the restore, by the user@host that ran it.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    force: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (positionals.length !== 1) {
  console.error(usage);
  process.exit(2);
}

try {
  const format = await restoreRecorded(loadConfigOrExit(), commandLineActor(), path.resolve(positionals[0]), {
    force: values.force,
  });
  console.log(`Restored ${positionals[0]} (${format})`);
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
