import { createHash } from 'node:crypto';
import {
  cartTotals,
  isLineInStock,
  MAX_UNITS_PER_PRODUCT,
  openUnpaidOrdersMessage,
  orderMessages,
  PAYMENT_STATUS,
  shortageMessage,
  unitCapMessage,
  type DeliveryStatus,
  type Order,
  type OrderStatusFilter,
  type PaymentStatus,
  type PaymentStatusResponse,
  type PlaceOrderInput,
  type PlaceOrderResponse,
} from '@bazaar/shared';
import type { Insertable, Kysely } from 'kysely';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { Database } from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { findAddress } from '../addresses/repository';
import { paymentStatusesOf } from '../payments/status';
import { hsnCodeFor } from './hsn';
import { invoiceFileName, renderInvoice } from './invoice';
import { newOrderCode } from './orderCode';
import * as repo from './repository';
import type { OrderItemTable } from './tables';

const NEW_ORDER_DELIVERY_STATUS: DeliveryStatus = 'pending';
const CANCELLED: DeliveryStatus = 'cancelled';
const OPEN_UNPAID_STATUSES = { notPaid: PAYMENT_STATUS.notPaid, cancelled: CANCELLED };

/**
 * How long a checkout sent without an idempotency key counts as a repeat of the same earlier one (a double click,
 * a resubmitted form, a client's automatic retry): it gets that order back instead of a second one.
 */
const REPEATED_SUBMISSION_SECONDS = 10;

interface RequestedLine {
  productId: number;
  quantity: number;
}

/** What a placement needs besides the request: the customer, the database dialect and the limits. */
interface Placement {
  customerId: number;
  dialect: AppContext['dialect'];
  maxOpenUnpaidOrders: number;
  reservationMinutes: number;
}

interface TakenLine extends RequestedLine {
  product: repo.ProductForOrder;
}

type PlacedOrder = { order_code: string; price: number; shipping_fee: number; items: number };

function placedResponse(order: PlacedOrder): PlaceOrderResponse {
  return {
    orderId: order.order_code,
    message: orderMessages.placed,
    price: order.price + order.shipping_fee,
    items: order.items,
  };
}

/**
 * Thrown inside the order transaction to roll it back: this order was already made by the same idempotency key, or
 * without a key by the same submission moments ago.
 */
class OrderAlreadyPlaced extends Error {
  constructor(readonly order: PlacedOrder) {
    super('order already placed by the same request');
  }
}

/** Thrown inside the order transaction to roll it back: the random order code is taken; try another. */
class OrderCodeTaken extends Error {
  constructor() {
    super('the new order code is already taken');
  }
}

/** Random codes clash about once in a billion orders, so a few tries are plenty; more would hide a bug. */
const ORDER_CODE_ATTEMPTS = 5;

/**
 * Places an order for the signed-in customer: the cart lines and Buy Now items the request lists, or without any
 * the whole in-stock cart. Prices, stock and the address are read from the database; nothing about money comes from
 * the client. A repeated idempotency key returns the order the first request made, even when both arrive at once;
 * without a key, the same submission repeated within REPEATED_SUBMISSION_SECONDS does the same. A customer's
 * placements run one at a time, so the cap on open unpaid orders holds however many arrive together.
 *
 * The usual order is one transaction of four statements (Buy Now) after the customer's lock (PostgreSQL only): take
 * the stock and read the product, insert the order with its address, its seller parts, its lines. Lookups happen
 * only on the way to a refusal (and, for a request without a key, the one looking for a repeat).
 */
export async function placeOrder(
  ctx: AppContext,
  customerId: number,
  input: PlaceOrderInput,
): Promise<PlaceOrderResponse> {
  const placement: Placement = {
    customerId,
    dialect: ctx.dialect,
    maxOpenUnpaidOrders: ctx.config.orders.maxOpenUnpaidOrders,
    reservationMinutes: ctx.config.payments.reservationMinutes,
  };
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction().execute((trx) => createOrder(trx, placement, input));
    } catch (error) {
      if (error instanceof OrderAlreadyPlaced) return placedResponse(error.order);
      if (error instanceof OrderCodeTaken && attempt < ORDER_CODE_ATTEMPTS) continue;
      // A concurrent request with the same key may have committed while this one ran, taking the last units or
      // emptying the cart first. Either way the shopper's order exists — return it.
      const winner =
        input.idempotencyKey !== undefined &&
        (await repo.findOrderByIdempotencyKey(ctx.db, customerId, input.idempotencyKey));
      if (winner) return placedResponse(winner);
      throw error;
    }
  }
}

