/**
 * The admin console's customers (issue 17): search, a customer's detail, and blocking: a blocked customer's sessions
 * and sockets end at once, no way of signing in or registering again works, every change is in the audit log, and
 * unblocking lets the customer in again. Through HTTP on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  customerMessages,
  type AdminCustomerDetailResponse,
  type AdminCustomerListResponse,
  type AuditResponse,
} from '@bazaar/shared';
import { signMobileSignupToken } from '../src/auth/session';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';
import { createSocket, connected } from './chatFixtures';
import { placeOrder, seedCatalog } from './payments-fixtures';
import { signInNewCustomer } from './orders-fixtures';
import { PASSWORD, registerShopper, signedInOperator, type Shopper } from './security-fixtures';
import { CapturingSms } from './sms-fixtures';

let server: TestServer;
let admin: ApiClient;
const sms = new CapturingSms();
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({
    sms,
    prepare: (database) => seedCatalog(database),
    config: {
      authRateLimits: {
        otpPerMobile: 10,
        otpPerIp: 1000,
        loginPerEmail: 50,
        loginPerIp: 1000,
        verifyOtpPerIp: 1000,
      },
    },
  });
  admin = await signedInOperator(server, 'admin');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

const visitor = () => new ApiClient(server.baseUrl);
const login = (email: string, password = PASSWORD) =>
  visitor().post('/customer/customer-login', { email, password });

/** A customer who signed up with a mobile (OTP, then the profile), as the storefront's mobile sign-up does. */
async function mobileCustomer(name: string, mobile: string) {
  const client = visitor();
  expect((await client.post('/customer/send-otp', { mobile })).status).toBe(200);
  const verified = await client.post('/customer/verify-otp', { mobile, otp: sms.lastCode(mobile) });
  expect(verified.body.isNewUser).toBe(true);
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.in`;
  const completed = await client.post('/customer/complete-profile', {
    name,
    email,
    phonenumber: mobile,
    signupToken: verified.body.signupToken,
  });
  expect(completed.status, JSON.stringify(completed.body)).toBe(201);
  return { email, token: completed.body.token as string };
}

async function signInByOtp(mobile: string) {
  const client = visitor();
  expect((await client.post('/customer/send-otp', { mobile })).status).toBe(200);
  return client.post('/customer/verify-otp', { mobile, otp: sms.lastCode(mobile) });
}

const block = (id: number, reason: string) => admin.post(`/admin/customers/${id}/block`, { reason });
const unblock = (id: number, reason?: string) => admin.post(`/admin/customers/${id}/unblock`, { reason });

describe(`admin customers (${testDialect})`, () => {
  describe('search and detail', () => {
    it('finds customers by name, e-mail or mobile, with their order count and status', async () => {
      const meera = await registerShopper(server, 'Meera Venkatesan');
      const { email: mobileEmail } = await mobileCustomer('Kabir Mobile', '9123456781');

      const byName = await admin.get<AdminCustomerListResponse>('/admin/customers?q=venkatesan');
      expect(byName.status).toBe(200);
      expect(byName.body.customers.map((c) => c.id)).toEqual([meera.id]);
      expect(byName.body.customers[0]).toMatchObject({
        name: 'Meera Venkatesan',
        email: meera.email,
        mobile: null,
        orderCount: 0,
        status: 'active',
        blockedReason: null,
      });
      expect(byName.body.total).toBe(1);

      const byEmail = await admin.get<AdminCustomerListResponse>(
        `/admin/customers?q=${meera.email.toUpperCase()}`,
      );
      expect(byEmail.body.customers.map((c) => c.id)).toEqual([meera.id]);

      const byMobile = await admin.get<AdminCustomerListResponse>('/admin/customers?q=23456781');
      expect(byMobile.body.customers.map((c) => c.email)).toEqual([mobileEmail]);
      expect(byMobile.body.customers[0].mobile).toBe('9123456781');

      const none = await admin.get<AdminCustomerListResponse>('/admin/customers?q=nobody-by-this-name');
      expect(none.body).toMatchObject({ customers: [], total: 0, page: 1 });
      expect((await admin.get('/admin/customers?page=0')).status).toBe(400);
    });

    it('lists the newest sign-up first and pages by 25', async () => {
      const all = await admin.get<AdminCustomerListResponse>('/admin/customers');
      const times = all.body.customers.map((c) => c.joinedAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(all.body.pageSize).toBe(25);
      const beyond = await admin.get<AdminCustomerListResponse>('/admin/customers?page=999');
      expect(beyond.body.customers).toEqual([]);
      expect(beyond.body.total).toBe(all.body.total);
    });

    it("shows a customer's orders: count, recent orders with what they cost, and 404 for an unknown id", async () => {
      const customer = await signInNewCustomer(server, 'Ishaan Orders');
      const first = await placeOrder(server, customer, { saree: 1 });
      const second = await placeOrder(server, customer, { kurta: 2 });
      const res = await admin.get<AdminCustomerDetailResponse>(`/admin/customers/${customer.customerId}`);
      expect(res.status).toBe(200);
      expect(res.body.customer).toMatchObject({ id: customer.customerId, orderCount: 2, status: 'active' });
      expect(res.body.orders.count).toBe(2);
      expect(res.body.orders.paidTotal).toBe(0);
      expect(res.body.orders.recent.map((o) => [o.orderId, o.total])).toEqual(
        expect.arrayContaining([
          [first.orderId, first.price],
          [second.orderId, second.price],
        ]),
      );
      expect(res.body.orders.recent[0]).toMatchObject({ paymentMethod: 'upi', paymentStatus: 'not paid' });
      expect(res.body.statusHistory).toEqual([]);
      expect((await admin.get('/admin/customers/987654')).status).toBe(404);
    });
  });

  describe('blocking', () => {
    it('needs a reason, and refuses an unknown customer', async () => {
      const shopper = await registerShopper(server, 'Reason Needed');
      const res = await admin.post(`/admin/customers/${shopper.id}/block`, { reason: '   ' });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(customerMessages.reasonRequired);
      expect((await shopper.get('/home/customer/get_all_address')).status).toBe(200);
      expect((await block(987654, 'spam')).status).toBe(404);
      expect((await unblock(987654)).status).toBe(404);
    });

    it('ends every session and socket at once, refuses every way in, and unblocking restores sign-in', async () => {
      const shopper: Shopper = await registerShopper(server, 'Blocked Bhaskar');
      const second = await login(shopper.email);
      expect(second.status).toBe(200);
      expect((await shopper.get('/home/customer/get_all_address')).status).toBe(200);
      const socket = createSocket(server.baseUrl, { auth: { token: shopper.sessionToken } });
      sockets.push(socket);
      const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      await connected(socket);

      const blocked = await block(shopper.id, 'Abusive messages to sellers');
      expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
      expect(blocked.body).toEqual({
        message: customerMessages.blockedNow,
        customer: expect.objectContaining({
          id: shopper.id,
          status: 'blocked',
          blockedReason: 'Abusive messages to sellers',
        }),
      });

      // Both devices' sessions end with the block; the open socket is closed by the server.
      expect((await shopper.get('/home/customer/get_all_address')).status).toBe(401);
      const otherDevice = new ApiClient(server.baseUrl);
      const secondRes = await otherDevice.request('GET', '/home/customer/get_all_address', undefined, {
        authorization: `Bearer ${second.body.token}`,
      });
      expect(secondRes.status).toBe(401);
      expect(await closed).toBe('io server disconnect');
      await expect(
        connected(createSocket(server.baseUrl, { auth: { token: shopper.sessionToken } })),
      ).rejects.toThrow();

      // The right password is refused with the clear message; a wrong one still says only "invalid".
      const refused = await login(shopper.email);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: customerMessages.blocked, code: 'ACCOUNT_BLOCKED' });
      expect((await login(shopper.email, 'not the password 1')).status).toBe(401);
      // Registering again with the same e-mail is refused too.
      const again = await visitor().post('/customer/customer-register', {
        name: 'Bhaskar Again',
        email: shopper.email,
        password: PASSWORD,
      });
      expect(again.status).toBe(403);
      expect(again.body.code).toBe('ACCOUNT_BLOCKED');

      // Blocking twice is a conflict, and changes nothing.
      expect((await block(shopper.id, 'again')).status).toBe(409);

      const restored = await unblock(shopper.id, 'Apologised in writing');
      expect(restored.status).toBe(200);
      expect(restored.body.customer).toMatchObject({
        status: 'active',
        blockedAt: null,
        blockedReason: null,
      });
      expect((await unblock(shopper.id)).status).toBe(409);
      // The sessions that ended stay ended; a new sign-in works.
      expect((await shopper.get('/home/customer/get_all_address')).status).toBe(401);
      const back = await login(shopper.email);
      expect(back.status).toBe(200);
      const fresh = await new ApiClient(server.baseUrl).request(
        'GET',
        '/home/customer/get_all_address',
        undefined,
        {
          authorization: `Bearer ${back.body.token}`,
        },
      );
      expect(fresh.status).toBe(200);
    });

    it('refuses OTP sign-in and a new mobile sign-up with the same mobile while blocked', async () => {
      const mobile = '9988776655';
      const { email, token } = await mobileCustomer('Otp Olivia', mobile);
      const id = (
        await server.database.db
          .selectFrom('customers')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).id;
      expect((await block(id, 'Fraudulent orders')).status).toBe(200);

      const otp = await signInByOtp(mobile);
      expect(otp.status).toBe(403);
      expect(otp.body).toEqual({ error: customerMessages.blocked, code: 'ACCOUNT_BLOCKED' });
      const stale = await new ApiClient(server.baseUrl).request(
        'GET',
        '/home/customer/get_all_address',
        undefined,
        {
          authorization: `Bearer ${token}`,
        },
      );
      expect(stale.status).toBe(401);

      // A sign-up proof for the mobile (from before the block) cannot make a second account.
      const client = visitor();
      const proof = signMobileSignupToken(server.config.jwtSecret, mobile);
      const twice = await client.post('/customer/complete-profile', {
        name: 'Olivia Two',
        email: `olivia.two.${Date.now()}@example.in`,
        phonenumber: mobile,
        signupToken: proof,
      });
      expect(twice.status).toBe(403);
      expect(twice.body.code).toBe('ACCOUNT_BLOCKED');

      expect((await unblock(id)).status).toBe(200);
      const otpAgain = await signInByOtp(mobile);
      expect(otpAgain.status).toBe(200);
      expect(otpAgain.body.isNewUser).toBe(false);
    });

    it('audits block and unblock with before, after and reason; the log is searchable; the detail shows the history', async () => {
      const shopper = await registerShopper(server, 'Audit Anand');
      expect((await block(shopper.id, 'Chargeback fraud ring')).status).toBe(200);
      expect((await unblock(shopper.id, 'Cleared by the bank')).status).toBe(200);

      const log = await admin.get<AuditResponse>(`/admin/audit?q=chargeback`);
      expect(log.body.entries).toHaveLength(1);
      expect(log.body.entries[0]).toMatchObject({
        action: 'customer.block',
        subjectKind: 'customer',
        subjectId: String(shopper.id),
        before: { status: 'active' },
        after: { status: 'blocked', blockedAt: expect.any(String) },
        reason: 'Chargeback fraud ring',
        staff: { role: 'admin' },
      });
      const byAction = await admin.get<AuditResponse>('/admin/audit?action=customer.unblock');
      expect(byAction.body.entries.map((e) => e.subjectId)).toContain(String(shopper.id));
      const unblockEntry = byAction.body.entries.find((e) => e.subjectId === String(shopper.id))!;
      expect(unblockEntry).toMatchObject({
        before: { status: 'blocked', blockedReason: 'Chargeback fraud ring' },
        after: { status: 'active' },
        reason: 'Cleared by the bank',
      });

      const detail = await admin.get<AdminCustomerDetailResponse>(`/admin/customers/${shopper.id}`);
      expect(detail.body.statusHistory.map((e) => e.action)).toEqual(['customer.unblock', 'customer.block']);
    });

    it('is for admins only: an operator is refused and nothing changes', async () => {
      const shopper = await registerShopper(server, 'Operator Cannot');
      const operator = await signedInOperator(server);
      expect((await operator.post(`/admin/customers/${shopper.id}/block`, { reason: 'no' })).status).toBe(
        403,
      );
      expect((await login(shopper.email)).status).toBe(200);
    });
  });
});
