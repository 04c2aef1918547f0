/**
 * fast-check settings every property test passes, so a failure seen once (in CI, on a fresh clone) can be replayed.
 * fast-check picks a new seed per run; a failure names the seed and the path to the shrunk counterexample, and
 * `FC_SEED=<seed> FC_PATH=<path> npx vitest run <file> -t '<test name>'` runs exactly that case again. FC_SEED alone
 * runs the whole property with that seed (its generation and shrinking).
 */
import type fc from 'fast-check';

// Tests of packages/shared import this too, and that package is type-checked without Node's types.
declare const process: { env: Record<string, string | undefined> };

function seedFromEnvironment(): number | undefined {
  const text = process.env.FC_SEED;
  if (text === undefined || text === '') return undefined;
  const seed = Number(text);
  if (!Number.isSafeInteger(seed))
    throw new Error(`FC_SEED must be the integer seed fast-check reported, not '${text}'`);
  return seed;
}

/** The run parameters from FC_SEED and FC_PATH, merged over the property's own (numRuns, …). */
export function propertyParameters<T>(own: fc.Parameters<T> = {}): fc.Parameters<T> {
  const seed = seedFromEnvironment();
  const path = process.env.FC_PATH || undefined;
  if (path !== undefined && seed === undefined)
    throw new Error('FC_PATH replays a failure only with its FC_SEED');
  return {
    ...own,
    ...(seed !== undefined ? { seed } : {}),
    ...(path !== undefined ? { path, endOnFailure: true } : {}),
  };
}

/** What to rerun for a failed `fc.check`: its seed and counterexample path, as an FC_SEED/FC_PATH line. */
export function replayHint(result: Pick<fc.RunDetails<unknown>, 'seed' | 'counterexamplePath'>): string {
  return `replay with FC_SEED=${result.seed} FC_PATH=${result.counterexamplePath ?? ''}`;
}
