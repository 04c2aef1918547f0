import { expect, it } from 'vitest';
import type { ProductDetailsResponse, ProductDto } from '@bazaar/shared';
import { seedDatabase } from '@bazaar/seed';
import type { DatabaseHandle } from '../src/db/database';
import {
  COUNTED_SHOP_SET_UPS,
  type CountedShop,
  describeShop,
  eventually,
  openCountedShop,
  testDialect,
} from './harness';
import { newIdempotencyKey, savedAddressId, signInNewCustomer } from './orders-fixtures';

/**
 * A product page's carousels (similar, related, more from the shop) depend on the product's shelf and shop, not on
 * the product, so the pages of one shelf share them (kept in memory, cache/catalogueMemo.ts) instead of reading
 * eight lists and 24 products' pictures each. Kept, they still follow the shop: an order of a product they show
 * changes its stock on the next page, a product that sells out leaves the in-stock carousels, and one that comes
 * back (a cancellation) returns to them. In one process, and across two sharing Redis (orders on one, pages read
 * on the other).
 */

/** The shelf under test: its most popular product (two units left, in one size) and five others of it. */
interface Shelf {
  star: { id: number; variantId: number };
  others: { id: number; slug: string }[];
}

/**
 * Picks a shown subcategory with at least six products and makes one of them its most popular product with two
 * units left, before the server starts: similar carousels of that shelf lead with it while it is in stock.
 */
async function prepareShelf({ db }: DatabaseHandle): Promise<Shelf> {
  const products = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('categories as g', 'g.id', 'c.parent_id')
    .select(['p.id', 'p.slug', 'p.category_id', 'p.size_system'])
    .where('p.visible', '=', 1)
    .where('c.hidden', '=', 0)
    .where('g.hidden', '=', 0)
    .orderBy('p.id')
    .execute();
  const byShelf = new Map<number, typeof products>();
  for (const product of products)
    byShelf.set(product.category_id, [...(byShelf.get(product.category_id) ?? []), product]);
  const shelf = [...byShelf.values()].find(
    (members) => members.length >= 6 && members.some((product) => product.size_system !== null),
  );
  if (!shelf) throw new Error('the seed has no shelf of six products with sizes');
  const star = shelf.find((product) => product.size_system !== null)!;
  const [size] = await db
    .selectFrom('product_variants')
    .select('id')
    .where('product_id', '=', star.id)
    .orderBy('id')
    .execute();
  await db.updateTable('product_variants').set({ stock: 0 }).where('product_id', '=', star.id).execute();
  await db.updateTable('product_variants').set({ stock: 2 }).where('id', '=', size.id).execute();
  await db
    .updateTable('products')
    .set({ stock: 2, review_count: 1_000_000 })
    .where('id', '=', star.id)
    .execute();
  return {
    star: { id: star.id, variantId: size.id },
    others: shelf.filter((product) => product.id !== star.id).map(({ id, slug }) => ({ id, slug })),
  };
}

interface Shop extends CountedShop {
  shelf: Shelf;
}

/** The tests each set-up of the shop runs (`describeShop`). */
function carouselTests(shop: Shop) {
  /** A product page as the reader answers it, with the statements it ran. */
  async function page(ref: string | number) {
    shop.queries.count = 0;
    const response = await shop.reader.get(`/home/get-product/${ref}`);
    expect(response.status, String(ref)).toBe(200);
    return { body: response.body as ProductDetailsResponse, statements: shop.queries.count };
  }
  const starIn = (products: ProductDto[]) => products.find((product) => product._id === shop.shelf.star.id);
  /** The stock the page's similar carousel shows for the star: undefined when it is not there. */
  const starStock = async (ref: string) => starIn((await page(ref)).body.similarProducts)?.stock;
  /** Reads the page until its similar carousel shows the star with `stock` (undefined: not at all). */
  async function expectStar(ref: string, stock: number | undefined) {
    expect(
      await eventually(
        () => starStock(ref),
        (shown) => shown === stock,
      ),
      ref,
    ).toBe(stock);
  }

  /** Buys one unit of the shelf's most popular product, through the writer, as a new shopper. */
  async function buyStar() {
    const buyer = await signInNewCustomer(shop.writer);
    const placed = await buyer.post('/home/order/palce-order', {
      addressId: await savedAddressId(buyer),
      idempotencyKey: newIdempotencyKey(),
      buyNow: { productId: shop.shelf.star.id, variantId: shop.shelf.star.variantId, quantity: 1 },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return { buyer, orderId: placed.body.orderId as string };
  }

  it('pages of one shelf share its carousels, which follow an order, a sell-out and a cancellation', async () => {
    const [first, second, third, fourth, fifth] = shop.shelf.others;
    const firstPage = await page(first.slug);
    expect(starIn(firstPage.body.similarProducts)?.stock).toBe(2);
    for (const carousel of [
      firstPage.body.similarProducts,
      firstPage.body.relatedProducts,
      firstPage.body.moreProducts,
    ])
      expect(carousel.map((product) => product._id)).not.toContain(first.id);
    // Another page of the shelf reads its own product, not the carousels again, and leaves itself out.
    const secondPage = await page(second.slug);
    expect(starIn(secondPage.body.similarProducts)?.stock).toBe(2);
    expect(secondPage.body.similarProducts.map((product) => product._id)).not.toContain(second.id);
    expect(secondPage.statements).toBeLessThan(firstPage.statements);

    // One unit sold, one left: pages show the stock now, the page read before and one never read.
    await buyStar();
    for (const ref of [first.slug, third.slug]) await expectStar(ref, 1);

    // Sold out: it leaves the in-stock carousel.
    const { buyer, orderId } = await buyStar();
    await expectStar(fourth.slug, undefined);

    // Back in stock: it returns to a page computed afresh, though no carousel kept since showed it, and to the
    // page kept without it.
    const cancelled = await buyer.post(`/home/customer/cancel-order/${orderId}`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    for (const ref of [fifth.slug, fourth.slug]) await expectStar(ref, 1);
  });
}

/** Seeds the shop, prepares the shelf, and hands the shelf to the test. */
function seededWithShelf() {
  let shelf: Shelf | undefined;
  return {
    prepare: async (database: DatabaseHandle) => {
      await seedDatabase(database, { products: 160 });
      shelf = await prepareShelf(database);
    },
    shelf: () => shelf!,
  };
}

for (const setUp of COUNTED_SHOP_SET_UPS)
  describeShop(
    `${setUp} (${testDialect})`,
    async () => {
      const seeded = seededWithShelf();
      const { shop, close } = await openCountedShop(seeded.prepare, setUp);
      return { shop: { ...shop, shelf: seeded.shelf() }, close };
    },
    carouselTests,
  );
