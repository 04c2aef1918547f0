import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger, FastifyInstance, FastifySchemaCompiler, RawServerDefault } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@bazaar/shared';

/**
 * A Fastify instance whose routes declare zod schemas: handlers get the parsed params, query, body and headers,
 * typed, and their answers must fit the declared response schemas.
 */
export type ZodApi = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The routes of `api`, declared with zod schemas (see `installRouteSchemas`). */
export const declared = (api: FastifyInstance): ZodApi => api.withTypeProvider<ZodTypeProvider>();

/**
 * Request input is parsed with the route's zod schema before the handler runs; a request without a body is
 * parsed as an empty one, so a missing field is named like any other ('Name is required'). The ZodError reaches
 * the error handler, which answers 400 `{ error, code: 'VALIDATION_FAILED' }` with describeZodError's sentence.
 * A headers schema only adds its parsed fields: every other header stays readable.
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    if (!result.success) return { error: result.error };
    if (httpPart === 'headers') return { value: { ...(data as object), ...(result.data as object) } };
    return { value: result.data };
  };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first field of `sent` that serialization left out (as a path like `.products[0].brand`), if any. */
export function droppedField(sent: unknown, serialized: unknown, path = ''): string | undefined {
  if (Array.isArray(sent) && Array.isArray(serialized)) {
    for (const [index, item] of sent.entries()) {
      const dropped = droppedField(item, serialized[index], `${path}[${index}]`);
      if (dropped) return dropped;
    }
  } else if (isRecord(sent) && isRecord(serialized)) {
    for (const [key, value] of Object.entries(sent)) {
      if (value === undefined) continue;
      if (!(key in serialized)) return `${path}.${key}`;
      const dropped = droppedField(value, serialized[key], `${path}.${key}`);
      if (dropped) return dropped;
    }
  }
  return undefined;
}

type Serializer = ReturnType<typeof serializerCompiler>;
type SerializerCompiler = typeof serializerCompiler;

/**
 * Compiled writers by schema, shared by every app of the process (tests start many; the error answer's schema serves
 * most routes): compiling one takes 1–15 ms.
 */
const writers = new WeakMap<z.ZodType, Serializer | undefined>();

/**
 * An answer's JSON written by code compiled from its declared schema (fast-json-stringify), or undefined where the
 * schema's JSON Schema cannot say everything (a transform, a custom type): zod's encode walk then stays. Compiled
 * code wrote an uncached product page's ~19 KB in about half the time zod's encode and JSON.stringify took, which
 * had become a tenth of the page's CPU (docs/benchmarks.md). The wire form is the schema's input side: encoding
 * turns the handler's value (the output side) back into it.
 */
function compiledWriter(schema: z.ZodType): Serializer | undefined {
  if (!writers.has(schema)) {
    let writer: Serializer | undefined;
    try {
      writer = fastJson(
        z.toJSONSchema(schema, { io: 'input', target: 'draft-7' }) as Parameters<typeof fastJson>[0],
      );
    } catch {
      writer = undefined;
    }
    writers.set(schema, writer);
  }
  return writers.get(schema);
}

/** Where two writings of one answer part: the compiled writer's and zod's text from their first difference. */
function whereApart(written: string, json: string): string {
  let at = 0;
  while (written[at] === json[at]) at += 1;
  const from = Math.max(0, at - 60);
  return `…${written.slice(from, at + 60)}… where zod wrote …${json.slice(from, at + 60)}…`;
}

/** Compiled on a route's first answer, not at start-up: most routes of a process never answer. */
function lazily(make: () => Serializer): Serializer {
  let serialize: Serializer | undefined;
  return (data) => (serialize ??= make())(data);
}

/** Production: the compiled writer where there is one, zod's serializer elsewhere. */
const compiledSerializerCompiler: SerializerCompiler = (route) =>
  lazily(() => {
    const compiled = compiledWriter(route.schema as z.ZodType);
    return compiled ?? serializerCompiler(route);
  });

/**
 * Tests: zod's serializer checks the answer against its schema as it always did, and refuses to drop a field (a
 * handler's answer with a field its response schema does not declare is an error naming the field, instead of an
 * answer silently missing it, so a field a client reads cannot vanish unnoticed; production strips quietly). The
 * compiled writer must then write the same JSON (its keys may come in another order), so every answer the tests
 * get proves the writer production uses.
 */
const strictSerializerCompiler: SerializerCompiler = (route) =>
  lazily(() => {
    const serialize = serializerCompiler(route);
    const compiled = compiledWriter(route.schema as z.ZodType);
    return (data) => {
      const json = serialize(data);
      const serialized: unknown = JSON.parse(json);
      const dropped = droppedField(JSON.parse(JSON.stringify(data)), serialized);
      if (dropped)
        throw new Error(
          `${route.method} ${route.url} ${route.httpStatus}: the answer's ${dropped} is not declared`,
        );
      const written = compiled?.(data);
      if (written !== undefined && written !== json && !isDeepStrictEqual(JSON.parse(written), serialized))
        throw new Error(
          `${route.method} ${route.url} ${route.httpStatus}: the compiled writer wrote ${whereApart(written, json)}`,
        );
      return json;
    };
  });

/**
 * Declared routes: zod validation of their input, and their JSON answers serialized from the declared response
 * schema (fields the schema does not name are left out, so nothing undeclared leaks; with `failOnDroppedFields`,
 * as in tests, such a field is an error instead).
 */
export function installRouteSchemas(app: FastifyInstance, options: { failOnDroppedFields: boolean }): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    options.failOnDroppedFields ? strictSerializerCompiler : compiledSerializerCompiler,
  );
}

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/** The failure answers a route can give, for its `response` declaration: `{ 200: …, ...failures(400, 401) }`. */
export function failures<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    S,
    typeof errorResponseSchema
  >;
}

/** Bytes sent as they are (a PDF, a stored picture), documented as a binary string; never serialized. */
export const binary = z
  .custom<Buffer | Readable>((value) => Buffer.isBuffer(value) || value instanceof Readable)
  .meta({ type: 'string', format: 'binary' });

/** A non-JSON answer of one content type (an SVG, a PDF, Prometheus text), for a route's `response` declaration. */
export function contentOf<T extends z.ZodType>(contentType: string, schema: T, description: string) {
  return { description, content: { [contentType]: { schema } } };
}

/** OpenAPI `security` of the routes that need a session of one kind (the session module checks it). */
export const signedIn: Record<'customer' | 'seller' | 'operator', { [scheme: string]: string[] }[]> = {
  customer: [{ customerCookie: [] }, { customerBearer: [] }],
  seller: [{ sellerCookie: [] }],
  operator: [{ operatorCookie: [] }],
};
