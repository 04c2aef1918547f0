import escapeHtml from 'escape-html';
import {
  discountedPrice,
  formatRupees,
  REFUND_BUSINESS_DAYS,
  RETURN_WINDOW_DAYS,
  variantLabel,
  type ReturnState,
} from '@bazaar/shared';
import type { NotificationKind, NotificationParams } from '@bazaar/shared/notifications';

/**
 * The words of every message (issue 19). Each kind turns the facts read at the event into a `Message` of plain
 * text — paragraphs, a table of lines, label/value details, a button — and `renderEmail` writes it twice: HTML in
 * the shop's look, every value escaped, and the plain-text part. Amounts are whole rupees, shown as "₹1,299".
 */

/** The Return & Refund Policy's promise, in the words of every message about a refund. */
export const REFUND_PROMISE = `Refunds reach the original UPI or bank account within ${REFUND_BUSINESS_DAYS.min}-${REFUND_BUSINESS_DAYS.max} business days.`;

const BRAND = { name: 'Bazaar', colour: '#e11d48', ink: '#1f2937', muted: '#6b7280', line: '#e5e7eb' };

export interface LineFacts {
  name: string;
  brand: string;
  size: string | null;
  colour: string | null;
  /** MRP per piece and its discount percent, as ordered. */
  price: number;
  discount: number;
  quantity: number;
}

export interface OrderFacts {
  code: string;
  /** Goods after discounts, and shipping (and a cash-on-delivery fee) on top. */
  price: number;
  shippingFee: number;
  codFee: number;
  paymentMethod: string;
  paymentStatus: string;
  lines: LineFacts[];
}

export interface PartFacts {
  shopName: string;
  price: number;
  courier: string | null;
  trackingNumber: string | null;
  lines: LineFacts[];
}

/** What each kind tells beyond its params, read when the event happened (notifications/facts.ts). */
export interface MessageFacts {
  welcome: Record<string, never>;
  /** The deadline is null for a COD order (and a UPI one queued without it: the words then give no time). */
  order_placed: { order: OrderFacts; paymentDeadline: string | null };
  payment_verified: { order: OrderFacts };
  payment_method_changed: { order: OrderFacts };
  payment_rejected: { order: OrderFacts; reason: string | null; paymentDeadline: string | null };
  order_shipped: { order: OrderFacts; part: PartFacts };
  order_delivered: { order: OrderFacts; part: PartFacts };
  order_cancelled: { order: OrderFacts; part: PartFacts | null; refundAmount: number };
  return_update: {
    orderCode: string;
    shopName: string;
    state: ReturnState;
    lines: LineFacts[];
    /** The shop's reason for a rejection. */
    decisionReason: string | null;
    /** The refund owed once the shop received the items. */
    refundAmount: number | null;
  };
  refund_issued: { orderCode: string; amount: number; reference: string | null };
  seller_new_order: { order: OrderFacts; part: PartFacts };
  seller_return_requested: { orderCode: string; reason: string; comment: string | null; lines: LineFacts[] };
  admin_new_seller: { shopName: string; ownerName: string; email: string; city: string };
}

/** A message before it is written out: plain text throughout (`renderEmail` escapes it). */
export interface Message {
  subject: string;
  heading: string;
  paragraphs: string[];
  lines?: LineFacts[];
  /** Label and value rows under the lines (totals, courier, reference). */
  details?: [string, string][];
  action?: { label: string; url: string };
  /** The text message, for the kinds also sent by SMS. */
  sms?: string;
}

export interface MessageInput<K extends NotificationKind> {
  kind: K;
  params: NotificationParams[K];
  facts: MessageFacts[K];
  /** The addressee's name ("Hi Meera"). */
  name: string;
  /** Absolute address of the shop, without a trailing slash. */
  shopUrl: string;
}

const dateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** An instant as Indian shoppers read it: "26 Nov 2026, 11:30 pm IST". */
export function indianTime(iso: string): string {
  return `${dateTime.format(new Date(iso))} IST`;
}

function lineTotal(line: LineFacts): number {
  return discountedPrice(line.price, line.discount) * line.quantity;
}

function orderTotal(order: OrderFacts): number {
  return order.price + order.shippingFee + order.codFee;
}

function orderTotals(order: OrderFacts): [string, string][] {
  return [
    ['Items', formatRupees(order.price)],
    ['Shipping', order.shippingFee ? formatRupees(order.shippingFee) : 'Free'],
    ...(order.codFee ? [['Cash on delivery fee', formatRupees(order.codFee)] as [string, string]] : []),
    ['Order total', formatRupees(orderTotal(order))],
  ];
}

