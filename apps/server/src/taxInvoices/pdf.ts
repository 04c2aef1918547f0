import path from 'node:path';
import PDFDocument from 'pdfkit';
import { repoRoot } from '../config';
import { numberInIndianWords } from '../orders/amountInWords';
import type { CustomerOrderRow } from '../orders/repository';
import { stateWithCode } from './gst';
import type { Insertable } from 'kysely';
import type { TaxDocumentLineTable, TaxDocumentTable } from './tables';

/**
 * Renders tax invoices, credit notes and proformas, one page each, in Noto Sans (shipped in apps/server/assets/fonts
 * with its licence) because the PDF's built-in fonts have no ₹ sign.
 */

const FONT_DIR = path.join(repoRoot, 'apps/server/assets/fonts');
const REGULAR = path.join(FONT_DIR, 'NotoSans-Regular.ttf');
const BOLD = path.join(FONT_DIR, 'NotoSans-Bold.ttf');

const MARGIN = 36;
const BRAND = '#e11d48';
const INK = '#1f1f2b';
const MUTED = '#696e79';
const RULE = '#d4d5d9';
const SHADE = '#f5f5f6';

// Stored rows and unissued drafts (a proforma) alike.
type Line = Omit<Insertable<TaxDocumentLineTable>, 'id' | 'document_id'>;
type Header = Pick<
  Insertable<TaxDocumentTable>,
  | 'seller_legal_name'
  | 'seller_trade_name'
  | 'seller_gstin'
  | 'seller_pan'
  | 'seller_address'
  | 'seller_state'
  | 'place_of_supply'
  | 'supply_type'
  | 'taxable_paise'
  | 'cgst_paise'
  | 'sgst_paise'
  | 'igst_paise'
  | 'total_paise'
> & { number: string | null; issued_at: string };

/** One page: an issued invoice or credit note (with the invoice it corrects), or an unnumbered proforma. */
export interface RenderedDocument {
  kind: 'invoice' | 'credit_note' | 'proforma';
  document: Header;
  lines: Line[];
  original?: { number: string; issued_at: string };
}

export interface TaxDocumentsInput {
  order: CustomerOrderRow;
  documents: RenderedDocument[];
}

const TITLES: Record<RenderedDocument['kind'], string> = {
  invoice: 'TAX INVOICE',
  credit_note: 'CREDIT NOTE',
  proforma: 'PROFORMA INVOICE',
};

export function taxDocumentFileName(kind: 'invoice' | 'credit_note', reference: string): string {
  const safe = reference.replace(/[^A-Za-z0-9-]+/g, '-');
  return kind === 'invoice' ? `invoice-${safe}.pdf` : `credit-note-${safe}.pdf`;
}

const rupeeFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ₹1,23,456.78 from paise. */
export function paiseToRupees(paise: number): string {
  return `${paise < 0 ? '-' : ''}₹${rupeeFormat.format(Math.abs(paise) / 100)}`;
}

/** "Rupees One Thousand Forty and Fifty Paise Only". */
export function paiseInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const words = `Rupees ${numberInIndianWords(rupees)}`;
  return `${rest ? `${words} and ${numberInIndianWords(rest)} Paise` : words} Only`;
}

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** The bytes of a pdfkit document once it has ended (call before `doc.end()`). */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

type Doc = PDFKit.PDFDocument;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  cell: (line: Line, index: number) => string;
}

const money = (pick: (line: Line) => number) => (line: Line) => paiseToRupees(pick(line));

function columnsFor(supply: string): Column[] {
  const leading: Column[] = [
    { title: '#', width: 16, align: 'left', cell: (_, index) => String(index + 1) },
    { title: 'Description', width: 121, align: 'left', cell: (line) => line.description },
    { title: 'HSN', width: 34, align: 'left', cell: (line) => line.hsn_code },
    { title: 'Qty', width: 22, align: 'right', cell: (line) => String(line.quantity) },
    { title: 'MRP', width: 52, align: 'right', cell: money((line) => line.unit_price_paise) },
    { title: 'Discount', width: 50, align: 'right', cell: money((line) => line.discount_paise) },
    { title: 'Taxable value', width: 56, align: 'right', cell: money((line) => line.taxable_paise) },
    { title: 'Rate', width: 26, align: 'right', cell: (line) => `${line.rate_percent}%` },
  ];
  const taxes: Column[] =
    supply === 'intra'
      ? [
          { title: 'CGST', width: 46, align: 'right', cell: money((line) => line.cgst_paise) },
          { title: 'SGST', width: 46, align: 'right', cell: money((line) => line.sgst_paise) },
        ]
      : [{ title: 'IGST', width: 92, align: 'right', cell: money((line) => line.igst_paise) }];
  return [
    ...leading,
    ...taxes,
    { title: 'Total', width: 54, align: 'right', cell: money((line) => line.total_paise) },
  ];
}

