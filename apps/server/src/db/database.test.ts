import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, sql } from './database';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('SQLite files at rest', () => {
  const dirs: string[] = [];
  const previousUmask = process.umask();
  afterEach(() => {
    process.umask(previousUmask);
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('creates the database and its WAL and SHM owner-only (0600), even under a permissive umask', async () => {
    process.umask(0);
    const dir = mkdtempSync(path.join(tmpdir(), 'bazaar-modes-'));
    dirs.push(dir);
    const sqlitePath = path.join(dir, 'shop.db');
    const database = openDatabase({ sqlitePath });
    try {
      await sql`create table notes (body text)`.execute(database.db);
      await sql`insert into notes values ('secret')`.execute(database.db);
      for (const file of [sqlitePath, `${sqlitePath}-wal`, `${sqlitePath}-shm`]) {
        expect(modeOf(file).toString(8), path.basename(file)).toBe('600');
      }
    } finally {
      await database.destroy();
    }
  });

  it('narrows a world-readable database left by an older version', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bazaar-modes-'));
    dirs.push(dir);
    const sqlitePath = path.join(dir, 'shop.db');
    writeFileSync(sqlitePath, '', { mode: 0o644 });
    const database = openDatabase({ sqlitePath });
    await database.destroy();
    expect(modeOf(sqlitePath).toString(8)).toBe('600');
  });
});
