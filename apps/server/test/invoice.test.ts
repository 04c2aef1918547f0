/**
 * GST tax invoices and credit notes (issue 17): a tax invoice per seller part, numbered in the seller's series, with
 * CGST + SGST inside the seller's state and IGST across states; the PDF's text is read back and must add up to
 * what the shopper paid. Credit notes reverse refunded parts; rate changes never rewrite issued invoices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';
import { signInNewCustomer, type CustomerClient, type ProductKey } from './orders-fixtures';
import { orderUnderVerification, placeOrder, seedCatalog, signedInOperator } from './payments-fixtures';
import { enableSellerLogins, signedInSeller, signedInOperator as signedInStaff } from './security-fixtures';
import { paiseOf, pdfPages } from './pdf-pages';

/** The server's clock: FY 2026-27. */
const NOW = new Date('2026-11-20T06:30:00.000Z');
const GSTIN_ONE = '29AAACR1234F1Z5';
const GSTIN_TWO = '24AAACS5678K1Z2';

let server: TestServer;
let shopper: CustomerClient;
let operator: ApiClient;
let sellerOne: ApiClient;
let sellerTwo: ApiClient;

beforeAll(async () => {
  server = await startTestServer({
    clock: () => NOW,
    prepare: async (database) => {
      await seedCatalog(database, { kurta: 100, tee: 100, saree: 100 });
      await enableSellerLogins(database.db);
      // Seller one ships from Karnataka (the shopper's state), seller two from Gujarat.
      await database.db
        .updateTable('sellers')
        .set({
          gstin: GSTIN_ONE,
          pan: 'AAACR1234F',
          pickup_address: '5, Residency Road',
          pickup_state: 'Karnataka',
          pickup_pincode: '560025',
        })
        .where('id', '=', 1)
        .execute();
      await database.db
        .updateTable('sellers')
        .set({
          gstin: GSTIN_TWO,
          pickup_address: '8, Ring Road',
          pickup_state: 'Gujarat',
          pickup_pincode: '395002',
        })
        .where('id', '=', 2)
        .execute();
    },
  });
  shopper = await signInNewCustomer(server, 'Meera Iyer');
  operator = (await signedInOperator(server)).client;
  sellerOne = await signedInSeller(server, 0);
  sellerTwo = await signedInSeller(server, 1);
});
afterAll(() => server?.close());

async function paidOrder(lines: Partial<Record<ProductKey, number>>, customer = shopper) {
  const order = await orderUnderVerification(server, customer, lines);
  const verified = await operator.post(`/ops/payments/${order.payment.id}/verify`, {});
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const parts = await server.database.db
    .selectFrom('seller_orders')
    .innerJoin('customer_orders', 'customer_orders.id', 'seller_orders.customer_order_id')
    .select(['seller_orders.id', 'seller_orders.seller_id'])
    .where('customer_orders.order_code', '=', order.orderId)
    .execute();
  return { ...order, parts: Object.fromEntries(parts.map((part) => [part.seller_id, part.id])) };
}

async function download(client: ApiClient, path: string) {
  const res = await client.download(path);
  expect(res.status, res.body.toString().slice(0, 200)).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return pdfPages(res.body);
}

/** The amount after a label on a page: "Taxable value ₹1,276.19". */
function amountAfter(page: string, label: string): number {
  const match = new RegExp(`${label}\\s*(₹[\\d,]+\\.\\d\\d)`).exec(page);
  if (!match) throw new Error(`no "${label}" amount on the page:\n${page}`);
  return paiseOf(match[1]);
}

function invoiceNumberOf(page: string): string {
  return /Invoice no\.:\s*(\S+)/.exec(page)![1];
}

const documents = (kind: string) =>
  server.database.db.selectFrom('tax_documents').selectAll().where('kind', '=', kind).orderBy('id').execute();