const contentWidth = (doc: Doc) => doc.page.width - MARGIN * 2;

function rule(doc: Doc, y = doc.y, color = RULE): void {
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.6)
    .strokeColor(color)
    .stroke();
}

function paymentOf(order: CustomerOrderRow): string {
  // Cash on delivery arrives with its own column (issue 19); until then every order is paid by UPI.
  const method = (order as { payment_method?: string | null }).payment_method;
  if (method === 'cod') return 'Cash on delivery';
  return order.payment_status === 'paid' ? 'UPI (paid)' : 'UPI (not paid)';
}

/** A block of labelled facts at (x, y), `label: value` a line each; returns where it ended. */
function facts(doc: Doc, x: number, y: number, width: number, rows: [string, string][]): number {
  doc.y = y;
  for (const [label, value] of rows) {
    doc
      .font(BOLD)
      .fontSize(8.5)
      .fillColor(INK)
      .text(`${label}: `, x, doc.y, { width, continued: true })
      .font(REGULAR)
      .text(value);
  }
  return doc.y;
}

function heading(doc: Doc, x: number, y: number, text: string): void {
  doc.font(BOLD).fontSize(9).fillColor(BRAND).text(text.toUpperCase(), x, y);
}

function writeTop(doc: Doc, page: RenderedDocument): void {
  const top = MARGIN;
  doc.font(BOLD).fontSize(20).fillColor(BRAND).text('Bazaar', MARGIN, top);
  doc
    .font(REGULAR)
    .fontSize(8)
    .fillColor(MUTED)
    .text('Sold through the Bazaar marketplace by the seller below');
  doc
    .font(BOLD)
    .fontSize(15)
    .fillColor(INK)
    .text(TITLES[page.kind], MARGIN, top + 2, { width: contentWidth(doc), align: 'right' });
  doc
    .font(REGULAR)
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      page.kind === 'proforma'
        ? 'Not a tax invoice: the tax invoice is issued once the order is paid'
        : 'Original for recipient',
      { width: contentWidth(doc), align: 'right' },
    );
  doc.y = top + 44;
  rule(doc);
}

function writeParties(doc: Doc, page: RenderedDocument, order: CustomerOrderRow): void {
  const { document } = page;
  const half = contentWidth(doc) / 2 - 8;
  const rightX = MARGIN + half + 16;
  const top = doc.y + 8;

  heading(doc, MARGIN, top, 'Sold by');
  doc
    .font(BOLD)
    .fontSize(9.5)
    .fillColor(INK)
    .text(document.seller_legal_name, MARGIN, doc.y + 2, { width: half });
  doc
    .font(REGULAR)
    .fontSize(8.5)
    .text(`Trading as ${document.seller_trade_name}`, { width: half })
    .text(document.seller_address, { width: half });
  const sellerBottom = facts(doc, MARGIN, doc.y, half, [
    ['State', document.seller_state ? stateWithCode(document.seller_state) : 'Not on file'],
    ['GSTIN', document.seller_gstin ?? 'Not registered'],
    ...(document.seller_pan ? ([['PAN', document.seller_pan]] as [string, string][]) : []),
  ]);

  const numberLabel = page.kind === 'credit_note' ? 'Credit note no.' : 'Invoice no.';
  const rows: [string, string][] = [
    [numberLabel, document.number ?? 'Not issued'],
    [page.kind === 'credit_note' ? 'Credit note date' : 'Invoice date', formatDate(document.issued_at)],
    ...(page.original
      ? ([['Against invoice', `${page.original.number} of ${formatDate(page.original.issued_at)}`]] as [
          string,
          string,
        ][])
      : []),
    ['Order ID', order.order_code],
    ['Order date', formatDate(order.created_at)],
    ['Payment', paymentOf(order)],
    ['Place of supply', stateWithCode(document.place_of_supply)],
    ['Tax', document.supply_type === 'intra' ? 'CGST + SGST (within the state)' : 'IGST (between states)'],
  ];
  const factsBottom = facts(doc, rightX, top, half, rows);

  const buyerTop = Math.max(sellerBottom, factsBottom) + 10;
  heading(doc, MARGIN, buyerTop, 'Billing and shipping address');
  doc
    .font(BOLD)
    .fontSize(9)
    .fillColor(INK)
    .text(order.shipping_name, MARGIN, doc.y + 2, {
      width: contentWidth(doc),
    });
  const address = [
    order.shipping_address,
    [order.shipping_locality, order.shipping_landmark].filter(Boolean).join(', '),
    `${order.shipping_city}, ${stateWithCode(order.shipping_state)} - ${order.shipping_pincode}`,
    `Phone: ${order.shipping_phone}`,
  ].filter(Boolean);
  doc.font(REGULAR).fontSize(8.5);
  for (const line of address) doc.text(line, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.y += 8;
}

function writeRow(
  doc: Doc,
  columns: Column[],
  cells: string[],
  options: { bold?: boolean; shade?: boolean; details?: string | null } = {},
): void {
  const font = options.bold ? BOLD : REGULAR;
  doc.font(font).fontSize(7.5);
  const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i].width - 4 }));
  const detailsHeight = options.details
    ? doc
        .font(REGULAR)
        .fontSize(6.5)
        .heightOfString(options.details, { width: columns[1].width - 4 })
    : 0;
  const rowHeight = Math.max(...heights.map((h, i) => (i === 1 ? h + detailsHeight : h))) + 8;
  if (doc.y + rowHeight > doc.page.height - MARGIN) doc.addPage();
  const rowTop = doc.y;
  if (options.shade) doc.rect(MARGIN, rowTop, contentWidth(doc), rowHeight).fill(SHADE);
  let x = MARGIN;
  cells.forEach((cell, i) => {
    doc
      .font(font)
      .fontSize(7.5)
      .fillColor(options.shade ? MUTED : INK)
      .text(cell, x + 2, rowTop + 4, { width: columns[i].width - 4, align: columns[i].align });
    if (i === 1 && options.details)
      doc
        .font(REGULAR)
        .fontSize(6.5)
        .fillColor(MUTED)
        .text(options.details, x + 2, doc.y, { width: columns[i].width - 4 });
    x += columns[i].width;
  });
  doc.x = MARGIN;
  doc.y = rowTop + rowHeight;
  rule(doc);
}

