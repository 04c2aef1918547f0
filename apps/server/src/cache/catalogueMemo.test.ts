import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { CatalogueChangeLog } from './catalogueChanges';
import { CatalogueMemo } from './catalogueMemo';

const log = Fastify({ logger: false }).log;

/** A computation that finishes when the test says, counting how often it was started. */
function gate<T>(value: T) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const started = { count: 0 };
  const compute = async () => {
    started.count += 1;
    await opened;
    return value;
  };
  return { compute, open, started };
}

describe('CatalogueMemo', () => {
  it('runs one computation for callers that miss together, and keeps its value', async () => {
    const memo = new CatalogueMemo(CatalogueChangeLog.inProcess(60_000, log), 60_000);
    const brands = gate(['Biba', 'W']);
    const answers = Promise.all([
      memo.get('vocabulary', brands.compute),
      memo.get('vocabulary', brands.compute),
    ]);
    brands.open();
    expect(await answers).toEqual([
      ['Biba', 'W'],
      ['Biba', 'W'],
    ]);
    expect(brands.started.count).toBe(1);
    expect(await memo.get('vocabulary', brands.compute)).toEqual(['Biba', 'W']);
    expect(brands.started.count).toBe(1);
  });

  it('does not hand a caller that came after a change the computation started before it', async () => {
    const changes = CatalogueChangeLog.inProcess(60_000, log);
    const memo = new CatalogueMemo(changes, 60_000);
    const before = gate(['Biba']);
    const first = memo.get('vocabulary', before.compute);
    changes.record({ kind: 'catalogue' });
    const after = gate(['Biba', 'Libas']);
    const second = memo.get('vocabulary', after.compute);
    before.open();
    after.open();
    expect(await first).toEqual(['Biba']);
    expect(await second).toEqual(['Biba', 'Libas']);
    // The value computed before the change is not kept; the one after it is.
    expect(await memo.get('vocabulary', gate([]).compute)).toEqual(['Biba', 'Libas']);
  });
});
