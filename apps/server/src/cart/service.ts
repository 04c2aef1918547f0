import {
  cartMessages,
  cartTotals,
  isLineInStock,
  lineTotal,
  MAX_UNITS_PER_PRODUCT,
  maxUnitsMessage,
  variantMessages,
  type AddToCartInput,
  type ChangeCartVariantInput,
  type CartLine,
  type CartProductInfo,
  type CartResponse,
  type CartShopGroup,
  type LineVariant,
  type OutOfStockLine,
} from '@bazaar/shared';
import type { DB } from '../db/database';
import { badRequest, notFound, type HttpError } from '../http/errors';
import { chooseVariant } from '../catalog/variantChoice';
import * as repo from './repository';
import type { CartLineRow } from './repository';

/** "Out of stock" for a product without sizes (the spec's text), "Size M is sold out" for a sold-out size. */
function outOfStock(variant: { size: string | null; stock: number }): HttpError {
  return badRequest(
    variant.size !== null && variant.stock <= 0
      ? variantMessages.sizeSoldOut(variant.size)
      : cartMessages.outOfStock,
    'OUT_OF_STOCK',
  );
}

/**
 * Adds units of one variant: the one named, or the default variant of a product without sizes (a product with
 * sizes needs one: SIZE_REQUIRED). The caps are the variant's stock and MAX_UNITS_PER_PRODUCT per line.
 */
export async function addToCart(
  db: DB,
  customerId: number,
  { productId, quantity, variantId }: AddToCartInput,
): Promise<void> {
  const found = await repo.purchasableVariant(db, productId, variantId);
  if (!found) throw notFound(cartMessages.productNotFound);
  const variant = chooseVariant(found, variantId);
  if (quantity > MAX_UNITS_PER_PRODUCT) throw badRequest(maxUnitsMessage(variant.size), 'QUANTITY_LIMIT');
  if (await repo.addOrRaiseLine(db, customerId, { productId, variantId: variant.id }, quantity)) return;
  const inCart = (await repo.lineQuantity(db, customerId, { variantId: variant.id })) ?? 0;
  throw inCart + quantity > MAX_UNITS_PER_PRODUCT
    ? badRequest(maxUnitsMessage(variant.size), 'QUANTITY_LIMIT')
    : outOfStock(variant);
}

/**
 * Changes a line's variant (another size of the same product, in stock). When the shopper already has a line of
 * that size, the line merges into it (quantities added, up to the stock and MAX_UNITS_PER_PRODUCT) and goes.
 */
export async function changeVariant(
  db: DB,
  customerId: number,
  lineId: number,
  { variantId }: ChangeCartVariantInput,
): Promise<void> {
  const line = await repo.findLine(db, customerId, lineId);
  if (!line) throw notFound(cartMessages.lineNotFound);
  if (line.variant_id === variantId) return;
  const found = await repo.purchasableVariant(db, line.product_id, variantId);
  const target = found && chooseVariant(found, variantId);
  if (!target) throw notFound(cartMessages.productNotFound);
  if (target.stock <= 0) throw outOfStock(target);
  const changed = await db.transaction().execute(async (trx) => {
    if (await repo.raiseLineOfVariant(trx, customerId, variantId, line.quantity))
      return repo.deleteLine(trx, customerId, lineId);
    return repo.moveLineToVariant(trx, customerId, lineId, variantId);
  });
  // The line went meanwhile (another tab) or the size sold out since it was read.
  if (!changed) await refuse(db, customerId, lineId, () => outOfStock({ size: target.size, stock: 0 }));
}

/**
 * What the line can still be bought in: its variant's stock, or none while the product is hidden (its seller
 * suspended, or the product drafted or archived), so the line sits with the sold-out lines, outside the totals,
 * until the product is back.
 */
function buyableStock(row: CartLineRow): number {
  return row.visible === 1 ? row.variantStock : 0;
}

function toVariant(row: CartLineRow): LineVariant {
  return { _id: row.variantId, size: row.size, colour: row.colour, stock: buyableStock(row) };
}