/** A digest of what a keyless request asked for: the address, the cart lines (or the whole cart) and the items. */
function requestFingerprint(input: PlaceOrderInput): string {
  const asked = {
    addressId: input.addressId,
    cartLineIds: input.cartLineIds ? [...input.cartLineIds].sort((a, b) => a - b) : 'whole cart',
    directItems: [...input.directItems].sort((a, b) => a.productId - b.productId || a.quantity - b.quantity),
  };
  return createHash('sha256').update(JSON.stringify(asked)).digest('base64url');
}

async function createOrder(
  trx: Kysely<Database>,
  placement: Placement,
  input: PlaceOrderInput,
): Promise<PlaceOrderResponse> {
  const { customerId } = placement;
  const addressId = input.addressId!;
  await repo.lockCustomerForOrdering(trx, placement.dialect, customerId);
  const fingerprint = input.idempotencyKey === undefined ? requestFingerprint(input) : null;
  if (fingerprint !== null) {
    const since = new Date(Date.now() - REPEATED_SUBMISSION_SECONDS * 1000).toISOString();
    const repeated = await repo.findRecentOrderByFingerprint(trx, customerId, fingerprint, since);
    if (repeated) throw new OrderAlreadyPlaced(repeated);
  }

  let lines: TakenLine[];
  let cartLineIds: number[];
  try {
    const cart = await orderableCartLines(trx, customerId, input);
    cartLineIds = cart.map((line) => line.lineId);
    const requested = mergeByProduct([...cart, ...input.directItems]);
    await refuseAboveUnitCap(trx, requested);
    lines = await takeStock(trx, requested);
  } catch (error) {
    // A missing address is reported before an empty cart or a sold-out line, as the shopper fixes it first; it is
    // looked up only when refusing anyway (otherwise the order insert below proves it exists).
    if (error instanceof HttpError && !(await findAddress(trx, customerId, addressId)))
      throw notFound(orderMessages.addressNotFound);
    throw error;
  }

  const totals = cartTotals(
    lines.map(({ product, quantity }) => ({ price: product.price, discount: product.discount, quantity })),
  );
  const now = nowIso();
  // Random, so no lookup: the one-in-a-billion clash with an existing code is caught by its unique key below.
  const orderCode = newOrderCode();
  const header: repo.OrderHeader = {
    order_code: orderCode,
    customer_id: customerId,
    price: totals.price,
    shipping_fee: totals.shipping_fee,
    items: totals.items,
    payment_status: PAYMENT_STATUS.notPaid,
    delivery_status: NEW_ORDER_DELIVERY_STATUS,
    // Orders without a client key still need a unique one; a colon keeps it apart from every client key.
    idempotency_key: input.idempotencyKey ?? `order:${orderCode}`,
    request_fingerprint: fingerprint,
    created_at: now,
    updated_at: now,
  };
  const orderId = await repo.insertCustomerOrderFromAddress(trx, header, addressId, {
    ...OPEN_UNPAID_STATUSES,
    max: placement.maxOpenUnpaidOrders,
  });
  if (orderId === undefined) {
    const earlier =
      input.idempotencyKey !== undefined &&
      (await repo.findOrderByIdempotencyKey(trx, customerId, input.idempotencyKey));
    if (earlier) throw new OrderAlreadyPlaced(earlier);
    if (!(await findAddress(trx, customerId, addressId))) throw notFound(orderMessages.addressNotFound);
    if (
      (await repo.countOpenUnpaidOrders(trx, customerId, OPEN_UNPAID_STATUSES)) >=
      placement.maxOpenUnpaidOrders
    )
      throw conflict(openUnpaidOrdersMessage(placement.maxOpenUnpaidOrders, placement.reservationMinutes));
    throw new OrderCodeTaken();
  }

  await writeSellerParts(trx, orderId, lines, now);
  // The lines were read under the customer's lock, but the shopper may delete one meanwhile (another tab); a line
  // that is gone must not be ordered.
  const removed = await repo.removeCartLines(trx, customerId, cartLineIds);
  if (removed < cartLineIds.length) throw badRequest(orderMessages.cartChanged);
  return placedResponse(header);
}