describe(`tax invoices (${testDialect})`, () => {
  it('gives a two-seller order two tax invoices: own numbers, GSTINs, HSN, CGST+SGST within the state, IGST across', async () => {
    const order = await paidOrder({ kurta: 2, saree: 1 });
    const pages = await download(shopper, `/home/customer/invoice/${order.orderId}`);
    expect(pages).toHaveLength(2);
    const [intra, inter] = pages;

    for (const page of pages) {
      expect(page).toContain('TAX INVOICE');
      expect(page).toContain(order.orderId);
      expect(page).toContain('Place of supply: Karnataka (29)');
      expect(page).toContain('6211');
    }
    expect(intra).toContain(`GSTIN: ${GSTIN_ONE}`);
    expect(intra).toContain('Asha Verma');
    expect(intra).toContain('Roadster Men Kurta');
    expect(intra).toMatch(/CGST.*SGST/);
    expect(intra).not.toContain('IGST');
    expect(inter).toContain(`GSTIN: ${GSTIN_TWO}`);
    expect(inter).toContain('Banarasi Silk Saree');
    expect(inter).toContain('IGST');
    expect(inter).not.toContain('CGST');

    const numbers = pages.map(invoiceNumberOf);
    expect(numbers[0]).toMatch(/^S1\/2627\/\d{6}$/);
    expect(numbers[1]).toMatch(/^S2\/2627\/\d{6}$/);
    expect(numbers[0]).not.toContain(order.orderId);

    // Kurta: ₹670 a piece (5 %), two of them: ₹1,340 = ₹1,276.19 + ₹63.81 (CGST ₹31.91, SGST ₹31.90).
    expect(amountAfter(intra, 'Taxable value')).toBe(127619);
    expect(amountAfter(intra, 'CGST')).toBe(3191);
    expect(amountAfter(intra, 'SGST')).toBe(3190);
    expect(amountAfter(intra, 'Total \\(incl\\. GST\\)')).toBe(134000);
    expect(amountAfter(inter, 'IGST')).toBe(2381);
    // Each page's parts add up to its total, and the totals to what the shopper paid.
    let paid = 0;
    for (const page of pages) {
      const taxes = page.includes('IGST')
        ? amountAfter(page, 'IGST')
        : amountAfter(page, 'CGST') + amountAfter(page, 'SGST');
      const total = amountAfter(page, 'Total \\(incl\\. GST\\)');
      expect(amountAfter(page, 'Taxable value') + taxes).toBe(total);
      paid += total;
    }
    expect(paid).toBe(order.price * 100);
    expect(inter).toContain('Rupees Five Hundred Only');

    // A second download prints the same invoices: no new number is taken.
    const again = await download(shopper, `/home/customer/invoice/${order.orderId}`);
    expect(again.map(invoiceNumberOf)).toEqual(numbers);
  });

  it("puts each part's share of the shipping fee on its invoice, taxed like its goods", async () => {
    // ₹270 + ₹500 of goods pays ₹85 shipping, shared ₹30 / ₹55.
    const order = await paidOrder({ tee: 1, saree: 1 });
    expect(order.price).toBe(855);
    const pages = await download(shopper, `/home/customer/invoice/${order.orderId}`);
    expect(pages[0]).toContain('Shipping charges');
    expect(amountAfter(pages[0], 'Total \\(incl\\. GST\\)')).toBe(30000);
    expect(amountAfter(pages[1], 'Total \\(incl\\. GST\\)')).toBe(55500);
  });

  it('gives an unpaid order a proforma, not a tax invoice, and takes no number', async () => {
    const before = (await documents('invoice')).length;
    const order = await placeOrder(server, shopper, { kurta: 1 });
    const [page] = await download(shopper, `/home/customer/invoice/${order.orderId}`);
    expect(page).toContain('PROFORMA INVOICE');
    expect(page).toContain('Not a tax invoice');
    expect(page).toContain('Invoice no.: Not issued');
    expect((await documents('invoice')).length).toBe(before);
  });

  it('issues each part its invoice when it is placed, before anyone asks for it', async () => {
    const order = await paidOrder({ kurta: 1, saree: 1 });
    const invoices = (await documents('invoice')).filter((invoice) =>
      Object.values(order.parts).includes(invoice.seller_order_id),
    );
    expect(invoices.map((invoice) => invoice.seller_id).sort()).toEqual([1, 2]);
    const [page] = await download(shopper, `/home/customer/invoice/${order.orderId}`);
    expect(page).toContain(invoices.find((invoice) => invoice.seller_id === 1)!.number);
  });

  it('numbers each seller gap-free once, however many downloads race (shopper and seller at once)', async () => {
    const orders = [await paidOrder({ kurta: 1, saree: 1 }), await paidOrder({ tee: 1, saree: 1 })];
    await Promise.all(
      orders.flatMap((order) => [
        shopper.download(`/home/customer/invoice/${order.orderId}`),
        shopper.download(`/home/customer/invoice/${order.orderId}`),
        sellerOne.download(`/seller/orders/${order.parts[1]}/invoice`),
        sellerTwo.download(`/seller/orders/${order.parts[2]}/invoice`),
        shopper.download(`/home/customer/invoice/${order.orderId}`),
      ]),
    );
    const invoices = await documents('invoice');
    for (const order of orders)
      for (const partId of Object.values(order.parts))
        expect(invoices.filter((invoice) => invoice.seller_order_id === partId)).toHaveLength(1);
    for (const sellerId of [1, 2]) {
      const numbers = invoices
        .filter((invoice) => invoice.seller_id === sellerId)
        .map((invoice) => Number(invoice.number.split('/').at(-1)))
        .sort((a, b) => a - b);
      expect(numbers).toEqual(numbers.map((_, index) => index + 1));
      const series = await server.database.db
        .selectFrom('document_series')
        .select('last_number')
        .where('seller_id', '=', sellerId)
        .where('kind', '=', 'invoice')
        .executeTakeFirstOrThrow();
      expect(Number(series.last_number)).toBe(numbers.length);
    }
  });

  it("gives a seller the invoice of its own part only; another shopper's order is a 404", async () => {
    const order = await paidOrder({ kurta: 1, saree: 1 });
    const own = await download(sellerOne, `/seller/orders/${order.parts[1]}/invoice`);
    expect(own).toHaveLength(1);
    expect(own[0]).toContain(GSTIN_ONE);
    expect(own[0]).not.toContain('Banarasi Silk Saree');
    expect((await sellerTwo.download(`/seller/orders/${order.parts[1]}/invoice`)).status).toBe(404);
    expect(
      (await new ApiClient(server.baseUrl).download(`/seller/orders/${order.parts[1]}/invoice`)).status,
    ).toBe(401);
    const other = await signInNewCustomer(server, 'Rohan Das');
    expect((await other.download(`/home/customer/invoice/${order.orderId}`)).status).toBe(404);
  });

  it('issues a credit note for a refund that reverses the invoice, in its own series, for the shopper and staff', async () => {
    const order = await paidOrder({ tee: 2, saree: 1 });
    const [invoicePage] = await download(shopper, `/home/customer/invoice/${order.orderId}`);
    const cancelled = await sellerOne.post(`/seller/orders/${order.parts[1]}/status`, {
      status: 'cancelled',
      note: 'Out of stock',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const refund = await server.database.db
      .selectFrom('refunds')
      .selectAll()
      .where('seller_order_id', '=', order.parts[1])
      .executeTakeFirstOrThrow();

    const [note] = await download(shopper, `/home/customer/refunds/${refund.id}/credit-note`);
    expect(note).toContain('CREDIT NOTE');
    expect(note).toMatch(/Credit note no\.:\s*CN\/1\/2627\/\d{4}/);
    expect(note).toContain(`Against invoice: ${invoiceNumberOf(invoicePage)}`);
    // The whole part is refunded: the note reverses every amount of its invoice.
    for (const label of ['Taxable value', 'CGST', 'SGST'])
      expect(amountAfter(note, label)).toBe(amountAfter(invoicePage, label));
    expect(amountAfter(note, 'Total credited \\(incl\\. GST\\)')).toBe(refund.amount * 100);

    // Staff print the same note; another shopper cannot.
    const [staffCopy] = await download(operator, `/ops/refunds/${refund.id}/credit-note`);
    expect(/Credit note no\.:\s*(\S+)/.exec(staffCopy)![1]).toBe(/Credit note no\.:\s*(\S+)/.exec(note)![1]);
    expect((await documents('credit_note')).filter((row) => row.refund_id === refund.id)).toHaveLength(1);
    const other = await signInNewCustomer(server, 'Kabir Mehta');
    expect((await other.download(`/home/customer/refunds/${refund.id}/credit-note`)).status).toBe(404);
    expect((await shopper.download('/home/customer/refunds/999999/credit-note')).status).toBe(404);
  });

  it("credits a return's pieces only: the returned line, at the rate it was invoiced at", async () => {
    const order = await paidOrder({ kurta: 2, tee: 1 });
    const { db } = server.database;
    const [invoicePage] = await download(shopper, `/home/customer/invoice/${order.orderId}`);
    const { id: orderId } = await db
      .selectFrom('customer_orders')
      .select('id')
      .where('order_code', '=', order.orderId)
      .executeTakeFirstOrThrow();
    const kurtaLine = await db
      .selectFrom('order_items')
      .select('id')
      .where('seller_order_id', '=', order.parts[1])
      .where('name', '=', 'Roadster Men Kurta')
      .executeTakeFirstOrThrow();
    // One kurta came back and was received: the returns feature owes its ₹670 (written here as it writes them).
    const at = NOW.toISOString();
    const refund = await db
      .insertInto('refunds')
      .values({
        customer_order_id: orderId,
        seller_order_id: order.parts[1],
        customer_id: shopper.customerId,
        amount: 670,
        reason: 'return',
        reference: null,
        created_at: at,
        refunded_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const returned = await db
      .insertInto('returns')
      .values({
        customer_order_id: orderId,
        seller_order_id: order.parts[1],
        customer_id: shopper.customerId,
        seller_id: 1,
        state: 'received',
        reason: 'size',
        comment: null,
        decision_reason: null,
        refund_id: refund.id,
        restocked_at: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('return_items')
      .values({ return_id: returned.id, order_item_id: kurtaLine.id, quantity: 1 })
      .execute();

    const [note] = await download(shopper, `/home/customer/refunds/${refund.id}/credit-note`);
    expect(note).toContain(`Against invoice: ${invoiceNumberOf(invoicePage)}`);
    expect(note).toContain('Roadster Men Kurta');
    expect(note).not.toContain('Roadster Graphic T-Shirt');
    // ₹670 at 5 %: ₹638.10 + CGST ₹15.95 + SGST ₹15.95.
    expect(amountAfter(note, 'Taxable value')).toBe(63810);
    expect(amountAfter(note, 'CGST')).toBe(1595);
    expect(amountAfter(note, 'SGST')).toBe(1595);
    expect(amountAfter(note, 'Total credited \\(incl\\. GST\\)')).toBe(67000);
  });

  it('changes a rate for invoices issued from then on only, audited with before and after', async () => {
    const admin = await signedInStaff(server, 'admin');
    const earlier = await paidOrder({ kurta: 1 });
    const before = await download(shopper, `/home/customer/invoice/${earlier.orderId}`);

    const listed = await admin.get('/admin/tax-rates');
    expect(listed.status).toBe(200);
    expect(listed.body.rates).toContainEqual(
      expect.objectContaining({ hsnCode: '6211', ratePercent: 5, highRatePercent: 18, slabLimit: 2500 }),
    );
    const changed = await admin.put('/admin/tax-rates/6211', {
      ratePercent: 12,
      highRatePercent: 18,
      slabLimit: 2500,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.rate.ratePercent).toBe(12);
    const audit = await server.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'tax_rate.change')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before!)).toMatchObject({ hsnCode: '6211', ratePercent: 5 });
    expect(JSON.parse(audit.after!)).toMatchObject({ hsnCode: '6211', ratePercent: 12 });
    expect(audit.subject_id).toBe('6211');

    // The issued invoice reads the same; a new one is taxed at 12 %.
    expect(await download(shopper, `/home/customer/invoice/${earlier.orderId}`)).toEqual(before);
    expect(before[0]).toContain('5%');
    const later = await paidOrder({ kurta: 1 });
    const [page] = await download(shopper, `/home/customer/invoice/${later.orderId}`);
    expect(page).toContain('12%');
    // ₹670 at 12 %: the kurta's taxable value is ₹598.21, and with its ₹85 of shipping (₹75.89) ₹674.10.
    expect(page).toContain('₹598.21');
    expect(amountAfter(page, 'Taxable value')).toBe(67410);

    const invalid = await admin.put('/admin/tax-rates/6211', {
      ratePercent: 5,
      highRatePercent: 18,
      slabLimit: null,
    });
    expect(invalid.status).toBe(400);
    expect(
      (await admin.put('/admin/tax-rates/1234', { ratePercent: 5, highRatePercent: null, slabLimit: null }))
        .status,
    ).toBe(404);
    expect((await operator.get('/admin/tax-rates')).status).toBe(403);
    await admin.put('/admin/tax-rates/6211', { ratePercent: 5, highRatePercent: 18, slabLimit: 2500 });
  });
});
