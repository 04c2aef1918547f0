import { stringify } from 'csv-stringify/sync';
import {
  discountedPrice,
  RETURN_WINDOW_DAYS,
  SELLER_ORDER_FILTERS,
  SELLER_ORDERS_PAGE_SIZE,
  sellerOrderMessages,
  type DeliveryStatus,
  type EarningsOrder,
  type EarningsQuery,
  type EarningsResponse,
  type OrderTimelineEntry,
  type PaymentStatus,
  type SellerOrder,
  type SellerOrderCounts,
  type SellerOrderDetail,
  type SellerOrderEvent,
  type SellerOrderListQuery,
  type SellerOrderListResponse,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { packingSlipFileName, renderPackingSlip } from './packingSlip';
import * as repo from './repository';

/** The seller center's reads of orders and earnings, and the shopper's timeline. Changes are in flows/fulfilment.ts. */

/** Drops null fields, so optional ones are absent rather than null in answers. */
function present<T extends Record<string, string | null>>(fields: T): { [K in keyof T]?: string } {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null)) as {
    [K in keyof T]?: string;
  };
}

/** The shopper's timeline of an order: every change of each seller's part, oldest first. */
export async function timelineOf(ctx: AppContext, orderId: number): Promise<OrderTimelineEntry[]> {
  const events = await repo.eventsOfOrder(ctx.db, orderId);
  return events.map((event) => ({
    sellerId: event.seller_id,
    shopName: event.shop_name,
    status: event.status as DeliveryStatus,
    at: event.created_at,
    ...present({ courier: event.courier, trackingNumber: event.tracking_number, note: event.note }),
  }));
}

function toSellerOrder(part: repo.SellerPartRow, lines: repo.PartLineRow[]): SellerOrder {
  return {
    _id: part.id,
    orderId: part.order_code,
    date: part.created_at,
    status: part.delivery_status as DeliveryStatus,
    paymentStatus: part.payment_status as PaymentStatus,
    amount: part.price,
    items: lines.reduce((sum, line) => sum + line.quantity, 0),
    lines: lines.map((line) => ({
      productId: line.product_id,
      name: line.name,
      brand: line.brand,
      image: line.image,
      slug: line.slug,
      size: line.size,
      colour: line.colour,
      quantity: line.quantity,
      price: line.price,
      discount: line.discount,
      amount: discountedPrice(line.price, line.discount) * line.quantity,
    })),
    shippingInfo: {
      name: part.shipping_name,
      address: part.shipping_address,
      province: part.shipping_state,
      city: part.shipping_city,
      area: [part.shipping_locality, part.shipping_landmark].filter(Boolean).join(', '),
      phonenumber: part.shipping_phone,
      pincode: part.shipping_pincode,
    },
    courier: part.courier,
    trackingNumber: part.tracking_number,
    cashCollectedAt: part.cash_collected_at,
  };
}

const pagesOf = (total: number) => Math.max(1, Math.ceil(total / SELLER_ORDERS_PAGE_SIZE));

/** The seller's parts, newest first, optionally of one state; with the counts per state for the tabs. */
export async function listSellerOrders(
  ctx: AppContext,
  sellerId: number,
  query: SellerOrderListQuery,
): Promise<SellerOrderListResponse> {
  const status = query.status === 'all' ? undefined : query.status;
  const [parts, countsByStatus] = await Promise.all([
    repo.listSellerParts(ctx.db, sellerId, {
      status,
      limit: SELLER_ORDERS_PAGE_SIZE,
      offset: (query.page - 1) * SELLER_ORDERS_PAGE_SIZE,
    }),
    repo.countSellerParts(ctx.db, sellerId),
  ]);
  const lines = await repo.linesOfParts(
    ctx.db,
    parts.map((part) => part.id),
  );
  const counts = Object.fromEntries(
    SELLER_ORDER_FILTERS.map((filter) => [
      filter,
      filter === 'all'
        ? [...countsByStatus.values()].reduce((sum, count) => sum + count, 0)
        : (countsByStatus.get(filter) ?? 0),
    ]),
  ) as SellerOrderCounts;
  const total = counts[query.status];
  return {
    orders: parts.map((part) =>
      toSellerOrder(
        part,
        lines.filter((line) => line.seller_order_id === part.id),
      ),
    ),
    counts,
    page: query.page,
    pages: pagesOf(total),
    total,
  };
}

async function sellerPart(ctx: AppContext, sellerId: number, partId: number): Promise<repo.SellerPartRow> {
  const part = await repo.findSellerPart(ctx.db, sellerId, partId);
  if (!part) throw notFound(sellerOrderMessages.notFound);
  return part;
}

