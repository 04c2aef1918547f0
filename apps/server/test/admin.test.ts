/**
 * The marketplace admin console (issue 17, first slice): staff roles, the seller queue, commissions and the audit
 * log, through HTTP on both databases.
 */
import { spawn } from 'node:child_process';
import { hostname, userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, type AdminSellerListResponse, type AuditResponse } from '@bazaar/shared';
import { ApiClient, postgresUrl, startTestServer, testDialect, type TestServer } from './harness';
import { catalog, seedCatalog } from './orders-fixtures';
import { orderUnderVerification, signInNewCustomer } from './payments-fixtures';
import { newOperator, PASSWORD, signedInOperator } from './security-fixtures';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let server: TestServer;
let admin: ApiClient;
let operator: ApiClient;

/** A registration waiting for the marketplace, written as the seller center's register route leaves one. */
async function pendingSeller(shopName: string, extra: { gstin?: string; createdAt?: string } = {}) {
  const slug = `${shopName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now().toString(36)}`;
  const row = await server.database.db
    .insertInto('sellers')
    .values({
      name: `Owner of ${shopName}`,
      shop_name: shopName,
      email: `${slug}@shops.example`,
      password_hash: null,
      city: 'Jaipur',
      pickup_state: 'Rajasthan',
      pickup_pincode: '302001',
      pickup_address: '12 MI Road',
      mobile: '9876543210',
      gstin: extra.gstin ?? null,
      pan: extra.gstin ? extra.gstin.slice(2, 12) : null,
      slug,
      status: 'pending',
      created_at: extra.createdAt ?? new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A shop registered through the seller center (so `pending`), with one active product it prepared meanwhile;
 * the product's slug is what the storefront's product page is reached by.
 */
async function registeredShopWithProduct(shopName: string) {
  const seller = new ApiClient(server.baseUrl);
  const stamp = Date.now().toString(36);
  const registered = await seller.post('/seller/register', {
    shopName,
    ownerName: 'Farah Khan',
    email: `${stamp}.${shopName.length}@newshop.example`,
    mobile: '9812345678',
    password: PASSWORD,
    pickupAddress: { address: '4 Johari Bazaar', city: 'Jaipur', state: 'Rajasthan', pincode: '302003' },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const created = await seller.post('/seller/products', {
    name: `${shopName} Block Print Kurta`,
    brand: shopName,
    categoryId: catalog.products.kurta.category,
    description: 'Hand block printed cotton.',
    price: 1299,
    discount: 10,
    status: 'active',
    variants: [{ size: null, stock: 5 }],
  });
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  return { sellerId: registered.body.seller.id as number, slug: created.body.product.slug as string, seller };
}

/** Whether shoppers find the product: its page answers, and the listing's search has it. */
async function onStorefront(slug: string): Promise<boolean> {
  const page = await new ApiClient(server.baseUrl).get(`/home/get-product/${slug}`);
  expect([200, 404]).toContain(page.status);
  return page.status === 200;
}

const auditRows = (action: string) =>
  server.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

beforeAll(async () => {
  server = await startTestServer({
    prepare: (db) => seedCatalog(db),
    config: { orders: { maxOpenUnpaidOrders: 1000 } },
  });
  admin = await signedInOperator(server, 'admin');
  operator = await signedInOperator(server);
});
afterAll(() => server?.close());

describe(`admin console (${testDialect})`, () => {
  describe('staff roles', () => {
    it('carries the role in the staff session, and keeps operators out of the admin console', async () => {
      expect((await admin.get('/ops/me')).body.operator.role).toBe('admin');
      expect((await operator.get('/ops/me')).body.operator.role).toBe('operator');
      const refused = await operator.get('/admin/sellers');
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: adminMessages.adminsOnly, code: 'FORBIDDEN' });
      expect((await admin.get('/admin/sellers')).status).toBe(200);
      // An admin may work the operators' console too.
      expect((await admin.get('/ops/payments?status=under%20verification')).status).toBe(200);
    });

    it('signs an admin in at the ops sign-in with a cookie that reaches /api/admin', async () => {
      const login = await new ApiClient(server.baseUrl).post(
        '/ops/login',
        await newOperator(server, 'admin'),
      );
      expect(login.status).toBe(200);
      expect(login.body.operator.role).toBe('admin');
      const cookie = login.headers.getSetCookie().find((line) => line.startsWith('opsToken='));
      expect(cookie).toMatch(/Path=\/api;/);
      expect(cookie).toMatch(/SameSite=Strict/i);
      expect(cookie).toMatch(/HttpOnly/i);
    });

    it('ends an admin session for good at sign-out', async () => {
      const client = await signedInOperator(server, 'admin');
      expect((await client.get('/admin/audit')).status).toBe(200);
      expect((await client.get('/ops/logout')).status).toBe(200);
      expect((await client.get('/admin/audit')).status).toBe(401);
    });

    it('creates an admin with the CLI, which asks for the password', async () => {
      const email = `cli-admin.${Date.now()}@bazaar.example`;
      const output = await runCli(
        ['--email', email, '--name', 'Meera Iyer', '--role', 'admin'],
        `${PASSWORD}\n`,
      );
      expect(output).toContain(`Admin Meera Iyer <${email}> created`);
      const row = await server.database.db
        .selectFrom('operators')
        .select(['role', 'password_hash'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.role).toBe('admin');
      expect(row.password_hash).not.toContain(PASSWORD);
      const client = new ApiClient(server.baseUrl);
      expect((await client.post('/ops/login', { email, password: PASSWORD })).status).toBe(200);
      expect((await client.get('/admin/sellers')).status).toBe(200);
      // Without --role the same command makes an operator, as ops:create-operator always did.
      const opsEmail = `cli-ops.${Date.now()}@bazaar.example`;
      await runCli(['--email', opsEmail, '--name', 'Ravi'], `${PASSWORD}\n`);
      const ops = new ApiClient(server.baseUrl);
      expect((await ops.post('/ops/login', { email: opsEmail, password: PASSWORD })).status).toBe(200);
      expect((await ops.get('/admin/sellers')).status).toBe(403);

      // Both accounts are in the audit log, made by the shell's user@host, without their passwords.
      const commandLineUser = `${userInfo().username}@${hostname()}`;
      const made = await admin.get<AuditResponse>('/admin/audit?action=staff.create&actor=command-line');
      const madeFor = (address: string) =>
        made.body.entries.filter((entry) => entry.after?.email === address);
      expect(madeFor(email)).toEqual([
        expect.objectContaining({
          staff: null,
          commandLineUser,
          subjectKind: 'staff',
          before: null,
          after: { name: 'Meera Iyer', email, role: 'admin' },
          ip: null,
        }),
      ]);
      expect(madeFor(opsEmail)).toEqual([
        expect.objectContaining({ after: { name: 'Ravi', email: opsEmail, role: 'operator' } }),
      ]);
      expect(JSON.stringify(made.body)).not.toContain(PASSWORD);
      // Searching for the user finds them; an e-mail already taken leaves no entry.
      const searched = await admin.get<AuditResponse>(
        `/admin/audit?q=${encodeURIComponent(commandLineUser)}`,
      );
      expect(searched.body.total).toBe(made.body.total);
      await expect(runCli(['--email', email, '--name', 'Meera Again'], `${PASSWORD}\n`)).rejects.toThrow(
        /already exists/,
      );
      expect((await admin.get<AuditResponse>('/admin/audit?action=staff.create')).body.total).toBe(2);
      expect((await admin.get('/admin/audit?actor=robot')).status).toBe(400);
      // Three runs of the CLI, each a Node process compiling its TypeScript: over 30 s on two busy cores.
    }, 90_000);
  });

  describe('seller queue', () => {
    it('lists pending sellers first come, first served, with every registration detail and counts', async () => {
      const later = await pendingSeller('Jaipur Blockprints', { gstin: '08ABCDE1234F1Z5' });
      const earlier = await pendingSeller('Kota Doria House', { createdAt: '2026-01-01T09:00:00.000Z' });
      const res = await admin.get<AdminSellerListResponse>('/admin/sellers?status=pending');
      expect(res.status).toBe(200);
      const ids = res.body.sellers.map((s) => s.id);
      expect(ids.indexOf(earlier)).toBeLessThan(ids.indexOf(later));
      expect(res.body.sellers.find((s) => s.id === later)).toMatchObject({
        shopName: 'Jaipur Blockprints',
        ownerName: 'Owner of Jaipur Blockprints',
        mobile: '9876543210',
        gstin: '08ABCDE1234F1Z5',
        pan: 'ABCDE1234F',
        pickupAddress: { address: '12 MI Road', city: 'Jaipur', state: 'Rajasthan', pincode: '302001' },
        status: 'pending',
        statusReason: null,
        commissionPercent: 10,
        productCount: 0,
      });
      expect(res.body.counts.pending).toBe(res.body.total);
      expect(res.body.counts.approved).toBe(catalog.sellers.length);
    });

    it('searches by shop, owner, e-mail or GSTIN, case and wildcards taken literally', async () => {
      const id = await pendingSeller('Ajrakh_Print Studio', { gstin: '24PQRST6789K1Z2' });
      for (const q of ['ajrakh', 'OWNER OF AJRAKH', '24pqrst', 'ajrakh_print']) {
        const res = await admin.get<AdminSellerListResponse>(`/admin/sellers?q=${encodeURIComponent(q)}`);
        expect(res.body.sellers.map((s) => s.id)).toContain(id);
      }
      const wildcard = await admin.get<AdminSellerListResponse>('/admin/sellers?q=%25');
      expect(wildcard.body.sellers).toEqual([]);
      const approved = await admin.get<AdminSellerListResponse>('/admin/sellers?status=approved&q=saree');
      expect(approved.body.sellers.map((s) => s.shopName)).toEqual(['Saree Mahal']);
      expect(approved.body.sellers[0].productCount).toBe(1);
    });

    it('refuses a status or page that does not exist, naming the field', async () => {
      const res = await admin.get('/admin/sellers?status=banned');
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.error).toMatch(/status/i);
      expect((await admin.get('/admin/sellers?page=0')).status).toBe(400);
    });
  });

  describe('commission', () => {
    const sellerId = catalog.sellers[1].id;

    it('sets a whole percent between 0 and 50, and audits before and after', async () => {
      const res = await admin.put(`/admin/sellers/${sellerId}/commission`, { commissionPercent: 15 });
      expect(res.status).toBe(200);
      expect(res.body.seller).toMatchObject({ id: sellerId, commissionPercent: 15 });
      const row = await server.database.db
        .selectFrom('sellers')
        .select('commission_percent')
        .where('id', '=', sellerId)
        .executeTakeFirstOrThrow();
      expect(row.commission_percent).toBe(15);
      const [audit] = (await auditRows('seller.commission')).filter((r) => r.subject_id === String(sellerId));
      expect(audit).toMatchObject({ subject_kind: 'seller', ip: '127.0.0.1' });
      expect(JSON.parse(audit.before!)).toEqual({ commissionPercent: 10 });
      expect(JSON.parse(audit.after!)).toEqual({ commissionPercent: 15 });
    });

    it('refuses rates outside 0–50 or not whole, changing nothing and auditing nothing', async () => {
      const before = await auditRows('seller.commission');
      for (const commissionPercent of [-1, 51, 12.5, '12', null]) {
        const res = await admin.put(`/admin/sellers/${sellerId}/commission`, { commissionPercent });
        expect(res.status, JSON.stringify(commissionPercent)).toBe(400);
        expect(res.body.error).toMatch(/Commission percent/);
      }
      for (const commissionPercent of [0, 50]) {
        const res = await admin.put(`/admin/sellers/${sellerId}/commission`, { commissionPercent });
        expect(res.status).toBe(200);
      }
      expect((await auditRows('seller.commission')).length).toBe(before.length + 2);
      expect((await admin.put('/admin/sellers/999999/commission', { commissionPercent: 5 })).status).toBe(
        404,
      );
      expect((await auditRows('seller.commission')).length).toBe(before.length + 2);
    });
  });

  describe('seller decisions', () => {
    it('approving a pending seller puts its active products on the storefront, audited', async () => {
      const { sellerId, slug } = await registeredShopWithProduct('Hawa Mahal Prints');
      expect(await onStorefront(slug)).toBe(false);
      const queue = await admin.get<AdminSellerListResponse>('/admin/sellers?status=pending&q=hawa');
      expect(queue.body.sellers.map((s) => s.id)).toEqual([sellerId]);
      expect(queue.body.sellers[0]).toMatchObject({ productCount: 1, mobile: '9812345678' });

      const res = await admin.post(`/admin/sellers/${sellerId}/status`, { status: 'approved' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.seller).toMatchObject({ id: sellerId, status: 'approved', statusReason: null });
      expect(res.body.seller.approvedAt).toEqual(expect.any(String));
      expect(await onStorefront(slug)).toBe(true);
      const [audit] = (await auditRows('seller.approve')).filter((r) => r.subject_id === String(sellerId));
      expect(JSON.parse(audit.before!)).toEqual({ status: 'pending' });
      expect(JSON.parse(audit.after!)).toEqual({ status: 'approved' });
    });

    it('rejects only with a reason, which the seller and the log keep', async () => {
      const { sellerId, slug } = await registeredShopWithProduct('Sanganer Textiles');
      const before = await auditRows('seller.reject');
      for (const body of [{ status: 'rejected' }, { status: 'rejected', reason: '   ' }]) {
        const res = await admin.post(`/admin/sellers/${sellerId}/status`, body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          error: adminMessages.reasonRequired,
          code: 'VALIDATION_FAILED',
        });
      }
      expect(await auditRows('seller.reject')).toEqual(before);
      const res = await admin.post(`/admin/sellers/${sellerId}/status`, {
        status: 'rejected',
        reason: 'GSTIN does not match the PAN',
      });
      expect(res.status).toBe(200);
      expect(res.body.seller).toMatchObject({
        status: 'rejected',
        statusReason: 'GSTIN does not match the PAN',
      });
      expect(await onStorefront(slug)).toBe(false);
      const entries = await admin.get<AuditResponse>(`/admin/audit?action=seller.reject&q=${sellerId}`);
      expect(entries.body.entries[0]).toMatchObject({
        subjectId: String(sellerId),
        before: { status: 'pending' },
        after: { status: 'rejected' },
        reason: 'GSTIN does not match the PAN',
      });
    });

    it('suspending hides every product at once and reinstating shows them again', async () => {
      const { sellerId, slug } = await registeredShopWithProduct('Bapu Bazaar Juttis');
      expect((await admin.post(`/admin/sellers/${sellerId}/status`, { status: 'approved' })).status).toBe(
        200,
      );
      expect(await onStorefront(slug)).toBe(true);
      const suspended = await admin.post(`/admin/sellers/${sellerId}/status`, {
        status: 'suspended',
        reason: 'Counterfeit goods reported',
      });
      expect(suspended.status).toBe(200);
      expect(await onStorefront(slug)).toBe(false);
      expect((await admin.post(`/admin/sellers/${sellerId}/status`, { status: 'suspended' })).status).toBe(
        400,
      );
      const reinstated = await admin.post(`/admin/sellers/${sellerId}/status`, { status: 'approved' });
      expect(reinstated.status).toBe(200);
      expect(await onStorefront(slug)).toBe(true);
      const log = await admin.get<AuditResponse>(`/admin/audit?q=${sellerId}`);
      const mine = log.body.entries.filter(
        (e) => e.subjectKind === 'seller' && e.subjectId === String(sellerId),
      );
      expect(mine.map((e) => [e.action, e.before, e.after])).toEqual([
        ['seller.reinstate', { status: 'suspended' }, { status: 'approved' }],
        ['seller.suspend', { status: 'approved' }, { status: 'suspended' }],
        ['seller.approve', { status: 'pending' }, { status: 'approved' }],
      ]);
    });

    it('refuses illegal transitions and unknown sellers, changing and auditing nothing', async () => {
      const pending = await pendingSeller('Amber Fort Crafts');
      const approvedSeller = catalog.sellers[0].id;
      const count = async () =>
        (await server.database.db.selectFrom('audit_log').selectAll().execute()).length;
      const before = await count();
      for (const [id, body] of [
        [pending, { status: 'suspended', reason: 'not trading yet' }],
        [approvedSeller, { status: 'approved' }],
        [approvedSeller, { status: 'rejected', reason: 'too late' }],
      ] as const) {
        const res = await admin.post(`/admin/sellers/${id}/status`, body);
        expect(res.status, JSON.stringify(res.body)).toBe(409);
        expect(res.body.code).toBe('ILLEGAL_STATUS_CHANGE');
      }
      expect((await admin.post('/admin/sellers/999999/status', { status: 'approved' })).status).toBe(404);
      expect((await admin.post(`/admin/sellers/${pending}/status`, { status: 'pending' })).status).toBe(400);
      expect(await count()).toBe(before);
      const row = await server.database.db
        .selectFrom('sellers')
        .select('status')
        .where('id', '=', pending)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
    });
  });

  describe('audit log', () => {
    it("records an operator's payment decisions with who, what and the note", async () => {
      const shopper = await signInNewCustomer(server, 'Nisha Pillai');
      const verified = await orderUnderVerification(server, shopper, { kurta: 1 });
      const rejected = await orderUnderVerification(server, shopper, { tee: 1 });
      expect(
        (await operator.post(`/ops/payments/${verified.payment.id}/verify`, { note: 'seen in bank' })).status,
      ).toBe(200);
      expect(
        (await operator.post(`/ops/payments/${rejected.payment.id}/reject`, { note: 'no such UTR' })).status,
      ).toBe(200);
      const res = await admin.get<AuditResponse>(`/admin/audit?q=${verified.orderId}`);
      expect(res.body.entries).toEqual([
        expect.objectContaining({
          action: 'payment.verify',
          subjectKind: 'payment',
          subjectId: verified.orderId,
          before: { status: 'under verification', claimedUtr: verified.utr },
          after: { status: 'paid', utr: verified.utr },
          reason: 'seen in bank',
          staff: expect.objectContaining({ role: 'operator', name: 'Asha Rao' }),
          commandLineUser: null,
        }),
      ]);
      const rejection = await admin.get<AuditResponse>(
        `/admin/audit?action=payment.reject&q=${rejected.orderId}`,
      );
      expect(rejection.body.entries).toEqual([
        expect.objectContaining({
          subjectId: rejected.orderId,
          before: { status: 'under verification', claimedUtr: rejected.utr },
          after: { status: 'pending', rejectedUtr: rejected.utr },
          reason: 'no such UTR',
        }),
      ]);
    });

    it('lists newest first, filters by action and searches by staff', async () => {
      const other = await signedInOperator(server, 'admin');
      const email = (await other.get('/ops/me')).body.operator.email as string;
      await other.put(`/admin/sellers/${catalog.sellers[0].id}/commission`, { commissionPercent: 11 });
      await other.put(`/admin/sellers/${catalog.sellers[0].id}/commission`, { commissionPercent: 12 });
      const mine = await admin.get<AuditResponse>(`/admin/audit?q=${encodeURIComponent(email)}`);
      expect(mine.body.total).toBe(2);
      expect(mine.body.entries.map((e) => e.after)).toEqual([
        { commissionPercent: 12 },
        { commissionPercent: 11 },
      ]);
      const all = await admin.get<AuditResponse>('/admin/audit?action=seller.commission');
      expect(all.body.entries.every((e) => e.action === 'seller.commission')).toBe(true);
      const times = all.body.entries.map((e) => e.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect((await admin.get('/admin/audit?action=seller.delete')).status).toBe(400);
    });
  });
});

/** Runs the staff CLI's module against the test database, typing `input` at its prompts. */
function runCli(args: string[], input: string): Promise<string> {
  const { config } = server;
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: config.dataDir,
    DATABASE_URL: testDialect === 'postgres' ? postgresUrl : '',
    DATABASE_SCHEMA: config.databaseSchema ?? '',
    REDIS_URL: '',
  };
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/create-operator.ts', ...args],
      { cwd: repoRoot, env, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`exit ${code}: ${output}`))));
    child.stdin.end(input);
  });
}
