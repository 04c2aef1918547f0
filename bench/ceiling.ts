/**
 * The ceiling: a bare Fastify route returning a fixed JSON body, nothing else (no plugins, hooks, logging or
 * database). Whatever it serves per second over loopback is the most any endpoint could on this machine.
 * CEILING_WORKERS > 1 runs that many such processes sharing the port through node:cluster, as the bench's
 * `--workers` runs the server.
 */
import cluster from 'node:cluster';
import Fastify from 'fastify';

const workers = Number(process.env.CEILING_WORKERS ?? 1);

if (workers > 1 && cluster.isPrimary) {
  for (let i = 0; i < workers; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const app = Fastify({ logger: false });
  const body = { status: 'ok', message: 'fixed body for the throughput ceiling', items: [1, 2, 3] };
  app.get('/ceiling', async () => body);
  await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
