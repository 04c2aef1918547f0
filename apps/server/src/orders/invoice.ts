import PDFDocument from 'pdfkit';
import { discountedPrice, formatRupees, variantLabel } from '@bazaar/shared';
import { rupeesInWords } from './amountInWords';
import type { CustomerOrderRow, OrderLineRow, SellerPartRow } from './repository';

export interface InvoiceInput {
  order: CustomerOrderRow;
  lines: OrderLineRow[];
  sellers: SellerPartRow[];
  customer: { name: string; email: string | null };
}

const PAGE_MARGIN = 40;
const BRAND = '#e11d48';
const INK = '#1f1f2b';
const MUTED = '#696e79';
const RULE = '#d4d5d9';

/** Helvetica (the built-in PDF font) has no ₹ glyph, so invoices write "Rs." with Indian digit grouping. */
export function invoiceRupees(amount: number): string {
  return `Rs. ${formatRupees(amount).slice(1)}`;
}

const invoiceDate = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

export function invoiceFileName(orderCode: string): string {
  return `invoice-${orderCode}.pdf`;
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
}

const COLUMNS: Column[] = [
  { title: '#', width: 20, align: 'left' },
  { title: 'Item', width: 180, align: 'left' },
  { title: 'HSN', width: 45, align: 'left' },
  { title: 'Qty', width: 30, align: 'right' },
  { title: 'MRP', width: 60, align: 'right' },
  { title: 'Discount', width: 50, align: 'right' },
  { title: 'Price', width: 60, align: 'right' },
  { title: 'Amount', width: 70, align: 'right' },
];

/** The document's bytes once it has ended (call before `doc.end()`). */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** Renders the tax invoice of one order as a PDF. */
export function renderInvoice(input: InvoiceInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    info: { Title: `Invoice ${input.order.order_code}`, Author: 'Bazaar' },
  });
  const done = pdfBytes(doc);

  writeHeader(doc, input);
  writeParties(doc, input);
  for (const seller of input.sellers) {
    writeSellerSection(
      doc,
      seller,
      input.lines.filter((line) => line.seller_order_id === seller.id),
    );
  }
  writeTotals(doc, input.order);
  doc.end();
  return done;
}

type Doc = PDFKit.PDFDocument;

const contentWidth = (doc: Doc) => doc.page.width - PAGE_MARGIN * 2;

function rule(doc: Doc, y = doc.y): void {
  doc
    .moveTo(PAGE_MARGIN, y)
    .lineTo(doc.page.width - PAGE_MARGIN, y)
    .lineWidth(0.7)
    .strokeColor(RULE)
    .stroke();
}

/** Starts a new page when fewer than `height` points remain. */
function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - PAGE_MARGIN) doc.addPage();
}

