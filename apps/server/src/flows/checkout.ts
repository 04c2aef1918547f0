import { createHash } from 'node:crypto';
import {
  cartTotals,
  codMessages,
  isLineInStock,
  MAX_UNITS_PER_PRODUCT,
  openUnpaidOrdersMessage,
  orderMessages,
  PAYMENT_STATUS,
  shortageMessage,
  unitCapMessage,
  variantLabel,
  type PlaceOrderInput,
  type PlaceOrderResponse,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import { nowIso } from '../db/database';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { findAddress } from '../addresses/repository';
import { cartLinesWithStock, removeCartLines } from '../cart/repository';
import { purchasableVariant, takeVariantStockReturningProduct } from '../catalog/repository';
import { chooseVariant } from '../catalog/variantChoice';
import { placeAsCod } from './cashOnDelivery';
import { newOrderCode } from '../orders/orderCode';
import * as orderRows from '../orders/repository';
import { enqueueNotification } from '../notifications/outbox';
import {
  insertSellerParts,
  NEW_ORDER_DELIVERY_STATUS,
  OPEN_UNPAID_STATUSES,
  placedResponse,
  type OrderedLine,
} from '../orders/service';

/**
 * Checkout: the shopper's cart lines and Buy Now items become an order. It spans four features — the cart (lines
 * read, then consumed), the catalogue (stock taken), the address book (copied into the order) and orders (the
 * order, its seller parts and lines) — in ONE transaction per attempt: either all of it happens or none.
 */

/**
 * How long a checkout sent without an idempotency key counts as a repeat of the same earlier one (a double click,
 * a resubmitted form, a client's automatic retry): it gets that order back instead of a second one.
 */
const REPEATED_SUBMISSION_SECONDS = 10;

/** Random codes clash about once in a billion orders, so a few tries are plenty; more would hide a bug. */
const ORDER_CODE_ATTEMPTS = 5;

/**
 * A line to order: a variant (size) of a product, and how many. A null `variantId` (a Buy Now item sent without
 * one, as the spec's payload is) is the product's default variant, which only a product without sizes has.
 */
interface RequestedLine {
  productId: number;
  variantId: number | null;
  quantity: number;
}

/** A cart line to order: its variant is known, and whether it is a default one (size null). */
type CartLineToOrder = RequestedLine & { variantId: number; size: string | null; lineId: number };

/** What a placement needs besides the request: the customer, the database dialect and the limits. */
interface Placement {
  customerId: number;
  dialect: AppContext['dialect'];
  maxOpenUnpaidOrders: number;
  reservationMinutes: number;
}

/**
 * Thrown inside the order transaction to roll it back: this order was already made by the same idempotency key, or
 * without a key by the same submission moments ago.
 */
class OrderAlreadyPlaced extends Error {
  constructor(readonly order: orderRows.PlacedOrder) {
    super('order already placed by the same request');
  }
}

/** Thrown inside the order transaction to roll it back: the random order code is taken; try another. */
class OrderCodeTaken extends Error {
  constructor() {
    super('the new order code is already taken');
  }
}

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
      // The transaction boundary of checkout: one attempt, all or nothing.
      return await ctx.db.transaction().execute((trx) => createOrder(trx, placement, input));
    } catch (error) {
      if (error instanceof OrderAlreadyPlaced) return placedResponse(error.order);
      if (error instanceof OrderCodeTaken && attempt < ORDER_CODE_ATTEMPTS) continue;
      // A concurrent request with the same key may have committed while this one ran, taking the last units or
      // emptying the cart first. Either way the shopper's order exists — return it.
      const winner =
        input.idempotencyKey !== undefined &&
        (await orderRows.findOrderByIdempotencyKey(ctx.db, customerId, input.idempotencyKey));
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
    directItems: [...input.directItems].sort(
      (a, b) =>
        a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0) || a.quantity - b.quantity,
    ),
  };
  return createHash('sha256').update(JSON.stringify(asked)).digest('base64url');
}

