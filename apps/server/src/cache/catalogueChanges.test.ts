import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { CatalogueChangeLog, coveringScope, type EntryStamp, type SizesScope } from './catalogueChanges';

// A logger that writes nothing (the app's own, with logging off).
const log = Fastify({ logger: false }).log;
const stampShowing = (changes: CatalogueChangeLog, stockOf: number[]): EntryStamp => ({
  ...changes.stampNow(),
  stockOf,
});

describe('CatalogueChangeLog (in one process)', () => {
  it('retires, on a stock change, only the answers showing that product', () => {
    const changes = CatalogueChangeLog.inProcess(60_000, log);
    const page = stampShowing(changes, [7, 8]);
    const otherListing = stampShowing(changes, [9]);
    const categories = stampShowing(changes, []);
    changes.record({ kind: 'stock', productIds: [8] });
    expect(changes.currentLocally(page)).toBe(false);
    expect(changes.currentLocally(otherListing)).toBe(true);
    expect(changes.currentLocally(categories)).toBe(true);
    // Computed after the change, the page is current again.
    expect(changes.currentLocally(stampShowing(changes, [7, 8]))).toBe(true);
  });

  it('retires everything on any other catalogue change', () => {
    const changes = CatalogueChangeLog.inProcess(60_000, log);
    const stamps = [stampShowing(changes, [1]), stampShowing(changes, [])];
    changes.record({ kind: 'catalogue' });
    for (const stamp of stamps) expect(changes.currentLocally(stamp)).toBe(false);
  });

  it('retires, on a banner change, only the answers showing the banners', () => {
    const changes = CatalogueChangeLog.inProcess(60_000, log);
    const banners = { ...stampShowing(changes, []), banners: true };
    const listing = stampShowing(changes, [1]);
    changes.record({ kind: 'banners' });
    expect(changes.currentLocally(banners)).toBe(false);
    expect(changes.currentLocally(listing)).toBe(true);
    expect(changes.currentLocally({ ...stampShowing(changes, []), banners: true })).toBe(true);
    // A change of the whole catalogue retires the banner answer too.
    const again = { ...stampShowing(changes, []), banners: true };
    changes.record({ kind: 'catalogue' });
    expect(changes.currentLocally(again)).toBe(false);
  });

  it('retires what counts sizes in stock only when a size moved where it counts', () => {
    const changes = CatalogueChangeLog.inProcess(60_000, log);
    const counting = (sizesIn: SizesScope): EntryStamp => ({ ...stampShowing(changes, []), sizesIn });
    const kurtas = counting({ categoryIds: [11, 12] });
    const biba = counting({ categoryIds: [11], brands: ['Biba'] });
    const blackOrNavy = counting({ colours: ['Black', 'Navy Blue'] });
    const everything = counting({});
    const stamps = [kurtas, biba, blackOrNavy, everything];

    // An order that leaves every size in stock retires none of them.
    changes.record({ kind: 'stock', productIds: [7] });
    for (const stamp of stamps) expect(changes.currentLocally(stamp)).toBe(true);

    // A Libas kurta in Navy Blue sold out a size.
    changes.record({
      kind: 'stock',
      productIds: [8],
      sizesMovedIn: [{ categoryId: 12, brand: 'Libas', colour: 'navy blue' }],
    });
    expect(changes.currentLocally(kurtas)).toBe(false);
    expect(changes.currentLocally(biba)).toBe(true);
    expect(changes.currentLocally(blackOrNavy)).toBe(false);
    expect(changes.currentLocally(everything)).toBe(false);
    // Elsewhere in the catalogue: only what may count anything.
    const kurtasAgain = counting({ categoryIds: [11, 12] });
    const everythingAgain = counting({});
    changes.record({
      kind: 'stock',
      productIds: [9],
      sizesMovedIn: [{ categoryId: 40, brand: 'Biba', colour: 'Black' }],
    });
    expect(changes.currentLocally(kurtasAgain)).toBe(true);
    expect(changes.currentLocally(everythingAgain)).toBe(false);
    // A scope naming no category lets nothing through.
    expect(changes.currentLocally(counting({ categoryIds: [] }))).toBe(true);
  });

  it('retires what picks in-stock products of a category when a sold-out one there comes back, and only then', () => {
    const changes = CatalogueChangeLog.inProcess(60_000, log);
    const pickingFrom = (inStockFrom: number[]): EntryStamp => ({
      ...stampShowing(changes, [1]),
      inStockFrom,
    });
    const kurtaPage = pickingFrom([11, 12]);
    const sareePage = pickingFrom([40]);
    // A size selling out or coming back while the product stays on sale changes no carousel it is not in.
    changes.record({
      kind: 'stock',
      productIds: [8],
      sizesMovedIn: [{ categoryId: 12, brand: 'Libas', colour: 'Navy Blue' }],
    });
    expect(changes.currentLocally(kurtaPage)).toBe(true);
    changes.record({
      kind: 'stock',
      productIds: [8],
      sizesMovedIn: [{ categoryId: 12, brand: 'Libas', colour: 'Navy Blue' }],
      backInStockIn: [12],
    });
    expect(changes.currentLocally(kurtaPage)).toBe(false);
    expect(changes.currentLocally(sareePage)).toBe(true);
    expect(changes.currentLocally(pickingFrom([11, 12]))).toBe(true);
  });

  it('keeps, of scopes read together, only the facets every one of them names', () => {
    expect(coveringScope([undefined, undefined])).toBeUndefined();
    expect(
      coveringScope([
        { categoryIds: [1], brands: ['Biba'] },
        undefined,
        { categoryIds: [2], colours: ['Black'] },
      ]),
    ).toEqual({ categoryIds: [1, 2] });
    expect(coveringScope([{ brands: ['Biba'] }, {}])).toEqual({});
  });

  it('never trusts a shared stamp without Redis', () => {
    const changes = CatalogueChangeLog.inProcess(60_000, log);
    expect(changes.sharedUsable).toBe(false);
    expect(changes.currentShared(stampShowing(changes, []))).toBe(false);
  });
});
