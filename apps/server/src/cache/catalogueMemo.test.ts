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

  it('keeps counts of sizes in stock across orders that leave every size in stock', async () => {
    const changes = CatalogueChangeLog.inProcess(60_000, log);
    const memo = new CatalogueMemo(changes, 60_000);
    const counts = { computed: 0 };
    const sizeCounts = () =>
      memo.get('facet:size', async () => ++counts.computed, { sizesIn: { categoryIds: [11] } });
    const brandCounts = () => memo.get('facet:brand', async () => ++counts.computed);
    await Promise.all([sizeCounts(), brandCounts()]);
    changes.record({ kind: 'stock', productIds: [7] });
    await Promise.all([sizeCounts(), brandCounts()]);
    expect(counts.computed).toBe(2);

    // A size sold out in another category, then in this one: only the size counts of this one go.
    changes.record({
      kind: 'stock',
      productIds: [8],
      sizesMovedIn: [{ categoryId: 40, brand: 'W', colour: 'Red' }],
    });
    await sizeCounts();
    expect(counts.computed).toBe(2);
    changes.record({
      kind: 'stock',
      productIds: [7],
      sizesMovedIn: [{ categoryId: 11, brand: 'W', colour: 'Red' }],
    });
    expect(await sizeCounts()).toBe(3);
    await brandCounts();
    expect(counts.computed).toBe(3);
  });

  it('keeps a pick of in-stock products until a sold-out one of its categories comes back', async () => {
    const changes = CatalogueChangeLog.inProcess(60_000, log);
    const memo = new CatalogueMemo(changes, 60_000);
    const picks = { computed: 0 };
    const carousel = () =>
      memo.get('carousel:similar:11', async () => [++picks.computed], {
        inStockFrom: [11],
        productsShown: () => [7],
      });
    await carousel();
    // A size of a product still on sale sold out there; a product sold out elsewhere came back.
    changes.record({
      kind: 'stock',
      productIds: [8],
      sizesMovedIn: [{ categoryId: 11, brand: 'W', colour: 'Red' }],
    });
    changes.record({
      kind: 'stock',
      productIds: [9],
      sizesMovedIn: [{ categoryId: 40, brand: 'W', colour: 'Red' }],
      backInStockIn: [40],
    });
    await carousel();
    expect(picks.computed).toBe(1);
    changes.record({
      kind: 'stock',
      productIds: [8],
      sizesMovedIn: [{ categoryId: 11, brand: 'W', colour: 'Red' }],
      backInStockIn: [11],
    });
    expect(await carousel()).toEqual([2]);
  });
});