function orderLink(shopUrl: string, order: OrderFacts, label = 'View your order') {
  return { label, url: `${shopUrl}/dashboard/order/details/${encodeURIComponent(order.code)}` };
}

const CANCELLED_BY: Record<NotificationParams['order_cancelled']['by'], string> = {
  customer: 'as you asked',
  seller: 'by the seller',
  system: 'by Bazaar',
  admin: 'by Bazaar',
};

/** A return's state in words, for the shopper. */
const RETURN_STATE_WORDS: Record<ReturnState, { title: string; sentence: string }> = {
  requested: { title: 'Return requested', sentence: 'is requested. The shop will review it shortly.' },
  approved: { title: 'Return approved', sentence: 'is approved. A courier will pick the items up.' },
  rejected: { title: 'Return not accepted', sentence: 'was not accepted by the shop.' },
  picked_up: { title: 'Return picked up', sentence: 'was picked up and is on its way back to the shop.' },
  received: { title: 'Return received', sentence: 'was received by the shop.' },
};

type Composer<K extends NotificationKind> = (input: MessageInput<K>) => Message;

const COMPOSERS: { [K in NotificationKind]: Composer<K> } = {
  welcome: ({ shopUrl }) => ({
    subject: 'Welcome to Bazaar',
    heading: 'Welcome to Bazaar',
    paragraphs: [
      'Your account is ready. Discover kurtas, sarees and everyday fashion from independent Indian shops.',
      `Returns are free within ${RETURN_WINDOW_DAYS} days of delivery.`,
    ],
    action: { label: 'Start shopping', url: `${shopUrl}/` },
  }),

  order_placed: ({ facts: { order, paymentDeadline }, shopUrl }) => {
    const total = formatRupees(orderTotal(order));
    const cashOnDelivery = order.paymentMethod === 'cod';
    return {
      subject: `Order ${order.code} placed`,
      heading: 'Thank you for your order',
      paragraphs: cashOnDelivery
        ? [
            `Your order ${order.code} is placed and will be packed by the seller.`,
            `You chose cash on delivery: please keep ${total} ready when it arrives.`,
          ]
        : [
            `We have received your order ${order.code}.`,
            `Please complete your UPI payment of ${total}${paymentDeadline ? ` by ${indianTime(paymentDeadline)}` : ''} and enter the UTR (transaction id) on the payment page. Until then the items are reserved for you; an order still unpaid at that time is cancelled.`,
          ],
      lines: order.lines,
      details: orderTotals(order),
      action: orderLink(shopUrl, order, cashOnDelivery ? 'View your order' : 'Pay now with UPI'),
    };
  },

  payment_verified: ({ facts: { order }, shopUrl }) => ({
    subject: `Payment received for order ${order.code}`,
    heading: 'Payment received',
    paragraphs: [
      `We have verified your payment of ${formatRupees(orderTotal(order))} for order ${order.code}. The sellers are now packing your items.`,
    ],
    lines: order.lines,
    details: orderTotals(order),
    action: orderLink(shopUrl, order),
  }),

  payment_method_changed: ({ facts: { order }, shopUrl }) => ({
    subject: `Order ${order.code}: payment changed to cash on delivery`,
    heading: 'Payment method changed to cash on delivery',
    paragraphs: [
      `You changed the payment of order ${order.code} from UPI to cash on delivery. There is nothing to pay now: the order is placed and will be packed by the seller.`,
      order.codFee
        ? `Please keep ${formatRupees(orderTotal(order))} ready when it arrives, including the cash on delivery fee of ${formatRupees(order.codFee)}.`
        : `Please keep ${formatRupees(orderTotal(order))} ready when it arrives.`,
    ],
    lines: order.lines,
    details: orderTotals(order),
    action: orderLink(shopUrl, order),
  }),

  payment_rejected: ({ facts: { order, reason, paymentDeadline }, shopUrl }) => ({
    subject: `We could not verify your payment for order ${order.code}`,
    heading: 'Payment not verified',
    paragraphs: [
      `We could not match the UTR you entered for order ${order.code} to a payment of ${formatRupees(orderTotal(order))}.`,
      ...(reason ? [`Reason: ${reason}`] : []),
      paymentDeadline
        ? `Please check the UTR in your UPI app and enter it again before ${indianTime(paymentDeadline)}.`
        : 'Please check the UTR in your UPI app and enter it again.',
    ],
    action: orderLink(shopUrl, order),
  }),

  order_shipped: ({ facts: { order, part }, shopUrl }) => ({
    subject: `Your order ${order.code} has shipped`,
    heading: 'On its way',
    paragraphs: [`${part.shopName} has shipped your items from order ${order.code}.`],
    lines: part.lines,
    details: [
      ['Courier', part.courier ?? 'Not given'],
      ['Tracking number (AWB)', part.trackingNumber ?? 'Not given'],
    ],
    action: orderLink(shopUrl, order),
    sms: `Bazaar: your order ${order.code} from ${part.shopName} has shipped${part.courier ? ` with ${part.courier}` : ''}${part.trackingNumber ? `, AWB ${part.trackingNumber}` : ''}.`,
  }),

  order_delivered: ({ facts: { order, part }, shopUrl }) => ({
    subject: `Your order ${order.code} was delivered`,
    heading: 'Delivered',
    paragraphs: [
      `Your items from ${part.shopName} (order ${order.code}) were delivered.`,
      `Something not right? You can return it within ${RETURN_WINDOW_DAYS} days of delivery.`,
    ],
    lines: part.lines,
    action: orderLink(shopUrl, order),
    sms: `Bazaar: your order ${order.code} from ${part.shopName} was delivered. Returns are open for ${RETURN_WINDOW_DAYS} days.`,
  }),

  order_cancelled: ({ params, facts: { order, part, refundAmount }, shopUrl }) => ({
    subject: `Order ${order.code} ${part ? 'partly ' : ''}cancelled`,
    heading: 'Order cancelled',
    paragraphs: [
      part
        ? `The items from ${part.shopName} in order ${order.code} were cancelled ${CANCELLED_BY[params.by]}.`
        : `Your order ${order.code} was cancelled ${CANCELLED_BY[params.by]}.`,
      ...(params.reason ? [`Reason: ${params.reason}`] : []),
      refundAmount > 0
        ? `You paid for these items, so ${formatRupees(refundAmount)} will be refunded to your account. ${REFUND_PROMISE}`
        : 'You were not charged for them.',
    ],
    lines: part ? part.lines : order.lines,
    action: orderLink(shopUrl, order),
  }),

  return_update: ({ facts: { orderCode, shopName, state, lines, decisionReason, refundAmount } }) => ({
    subject: `Your return for order ${orderCode}: ${RETURN_STATE_WORDS[state].title}`,
    heading: RETURN_STATE_WORDS[state].title,
    paragraphs: [
      `Your return of items from ${shopName} (order ${orderCode}) ${RETURN_STATE_WORDS[state].sentence}`,
      ...(state === 'rejected' && decisionReason ? [`Reason: ${decisionReason}`] : []),
      ...(state === 'received' && refundAmount
        ? [`${formatRupees(refundAmount)} will be refunded to you. ${REFUND_PROMISE}`]
        : []),
    ],
    lines,
  }),

  refund_issued: ({ facts: { orderCode, amount, reference } }) => ({
    subject: `Refund of ${formatRupees(amount)} issued for order ${orderCode}`,
    heading: 'Refund issued',
    paragraphs: [`We have refunded ${formatRupees(amount)} for order ${orderCode}. ${REFUND_PROMISE}`],
    details: [
      ['Amount', formatRupees(amount)],
      ['Reference', reference ?? 'Not given'],
    ],
  }),

  seller_new_order: ({ facts: { order, part }, shopUrl }) => ({
    subject: `New order ${order.code}: please pack it`,
    heading: 'New paid order',
    paragraphs: [
      `Order ${order.code} for ${part.shopName} is ${order.paymentMethod === 'cod' ? 'placed as cash on delivery' : 'paid'}. Please pack it and ship within 24-48 business hours.`,
    ],
    lines: part.lines,
    details: [['Your part', formatRupees(part.price)]],
    action: { label: 'Open orders in the seller center', url: `${shopUrl}/seller/orders` },
  }),

  seller_return_requested: ({ facts: { orderCode, reason, comment, lines }, shopUrl }) => ({
    subject: `Return requested for order ${orderCode}`,
    heading: 'Return requested',
    paragraphs: [
      `A shopper asked to return items of order ${orderCode}.`,
      `Reason: ${reason}`,
      ...(comment ? [`The shopper wrote: ${comment}`] : []),
      'Please approve or reject it in the seller center.',
    ],
    lines,
    action: { label: 'Review the return', url: `${shopUrl}/seller/returns` },
  }),

  admin_new_seller: ({ facts: { shopName, ownerName, email, city }, shopUrl }) => ({
    subject: `New seller to approve: ${shopName}`,
    heading: 'A new shop is waiting for approval',
    paragraphs: [`${shopName} registered and waits for approval.`],
    details: [
      ['Shop', shopName],
      ['Owner', ownerName],
      ['E-mail', email],
      ['City', city],
    ],
    action: { label: 'Review sellers', url: `${shopUrl}/admin/sellers` },
  }),
};

