import { loadConfigOrExit } from './config';
import { ensureSchema, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { buildApp } from './app';
import { accountsWithPublishedPasswords } from './flows/publishedPasswords';

const config = loadConfigOrExit();
await ensureSchema(config);
const database = openDatabase(config);
await migrateToLatest(database.db, database.dialect);
if (config.env === 'production') {
  const exposed = await accountsWithPublishedPasswords(database.db);
  if (exposed.length > 0) {
    console.error(
      `Refusing to start in production: ${exposed.join(' and ')} still use a password published in this ` +
        "project's README (seller123). Change them (seller console: Change password) or re-seed with " +
        '`npm run seed -- --reset`, which gives every shop a random password.',
    );
    await database.destroy();
    process.exit(1);
  }
}
const app = await buildApp({ config, database });

/**
 * How long the server keeps reading requests after a stop signal. Closing at once would reset connections whose
 * request was already sent but not yet read (Node closes "idle" sockets on close); meanwhile readiness fails and a
 * load balancer stops routing here.
 */
const DRAIN_GRACE_MS = config.shutdownGraceMs;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  app.startDraining();
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 10_000 + DRAIN_GRACE_MS);
  timer.unref();
  await new Promise((resolve) => setTimeout(resolve, DRAIN_GRACE_MS));
  // Fastify stops accepting connections and waits for in-flight requests before onClose hooks run.
  await app.close();
  await database.destroy();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Bazaar is open at http://localhost:${config.port} (${database.dialect})`);
