import {
  shippingShares,
  taxInvoiceMessages,
  variantLabel,
  discountedPrice,
  type HsnRate,
  type HsnRateChange,
  type HsnRateListResponse,
} from '@bazaar/shared';
import type { Insertable } from 'kysely';
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import { notFound } from '../http/errors';
import {
  documentNumber,
  financialYearOf,
  rateOfPiece,
  splitInProportion,
  sumAmounts,
  supplyTypeOf,
  taxAmounts,
  type SupplyType,
} from './gst';
import * as repo from './repository';
import { renderTaxDocuments, taxDocumentFileName, type RenderedDocument } from './pdf';
import type { TaxDocumentLineTable, TaxDocumentTable } from './tables';

/**
 * GST tax invoices and credit notes.
 *
 * When an invoice is issued: a seller part is invoiced once it has been placed, that is paid (or, for cash on
 * delivery, confirmed): a part still `pending` is unpaid and gets none, and a part cancelled before it was ever
 * placed (no `placed` event) was never supplied and gets none either. A part cancelled after it was placed keeps
 * its invoice, and the refund's credit note reverses it. The invoice is issued when the part is placed, in the
 * transaction that places it (`issuePlacementInvoices`, called by flows/fulfilment.ts), so its number and date are
 * those of the supply and a seller's series follows the order its parts were placed in; every download prints the
 * stored invoice. Parts placed before invoices were issued this way get theirs the first time anyone asks for one.
 *
 * Shipping: each part carries its share of the order's shipping fee (`shippingShares`, as refunds do), so a part's
 * invoice totals exactly what the shopper paid for it. Delivery of goods by their seller is a composite supply
 * whose principal supply is the goods (CGST Act s.8(a)), so the share is a line taxed at the rate (and shown with
 * the HSN) of the part's largest line.
 */

type DraftLine = Omit<Insertable<TaxDocumentLineTable>, 'document_id'>;
type DocumentHeader = Omit<
  Insertable<TaxDocumentTable>,
  'kind' | 'number' | 'financial_year' | 'issued_at' | 'refund_id' | 'invoice_id'
>;

/** A document before it has a number: its header and lines. */
interface DraftDocument {
  header: DocumentHeader;
  lines: DraftLine[];
}

export function isInvoiceable(part: Pick<repo.PartForInvoicing, 'delivery_status' | 'was_placed'>): boolean {
  if (part.delivery_status === 'pending') return false;
  if (part.delivery_status === 'cancelled') return Boolean(part.was_placed);
  return true;
}

function sellerAddressOf(part: repo.SellerForInvoicing): string {
  const place = [part.seller_city, [part.seller_state, part.seller_pincode].filter(Boolean).join(' - ')]
    .filter(Boolean)
    .join(', ');
  return [part.seller_address, place].filter(Boolean).join('\n');
}

function goodsLines(items: readonly repo.PartItem[], rates: readonly repo.HsnRateRow[], supply: SupplyType) {
  return items.map((item, index): DraftLine => {
    const rate = rates.find((row) => row.hsn_code === item.hsn_code);
    // Every code orders/hsn.ts gives has a seeded rate, and rates are edited, never deleted.
    if (!rate) throw new Error(`No GST rate for HSN code ${item.hsn_code}`);
    const unitPaise = discountedPrice(item.price, item.discount) * 100;
    const ratePercent = rateOfPiece(rate, unitPaise);
    return {
      position: index + 1,
      description: item.name,
      details: [item.brand, variantLabel(item)].filter(Boolean).join(' | ') || null,
      hsn_code: item.hsn_code,
      quantity: item.quantity,
      unit_price_paise: item.price * 100,
      discount_paise: (item.price * 100 - unitPaise) * item.quantity,
      rate_percent: ratePercent,
      ...taxAmounts(unitPaise * item.quantity, ratePercent, supply),
    };
  });
}

