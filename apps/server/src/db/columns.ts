import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from './database';

/** An auto-incrementing integer primary key named `id`, spelt the way each dialect wants it. */
export function withIdColumn<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
