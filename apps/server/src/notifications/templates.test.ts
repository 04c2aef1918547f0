import { describe, expect, it } from 'vitest';
import { composeMessage, indianTime, REFUND_PROMISE, renderEmail, type OrderFacts } from './templates';

const shopUrl = 'https://bazaar.test';

const order: OrderFacts = {
  code: 'BZ-2611-ABC123',
  price: 1299,
  shippingFee: 0,
  codFee: 0,
  paymentMethod: 'upi',
  paymentStatus: 'not paid',
  lines: [
    {
      name: 'Chikankari Kurta',
      brand: 'Lucknowi',
      size: 'M',
      colour: 'White',
      price: 1999,
      discount: 35,
      quantity: 1,
    },
  ],
};

describe('notification templates', () => {
  it('writes the order-placed mail with the lines, sizes, rupees, the UPI reminder and the deadline in IST', () => {
    const message = composeMessage({
      kind: 'order_placed',
      params: { orderId: 1 },
      facts: { order, paymentDeadline: '2026-11-26T18:00:00.000Z' },
      name: 'Meera Iyer',
      shopUrl,
    });
    const { html, text } = renderEmail(message, 'Meera Iyer');
    expect(message.subject).toBe('Order BZ-2611-ABC123 placed');
    expect(indianTime('2026-11-26T18:00:00.000Z')).toMatch(/^26 Nov 2026, 11:30\s?pm IST$/);
    expect(text).toContain('Please complete your UPI payment of ₹1,299 by 26 Nov 2026, 11:30');
    expect(text).toContain('- Chikankari Kurta (Lucknowi), Size M · White × 1: ₹1,300');
    expect(text).toContain('Order total: ₹1,299');
    expect(text).toContain('Shipping: Free');
    expect(html).toContain('Size M · White');
    expect(html).toContain('₹1,299');
  });

  it('tells a switch from UPI to cash on delivery with the total and the fee in rupees', () => {
    const message = composeMessage({
      kind: 'payment_method_changed',
      params: { orderId: 1 },
      facts: { order: { ...order, paymentMethod: 'cod', codFee: 49 } },
      name: 'Meera',
      shopUrl,
    });
    const { html, text } = renderEmail(message, 'Meera');
    expect(message.subject).toBe('Order BZ-2611-ABC123: payment changed to cash on delivery');
    expect(text).toContain('Payment method changed to cash on delivery');
    expect(text).toContain(
      'Please keep ₹1,348 ready when it arrives, including the cash on delivery fee of ₹49.',
    );
    expect(text).toContain('Cash on delivery fee: ₹49');
    expect(text).not.toContain('UTR');
    expect(html).toContain('Order total');
  });

  it('leaves the time out of the UPI reminder when no deadline was stored', () => {
    const message = composeMessage({
      kind: 'order_placed',
      params: { orderId: 1 },
      facts: { order, paymentDeadline: null },
      name: 'Meera',
      shopUrl,
    });
    expect(renderEmail(message, 'Meera').text).toContain(
      'Please complete your UPI payment of ₹1,299 and enter the UTR',
    );
  });

  it('says cash on delivery instead of the UPI reminder for a COD order', () => {
    const message = composeMessage({
      kind: 'order_placed',
      params: { orderId: 1 },
      facts: {
        order: { ...order, paymentMethod: 'cod', codFee: 49 },
        paymentDeadline: '2026-11-26T18:00:00.000Z',
      },
      name: 'Meera',
      shopUrl,
    });
    const { text } = renderEmail(message, 'Meera');
    expect(text).toContain('You chose cash on delivery: please keep ₹1,348 ready');
    expect(text).toContain('Cash on delivery fee: ₹49');
    expect(text).not.toContain('UPI');
  });

  it("gives a refund's amount, reference and the policy's 7-10 business days", () => {
    const message = composeMessage({
      kind: 'refund_issued',
      params: { refundId: 3 },
      facts: { orderCode: order.code, amount: 12999, reference: 'UPI-4471' },
      name: 'Meera',
      shopUrl,
    });
    const { text } = renderEmail(message, 'Meera');
    expect(message.subject).toBe('Refund of ₹12,999 issued for order BZ-2611-ABC123');
    expect(text).toContain('Reference: UPI-4471');
    expect(text).toContain(REFUND_PROMISE);
    expect(REFUND_PROMISE).toContain('7-10 business days');
  });

  it('escapes everything people typed in the HTML part and keeps it readable in the text part', () => {
    const message = composeMessage({
      kind: 'order_cancelled',
      params: { orderId: 1, partId: 2, by: 'seller', reason: '<script>alert(1)</script> & "more"' },
      facts: {
        order,
        part: {
          shopName: 'Kurta <b>House</b>',
          price: 1300,
          courier: null,
          trackingNumber: null,
          lines: order.lines,
        },
        refundAmount: 1300,
      },
      name: '<img src=x onerror=alert(1)>',
      shopUrl,
    });
    const { html, text } = renderEmail(message, '<img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>House');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;');
    expect(text).toContain('Reason: <script>alert(1)</script> & "more"');
    expect(text).toContain('₹1,300 will be refunded');
  });

  it('sends shipping news as a text too, with the courier and AWB', () => {
    const message = composeMessage({
      kind: 'order_shipped',
      params: { orderId: 1, partId: 2 },
      facts: {
        order,
        part: {
          shopName: 'Lucknowi',
          price: 1300,
          courier: 'Delhivery',
          trackingNumber: 'DLV123456',
          lines: order.lines,
        },
      },
      name: 'Meera',
      shopUrl,
    });
    expect(message.sms).toBe(
      'Bazaar: your order BZ-2611-ABC123 from Lucknowi has shipped with Delhivery, AWB DLV123456.',
    );
  });

  it('names the state of a return in words, with the reason of a rejection and the refund once received', () => {
    const returned = (state: 'rejected' | 'received') =>
      renderEmail(
        composeMessage({
          kind: 'return_update',
          params: { returnId: 9 },
          facts: {
            orderCode: order.code,
            shopName: 'Lucknowi',
            state,
            lines: order.lines,
            decisionReason: 'Tags removed',
            refundAmount: 1300,
          },
          name: 'Meera',
          shopUrl,
        }),
        'Meera',
      ).text;
    expect(returned('rejected')).toContain(
      'Your return of items from Lucknowi (order BZ-2611-ABC123) was not accepted',
    );
    expect(returned('rejected')).toContain('Reason: Tags removed');
    expect(returned('rejected')).not.toContain('refunded');
    expect(returned('received')).toContain('was received by the shop.');
    expect(returned('received')).toContain(`₹1,300 will be refunded to you. ${REFUND_PROMISE}`);
    expect(returned('received')).not.toContain('Tags removed');
  });
});
