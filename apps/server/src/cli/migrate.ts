import { loadConfigOrExit } from '../config';
import { ensureSchema, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

const config = loadConfigOrExit();
await ensureSchema(config);
const database = openDatabase(config);
const applied = await migrateToLatest(database.db, database.dialect);
console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database is up to date');
await database.destroy();
