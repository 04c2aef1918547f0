import {
  cartTotals,
  PAYMENT_STATUS,
  orderMessages,
  type DeliveryStatus,
  type Order,
  type OrderStatusFilter,
  type PaymentMethod,
  type PaymentStatus,
  type PaymentStatusResponse,
  type PlaceOrderResponse,
} from '@bazaar/shared';
import type { Insertable } from 'kysely';
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import { notFound } from '../http/errors';
import type { ProductForOrder, VariantForOrder } from '../catalog/repository';
import { hsnCodeFor } from './hsn';
import * as repo from './repository';
import type { OrderItemTable } from './tables';

/** The orders feature: writing an order's rows (checkout, in flows/, decides when) and reading orders back. */

export const NEW_ORDER_DELIVERY_STATUS: DeliveryStatus = 'pending';
const CANCELLED: DeliveryStatus = 'cancelled';
/** An order that is neither paid nor cancelled still holds its stock. */
export const OPEN_UNPAID_STATUSES = { notPaid: PAYMENT_STATUS.notPaid, cancelled: CANCELLED };

/** One line of a new order: the product and variant as they were read when its stock was taken, and how many. */
export interface OrderedLine {
  product: ProductForOrder;
  variant: VariantForOrder;
  quantity: number;
}

export function placedResponse(order: repo.PlacedOrder): PlaceOrderResponse {
  return {
    orderId: order.order_code,
    message: orderMessages.placed,
    price: order.price + order.shipping_fee + (order.cod_fee ?? 0),
    items: order.items,
  };
}

/**
 * One sub-order per seller (the spec's grouping by shop) and the order lines with their snapshots; answers the lines
 * as inserted, in their order.
 */
export async function insertSellerParts(
  trx: DB,
  orderId: number,
  lines: readonly OrderedLine[],
  now: string,
): Promise<Insertable<OrderItemTable>[]> {
  const bySeller = new Map<number, OrderedLine[]>();
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
      updated_at: now,
      // The seller's rate now, so a later change of rate does not rewrite this sale's earnings.
      commission_percent: repo.commissionPercentOf(sellerId),
    })),
  );
  const items: Insertable<OrderItemTable>[] = [...bySeller.values()]
    .flat()
    .map(({ product, variant, quantity }) => ({
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
      variant_id: variant.id,
      size: variant.size,
      colour: product.colour,
    }));
  await repo.insertOrderItems(trx, items);
  return items;
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
    price: row.price + row.shipping_fee + row.cod_fee,
    shipping_fee: row.shipping_fee,
    payment_method: row.payment_method as PaymentMethod,
    cod_fee: row.cod_fee,
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
      variant: { _id: item.variant_id, size: item.size, colour: item.colour },
      orderItemId: item.id,
      partId: item.seller_order_id,
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

/** The lines of these orders, one query however many orders there are, by order id. */
export async function linesOfOrders(
  ctx: AppContext,
  rows: readonly repo.CustomerOrderRow[],
): Promise<Map<number, repo.OrderLineRow[]>> {
  const items = await repo.itemsOfOrders(
    ctx.db,
    rows.map((row) => row.id),
  );
  const byOrder = new Map<number, repo.OrderLineRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.customer_order_id) ?? [];
    list.push(item);
    byOrder.set(item.customer_order_id, list);
  }
  return byOrder;
}

/** The orders as the shopper's pages show them, with their lines and (unpaid ones, by order id) payment status. */
export function toOrders(
  rows: readonly repo.CustomerOrderRow[],
  lines: ReadonlyMap<number, repo.OrderLineRow[]>,
  payments: ReadonlyMap<number, PaymentStatusResponse>,
): Order[] {
  return rows.map((row) => toOrder(row, lines.get(row.id) ?? [], payments.get(row.id)));
}

/** The customer's orders, newest first, optionally of one delivery status and at most `limit` of them. */
export function customerOrderRows(
  ctx: AppContext,
  customerId: number,
  filter: { status?: OrderStatusFilter; limit?: number } = {},
): Promise<repo.CustomerOrderRow[]> {
  const deliveryStatus = filter.status && filter.status !== 'all' ? filter.status : undefined;
  return repo.listCustomerOrders(ctx.db, customerId, { deliveryStatus, limit: filter.limit });
}

/** One of the customer's own orders; another customer's order is a 404, as if it did not exist. */
export async function customerOrderRow(
  ctx: AppContext,
  customerId: number,
  orderCode: string,
): Promise<repo.CustomerOrderRow> {
  const row = await repo.findCustomerOrder(ctx.db, customerId, orderCode);
  if (!row) throw notFound(orderMessages.notFound);
  return row;
}

export async function orderCounts(ctx: AppContext, customerId: number) {
  return repo.orderCounts(ctx.db, customerId);
}