/** One of the seller's parts with its timeline; another seller's part is a 404, as if it did not exist. */
export async function sellerOrderDetail(
  ctx: AppContext,
  sellerId: number,
  partId: number,
): Promise<SellerOrderDetail> {
  const part = await sellerPart(ctx, sellerId, partId);
  const [lines, events] = await Promise.all([
    repo.linesOfParts(ctx.db, [part.id]),
    repo.eventsOfPart(ctx.db, part.id),
  ]);
  return {
    ...toSellerOrder(part, lines),
    shippedAt: part.shipped_at,
    deliveredAt: part.delivered_at,
    commissionPercent: part.commission_percent,
    timeline: events.map((event): SellerOrderEvent => ({
      status: event.status as DeliveryStatus,
      at: event.created_at,
      actor: event.actor_kind as SellerOrderEvent['actor'],
      ...present({ courier: event.courier, trackingNumber: event.tracking_number, note: event.note }),
    })),
  };
}

/** The part's packing slip as a PDF; only its seller may have it. */
export async function packingSlipFor(
  ctx: AppContext,
  sellerId: number,
  partId: number,
): Promise<{ fileName: string; pdf: Buffer }> {
  const part = await sellerPart(ctx, sellerId, partId);
  const [lines, shop] = await Promise.all([
    repo.linesOfParts(ctx.db, [part.id]),
    repo.sellerForSlip(ctx.db, sellerId),
  ]);
  const pdf = await renderPackingSlip({ part, lines, shop: shop! });
  return { fileName: packingSlipFileName(part.order_code, part.id), pdf };
}

// ---- Earnings -----------------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;

/** Start of a calendar day in India (UTC+05:30) as an ISO time, `days` after the given one. */
function indiaDayStart(day: string, days = 0): string {
  return new Date(Date.parse(`${day}T00:00:00+05:30`) + days * DAY_MS).toISOString();
}

/** The query's India days as the repository's range, with the settlement cut-off of `ctx.clock`. */
function earningsRange(ctx: AppContext, query: Pick<EarningsQuery, 'from' | 'to'>): repo.EarningsRange {
  return {
    from: query.from && indiaDayStart(query.from),
    before: query.to && indiaDayStart(query.to, 1),
    // A part delivered before then can no longer be returned: its net is due to the seller.
    settledBefore: new Date(ctx.clock().getTime() - RETURN_WINDOW_DAYS * DAY_MS).toISOString(),
  };
}

/**
 * One paid, not cancelled part as the breakdown shows it: its goods (gross), what returns refunded of them, the
 * commission on the goods kept (at the rate fixed when it was placed) and what is left for the seller (net).
 */
function toEarningsOrder(part: repo.EarningPartRow): EarningsOrder {
  return {
    _id: part.id,
    orderId: part.order_code,
    date: part.created_at,
    status: part.delivery_status as DeliveryStatus,
    deliveredAt: part.delivered_at,
    gross: part.price,
    returns: Number(part.returned),
    commissionPercent: part.commission_percent,
    commission: Number(part.commission),
    net: Number(part.net),
    settled: Number(part.settled) === 1,
  };
}

/** The seller's earnings in the range: totals summed by the database, and one page of the breakdown. */
export async function earnings(
  ctx: AppContext,
  sellerId: number,
  query: EarningsQuery,
): Promise<EarningsResponse> {
  const range = earningsRange(ctx, query);
  const [totals, parts] = await Promise.all([
    repo.earningsTotals(ctx.db, sellerId, range),
    repo.earningParts(ctx.db, sellerId, range, {
      limit: SELLER_ORDERS_PAGE_SIZE,
      offset: (query.page - 1) * SELLER_ORDERS_PAGE_SIZE,
    }),
  ]);
  return {
    gross: totals.gross,
    returns: totals.returns,
    commission: totals.commission,
    net: totals.net,
    settled: totals.settled,
    unsettled: totals.net - totals.settled,
    orders: parts.map(toEarningsOrder),
    page: query.page,
    pages: pagesOf(totals.count),
    total: totals.count,
  };
}

/** Every row of the earnings breakdown in the range as CSV (a header line, then one line per part). */
export async function earningsCsv(
  ctx: AppContext,
  sellerId: number,
  query: Pick<EarningsQuery, 'from' | 'to'>,
): Promise<string> {
  const rows = (await repo.earningParts(ctx.db, sellerId, earningsRange(ctx, query))).map(toEarningsOrder);
  return stringify(
    rows.map((row) => ({ ...row, deliveredAt: row.deliveredAt ?? '', settled: row.settled ? 'yes' : 'no' })),
    {
      header: true,
      columns: [
        { key: 'orderId', header: 'Order' },
        { key: '_id', header: 'Part' },
        { key: 'date', header: 'Ordered at' },
        { key: 'status', header: 'Status' },
        { key: 'deliveredAt', header: 'Delivered at' },
        { key: 'gross', header: 'Gross (INR)' },
        { key: 'returns', header: 'Returns (INR)' },
        { key: 'commissionPercent', header: 'Commission %' },
        { key: 'commission', header: 'Commission (INR)' },
        { key: 'net', header: 'Net (INR)' },
        { key: 'settled', header: 'Settled' },
      ],
    },
  );
}
