import autocannon from 'autocannon';

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p975: number;
  p99: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** Responses other than 2xx that the scenario did not expect. */
  unexpected: number;
  /** Scenario-specific counters (orders created, sold-out refusals …). */
  notes: string[];
}

/** One request of a scenario: how to build it, and what to remember from its answer. */
export interface Step {
  method?: 'GET' | 'POST';
  /** Path plus body and headers for this call; null restarts the cycle (e.g. nothing to pay for). */
  build(
    context: Record<string, unknown>,
  ): { path: string; body?: unknown; headers?: Record<string, string> } | null;
  onResponse?(status: number, body: string, context: Record<string, unknown>): void;
  /** Statuses that are a correct answer under load (a sold-out product's 409), not a failure. */
  expectedStatuses?: number[];
}

/** Drives `baseUrl` with autocannon, each connection looping through `steps` in order. */
export async function drive(
  name: string,
  baseUrl: string,
  steps: Step[],
  settings: LoadSettings,
): Promise<LoadResult> {
  let unexpected = 0;
  const requests = steps.map((step) => ({
    method: step.method ?? 'GET',
    setupRequest(request: Record<string, unknown>, context: Record<string, unknown>) {
      const built = step.build(context);
      if (!built) return null;
      request.path = built.path;
      request.headers = {
        ...(built.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...built.headers,
      };
      if (built.body !== undefined) request.body = JSON.stringify(built.body);
      return request;
    },
    onResponse(status: number, body: string, context: Record<string, unknown>) {
      if ((status < 200 || status > 299) && !step.expectedStatuses?.includes(status)) unexpected += 1;
      step.onResponse?.(status, body, context);
    },
  }));
  const result = await autocannon({
    url: baseUrl,
    connections: settings.connections,
    duration: settings.durationSeconds,
    // autocannon's typings only describe plain objects; the hooks above follow its documented signatures.
    requests: requests as unknown as autocannon.Request[],
  });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    unexpected,
    notes: [],
  };
}

/** Round-robin over a list, shared by every connection of a run. */
export function rotation<T>(items: T[]): () => T {
  let next = 0;
  return () => items[next++ % items.length];
}
