import {
  cartMessages,
  cartTotals,
  isLineInStock,
  lineTotal,
  MAX_UNITS_MESSAGE,
  MAX_UNITS_PER_PRODUCT,
  type AddToCartInput,
  type CartLine,
  type CartProductInfo,
  type CartResponse,
  type CartShopGroup,
  type OutOfStockLine,
} from '@bazaar/shared';
import type { DB } from '../db/database';
import { badRequest, notFound, type HttpError } from '../http/errors';
import * as repo from './repository';
import type { CartLineRow } from './repository';

export async function addToCart(
  db: DB,
  customerId: number,
  { productId, quantity }: AddToCartInput,
): Promise<void> {
  const product = await repo.findProductStock(db, productId);
  if (!product) throw notFound(cartMessages.productNotFound);
  if (quantity > MAX_UNITS_PER_PRODUCT) throw badRequest(MAX_UNITS_MESSAGE, 'QUANTITY_LIMIT');
  if (await repo.addOrRaiseLine(db, customerId, productId, quantity)) return;
  const inCart = (await repo.lineQuantity(db, customerId, { productId })) ?? 0;
  throw inCart + quantity > MAX_UNITS_PER_PRODUCT
    ? badRequest(MAX_UNITS_MESSAGE, 'QUANTITY_LIMIT')
    : badRequest(cartMessages.outOfStock, 'OUT_OF_STOCK');
}

function toProductInfo(row: CartLineRow, images: string[]): CartProductInfo {
  return {
    _id: row.productId,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    price: row.price,
    discount: row.discount,
    stock: row.stock,
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
    if (!isLineInStock(row.stock)) {
      outOfStockProduct.push({ _id: row.lineId, quantity: row.quantity, products: [productInfo] });
      continue;
    }
    buyable.push(row);
    const line: CartLine = { _id: row.lineId, quantity: row.quantity, productInfo };
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
  if (!(await repo.incrementLine(db, customerId, lineId)))
    await refuse(db, customerId, lineId, (quantity) =>
      quantity >= MAX_UNITS_PER_PRODUCT
        ? badRequest(MAX_UNITS_MESSAGE, 'QUANTITY_LIMIT')
        : badRequest(cartMessages.outOfStock, 'OUT_OF_STOCK'),
    );
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
