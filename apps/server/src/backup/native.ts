import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';

const run = promisify(execFile);

/** The online backup API copies a consistent snapshot page by page while the shop keeps writing (WAL). */
export async function backupSqliteFile(sourcePath: string, targetPath: string): Promise<void> {
  const source = new SQLite(sourcePath, { readonly: true, fileMustExist: true });
  try {
    await source.backup(targetPath);
  } finally {
    source.close();
  }
}

/** Copies a backup into the shop's database file through SQLite (so its WAL stays consistent), after checking it. */
export async function restoreSqliteFile(backupPath: string, targetPath: string): Promise<void> {
  const source = new SQLite(backupPath, { readonly: true, fileMustExist: true });
  try {
    const check = source.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the backup file is damaged: ${String(check)}`);
    await source.backup(targetPath);
  } finally {
    source.close();
  }
}

/** Whether PostgreSQL's own tools are installed; without them backups fall back to the logical JSON dump. */
export async function hasPgTools(): Promise<boolean> {
  try {
    await run('pg_dump', ['--version']);
    await run('pg_restore', ['--version']);
    return true;
  } catch {
    return false;
  }
}

export const schemaOf = (databaseSchema: string | undefined) => databaseSchema ?? 'public';

export async function pgDump(databaseUrl: string, schema: string, targetPath: string): Promise<void> {
  await run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--schema=${schema}`,
    `--file=${targetPath}`,
    databaseUrl,
  ]);
}

/**
 * Restores a pg_dump archive into the shop's schema: the schema is recreated empty (the caller has checked it was
 * empty or was told to replace it) and everything else is restored in one transaction, stopping at the first error.
 * The archive's own CREATE SCHEMA is left out so the same steps work for `public` and for a named schema.
 */
export async function pgRestore(databaseUrl: string, schema: string, archivePath: string): Promise<void> {
  const { stdout: listing } = await run('pg_restore', ['--list', archivePath]);
  // Archive entries name their schema; restoring them elsewhere would write into that schema, not this one.
  const archivedSchemas = new Set(
    [...listing.matchAll(/^\d+; \d+ \d+ TABLE (?!DATA )(\S+) /gm)].map((m) => m[1]),
  );
  if (archivedSchemas.size !== 1 || !archivedSchemas.has(schema)) {
    throw new Error(
      `the archive holds schema ${[...archivedSchemas].join(', ') || '(none)'}, not ${schema}; ` +
        'set DATABASE_SCHEMA to match, or move data between schemas with a JSON dump',
    );
  }
  const entries = listing.split('\n').filter((line) => !/^\d+; \d+ \d+ SCHEMA /.test(line));
  const workDir = await mkdtemp(path.join(tmpdir(), 'bazaar-restore-'));
  const listFile = path.join(workDir, 'entries.list');
  await writeFile(listFile, entries.join('\n'));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const quoted = `"${schema.replace(/"/g, '""')}"`;
    await client.query(`DROP SCHEMA IF EXISTS ${quoted} CASCADE`);
    await client.query(`CREATE SCHEMA ${quoted}`);
  } finally {
    await client.end();
  }
  try {
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--use-list=${listFile}`,
      `--dbname=${databaseUrl}`,
      archivePath,
    ]);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
