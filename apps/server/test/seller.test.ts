import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { ApiClient, startTestServer, type TestServer } from './harness';
import { SELLER_PASSWORD, customerToken, seedChatPeople, type ChatPeople } from './chatFixtures';

const LOGIN_ATTEMPTS_PER_EMAIL = 3;
let server: TestServer;
let people: ChatPeople;

beforeAll(async () => {
  server = await startTestServer({
    config: { authRateLimits: { ...loadConfig().authRateLimits, loginPerEmail: LOGIN_ATTEMPTS_PER_EMAIL } },
    prepare: async (database) => {
      people = await seedChatPeople(database);
    },
  });
});
afterAll(() => server.close());

describe('seller sign-in', () => {
  it('signs in with email and password into an httpOnly sellerToken cookie, and /seller/me reads it', async () => {
    const client = new ApiClient(server.baseUrl);
    expect((await client.get('/seller/me')).status).toBe(401);

    const login = await client.post('/seller/login', {
      email: ` ${people.sellers[0].email.toUpperCase()} `,
      password: SELLER_PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(login.body.seller).toEqual({
      id: people.sellers[0].id,
      name: 'Asha Rao',
      shopName: 'Asha Handlooms',
      email: people.sellers[0].email,
      // Issue 16: where the shop stands with the marketplace (the fixture's sellers trade, as migration 017 made
      // every existing seller).
      status: 'approved',
      statusReason: null,
      slug: expect.any(String),
      commissionPercent: 10,
      // Issue 19: a shop takes cash on delivery only once it opts in.
      acceptsCod: false,
    });
    const cookie = login.headers.getSetCookie().find((line) => line.startsWith('sellerToken='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(JSON.stringify(login.body)).not.toContain('password');

    const me = await client.get('/seller/me');
    expect(me.status).toBe(200);
    expect(me.body.seller.shopName).toBe('Asha Handlooms');

    expect((await client.get('/seller/logout')).status).toBe(200);
    expect((await client.get('/seller/me')).status).toBe(401);
  });

  it('refuses a wrong password or an unknown email with the same message', async () => {
    const client = new ApiClient(server.baseUrl);
    const wrong = await client.post('/seller/login', {
      email: people.sellers[1].email,
      password: 'not-the-password',
    });
    expect(wrong.status).toBe(401);
    const unknown = await client.post('/seller/login', {
      email: 'nobody@sellers.bazaar.in',
      password: SELLER_PASSWORD,
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe(wrong.body.error);
    expect((await client.get('/seller/me')).status).toBe(401);
  });

  it('validates the body', async () => {
    const client = new ApiClient(server.baseUrl);
    const noPassword = await client.post('/seller/login', { email: people.sellers[1].email });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error).toContain('Password is required');
    expect((await client.post('/seller/login', { email: 'not-an-email', password: 'x' })).status).toBe(400);
  });

  it('does not accept a customer token as a seller session', async () => {
    const client = new ApiClient(server.baseUrl);
    const customerJwt = customerToken(server.config, people.customers[0]);
    const asCookie = await client.request('GET', '/seller/me', undefined, {
      cookie: `sellerToken=${customerJwt}`,
    });
    expect(asCookie.status).toBe(401);
    const garbage = await client.request('GET', '/seller/me', undefined, {
      cookie: 'sellerToken=abc.def.ghi',
    });
    expect(garbage.status).toBe(401);
  });

  it('is not signed with the customer key: a seller claim signed with the session secret is refused', async () => {
    const forged = jwt.sign({ id: people.sellers[0].id, role: 'seller' }, server.config.jwtSecret, {
      audience: 'bazaar-seller',
      expiresIn: 600,
    });
    const me = await new ApiClient(server.baseUrl).request('GET', '/seller/me', undefined, {
      cookie: `sellerToken=${forged}`,
    });
    expect(me.status).toBe(401);
  });

  async function sellerSession(sellerIndex: number, password = SELLER_PASSWORD) {
    const client = new ApiClient(server.baseUrl);
    const login = await client.post('/seller/login', { email: people.sellers[sellerIndex].email, password });
    expect(login.status).toBe(200);
    const token = login.headers.getSetCookie().find((line) => line.startsWith('sellerToken='))!;
    return { client, cookie: token.split(';')[0] };
  }
  const meWith = (cookie: string) =>
    new ApiClient(server.baseUrl).request('GET', '/seller/me', undefined, { cookie });

  it('logout revokes the session: a copy of its cookie stops working, other sessions go on', async () => {
    const first = await sellerSession(0);
    const second = await sellerSession(0);
    expect((await first.client.get('/seller/logout')).status).toBe(200);
    expect((await meWith(first.cookie)).status).toBe(401);
    expect((await meWith(second.cookie)).status).toBe(200);
  });

  it("changes the password in the console, signing out the seller's other sessions", async () => {
    const console = await sellerSession(1);
    const elsewhere = await sellerSession(1);
    const crossSite = await console.client.request(
      'POST',
      '/seller/change-password',
      { old_password: SELLER_PASSWORD, new_password: 'fresh-shop-password' },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    const wrong = await console.client.post('/seller/change-password', {
      old_password: 'not-the-password',
      new_password: 'fresh-shop-password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'Old password is incorrect', code: 'INVALID_CREDENTIALS' });

    const changed = await console.client.post('/seller/change-password', {
      old_password: SELLER_PASSWORD,
      new_password: 'fresh-shop-password',
    });
    expect(changed.status).toBe(200);
    expect((await console.client.get('/seller/me')).status).toBe(200);
    expect((await meWith(elsewhere.cookie)).status).toBe(401);
    const email = people.sellers[1].email;
    expect(
      (await new ApiClient(server.baseUrl).post('/seller/login', { email, password: SELLER_PASSWORD }))
        .status,
    ).toBe(401);
    await sellerSession(1, 'fresh-shop-password');
  });

  it('rate-limits repeated attempts on one email', async () => {
    const client = new ApiClient(server.baseUrl);
    const email = people.sellers[2].email;
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_EMAIL; i++) {
      expect((await client.post('/seller/login', { email, password: 'wrong' })).status).toBe(401);
    }
    const throttled = await client.post('/seller/login', { email, password: SELLER_PASSWORD });
    expect(throttled.status).toBe(429);
    expect(throttled.body.error).toMatch(/Too many attempts/);
  });
});