/** The message of a kind for its facts. */
export function composeMessage<K extends NotificationKind>(input: MessageInput<K>): Message {
  return (COMPOSERS[input.kind] as Composer<K>)(input);
}

/** The HTML and plain-text parts of an e-mail: `name` greets the addressee. */
export function renderEmail(message: Message, name: string): { html: string; text: string } {
  return { html: renderHtml(message, name), text: renderText(message, name) };
}

function greeting(name: string): string {
  const first = name.trim().split(/\s+/)[0];
  return first ? `Hi ${first},` : 'Hello,';
}

function renderText(message: Message, name: string): string {
  const parts = [message.heading, '', greeting(name), '', ...message.paragraphs.flatMap((p) => [p, ''])];
  for (const line of message.lines ?? []) {
    const label = variantLabel(line);
    parts.push(
      `- ${line.name} (${line.brand})${label ? `, ${label}` : ''} × ${line.quantity}: ${formatRupees(lineTotal(line))}`,
    );
  }
  if (message.lines?.length) parts.push('');
  for (const [label, value] of message.details ?? []) parts.push(`${label}: ${value}`);
  if (message.details?.length) parts.push('');
  if (message.action) parts.push(`${message.action.label}: ${message.action.url}`, '');
  parts.push('— Bazaar');
  return parts.join('\n');
}

