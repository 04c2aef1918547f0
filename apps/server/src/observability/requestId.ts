import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a proxy or client may pass as its own request id: short, printable and free of anything that could
 * break a log line or a header (ids such as UUIDs, ULIDs and AWS trace ids fit).
 */
const WELL_FORMED_ID = /^[A-Za-z0-9][A-Za-z0-9._:=+/-]{0,127}$/;

/** Fastify's `genReqId`: the caller's X-Request-Id when it is well-formed, so one id follows the request through every hop. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && WELL_FORMED_ID.test(given) ? given : randomUUID();
}

const currentRequest = new AsyncLocalStorage<{ requestId: string }>();

/**
 * pino's `mixin`: adds the id of the request being served to lines logged through the app-wide logger
 * (`ctx.log`, used by services and providers). Lines from `request.log` carry it already as a binding.
 */
export function requestIdLogMixin(
  _mergeObject: object,
  _level: number,
  logger: { bindings(): Record<string, unknown> },
): { reqId?: string } {
  const requestId = currentRequest.getStore()?.requestId;
  if (!requestId || 'reqId' in logger.bindings()) return {};
  return { reqId: requestId };
}

/**
 * Echoes the id in the response and makes it the current request for everything the request's hooks and handler
 * run, however deep in async code. Install it before any other onRequest hook.
 */
export function installRequestId(app: FastifyInstance): void {
  // The body arrives in the socket's events, outside the request's async context; the handler is put back in it.
  const scopes = new WeakMap<FastifyRequest, AsyncResource>();
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    currentRequest.run({ requestId: request.id }, () => {
      scopes.set(request, new AsyncResource('bazaar-request'));
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
}
