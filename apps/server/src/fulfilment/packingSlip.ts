import PDFDocument from 'pdfkit';
import { variantLabel } from '@bazaar/shared';
import { pdfBytes } from '../taxInvoices/pdf';
import type { PartLineRow, SellerPartRow } from './repository';

/**
 * The packing slip of one seller's part: what goes in the parcel and where it goes, for the packer. No prices (a
 * parcel may be a gift; the invoice has them).
 */
export interface PackingSlipInput {
  part: SellerPartRow;
  lines: PartLineRow[];
  shop: {
    shop_name: string;
    city: string;
    pickup_address: string | null;
    pickup_state: string | null;
    pickup_pincode: string | null;
    mobile: string | null;
  };
}

const MARGIN = 40;
const INK = '#1f1f2b';
const MUTED = '#696e79';

const slipDate = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

export function packingSlipFileName(orderCode: string, partId: number): string {
  return `packing-slip-${orderCode}-${partId}.pdf`;
}

/** Renders the slip as a one-page (more if the part has many lines) A5 PDF. */
export function renderPackingSlip({ part, lines, shop }: PackingSlipInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A5',
    margin: MARGIN,
    info: { Title: `Packing slip ${part.order_code}`, Author: 'Bazaar' },
  });
  const done = pdfBytes(doc);
  const width = doc.page.width - MARGIN * 2;
  const heading = (text: string) => {
    doc
      .moveDown(0.6)
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(MUTED)
      .text(text, MARGIN, doc.y, { width });
    doc.font('Helvetica').fontSize(10).fillColor(INK);
  };

  doc.font('Helvetica-Bold').fontSize(16).fillColor(INK).text('PACKING SLIP', { width });
  doc.font('Helvetica').fontSize(10).text(`Order ${part.order_code} · Part ${part.id}`);
  doc.text(`Ordered on ${slipDate.format(new Date(part.created_at))}`);
  if (part.courier && part.tracking_number)
    doc.text(`Courier: ${part.courier} · AWB ${part.tracking_number}`);

  heading('SHIP TO');
  doc.font('Helvetica-Bold').text(part.shipping_name);
  doc.font('Helvetica');
  for (const line of [
    part.shipping_address,
    [part.shipping_locality, part.shipping_landmark].filter(Boolean).join(', '),
    `${part.shipping_city}, ${part.shipping_state} - ${part.shipping_pincode}`,
    `Phone: ${part.shipping_phone}`,
  ])
    if (line) doc.text(line, { width });

  heading('FROM');
  doc.text(shop.shop_name, { width });
  const pickup = [shop.pickup_address, shop.city, shop.pickup_state].filter(Boolean).join(', ');
  doc.text(shop.pickup_pincode ? `${pickup} - ${shop.pickup_pincode}` : pickup, { width });
  if (shop.mobile) doc.text(`Phone: ${shop.mobile}`);

  heading('ITEMS');
  lines.forEach((line, index) => {
    if (doc.y > doc.page.height - MARGIN - 40) doc.addPage();
    const variant = variantLabel(line);
    doc
      .font('Helvetica-Bold')
      .text(`${index + 1}. ${line.name}`, MARGIN, doc.y, { width: width - 60, continued: false });
    doc
      .font('Helvetica')
      .fillColor(MUTED)
      .text([line.brand, variant].filter(Boolean).join(' | '), { width: width - 60 });
    doc.fillColor(INK).text(`Qty ${line.quantity}`, MARGIN, doc.y, { width, align: 'right' });
  });
  const pieces = lines.reduce((sum, line) => sum + line.quantity, 0);
  doc
    .moveDown(0.6)
    .font('Helvetica-Bold')
    .text(`${pieces} piece${pieces === 1 ? '' : 's'} in total`, MARGIN);
  doc.end();
  return done;
}