const cell = `padding:10px 8px;border-bottom:1px solid ${BRAND.line};vertical-align:top`;

function linesTable(lines: LineFacts[]): string {
  if (!lines.length) return '';
  const rows = lines
    .map((line) => {
      const label = variantLabel(line);
      return `<tr><td style="${cell}"><strong>${escapeHtml(line.name)}</strong><br><span style="color:${BRAND.muted};font-size:13px">${escapeHtml(line.brand)}${label ? ` · ${escapeHtml(label)}` : ''}</span></td><td style="${cell};text-align:center">${line.quantity}</td><td style="${cell};text-align:right;white-space:nowrap">${escapeHtml(formatRupees(lineTotal(line)))}</td></tr>`;
    })
    .join('');
  return `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="border-collapse:collapse;margin:16px 0;font-size:14px"><thead><tr><th align="left" style="${cell};color:${BRAND.muted};font-weight:600">Item</th><th style="${cell};color:${BRAND.muted};font-weight:600">Qty</th><th align="right" style="${cell};color:${BRAND.muted};font-weight:600">Amount</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function detailsTable(details: [string, string][]): string {
  if (!details.length) return '';
  const rows = details
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 0;color:${BRAND.muted}">${escapeHtml(label)}</td><td style="padding:4px 0;text-align:right;font-weight:600">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="margin:8px 0 16px;font-size:14px">${rows}</table>`;
}

function renderHtml(message: Message, name: string): string {
  const paragraphs = message.paragraphs
    .map((text) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(text)}</p>`)
    .join('');
  const action = message.action
    ? `<p style="margin:20px 0"><a href="${escapeHtml(message.action.url)}" style="display:inline-block;background:${BRAND.colour};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">${escapeHtml(message.action.label)}</a></p>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(message.subject)}</title></head><body style="margin:0;background:#f9fafb;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:${BRAND.ink}"><table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center" style="padding:24px 12px"><table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border:1px solid ${BRAND.line};border-radius:8px"><tr><td style="padding:20px 24px;border-bottom:3px solid ${BRAND.colour}"><span style="font-size:24px;font-weight:800;letter-spacing:-0.5px;color:${BRAND.colour}">${BRAND.name}</span></td></tr><tr><td style="padding:24px"><h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(message.heading)}</h1><p style="margin:0 0 12px">${escapeHtml(greeting(name))}</p>${paragraphs}${linesTable(message.lines ?? [])}${detailsTable(message.details ?? [])}${action}</td></tr><tr><td style="padding:16px 24px;color:${BRAND.muted};font-size:12px;border-top:1px solid ${BRAND.line}">Bazaar · Indian fashion from independent shops. You receive this e-mail because of your account or order at Bazaar.</td></tr></table></td></tr></table></body></html>`;
}
