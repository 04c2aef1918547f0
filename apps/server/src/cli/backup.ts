import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config';
import { createBackup, type BackupFormat } from '../backup';

const usage = `Usage: npm run backup -- [--out FILE] [--format sqlite|pg_dump|json]
  Backs up the configured database while the shop keeps running; the stored pictures go beside it, in FILE.media/.
  --out FILE    where to write (default backups/shop-<timestamp>.<db|dump|json>)
  --format      sqlite (SQLite's online backup, the default for SQLite), pg_dump (the default for PostgreSQL
                when pg_dump is installed) or json (a logical dump of every table; restores into either database)`;

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    format: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (values.format !== undefined && !['sqlite', 'pg_dump', 'json'].includes(values.format)) {
  console.error(`--format must be sqlite, pg_dump or json\n${usage}`);
  process.exit(2);
}

try {
  const { file, format, pictures } = await createBackup(loadConfigOrExit(), {
    file: values.out,
    format: values.format as BackupFormat | undefined,
  });
  console.log(`Backup written (${format}): ${file}`);
  if (pictures) console.log(`${pictures} stored pictures copied to ${file}.media`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