/**
 * The cart lines to order: the listed ones (each must still be in the cart: an earlier order may have taken it),
 * or without a list every line not sold out (the cart shows sold-out lines apart, and they stay in the cart).
 * When everything sold out since the shopper opened checkout, that is a 409 naming the product, not an empty order.
 */
async function orderableCartLines(
  trx: Kysely<Database>,
  customerId: number,
  input: PlaceOrderInput,
): Promise<(RequestedLine & { lineId: number })[]> {
  if (input.cartLineIds?.length === 0) return [];
  const cart = await repo.cartLinesWithStock(trx, customerId, input.cartLineIds);
  if (input.cartLineIds) {
    if (cart.length < new Set(input.cartLineIds).size)
      throw badRequest(cart.length ? orderMessages.cartChanged : orderMessages.emptyCart);
    return cart;
  }
  if (cart.length === 0) throw badRequest(orderMessages.emptyCart);
  const inStock = cart.filter((line) => isLineInStock(line.stock));
  if (inStock.length === 0) throw conflict(shortageMessage(cart[0].name, 0));
  return inStock;
}

/** One line per product: a Buy Now item of a product also in the listed cart lines adds to its quantity. */
function mergeByProduct(lines: RequestedLine[]): RequestedLine[] {
  const quantities = new Map<number, number>();
  for (const { productId, quantity } of lines)
    quantities.set(productId, (quantities.get(productId) ?? 0) + quantity);
  return [...quantities].map(([productId, quantity]) => ({ productId, quantity }));
}

/** MAX_UNITS_PER_PRODUCT per product and order, whether the units come from the cart or Buy Now. */
async function refuseAboveUnitCap(trx: Kysely<Database>, lines: RequestedLine[]): Promise<void> {
  const above = lines.find((line) => line.quantity > MAX_UNITS_PER_PRODUCT);
  if (!above) return;
  const product = await repo.productStock(trx, above.productId);
  if (!product) throw notFound(orderMessages.productNotFound);
  throw badRequest(unitCapMessage(product.name));
}

/**
 * Takes each line's stock and reads its product in the same statement. Lines go in product-id order, so concurrent
 * orders lock product rows in the same order (no deadlocks). A missing product is a 404; a short one a 409 naming
 * it with what is left (the transaction then rolls back whatever was taken).
 */
async function takeStock(trx: Kysely<Database>, requested: RequestedLine[]): Promise<TakenLine[]> {
  const lines: TakenLine[] = [];
  for (const line of [...requested].sort((a, b) => a.productId - b.productId)) {
    const product = await repo.takeStockReturningProduct(trx, line.productId, line.quantity);
    if (!product) {
      const current = await repo.productStock(trx, line.productId);
      if (!current) throw notFound(orderMessages.productNotFound);
      throw conflict(shortageMessage(current.name, current.stock));
    }
    lines.push({ ...line, product });
  }
  return lines;
}

/** One sub-order per seller (the spec's grouping by shop) and the order lines with their snapshots. */
async function writeSellerParts(
  trx: Kysely<Database>,
  orderId: number,
  lines: TakenLine[],
  now: string,
): Promise<void> {
  const bySeller = new Map<number, TakenLine[]>();
  for (const line of lines) {
    const group = bySeller.get(line.product.seller_id) ?? [];
    group.push(line);
    bySeller.set(line.product.seller_id, group);
  }
  const partIds = await repo.insertSellerOrders(
    trx,
    [...bySeller].map(([sellerId, sellerLines]) => ({
      customer_order_id: orderId,
      seller_id: sellerId,
      shop_name: sellerLines[0].product.shop_name,
      price: cartTotals(
        sellerLines.map(({ product, quantity }) => ({
          price: product.price,
          discount: product.discount,
          quantity,
        })),
      ).price,
      payment_status: PAYMENT_STATUS.notPaid,
      delivery_status: NEW_ORDER_DELIVERY_STATUS,
      created_at: now,
    })),
  );
  const items: Insertable<OrderItemTable>[] = [...bySeller.values()].flat().map(({ product, quantity }) => ({
    customer_order_id: orderId,
    seller_order_id: partIds.get(product.seller_id)!,
    product_id: product.id,
    name: product.name,
    brand: product.brand,
    slug: product.slug,
    image: product.image ?? '',
    price: product.price,
    discount: product.discount,
    quantity,
    category: product.category,
    hsn_code: hsnCodeFor(product.category, product.category_group),
  }));
  await repo.insertOrderItems(trx, items);
}