/**
 * The line's product; its `stock` is the line's variant's stock (what "Only N left", the stepper and the
 * out-of-stock section go by), which for a product without sizes is the product's stock, as before.
 */
function toProductInfo(row: CartLineRow, images: string[]): CartProductInfo {
  return {
    _id: row.productId,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    price: row.price,
    discount: row.discount,
    stock: buyableStock(row),
    rating: row.rating,
    images,
    shopName: row.shopName,
    sellerId: row.sellerId,
    category: row.category,
  };
}

/**
 * Shapes the cart the spec's way: in-stock lines grouped by shop (in the order their first line was added),
 * sold-out lines apart, and totals computed here from database prices, never from anything the client sent.
 */
export function buildCartView(
  rows: readonly CartLineRow[],
  images: ReadonlyMap<number, string[]>,
): CartResponse {
  const groups = new Map<number, CartShopGroup>();
  const outOfStockProduct: OutOfStockLine[] = [];
  const buyable: CartLineRow[] = [];
  for (const row of rows) {
    const productInfo = toProductInfo(row, images.get(row.productId) ?? []);
    const variant = toVariant(row);
    if (!isLineInStock(variant.stock)) {
      outOfStockProduct.push({ _id: row.lineId, quantity: row.quantity, products: [productInfo], variant });
      continue;
    }
    buyable.push(row);
    const line: CartLine = { _id: row.lineId, quantity: row.quantity, productInfo, variant };
    const group = groups.get(row.sellerId);
    if (group) {
      group.products.push(line);
      group.price += lineTotal(row);
    } else {
      groups.set(row.sellerId, {
        sellerId: row.sellerId,
        shopName: row.shopName,
        price: lineTotal(row),
        products: [line],
      });
    }
  }
  const totals = cartTotals(buyable);
  return {
    card_products: [...groups.values()],
    price: totals.price,
    card_product_count: rows.length,
    shipping_fee: totals.shipping_fee,
    outOfStockProduct,
    buy_product_item: totals.items,
  };
}

/** Two queries whatever the cart holds: the lines with their products, then all their images. */
export async function getCart(db: DB, customerId: number): Promise<CartResponse> {
  const rows = await repo.listCartLines(db, customerId);
  const images = await repo.imagesByProduct(
    db,
    rows.map((row) => row.productId),
  );
  return buildCartView(rows, images);
}

/**
 * Tells "not your line" (404) from "a rule refused it" (400) after a conditional update changed nothing; `refusal`
 * picks the rule from the line's quantity.
 */
async function refuse(
  db: DB,
  customerId: number,
  lineId: number,
  refusal: (quantity: number) => HttpError,
): Promise<never> {
  const quantity = await repo.lineQuantity(db, customerId, { lineId });
  if (quantity === undefined) throw notFound(cartMessages.lineNotFound);
  throw refusal(quantity);
}

export async function increaseQuantity(db: DB, customerId: number, lineId: number): Promise<void> {
  if (await repo.incrementLine(db, customerId, lineId)) return;
  const line = await repo.findLine(db, customerId, lineId);
  if (!line) throw notFound(cartMessages.lineNotFound);
  if (line.quantity < MAX_UNITS_PER_PRODUCT) throw badRequest(cartMessages.outOfStock, 'OUT_OF_STOCK');
  const variant = await repo.purchasableVariant(db, line.product_id, line.variant_id);
  throw badRequest(maxUnitsMessage(variant?.size), 'QUANTITY_LIMIT');
}

export async function decreaseQuantity(db: DB, customerId: number, lineId: number): Promise<void> {
  if (!(await repo.decrementLine(db, customerId, lineId)))
    await refuse(db, customerId, lineId, () => badRequest(cartMessages.quantityBelowOne, 'QUANTITY_LIMIT'));
}

export async function removeLine(db: DB, customerId: number, lineId: number): Promise<void> {
  if (!(await repo.deleteLine(db, customerId, lineId))) throw notFound(cartMessages.lineNotFound);
}

export async function removeSoldOutLines(db: DB, customerId: number): Promise<number> {
  return repo.deleteSoldOutLines(db, customerId);
}
