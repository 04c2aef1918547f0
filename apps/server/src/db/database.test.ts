import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import SQLite from 'better-sqlite3';
import { openDatabase, sql, withStatementCache } from './database';

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

describe('SQLite statements kept prepared', () => {
  it('answers each run of a kept statement with its own parameters, also after a schema change', async () => {
    const database = openDatabase({ sqlitePath: ':memory:' });
    const db = database.db as unknown as Kysely<{ notes: { id: number; body: string } }>;
    try {
      await sql`create table notes (id integer primary key, body text)`.execute(db);
      await db
        .insertInto('notes')
        .values([1, 2, 3].map((id) => ({ id, body: `note ${id}` })))
        .execute();
      const byId = (id: number) =>
        db.selectFrom('notes').select('body').where('id', '=', id).executeTakeFirst();
      expect(await byId(1)).toEqual({ body: 'note 1' });
      expect(await byId(2)).toEqual({ body: 'note 2' });

      // A column added after the statement was prepared shows in its next run (SQLite re-prepares it).
      const everything = (id: number) => sql`select * from notes where id = ${id}`.execute(db);
      expect(await everything(3)).toEqual({ rows: [{ id: 3, body: 'note 3' }] });
      await sql`alter table notes add column pinned integer default 0`.execute(db);
      expect(await everything(3)).toEqual({ rows: [{ id: 3, body: 'note 3', pinned: 0 }] });
    } finally {
      await database.destroy();
    }
  });

  it('never hands out a statement that is still being stepped through', () => {
    const sqlite = new SQLite(':memory:');
    try {
      const statements = withStatementCache(sqlite);
      statements.prepare('create table notes (id integer primary key)').run([]);
      statements.prepare('insert into notes values (1), (2)').run([]);
      const text = 'select id from notes order by id';
      const open = statements.prepare(text);
      const rows = open.iterate([]);
      rows.next();
      const again = statements.prepare(text);
      expect(again).not.toBe(open);
      expect(again.all([])).toEqual([{ id: 1 }, { id: 2 }]);
      rows.return?.();
      expect(statements.prepare(text)).toBe(again);
    } finally {
      sqlite.close();
    }
  });
});
