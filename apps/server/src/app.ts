import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { installErrorHandler } from './http/errors';
import { installRouteSchemas } from './http/routeSchema';
import { apiDocsPlugin } from './http/apiDocs';
import { proxyTrust } from './http/proxy';
import { installSession } from './auth/session';
import { LogSmsProvider, type SmsProvider } from './auth/sms';
import { registerFeatures } from './features';
import { mediaRoutes } from './media/routes';
import { mediaStorage } from './storage';
import { installRealtime } from './realtime/server';
import type { RunningJob } from './jobs/periodic';
import { startReservationExpiryJob } from './jobs/reservationExpiry';
import { startReturnPhotoCleanupJob } from './jobs/returnPhotoCleanup';
import { startOutsideCatalogueChangesJob } from './jobs/outsideCatalogueChanges';
import { startNotificationDeliveryJob } from './jobs/notificationDelivery';
import { createMailer } from './notifications/transport';
import { securityPlugin } from './security/plugin';
import { responseCachePlugin } from './cache/responseCache';
import { connectRedis } from './cache/redis';
import { webDocuments } from './web/documents';
import { healthRoutes } from './observability/health';
import { metricsPlugin, watchDatabasePool } from './observability/metrics';
import { installRequestId, requestIdLogMixin, requestIdOf } from './observability/requestId';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  /** Defaults to writing OTP texts to the server log. */
  sms?: SmsProvider;
  /** Defaults to the system clock. */
  clock?: () => Date;
}

export async function buildApp({ config, database, sms, clock }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      mixin: requestIdLogMixin,
    },
    genReqId: requestIdOf,
    bodyLimit: 256 * 1024,
    requestTimeout: 30_000,
    trustProxy: proxyTrust(config.trustedProxyHops),
  });
  app.decorate('ctx', {
    config,
    db: database.db,
    dialect: database.dialect,
    log: app.log,
    sms: sms ?? new LogSmsProvider(app.log),
    sessionsEndedListeners: [],
    clock: clock ?? (() => new Date()),
    media: mediaStorage(config),
  });

  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });

  installErrorHandler(app);
  installRouteSchemas(app, { failOnDroppedFields: config.env === 'test' });
  // Before any route: it documents every route registered after it.
  if (config.apiDocs) await app.register(apiDocsPlugin);
  installRequestId(app);
  await app.register(metricsPlugin, { token: config.metricsToken });
  if (database.poolStats) {
    const unwatchPool = watchDatabasePool(database.poolStats);
    app.addHook('onClose', async () => unwatchPool());
  }
  await app.register(cookie);
  await app.register(securityPlugin, { trustedOrigins: config.trustedOrigins });
  if (config.env !== 'production') {
    await app.register(cors, { origin: config.devOrigin, credentials: true });
  }
  // With Redis, rate limits and cached responses are shared by every server process.
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}:rate-limit:` } : {}),
  });
  // Before the session hook, so a cache hit skips the token check; before compression, so it stores plain bodies.
  await app.register(responseCachePlugin, {
    catalogueWrites: database.catalogueWrites,
    redis,
    redisKeyPrefix: config.redisKeyPrefix,
    ...config.responseCache,
  });
  await app.register(compress, { encodings: ['br', 'gzip'] });
  installSession(app);
  installRealtime(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { redis, draining: () => draining });
      await registerFeatures(api);
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes, { storage: app.ctx.media });

  // Unpaid orders give their stock back when their reservation ends, checked at startup and then periodically.
  let expiryJob: RunningJob | undefined;
  // E-mails and texts queued in the outbox are sent in the background, with retries (notifications/).
  let deliveryJob: RunningJob | undefined;
  // Return photos uploaded but never sent with a return are removed after a while (flows/returnPhotos.ts).
  let returnPhotoCleanupJob: RunningJob | undefined;
  // Catalogue changes made by the command-line tools retire cached answers too (jobs/outsideCatalogueChanges.ts).
  let outsideChangesJob: RunningJob | undefined;
  app.addHook('onReady', async () => {
    expiryJob = startReservationExpiryJob(
      app.ctx,
      config.payments.expiryJobIntervalSeconds,
      database.catalogueWrites,
    );
    if (config.notifications.deliver)
      deliveryJob = startNotificationDeliveryJob(app.ctx, createMailer(config, app.log));
    returnPhotoCleanupJob = startReturnPhotoCleanupJob(app.ctx);
    outsideChangesJob = startOutsideCatalogueChangesJob(
      app.ctx,
      config.responseCache.outsideChangesPollSeconds,
      database.catalogueWrites,
    );
  });
  app.addHook('onClose', async () => {
    await expiryJob?.stop();
    await deliveryJob?.stop();
    await returnPhotoCleanupJob?.stop();
    await outsideChangesJob?.stop();
  });

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWebBuild = existsSync(indexHtml);
  // A page's first paint is preloaded from the catalogue API itself: its validation, its cache, its answers.
  const documents = webDocuments(config.webDist, async (apiPath) => {
    const answer = await app.inject({ method: 'GET', url: `/api${apiPath}` });
    return answer.statusCode === 200 ? answer.json() : undefined;
  });
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so those can be cached forever.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (!isApi && hasWebBuild && request.method === 'GET') {
      // Client-side routes (/shops, /dashboard/…) all load the single-page app.
      return documents.send(request, reply);
    }
    return reply
      .status(404)
      .send({ error: `No route for ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });

  return app;
}