/**
 * Cancels an order that is still unpaid and gives its stock back, in one transaction. Used when the payment
 * window expires. Returns false (and changes nothing) for a paid, already cancelled or unknown order, so it is
 * safe to call more than once.
 */
export async function cancelUnpaidOrder(ctx: AppContext, orderCode: string): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const orderId = await repo.cancelIfUnpaid(trx, orderCode, OPEN_UNPAID_STATUSES, nowIso());
    if (orderId === undefined) return false;
    for (const { product_id, quantity } of await repo.quantitiesOfOrder(trx, orderId)) {
      await repo.returnStock(trx, product_id, quantity);
    }
    return true;
  });
}

// ---- Reading orders -----------------------------------------------------------------------------

function toOrder(
  row: repo.CustomerOrderRow,
  items: repo.OrderLineRow[],
  payment: PaymentStatusResponse | undefined,
): Order {
  return {
    _id: row.id,
    orderId: row.order_code,
    price: row.price + row.shipping_fee,
    shipping_fee: row.shipping_fee,
    items: row.items,
    products: items.map((item) => ({
      quantity: item.quantity,
      productInfo: {
        _id: item.product_id,
        name: item.name,
        brand: item.brand,
        images: item.image ? [item.image] : [],
        price: item.price,
        discount: item.discount,
        slug: item.slug,
        category: item.category,
        shopName: item.shop_name,
      },
    })),
    payment_status: row.payment_status as PaymentStatus,
    delivery_status: row.delivery_status as DeliveryStatus,
    date: row.created_at,
    shippingInfo: {
      name: row.shipping_name,
      address: row.shipping_address,
      province: row.shipping_state,
      city: row.shipping_city,
      area: [row.shipping_locality, row.shipping_landmark].filter(Boolean).join(', '),
      phonenumber: row.shipping_phone,
      pincode: row.shipping_pincode,
    },
    ...(payment ? { payment } : {}),
  };
}

/** Orders with their lines and (unpaid ones) payment status: one query each, however many orders there are. */
async function withLines(ctx: AppContext, rows: repo.CustomerOrderRow[]): Promise<Order[]> {
  const [items, payments] = await Promise.all([
    repo.itemsOfOrders(
      ctx.db,
      rows.map((row) => row.id),
    ),
    paymentStatusesOf(ctx.db, rows),
  ]);
  const byOrder = new Map<number, repo.OrderLineRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.customer_order_id) ?? [];
    list.push(item);
    byOrder.set(item.customer_order_id, list);
  }
  return rows.map((row) => toOrder(row, byOrder.get(row.id) ?? [], payments.get(row.id)));
}

export async function listOrders(
  ctx: AppContext,
  customerId: number,
  filter: { status?: OrderStatusFilter; limit?: number } = {},
): Promise<Order[]> {
  const deliveryStatus = filter.status && filter.status !== 'all' ? filter.status : undefined;
  return withLines(
    ctx,
    await repo.listCustomerOrders(ctx.db, customerId, { deliveryStatus, limit: filter.limit }),
  );
}

/** One of the customer's own orders; another customer's order is a 404, as if it did not exist. */
export async function getOrder(ctx: AppContext, customerId: number, orderCode: string): Promise<Order> {
  const row = await repo.findCustomerOrder(ctx.db, customerId, orderCode);
  if (!row) throw notFound(orderMessages.notFound);
  const [order] = await withLines(ctx, [row]);
  return order;
}

export async function orderCounts(ctx: AppContext, customerId: number) {
  return repo.orderCounts(ctx.db, customerId);
}

/** The order's invoice as a PDF; only its owner may have it (anyone else gets a 404). */
export async function invoiceFor(
  ctx: AppContext,
  customer: { id: number; name: string; email: string | null },
  orderCode: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const order = await repo.findCustomerOrder(ctx.db, customer.id, orderCode);
  if (!order) throw notFound(orderMessages.notFound);
  const [lines, sellers] = await Promise.all([
    repo.itemsOfOrders(ctx.db, [order.id]),
    repo.sellerPartsOfOrder(ctx.db, order.id),
  ]);
  const pdf = await renderInvoice({ order, lines, sellers, customer });
  return { fileName: invoiceFileName(order.order_code), pdf };
}
