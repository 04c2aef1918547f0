/**
 * The ceiling: a bare Fastify route returning a fixed JSON body, nothing else (no plugins, hooks, logging or
 * database). Whatever it serves per second over loopback is the most any endpoint could on this machine.
 * CEILING_WORKERS > 1 runs that many such processes sharing the port through node:cluster, as the bench's
 * `--workers` runs the server.
 *
 * CEILING_ANSWERS names a JSON file of real answers (`{ "listing-miss": "<the answer's JSON text>", … }`, taken from
 * the running server): each is served at `/ceiling/<key>`, compressed per request as the server compresses a cache
 * miss (the same choice of encoding and the same encoder), with no database, no serialization and no hooks. That is the most any
 * implementation could serve of that answer uncached: the bytes a browser asks for still have to be compressed.
 */
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { answerEncoding, compressBody } from '../apps/server/src/cache/responseCache';

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
  const answers: Record<string, string> = process.env.CEILING_ANSWERS
    ? JSON.parse(readFileSync(process.env.CEILING_ANSWERS, 'utf8'))
    : {};
  for (const [key, answer] of Object.entries(answers)) {
    app.get(`/ceiling/${key}`, async (request, reply) => {
      reply.type('application/json; charset=utf-8');
      const encoding = answerEncoding(answer, request.headers['accept-encoding']);
      if (!encoding) return answer;
      reply.header('content-encoding', encoding);
      return compressBody(answer, encoding);
    });
  }
  await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
