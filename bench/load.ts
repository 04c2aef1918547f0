import autocannon from 'autocannon';

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  /** Stop after this many requests instead of after `durationSeconds`. */
  requests?: number;
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
  onResponse?(
    status: number,
    body: string,
    context: Record<string, unknown>,
    headers: Record<string, string>,
  ): void;
  /** Statuses that are a correct answer under load (a sold-out product's 409), not a failure. */
  expectedStatuses?: number[];
  /** Receives each answer's latency in ms, when a scenario reports some of its steps apart from the rest. */
  latencies?: number[];
}

/** The percentile `q` (0–1) of a list of latencies. */
export function percentile(latencies: readonly number[], q: number): number {
  if (!latencies.length) return 0;
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
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
      // A connection sends its next request only once the previous one has answered, so one slot is enough.
      context.sentAt = performance.now();
      request.path = built.path;
      request.headers = {
        ...(built.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...built.headers,
      };
      if (built.body !== undefined) request.body = JSON.stringify(built.body);
      return request;
    },
    onResponse(
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string>,
    ) {
      if ((status < 200 || status > 299) && !step.expectedStatuses?.includes(status)) unexpected += 1;
      step.latencies?.push(performance.now() - Number(context.sentAt));
      step.onResponse?.(status, body, context, headers);
    },
  }));
  const result = await autocannon({
    url: baseUrl,
    connections: settings.connections,
    duration: settings.durationSeconds,
    ...(settings.requests !== undefined ? { amount: settings.requests } : {}),
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

/** How the response cache answered a run's reads (its X-Cache header: HIT and STALE are answers from the cache). */
export class CacheTally {
  hits = 0;
  misses = 0;

  count(headers: Record<string, string>): void {
    const state = headers['x-cache'];
    if (state === 'HIT' || state === 'STALE') this.hits += 1;
    else if (state === 'MISS') this.misses += 1;
  }

  reset(): void {
    this.hits = 0;
    this.misses = 0;
  }

  get hitRatio(): number {
    return this.hits / Math.max(1, this.hits + this.misses);
  }

  describe(): string {
    return `cache hit ratio ${(this.hitRatio * 100).toFixed(1)} % (${this.hits} hits, ${this.misses} misses)`;
  }
}