/** The part's share of shipping as a line taxed like its principal supply, the largest goods line. */
function shippingLine(goods: readonly DraftLine[], sharePaise: number, supply: SupplyType): DraftLine {
  const principal = goods.reduce((largest, line) =>
    line.total_paise > largest.total_paise ? line : largest,
  );
  return {
    position: goods.length + 1,
    description: 'Shipping charges',
    details: 'Composite supply: taxed as its principal goods',
    hsn_code: principal.hsn_code,
    quantity: 1,
    unit_price_paise: sharePaise,
    discount_paise: 0,
    rate_percent: principal.rate_percent,
    ...taxAmounts(sharePaise, principal.rate_percent, supply),
  };
}

/** A part about to be invoiced: which it is and its seller's details. */
type InvoicedPart = Pick<repo.PartForInvoicing, 'id' | 'seller_id'> & repo.SellerForInvoicing;
/** What an invoice takes from its order: where the goods go, and the shipping fee its parts share. */
type InvoicedOrder = Pick<repo.OrderRow, 'id' | 'shipping_state' | 'shipping_fee'>;

function draftInvoice(
  order: InvoicedOrder,
  part: InvoicedPart,
  items: readonly repo.PartItem[],
  rates: readonly repo.HsnRateRow[],
  shippingShare: number,
): DraftDocument {
  const supply = supplyTypeOf(part.seller_state, order.shipping_state);
  const goods = goodsLines(items, rates, supply);
  const lines =
    shippingShare > 0 && goods.length ? [...goods, shippingLine(goods, shippingShare * 100, supply)] : goods;
  return {
    header: {
      seller_id: part.seller_id,
      customer_order_id: order.id,
      seller_order_id: part.id,
      seller_legal_name: part.seller_name,
      seller_trade_name: part.seller_shop_name,
      seller_gstin: part.seller_gstin,
      seller_pan: part.seller_pan,
      seller_address: sellerAddressOf(part),
      seller_state: part.seller_state,
      place_of_supply: order.shipping_state,
      supply_type: supply,
      ...sumAmounts(lines),
    },
    lines,
  };
}

/**
 * The invoices of `invoiced`, some or all of the order's `parts` (each invoice carries its part's share of the
 * shipping fee, shared over all of them): their lines and GST rates are read in one query each.
 */
async function draftInvoices(
  db: DB,
  order: InvoicedOrder,
  parts: readonly { id: number; price: number }[],
  invoiced: readonly InvoicedPart[],
): Promise<DraftDocument[]> {
  const shares = shippingShares(
    order.shipping_fee,
    parts.map((part) => part.price),
  );
  const items = await repo.itemsOfParts(
    db,
    invoiced.map((part) => part.id),
  );
  const rates = await repo.ratesOf(
    db,
    items.map((item) => item.hsn_code),
  );
  return invoiced.map((part) =>
    draftInvoice(
      order,
      part,
      items.filter((item) => item.seller_order_id === part.id),
      rates,
      shares[parts.findIndex((each) => each.id === part.id)],
    ),
  );
}

/** Stores a draft under the next number of its seller's series for the kind; the stored row. */
async function issue(
  trx: DB,
  kind: repo.DocumentKind,
  draft: DraftDocument,
  now: Date,
  links: { refund_id?: number; invoice_id?: number } = {},
): Promise<void> {
  const financialYear = financialYearOf(now);
  const sequence = await repo.takeNextNumber(trx, draft.header.seller_id, kind, financialYear);
  await repo.insertDocument(
    trx,
    {
      ...draft.header,
      kind,
      number: documentNumber(kind, draft.header.seller_id, financialYear, sequence),
      financial_year: financialYear,
      issued_at: now.toISOString(),
      refund_id: links.refund_id ?? null,
      invoice_id: links.invoice_id ?? null,
    },
    draft.lines,
  );
}

const hasDocumentFor = (documents: readonly repo.TaxDocumentRow[], partId: number) =>
  documents.some((document) => document.seller_order_id === partId);

