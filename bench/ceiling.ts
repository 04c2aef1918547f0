/**
 * The ceiling: a bare Fastify route returning a fixed JSON body, nothing else (no plugins, hooks, logging or
 * database). Whatever it serves per second over loopback is the most any endpoint could on this machine.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { status: 'ok', message: 'fixed body for the throughput ceiling', items: [1, 2, 3] };
app.get('/ceiling', async () => body);
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
