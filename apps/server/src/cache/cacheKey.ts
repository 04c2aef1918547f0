/** What a route reads from its path and query string; `safeParse` is all the key builder needs of a zod schema. */
export interface InputSchema {
  safeParse(input: unknown): { success: true; data: unknown } | { success: false };
}

export interface CacheKeyInput {
  /** The route as registered (`/api/home/get-product/:slugOrId`), never the raw URL. */
  route: string;
  params: unknown;
  query: unknown;
  paramsSchema?: InputSchema;
  querySchema?: InputSchema;
}

/** A value with its object keys sorted and undefined fields left out, so equal inputs print equally. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/** What a route reads of `input`: the schema's output, or `whenUndeclared` when the route names no schema. */
function readBy(
  schema: InputSchema | undefined,
  input: unknown,
  whenUndeclared: unknown,
): { ok: true; value: unknown } | { ok: false } {
  if (!schema) return { ok: true, value: canonical(whenUndeclared) };
  const result = schema.safeParse(input ?? {});
  return result.success ? { ok: true, value: canonical(result.data) } : { ok: false };
}

/**
 * The response cache's key for a request: the route and what its handler reads, as its schemas parse them. An
 * unknown query parameter (`&nc=123`), a different order of the known ones, blanks or a default spelt out all
 * give the same key, so a client cannot fill the cache with copies of one answer. Undefined when the input
 * does not parse: the handler answers 400 and nothing is cached.
 */
export function cacheKey(input: CacheKeyInput): string | undefined {
  // Path parameters are part of the route, so they count even without a schema; a query string counts only
  // through the schema the route declares for it (a route that reads its query must declare that schema).
  const params = readBy(input.paramsSchema, input.params, input.params ?? {});
  const query = readBy(input.querySchema, input.query, {});
  if (!params.ok || !query.ok) return undefined;
  return `${input.route} ${JSON.stringify(params.value)} ${JSON.stringify(query.value)}`;
}