/** Drafts and numbers the invoices of `invoiced` in `trx`, in the order given (a seller's series follows it). */
async function issueInvoices(
  trx: DB,
  order: InvoicedOrder,
  parts: readonly { id: number; price: number }[],
  invoiced: readonly InvoicedPart[],
  now: Date,
): Promise<void> {
  for (const draft of await draftInvoices(trx, order, parts, invoiced))
    await issue(trx, 'invoice', draft, now);
}

/**
 * Issues the invoices of the parts a payment or a cash-on-delivery choice has just placed (`placedIds`), in the
 * placement's transaction, from the order and the parts (by id) the flow has read: a part placed now had no invoice
 * before, so only the sellers' details, the lines and the rates are read.
 */
export async function issuePlacementInvoices(
  trx: DB,
  order: InvoicedOrder,
  parts: readonly { id: number; seller_id: number; price: number }[],
  placedIds: readonly number[],
  now: Date,
): Promise<void> {
  const placed = parts.filter((part) => placedIds.includes(part.id));
  if (placed.length === 0) return;
  const sellers = await repo.sellersForInvoicing(
    trx,
    placed.map((part) => part.seller_id),
  );
  const invoiced = placed.map((part) => ({
    ...sellers.find((seller) => seller.seller_id === part.seller_id)!,
    id: part.id,
  }));
  await issueInvoices(trx, order, parts, invoiced, now);
}

/** The order's tax invoices, issuing any that are due and not issued yet (orders placed before issuing at placement). */
async function issuedInvoices(ctx: AppContext, order: repo.OrderRow): Promise<repo.TaxDocumentRow[]> {
  const parts = await repo.partsForInvoicing(ctx.db, order.id);
  const due = parts.filter(isInvoiceable);
  const invoices = await repo.documentsOfOrder(ctx.db, order.id, 'invoice');
  if (due.every((part) => hasDocumentFor(invoices, part.id))) return invoices;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockOrder(trx, ctx.dialect, order.id);
    // Read again under the lock: a request that got here first may have issued them.
    const issued = await repo.documentsOfOrder(trx, order.id, 'invoice');
    const current = await repo.partsForInvoicing(trx, order.id);
    const missing = current.filter((part) => isInvoiceable(part) && !hasDocumentFor(issued, part.id));
    await issueInvoices(trx, order, current, missing, ctx.clock());
  });
  return repo.documentsOfOrder(ctx.db, order.id, 'invoice');
}

/** What an unpaid order would be invoiced, unnumbered: the shopper's download before payment. */
async function proformaOf(ctx: AppContext, order: repo.OrderRow): Promise<RenderedDocument[]> {
  const parts = await repo.partsForInvoicing(ctx.db, order.id);
  const drafts = await draftInvoices(ctx.db, order, parts, parts);
  return drafts.map(({ header, lines }) => ({
    kind: 'proforma',
    document: { ...header, number: null, issued_at: order.created_at },
    lines,
  }));
}

async function withLines(
  db: DB,
  documents: readonly repo.TaxDocumentRow[],
  invoicesOfNotes: readonly repo.TaxDocumentRow[] = [],
): Promise<RenderedDocument[]> {
  const lines = await repo.linesOfDocuments(
    db,
    documents.map((document) => document.id),
  );
  return documents.map((document) => {
    const original = invoicesOfNotes.find((invoice) => invoice.id === document.invoice_id);
    return {
      kind: document.kind === 'invoice' ? 'invoice' : 'credit_note',
      document,
      lines: lines.filter((line) => line.document_id === document.id),
      ...(original ? { original: { number: original.number, issued_at: original.issued_at } } : {}),
    };
  });
}

export interface TaxPdf {
  fileName: string;
  pdf: Buffer;
}

/**
 * The spec's invoice download: one PDF with the tax invoice of each invoiced part, a page each. An order with no
 * part invoiced (unpaid, or cancelled before payment) gets a proforma that says it is not a tax invoice.
 */
