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
