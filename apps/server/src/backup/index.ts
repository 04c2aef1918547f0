import { existsSync, mkdirSync, openSync, readSync, closeSync, statSync } from 'node:fs';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot, type Config } from '../config';
import { ensureSchema, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { mediaStorage } from '../storage';
import { countRows, dumpLogical, restoreLogical, type LogicalDump } from './logical';
import { copyMedia, mediaBackupOf } from './media';
import { backupSqliteFile, hasPgTools, pgDump, pgRestore, restoreSqliteFile, schemaOf } from './native';

export type BackupFormat = 'sqlite' | 'pg_dump' | 'json';

export interface BackupResult {
  file: string;
  format: BackupFormat;
  /** Stored pictures copied into `<file>.media/`. */
  pictures: number;
}

const EXTENSIONS: Record<BackupFormat, string> = { sqlite: 'db', pg_dump: 'dump', json: 'json' };

/** `backups/shop-2026-01-15T10-00-00-000Z.<ext>` under the repository. */
export function defaultBackupPath(format: BackupFormat, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return path.join(repoRoot, 'backups', `shop-${stamp}.${EXTENSIONS[format]}`);
}

/** The native format of the configured database: SQLite's backup API, or pg_dump when it is installed. */
async function nativeFormat(config: Config): Promise<BackupFormat> {
  if (!config.databaseUrl) return 'sqlite';
  return (await hasPgTools()) ? 'pg_dump' : 'json';
}

/** Backs up the configured database, and the stored pictures beside it, while the shop may keep running. */
export async function createBackup(
  config: Config,
  options: { file?: string; format?: BackupFormat } = {},
): Promise<BackupResult> {
  const format = options.format ?? (await nativeFormat(config));
  if (format === 'sqlite' && config.databaseUrl)
    throw new Error('an SQLite backup needs the SQLite database');
  if (format === 'pg_dump' && !config.databaseUrl) throw new Error('pg_dump needs a PostgreSQL DATABASE_URL');
  const file = path.resolve(options.file ?? defaultBackupPath(format));
  if (existsSync(file) || existsSync(mediaBackupOf(file).root))
    throw new Error(`${file} already exists; choose another file`);
  mkdirSync(path.dirname(file), { recursive: true });

  if (format === 'sqlite') await backupSqliteFile(config.sqlitePath, file);
  else if (format === 'pg_dump') await pgDump(config.databaseUrl!, schemaOf(config.databaseSchema), file);
  else {
    const database = openDatabase(config);
    try {
      const dump = await dumpLogical(database.db, database.dialect);
      await writeFile(file, JSON.stringify(dump));
    } finally {
      await database.destroy();
    }
  }
  // Backups hold password hashes and addresses: readable by the owner only, whichever tool wrote them.
  await chmod(file, 0o600);
  const pictures = await copyMedia(mediaStorage(config), mediaBackupOf(file));
  return { file, format, pictures };
}

/** Recognises a backup by its first bytes rather than its name. */
function formatOf(file: string): BackupFormat {
  const header = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, header, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (header.toString('latin1').startsWith('SQLite format 3\u0000')) return 'sqlite';
  if (header.toString('latin1').startsWith('PGDMP')) return 'pg_dump';
  if (header.toString('utf8').trimStart().startsWith('{')) return 'json';
  throw new Error(`${file} is not a Bazaar backup (SQLite file, pg_dump archive or JSON dump)`);
}

/**
 * Restores into the configured database: only an empty one unless `force` (stop the server first). The pictures
 * saved beside the backup go back into the storage.
 */
export async function restoreBackup(
  config: Config,
  file: string,
  options: { force: boolean },
): Promise<BackupFormat> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new Error(`${file} does not exist`);
  const format = formatOf(file);
  if (format === 'sqlite' && config.databaseUrl)
    throw new Error('an SQLite backup restores into SQLite only; use a JSON dump to move databases');
  if (format === 'pg_dump' && !config.databaseUrl)
    throw new Error('a pg_dump archive restores into PostgreSQL only');

  await ensureSchema(config);
  const database = openDatabase(config);
  try {
    if (format === 'json') {
      const dump = JSON.parse(await readFile(file, 'utf8')) as LogicalDump;
      await restoreLogical(database.db, database.dialect, dump, options);
      await copyMedia(mediaBackupOf(file), mediaStorage(config));
      return format;
    }
    if (!options.force && (await countRows(database.db, database.dialect)) > 0) {
      throw new Error('the database is not empty; pass --force to replace its contents');
    }
  } finally {
    await database.destroy();
  }
  if (format === 'sqlite') await restoreSqliteFile(file, config.sqlitePath);
  else await pgRestore(config.databaseUrl!, schemaOf(config.databaseSchema), file);

  // A backup from an older version is brought up to the current schema.
  const restored = openDatabase(config);
  try {
    await migrateToLatest(restored.db, restored.dialect);
  } finally {
    await restored.destroy();
  }
  await copyMedia(mediaBackupOf(file), mediaStorage(config));
  return format;
}