export async function orderInvoicePdf(
  ctx: AppContext,
  customerId: number,
  orderCode: string,
): Promise<TaxPdf> {
  const order = await repo.findOrder(ctx.db, { customerId, orderCode });
  if (!order) throw notFound('Order not found');
  const invoices = await issuedInvoices(ctx, order);
  const documents = invoices.length ? await withLines(ctx.db, invoices) : await proformaOf(ctx, order);
  return {
    fileName: taxDocumentFileName('invoice', order.order_code),
    pdf: await renderTaxDocuments({ order, documents }),
  };
}

/** The tax invoice of a seller's own part (another seller's part is a 404); 409 before the part is invoiceable. */
export async function partInvoicePdf(ctx: AppContext, sellerId: number, partId: number): Promise<TaxPdf> {
  const part = await repo.findSellerPart(ctx.db, sellerId, partId);
  if (!part) throw notFound('Order not found');
  const order = (await repo.findOrder(ctx.db, { id: part.customer_order_id }))!;
  const invoice = (await issuedInvoices(ctx, order)).find((document) => document.seller_order_id === partId);
  if (!invoice) throw notFound(taxInvoiceMessages.notInvoiced);
  return {
    fileName: taxDocumentFileName('invoice', invoice.number),
    pdf: await renderTaxDocuments({ order, documents: await withLines(ctx.db, [invoice]) }),
  };
}

/**
 * What a credit note reverses of its invoice, in paise a line (in the invoice's line order): for a return, the
 * returned pieces of each line (the line's amount a piece × pieces returned); otherwise the refunded amount spread
 * over the lines in proportion to their value (all of each line when the refund covers the invoice). Never more
 * than the refund, nor than the invoice.
 */
function creditsByLine(
  lines: readonly repo.TaxDocumentLineRow[],
  creditPaise: number,
  returned: readonly { position: number; quantity: number }[],
): number[] {
  const cap = Math.min(
    creditPaise,
    lines.reduce((sum, line) => sum + line.total_paise, 0),
  );
  if (returned.length === 0)
    return splitInProportion(
      cap,
      lines.map((line) => line.total_paise),
    );
  const credits = lines.map((line) => {
    const pieces = returned
      .filter((item) => item.position === line.position)
      .reduce((sum, item) => sum + item.quantity, 0);
    return Math.round((line.total_paise * Math.min(pieces, line.quantity)) / line.quantity);
  });
  const returnedTotal = credits.reduce((sum, credit) => sum + credit, 0);
  return returnedTotal <= cap ? credits : splitInProportion(cap, credits);
}

/** A credit note of the invoice: each credited line split into taxable value and tax at the rate it was invoiced at. */
function creditNoteDraft(
  invoice: repo.TaxDocumentRow,
  lines: readonly repo.TaxDocumentLineRow[],
  credits: readonly number[],
): DraftDocument {
  const supply = invoice.supply_type as SupplyType;
  const credited = lines
    .map((line, index): DraftLine => {
      const { id: _id, document_id: _documentId, ...copy } = line;
      return { ...copy, ...taxAmounts(credits[index], line.rate_percent, supply) };
    })
    .filter((line) => line.total_paise > 0)
    .map((line, index) => ({ ...line, position: index + 1 }));
  const {
    id: _id,
    kind: _kind,
    number: _number,
    financial_year: _year,
    issued_at: _issued,
    refund_id: _refund,
    invoice_id: _invoice,
    ...header
  } = invoice;
  return { header: { ...header, ...sumAmounts(credited) }, lines: credited };
}

/**
 * The credit notes of a refund, issuing those not issued yet: one per invoiced part the refund covers (its own part,
 * or every invoiced part for a whole-order refund, the amount split in proportion to the invoices' totals), each
 * reversing what `creditsByLine` says was refunded of its invoice.
 */
