import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelUnpaidOrder } from '../src/flows/reservationExpiry';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';
import {
  catalog,
  newIdempotencyKey,
  savedAddressId,
  seedCatalog,
  signInNewCustomer,
} from './orders-fixtures';

describe(`dashboard data (${testDialect})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      prepare: (db) => seedCatalog(db, { tee: 100 }),
      // The test places seven unpaid orders for one customer, above the default cap of open unpaid orders.
      config: { orders: { maxOpenUnpaidOrders: 10 } },
    });
  });
  afterAll(() => server.close());

  it('counts all, pending and cancelled orders and lists the five most recent', async () => {
    const client = await signInNewCustomer(server);
    const stranger = await signInNewCustomer(server, 'Stranger');
    const addressId = await savedAddressId(client);

    const empty = await client.get(`/home/customer/gat-dashboard-data/${client.customerId}`);
    expect(empty.body).toEqual({ totalOrder: 0, pendingOrder: 0, cancelledOrder: 0, recentOrders: [] });

    const codes: string[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await client.post('/home/order/palce-order', {
        addressId,
        idempotencyKey: newIdempotencyKey(),
        buyNow: { productId: catalog.products.tee.id, quantity: 1 },
      });
      codes.push(res.body.orderId);
    }
    await cancelUnpaidOrder(server.app.ctx, codes[1]);
    await cancelUnpaidOrder(server.app.ctx, codes[3]);

    // The userId in the path is ignored; the session decides.
    const res = await client.get(`/home/customer/gat-dashboard-data/${stranger.customerId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalOrder: 7, pendingOrder: 5, cancelledOrder: 2 });
    expect(res.body.recentOrders.map((o: { orderId: string }) => o.orderId)).toEqual(
      codes.slice(2).reverse(),
    );
    expect(res.body.recentOrders[0]).toMatchObject({
      price: 355,
      payment_status: 'not paid',
      delivery_status: 'pending',
    });

    const strangers = await stranger.get(`/home/customer/gat-dashboard-data/${client.customerId}`);
    expect(strangers.body).toEqual({ totalOrder: 0, pendingOrder: 0, cancelledOrder: 0, recentOrders: [] });
    expect((await new ApiClient(server.baseUrl).get('/home/customer/gat-dashboard-data/1')).status).toBe(401);
  });
});
