import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';
import {
  newIdempotencyKey,
  putInCart,
  savedAddressId,
  seedCatalog,
  signInNewCustomer,
} from './orders-fixtures';
import { addSizedStyle, type SizedStyleIds } from './variant-fixtures';
import { pdfText } from './pdf-text';

describe(`invoices (${testDialect})`, () => {
  let server: TestServer;
  let sized: SizedStyleIds;
  beforeAll(async () => {
    server = await startTestServer({
      prepare: async (db) => {
        await seedCatalog(db);
        sized = await addSizedStyle(db.db);
      },
    });
  });
  afterAll(() => server.close());

  it("gives the order's owner a PDF with the order, shops, lines, HSN codes and the total in figures and words", async () => {
    const client = await signInNewCustomer(server);
    const addressId = await savedAddressId(client);
    await putInCart(server.database, client.customerId, { kurta: 2, saree: 1 });
    const { orderId } = (
      await client.post('/home/order/palce-order', { addressId, idempotencyKey: newIdempotencyKey() })
    ).body;

    const res = await client.download(`/home/customer/invoice/${orderId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="invoice-${orderId}.pdf"`);
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.body.subarray(-6).toString()).toContain('%%EOF');

    const text = pdfText(res.body).join('\n');
    expect(text).toContain(orderId);
    expect(text).toContain('Sold by: Roadster Store');
    expect(text).toContain('Sold by: Saree Mahal');
    expect(text).toContain('Priya Sharma');
    expect(text).toContain('Bengaluru, Karnataka - 560001');
    expect(text).toContain('Roadster Men Kurta');
    expect(text).toContain('6211');
    expect(text).toContain('Rs. 999');
    expect(text).toContain('33%');
    expect(text).toContain('Rs. 1,340');
    expect(text).toContain('Free');
    expect(text).toContain('Rs. 1,840');
    expect(text).toContain('Rupees One Thousand Eight Hundred Forty Only');
    expect(text).toContain('NOT PAID');
    // Lines of products without sizes say their colour only.
    expect(text).toContain('Roadster | Kurtas | Blue');
  });

  it('names the size and colour of each line (issue 15)', async () => {
    const client = await signInNewCustomer(server);
    const addressId = await savedAddressId(client);
    const placed = await client.post('/home/order/palce-order', {
      addressId,
      idempotencyKey: newIdempotencyKey(),
      buyNow: { productId: sized.products.navy, variantId: sized.variants.navy.M, quantity: 1 },
    });
    expect(placed.status).toBe(201);
    const text = pdfText((await client.download(`/home/customer/invoice/${placed.body.orderId}`)).body).join(
      '\n',
    );
    expect(text).toContain('Oxford Shirt');
    expect(text).toContain('Roadster | Kurtas | Size M · Navy Blue');
  });

  it("answers 404 for someone else's order or an unknown one, and 401 without a session", async () => {
    const owner = await signInNewCustomer(server);
    const other = await signInNewCustomer(server, 'Other');
    const addressId = await savedAddressId(owner);
    await putInCart(server.database, owner.customerId, { tee: 1 });
    const { orderId } = (
      await owner.post('/home/order/palce-order', { addressId, idempotencyKey: newIdempotencyKey() })
    ).body;

    const foreign = await other.download(`/home/customer/invoice/${orderId}`);
    expect(foreign.status).toBe(404);
    expect(JSON.parse(foreign.body.toString())).toEqual({ error: 'Order not found', code: 'NOT_FOUND' });
    expect((await owner.download('/home/customer/invoice/BZ-2601-AAAAAA')).status).toBe(404);
    expect((await new ApiClient(server.baseUrl).get(`/home/customer/invoice/${orderId}`)).status).toBe(401);
  });
});
