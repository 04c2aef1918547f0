import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

export async function up(_db: Kysely<unknown>, _dialect: Dialect): Promise<void> {}
