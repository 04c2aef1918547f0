import { loadConfig } from './config';
import { ensureSchema, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { buildApp } from './app';

const config = loadConfig();
await ensureSchema(config);
const database = openDatabase(config);
await migrateToLatest(database.db, database.dialect);
const app = await buildApp({ config, database });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  // Fastify stops accepting connections and waits for in-flight requests before onClose hooks run.
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  await app.close();
  await database.destroy();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Bazaar is open at http://localhost:${config.port} (${database.dialect})`);