function writeHeader(doc: Doc, { order }: InvoiceInput): void {
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(24).fillColor(BRAND).text('Bazaar', PAGE_MARGIN, top);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('Online fashion marketplace, Hyderabad, India');
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(INK)
    .text('TAX INVOICE', PAGE_MARGIN, top + 4, { width: contentWidth(doc), align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Invoice for order ${order.order_code}`, { width: contentWidth(doc), align: 'right' });
  doc.y = top + 52;
  rule(doc);
  doc.moveDown(0.8);
}

function labelled(doc: Doc, x: number, width: number, label: string, value: string): void {
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(INK)
    .text(`${label}: `, x, doc.y, { width, continued: true });
  doc.font('Helvetica').fillColor(INK).text(value);
}

function writeParties(doc: Doc, { order, customer }: InvoiceInput): void {
  const top = doc.y;
  const half = contentWidth(doc) / 2 - 10;
  const rightX = PAGE_MARGIN + half + 20;

  doc.font('Helvetica-Bold').fontSize(10).fillColor(BRAND).text('ORDER', PAGE_MARGIN, top);
  doc.moveDown(0.3);
  labelled(doc, PAGE_MARGIN, half, 'Order ID', order.order_code);
  labelled(doc, PAGE_MARGIN, half, 'Order date', invoiceDate.format(new Date(order.created_at)));
  labelled(doc, PAGE_MARGIN, half, 'Payment status', order.payment_status);
  labelled(doc, PAGE_MARGIN, half, 'Order status', order.delivery_status);
  labelled(
    doc,
    PAGE_MARGIN,
    half,
    'Customer',
    customer.email ? `${customer.name} (${customer.email})` : customer.name,
  );
  const leftBottom = doc.y;

  doc.font('Helvetica-Bold').fontSize(10).fillColor(BRAND).text('SHIP TO', rightX, top);
  doc.moveDown(0.3);
  const addressLines = [
    order.shipping_address,
    [order.shipping_locality, order.shipping_landmark].filter(Boolean).join(', '),
    `${order.shipping_city}, ${order.shipping_state} - ${order.shipping_pincode}`,
    `Phone: ${order.shipping_phone}${order.shipping_alternate_phone ? `, ${order.shipping_alternate_phone}` : ''}`,
  ].filter(Boolean);
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(INK)
    .text(order.shipping_name, rightX, doc.y, { width: half });
  doc.font('Helvetica').fillColor(INK);
  for (const line of addressLines) doc.text(line, rightX, doc.y, { width: half });

  doc.x = PAGE_MARGIN;
  doc.y = Math.max(leftBottom, doc.y) + 14;
}

function writeRow(
  doc: Doc,
  cells: string[],
  options: { bold?: boolean; color?: string; subline?: string } = {},
): void {
  doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: COLUMNS[i].width - 4 }));
  const sublineHeight = options.subline
    ? doc.fontSize(8).heightOfString(options.subline, { width: COLUMNS[1].width - 4 })
    : 0;
  const rowHeight = Math.max(...heights.map((h, i) => (i === 1 ? h + sublineHeight : h))) + 8;
  ensureSpace(doc, rowHeight);
  const rowTop = doc.y;
  let x = PAGE_MARGIN;
  cells.forEach((cell, i) => {
    doc
      .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor(options.color ?? INK)
      .text(cell, x + 2, rowTop + 4, { width: COLUMNS[i].width - 4, align: COLUMNS[i].align });
    if (i === 1 && options.subline) {
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(MUTED)
        .text(options.subline, x + 2, doc.y, { width: COLUMNS[i].width - 4 });
    }
    x += COLUMNS[i].width;
  });
  doc.x = PAGE_MARGIN;
  doc.y = rowTop + rowHeight;
  rule(doc);
}

function writeSellerSection(doc: Doc, seller: SellerPartRow, lines: OrderLineRow[]): void {
  ensureSpace(doc, 80);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(INK)
    .text(`Sold by: ${seller.shop_name}`, PAGE_MARGIN, doc.y, { width: contentWidth(doc) });
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(`${seller.seller_name}, ${seller.seller_city} | ${seller.seller_email}`, {
      width: contentWidth(doc),
    });
  doc.moveDown(0.4);
  rule(doc);
  writeRow(
    doc,
    COLUMNS.map((column) => column.title),
    { bold: true, color: MUTED },
  );
  lines.forEach((line, index) => {
    const unitPrice = discountedPrice(line.price, line.discount);
    writeRow(
      doc,
      [
        String(index + 1),
        line.name,
        line.hsn_code,
        String(line.quantity),
        invoiceRupees(line.price),
        line.discount ? `${line.discount}%` : '-',
        invoiceRupees(unitPrice),
        invoiceRupees(unitPrice * line.quantity),
      ],
      // The size and colour ordered (issue 15): "Roadster | Kurtas | Size M · Navy Blue".
      { subline: [line.brand, line.category, variantLabel(line)].filter(Boolean).join(' | ') },
    );
  });
  doc.moveDown(0.3);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Subtotal (${seller.shop_name}): ${invoiceRupees(seller.price)}`, PAGE_MARGIN, doc.y, {
      width: contentWidth(doc),
      align: 'right',
    });
  doc.moveDown(1);
}

function writeTotals(doc: Doc, order: CustomerOrderRow): void {
  ensureSpace(doc, 140);
  const total = order.price + order.shipping_fee;
  const labelWidth = 120;
  const valueWidth = 90;
  const labelX = doc.page.width - PAGE_MARGIN - labelWidth - valueWidth;
  const line = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 11 : 9.5)
      .fillColor(INK);
    doc.text(label, labelX, y, { width: labelWidth });
    doc.text(value, labelX + labelWidth, y, { width: valueWidth, align: 'right' });
    doc.moveDown(0.3);
  };
  line('Items total', invoiceRupees(order.price));
  line('Shipping', order.shipping_fee ? invoiceRupees(order.shipping_fee) : 'Free');
  rule(doc, doc.y);
  doc.moveDown(0.3);
  line('Total', invoiceRupees(total), true);

  doc.x = PAGE_MARGIN;
  doc.moveDown(0.8);
  doc
    .font('Helvetica-Bold')
    .fontSize(9.5)
    .fillColor(INK)
    .text('Amount in words: ', PAGE_MARGIN, doc.y, { continued: true, width: contentWidth(doc) })
    .font('Helvetica')
    .text(rupeesInWords(total));
  doc.moveDown(0.3);
  doc
    .font('Helvetica-Bold')
    .text('Payment status: ', { continued: true })
    .font('Helvetica')
    .fillColor(order.payment_status === 'paid' ? '#03a685' : BRAND)
    .text(order.payment_status.toUpperCase());
  doc.moveDown(2);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text('This is a computer-generated invoice.', PAGE_MARGIN, doc.y, {
      width: contentWidth(doc),
      align: 'center',
    });
}