async function createOrder(
  trx: DB,
  placement: Placement,
  input: PlaceOrderInput,
): Promise<PlaceOrderResponse> {
  const { customerId } = placement;
  const addressId = input.addressId!;
  await orderRows.lockCustomerForOrdering(trx, placement.dialect, customerId);
  const fingerprint = input.idempotencyKey === undefined ? requestFingerprint(input) : null;
  if (fingerprint !== null) {
    const since = new Date(Date.now() - REPEATED_SUBMISSION_SECONDS * 1000).toISOString();
    const repeated = await orderRows.findRecentOrderByFingerprint(trx, customerId, fingerprint, since);
    if (repeated) throw new OrderAlreadyPlaced(repeated);
  }

  let lines: OrderedLine[];
  let cartLineIds: number[];
  try {
    const cart = await orderableCartLines(trx, customerId, input);
    cartLineIds = cart.map((line) => line.lineId);
    const requested = mergeByVariant(cart, input.directItems);
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
  const header: orderRows.OrderHeader = {
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
  const orderId = await orderRows.insertCustomerOrderFromAddress(trx, header, addressId, {
    ...OPEN_UNPAID_STATUSES,
    max: placement.maxOpenUnpaidOrders,
  });
  if (orderId === undefined) {
    const earlier =
      input.idempotencyKey !== undefined &&
      (await orderRows.findOrderByIdempotencyKey(trx, customerId, input.idempotencyKey));
    if (earlier) throw new OrderAlreadyPlaced(earlier);
    if (!(await findAddress(trx, customerId, addressId))) throw notFound(orderMessages.addressNotFound);
    if (
      (await orderRows.countOpenUnpaidOrders(trx, customerId, OPEN_UNPAID_STATUSES)) >=
      placement.maxOpenUnpaidOrders
    )
      throw conflict(
        openUnpaidOrdersMessage(placement.maxOpenUnpaidOrders, placement.reservationMinutes),
        'TOO_MANY_UNPAID_ORDERS',
      );
    throw new OrderCodeTaken();
  }

  const items = await insertSellerParts(trx, orderId, lines, now);
  // The lines were read under the customer's lock, but the shopper may delete one meanwhile (another tab); a line
  // that is gone must not be ordered.
  const removed = await removeCartLines(trx, customerId, cartLineIds);
  if (removed < cartLineIds.length) throw badRequest(orderMessages.cartChanged, 'CART_CHANGED');
  if (input.paymentMethod === 'cod') {
    const order = {
      id: orderId,
      customer_id: customerId,
      price: header.price,
      shipping_fee: header.shipping_fee,
    };
    const codFee = await placeAsCod(trx, order, { kind: 'customer', id: customerId }, now, 'order_placed');
    return { ...placedResponse({ ...header, cod_fee: codFee }), message: codMessages.placed };
  }
  // A COD order's messages were queued with its placement (flows/cashOnDelivery.ts).
  const paymentDeadline = new Date(Date.parse(now) + placement.reservationMinutes * 60_000).toISOString();
  await enqueueNotification(trx, {
    kind: 'order_placed',
    to: { customerId },
    params: { orderId, paymentDeadline },
    // All at hand: reading them back would cost the placement statements (orders.test counts them).
    facts: {
      order: {
        code: orderCode,
        price: header.price,
        shippingFee: header.shipping_fee,
        codFee: 0,
        paymentMethod: 'upi',
        paymentStatus: header.payment_status,
        lines: items.map(({ name, brand, size, colour, price, discount, quantity }) => ({
          name,
          brand,
          size: size ?? null,
          colour: colour ?? null,
          price,
          discount,
          quantity,
        })),
      },
      paymentDeadline,
    },
  });
  return placedResponse(header);
}

/**
 * The cart lines to order: the listed ones (each must still be in the cart: an earlier order may have taken it),
 * or without a list every line not sold out (the cart shows sold-out lines apart, and they stay in the cart).
 * When everything sold out since the shopper opened checkout, that is a 409 naming the product, not an empty order.
 */
async function orderableCartLines(
  trx: DB,
  customerId: number,
  input: PlaceOrderInput,
): Promise<CartLineToOrder[]> {
  if (input.cartLineIds?.length === 0) return [];
  const cart = await cartLinesWithStock(trx, customerId, input.cartLineIds);
  if (input.cartLineIds) {
    if (cart.length < new Set(input.cartLineIds).size)
      throw cart.length
        ? badRequest(orderMessages.cartChanged, 'CART_CHANGED')
        : badRequest(orderMessages.emptyCart, 'CART_EMPTY');
    return cart;
  }
  if (cart.length === 0) throw badRequest(orderMessages.emptyCart, 'CART_EMPTY');
  const inStock = cart.filter((line) => isLineInStock(line.stock));
  if (inStock.length === 0) throw conflict(shortageMessage(cart[0].name, 0), 'OUT_OF_STOCK');
  return inStock;
}

/**
 * One line per variant: a Buy Now item of a size also in the listed cart lines adds to its quantity. A Buy Now item
 * without a variant joins the cart line of its product's default variant if there is one; otherwise it stays a line
 * of the default variant, which taking stock finds (or, for a product with sizes, refuses: SIZE_REQUIRED).
 */
function mergeByVariant(
  cart: readonly CartLineToOrder[],
  directItems: PlaceOrderInput['directItems'],
): RequestedLine[] {
  const merged = new Map<string, RequestedLine>();
  const add = (key: string, line: RequestedLine) => {
    const earlier = merged.get(key);
    merged.set(key, earlier ? { ...earlier, quantity: earlier.quantity + line.quantity } : line);
  };
  const defaultKey = (productId: number) => `default:${productId}`;
  const cartDefaults = new Map<string, number>();
  for (const line of cart) {
    add(`variant:${line.variantId}`, {
      productId: line.productId,
      variantId: line.variantId,
      quantity: line.quantity,
    });
    if (line.size === null) cartDefaults.set(defaultKey(line.productId), line.variantId);
  }
  for (const { productId, quantity, variantId } of directItems) {
    const known = variantId ?? cartDefaults.get(defaultKey(productId));
    if (known === undefined) add(defaultKey(productId), { productId, variantId: null, quantity });
    else add(`variant:${known}`, { productId, variantId: known, quantity });
  }
  return [...merged.values()];
}

/**
 * MAX_UNITS_PER_PRODUCT per variant (size) and order, whether the units come from the cart or Buy Now: the cart
 * caps each line, and a line is one size.
 */
async function refuseAboveUnitCap(trx: DB, lines: RequestedLine[]): Promise<void> {
  const above = lines.find((line) => line.quantity > MAX_UNITS_PER_PRODUCT);
  if (!above) return;
  const product = await purchasableVariant(trx, above.productId, above.variantId ?? undefined);
  if (!product) throw notFound(orderMessages.productNotFound);
  throw badRequest(unitCapMessage(product.name, product.size), 'QUANTITY_LIMIT');
}

/**
 * Takes each line's stock from its variant and its product (catalog's `takeVariantStockReturningProduct`, which
 * reads the product in the same statement). Lines go in (product id, variant id) order, so concurrent orders lock
 * rows in the same order (no deadlocks). A missing product is a 404; a short one a 409 naming it (and the size) with
 * what is left (the transaction then rolls back whatever was taken).
 */
async function takeStock(trx: DB, requested: RequestedLine[]): Promise<OrderedLine[]> {
  const lines: OrderedLine[] = [];
  // A product's default variant is its only one, so a null variant id never meets another of the same product.
  const inLockOrder = [...requested].sort(
    (a, b) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0),
  );
  for (const line of inLockOrder) {
    const taken = await takeVariantStockReturningProduct(trx, line, line.quantity);
    if (!taken) await refuseLine(trx, line);
    else lines.push({ quantity: line.quantity, ...taken });
  }
  return lines;
}

/**
 * Why a line's stock could not be taken: no such product (404), a product with sizes bought without one (400
 * SIZE_REQUIRED), a variant that is not the product's (404), or how many are left of it (409, naming the size).
 */
async function refuseLine(trx: DB, line: RequestedLine): Promise<never> {
  const found = await purchasableVariant(trx, line.productId, line.variantId ?? undefined);
  if (!found) throw notFound(orderMessages.productNotFound);
  const variant = chooseVariant(found, line.variantId ?? undefined);
  const name =
    variant.size === null
      ? found.name
      : `${found.name} (${variantLabel({ size: variant.size, colour: null })})`;
  throw conflict(shortageMessage(name, variant.stock), 'OUT_OF_STOCK');
}