function writeLines(doc: Doc, page: RenderedDocument): void {
  const columns = columnsFor(page.document.supply_type);
  rule(doc);
  writeRow(
    doc,
    columns,
    columns.map((column) => column.title),
    { bold: true, shade: true },
  );
  page.lines.forEach((line, index) =>
    writeRow(
      doc,
      columns,
      columns.map((column) => column.cell(line, index)),
      { details: line.details },
    ),
  );
}

function writeTotals(doc: Doc, page: RenderedDocument): void {
  const { document } = page;
  const labelWidth = 150;
  const valueWidth = 90;
  const labelX = doc.page.width - MARGIN - labelWidth - valueWidth;
  doc.y += 8;
  const total = (label: string, paise: number, bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? BOLD : REGULAR)
      .fontSize(bold ? 10 : 8.5)
      .fillColor(INK)
      .text(label, labelX, y, { width: labelWidth })
      .text(paiseToRupees(paise), labelX + labelWidth, y, { width: valueWidth, align: 'right' });
    doc.y += 2;
  };
  total('Taxable value', document.taxable_paise);
  if (document.supply_type === 'intra') {
    total('CGST', document.cgst_paise);
    total('SGST', document.sgst_paise);
  } else total('IGST', document.igst_paise);
  rule(doc, doc.y + 1);
  doc.y += 5;
  total(
    page.kind === 'credit_note' ? 'Total credited (incl. GST)' : 'Total (incl. GST)',
    document.total_paise,
    true,
  );

  doc.y += 10;
  doc
    .font(BOLD)
    .fontSize(8.5)
    .fillColor(INK)
    .text('Amount in words: ', MARGIN, doc.y, { continued: true, width: contentWidth(doc) })
    .font(REGULAR)
    .text(paiseInWords(document.total_paise));
  doc.y += 6;
  doc
    .font(REGULAR)
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(
      'Prices include GST: taxable value = amount / (1 + rate), rounded to the paisa. ' +
        "Shipping is taxed with its goods at the rate of the part's largest line. " +
        'Tax is not payable on reverse charge. This is a computer-generated document and needs no signature.',
      MARGIN,
      doc.y,
      { width: contentWidth(doc) },
    );
}

/** The documents of one order as one PDF, a page each. */
export function renderTaxDocuments({ order, documents }: TaxDocumentsInput): Promise<Buffer> {
  const first = documents[0];
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    info: {
      Title: first?.document.number
        ? `${TITLES[first.kind]} ${first.document.number}`
        : `Order ${order.order_code}`,
      Author: 'Bazaar',
    },
  });
  const done = pdfBytes(doc);
  for (const page of documents) {
    doc.addPage();
    writeTop(doc, page);
    writeParties(doc, page, order);
    writeLines(doc, page);
    writeTotals(doc, page);
  }
  doc.end();
  return done;
}
