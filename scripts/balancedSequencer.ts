import { statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Splits files between shards (`vitest run --shard=i/n`) by their expected length instead of Vitest's default, which
 * hands each shard the same number of files picked by a hash of their paths: the browser journeys run two shards side
 * by side (scripts/test.sh), and a hash can give one shard most of the long journeys, so the run takes as long as its
 * slowest shard. A file's size stands in for its length (a fresh clone has no recorded durations, and in the journeys
 * size follows the number of pages visited). Longest first, each to the lightest shard so far; deterministic, so every
 * shard process computes the same split.
 */
export default class BalancedSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const bySize = files
      .map((spec) => ({ spec, size: statSync(spec.moduleId).size }))
      .sort((a, b) => b.size - a.size || a.spec.moduleId.localeCompare(b.spec.moduleId));
    const loads = Array.from({ length: count }, () => 0);
    const mine: TestSpecification[] = [];
    for (const { spec, size } of bySize) {
      const lightest = loads.indexOf(Math.min(...loads));
      loads[lightest] += size;
      if (lightest === index - 1) mine.push(spec);
    }
    return mine;
  }
}