async function issuedCreditNotes(ctx: AppContext, order: repo.OrderRow, refund: repo.RefundRow) {
  const invoices = (await issuedInvoices(ctx, order)).filter(
    (invoice) => refund.seller_order_id === null || invoice.seller_order_id === refund.seller_order_id,
  );
  const notesOf = async (db: DB) =>
    (await repo.documentsOfOrder(db, order.id, 'credit_note')).filter((note) => note.refund_id === refund.id);
  const notes = await notesOf(ctx.db);
  if (invoices.every((invoice) => hasDocumentFor(notes, invoice.seller_order_id))) return { notes, invoices };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockOrder(trx, ctx.dialect, order.id);
    const issued = await notesOf(trx);
    const credits = splitInProportion(
      refund.amount * 100,
      invoices.map((invoice) => invoice.total_paise),
    );
    const lines = await repo.linesOfDocuments(
      trx,
      invoices.map((invoice) => invoice.id),
    );
    const returnedItems = await repo.returnedItemsOfRefund(trx, refund.id);
    for (const [index, invoice] of invoices.entries()) {
      if (hasDocumentFor(issued, invoice.seller_order_id) || credits[index] <= 0) continue;
      const invoiceLines = lines.filter((line) => line.document_id === invoice.id);
      // An invoice's goods lines are the part's order lines in id order, so a returned line's position is its place.
      const itemIds = (await repo.itemsOfParts(trx, [invoice.seller_order_id])).map((item) => item.id);
      const returned = returnedItems
        .filter((item) => itemIds.includes(item.order_item_id))
        .map((item) => ({ position: itemIds.indexOf(item.order_item_id) + 1, quantity: item.quantity }));
      const draft = creditNoteDraft(
        invoice,
        invoiceLines,
        creditsByLine(invoiceLines, credits[index], returned),
      );
      await issue(trx, 'credit_note', draft, ctx.clock(), { refund_id: refund.id, invoice_id: invoice.id });
    }
  });
  return { notes: await notesOf(ctx.db), invoices };
}

/** The credit note PDF of a refund: the shopper's own (`customerId`) or any, for staff. */
export async function refundCreditNotePdf(
  ctx: AppContext,
  refundId: number,
  customerId?: number,
): Promise<TaxPdf> {
  const refund = await repo.findRefund(ctx.db, refundId, customerId);
  if (!refund) throw notFound(taxInvoiceMessages.refundNotFound);
  const order = (await repo.findOrder(ctx.db, { id: refund.customer_order_id }))!;
  const { notes, invoices } = await issuedCreditNotes(ctx, order, refund);
  if (!notes.length) throw notFound(taxInvoiceMessages.noCreditNote);
  return {
    fileName: taxDocumentFileName('credit_note', `${order.order_code}-R${refund.id}`),
    pdf: await renderTaxDocuments({ order, documents: await withLines(ctx.db, notes, invoices) }),
  };
}

// ---- GST rates --------------------------------------------------------------------------------------------

function toHsnRate(row: repo.HsnRateRow): HsnRate {
  return {
    hsnCode: row.hsn_code,
    description: row.description,
    ratePercent: row.rate_percent,
    highRatePercent: row.high_rate_percent,
    slabLimit: row.slab_limit,
    updatedAt: row.updated_at,
  };
}

export async function taxRates(ctx: AppContext): Promise<HsnRateListResponse> {
  return { rates: (await repo.listRates(ctx.db)).map(toHsnRate) };
}

/**
 * Sets the rate of an HSN code in the caller's transaction; the rate before and after, as the audit log records
 * them (flows/taxRates.ts). Invoices already issued keep the rates stored on their lines; only invoices issued from
 * now on use the new one.
 */
export async function setTaxRate(
  ctx: AppContext,
  trx: DB,
  hsnCode: string,
  change: HsnRateChange,
): Promise<{ before: HsnRate; after: HsnRate }> {
  const before = await repo.rateForUpdate(trx, ctx.dialect, hsnCode);
  if (!before) throw notFound(taxInvoiceMessages.rateNotFound);
  const after: repo.HsnRateRow = {
    ...before,
    description: change.description ?? before.description,
    rate_percent: change.ratePercent,
    high_rate_percent: change.highRatePercent,
    slab_limit: change.slabLimit,
    updated_at: ctx.clock().toISOString(),
  };
  await repo.updateRate(trx, after);
  return { before: toHsnRate(before), after: toHsnRate(after) };
}
